//! Sentences built around names that users, operators or the register wrote, which may end
//! with their own full stop ('Mulligans Flat Learning Co.').

/// `text` closed with a full stop, unless it already ends with one (or with '!' or '?').
pub fn end_sentence(text: &str) -> String {
    if text.ends_with(['.', '!', '?']) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

#[cfg(test)]
mod tests {
    use super::end_sentence;

    #[test]
    fn a_name_with_its_own_full_stop_gets_no_second() {
        assert_eq!(
            end_sentence("Mulligans Flat Learning Co."),
            "Mulligans Flat Learning Co."
        );
        assert_eq!(end_sentence("Harbourlight Skills"), "Harbourlight Skills.");
        assert_eq!(end_sentence("Yes!"), "Yes!");
    }
}

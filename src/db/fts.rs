//! How a user's text goes into an FTS5 query: always as one quoted phrase, so quotes, `NEAR`,
//! `*`, `^`, column filters, parentheses and AND/OR/NOT in it are only text, never operators.

/// `text` as one FTS5 phrase (an inner `"` doubled). With the trigram tokenizer it finds the
/// rows holding `text` as a substring; with unicode61 the rows holding its words in order. A NUL
/// becomes a space: FTS5 would read it as the query's end and fail on the open quote.
pub fn phrase(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\"").replace('\0', " "))
}

#[cfg(test)]
mod tests {
    use super::phrase;

    #[test]
    fn operators_and_quotes_stay_inside_one_phrase() {
        assert_eq!(phrase("great"), "\"great\"");
        assert_eq!(phrase("a\" OR \"b"), "\"a\"\" OR \"\"b\"");
        assert_eq!(phrase("title: x* NEAR(y)"), "\"title: x* NEAR(y)\"");
        assert_eq!(phrase("a\0b"), "\"a b\"");
    }
}

//! The profanity rule shared by the review form's texts and the question flow's free-text
//! answers (spec section 5), in a module of its own so neither depends on the other for it.

use rustrict::{Censor, Type};

/// The message for profanity in a free-text answer ('Other' reasons and the like).
pub const PROFANE_OTHER_REASON: &str = "Profanity in other reason is not allowed";

/// Whether rustrict finds profanity: profane words from moderate up, slurs that are both
/// offensive and sexual, anything severe. Mild words ('hell', 'crap') and the workshop and
/// kitchen words it half-suspects ('naked flame', 'chicken breast') pass: a person moderates
/// every review before it is shown anyway.
pub fn is_profane(text: &str) -> bool {
    let analysis = Censor::from_str(&clause_marks_as_spaces(text)).analyze();
    let moderate = |kind: Type| analysis.is(kind & Type::MODERATE_OR_HIGHER);
    moderate(Type::PROFANE)
        || analysis.is((Type::OFFENSIVE | Type::SEXUAL | Type::MEAN) & Type::SEVERE)
        || (moderate(Type::OFFENSIVE) && moderate(Type::SEXUAL))
}

/// rustrict reads through punctuation to catch 'f.u.c.k', so 'drama. Assessments' reads
/// 'a.ss'. Marks beside a space or an end (between clauses, not inside a word) become spaces.
fn clause_marks_as_spaces(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let is_mark = |c: char| !c.is_alphanumeric() && !c.is_whitespace();
    let mut spaced = chars.clone();
    let mut i = 0;
    while i < chars.len() {
        if !is_mark(chars[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && is_mark(chars[i]) {
            i += 1;
        }
        let open_before = start == 0 || chars[start - 1].is_whitespace();
        let open_after = i == chars.len() || chars[i].is_whitespace();
        if open_before || open_after {
            spaced[start..i].fill(' ');
        }
    }
    spaced.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profanity_spares_ordinary_mild_and_trade_words() {
        for fine in [
            "Great course in Scunthorpe",
            "Hell of a lot of homework, but worth it",
            "They helped me catch up without any drama. Assessments were fair.",
            "Lots of pizza, assessments and (assignments) every week... Assistance was good",
            "<b>bold</b> & <script>alert(1)</script>",
            "Cocktail making and butchery units; a breast of chicken, naked flame safety",
            "Butt welding and the hoe and rake",
            "STRONGLY RECOMMEND",
        ] {
            assert!(!is_profane(fine), "{fine}");
        }
        for bad in [
            "fuck",
            "f u c k this",
            "f.u.c.k",
            "sh!t.",
            "a$$hole",
            "bullshit",
            "cunt",
            "bitch",
            "whore",
            "kill yourself",
        ] {
            assert!(is_profane(bad), "{bad}");
        }
    }

    /// The browser journeys build unique review titles from these words; every ordered pair,
    /// in a title like theirs, must pass, or a journey fails at random.
    #[test]
    fn every_pair_of_the_journeys_title_words_passes() {
        let words: Vec<String> = serde_json::from_str(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/ui/e2e/fixtures/title-words.json"
        )))
        .unwrap();
        for first in &words {
            for second in &words {
                let title = format!("Reply kitchen review {first} {second}");
                assert!(!is_profane(&title), "{title}");
            }
        }
    }
}

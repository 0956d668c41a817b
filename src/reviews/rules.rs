//! The review form's rules with the spec's messages (section 5): title, comment, profanity;
//! and the whole check of a submission, answers included.

use rustrict::{Censor, Type};

use super::{
    flow::{self, Answers},
    questions::ReviewerType,
    score,
};
use crate::error::ErrorItem;

pub const TITLE_MAX: usize = 80;
pub const COMMENT_MAX: usize = 500;

pub const TITLE_REQUIRED: &str = "Review title is required";
pub const TITLE_TOO_LONG: &str = "Review title must not be longer than 80 characters";
pub const PROFANE_TITLE: &str = "Profanity in review title is not allowed";
pub const COMMENT_REQUIRED: &str = "Review comment is required";
pub const COMMENT_TOO_LONG: &str = "review comment must not be longer than 500 characters";
pub const PROFANE_COMMENT: &str = "Profanity in review comment is not allowed";
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

/// A submission that passed every rule, ready to store.
#[derive(Debug)]
pub struct CheckedReview {
    pub title: String,
    pub comment: String,
    pub answers: Answers,
    pub score_halves: i64,
}

/// Checks title, comment and answers together, so the form shows every problem at once.
pub fn check_review(
    reviewer: ReviewerType,
    title: Option<&str>,
    comment: Option<&str>,
    answers: &Answers,
    this_year: i32,
) -> Result<CheckedReview, Vec<ErrorItem>> {
    let mut errors = Vec::new();
    let title = check_text(
        &mut errors,
        "title",
        title,
        TITLE_MAX,
        [TITLE_REQUIRED, TITLE_TOO_LONG, PROFANE_TITLE],
    );
    let answers = flow::check_answers(reviewer, answers, this_year)
        .map_err(|mut problems| errors.append(&mut problems));
    let comment = check_text(
        &mut errors,
        "comment",
        comment,
        COMMENT_MAX,
        [COMMENT_REQUIRED, COMMENT_TOO_LONG, PROFANE_COMMENT],
    );
    match (title, comment, answers) {
        (Some(title), Some(comment), Ok(answers)) if errors.is_empty() => {
            let score_halves = score::score_halves(reviewer, &answers);
            Ok(CheckedReview {
                title,
                comment,
                answers,
                score_halves,
            })
        }
        _ => Err(errors),
    }
}

/// A required, trimmed text of at most `max` characters without profanity; `messages` are
/// the required, too-long and profanity messages. HTML is kept as typed: it is only ever shown as text.
fn check_text(
    errors: &mut Vec<ErrorItem>,
    param: &str,
    text: Option<&str>,
    max: usize,
    messages: [&str; 3],
) -> Option<String> {
    let text = text.map(str::trim).unwrap_or_default();
    let problem = if text.is_empty() {
        Some(messages[0])
    } else if text.chars().count() > max {
        Some(messages[1])
    } else if is_profane(text) {
        Some(messages[2])
    } else {
        None
    };
    match problem {
        Some(msg) => {
            errors.push(ErrorItem::field(param, msg));
            None
        }
        None => Some(text.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn problems(title: Option<&str>, comment: Option<&str>) -> Vec<(String, String)> {
        let answers = json!({ "completedCourse": "My employee(s) did not complete the course" });
        match check_review(
            ReviewerType::Employer,
            title,
            comment,
            answers.as_object().unwrap(),
            2025,
        ) {
            Ok(_) => vec![],
            Err(errors) => errors
                .into_iter()
                .map(|e| (e.param.unwrap(), e.msg))
                .collect(),
        }
    }

    #[test]
    fn title_and_comment_messages() {
        let long_title = "t".repeat(81);
        let long_comment = "c".repeat(501);
        let cases = [
            (None, Some("Fine"), ("title", TITLE_REQUIRED)),
            (Some("   "), Some("Fine"), ("title", TITLE_REQUIRED)),
            (
                Some(long_title.as_str()),
                Some("Fine"),
                ("title", TITLE_TOO_LONG),
            ),
            (
                Some("What a shitty course"),
                Some("Fine"),
                ("title", PROFANE_TITLE),
            ),
            (Some("Fine"), None, ("comment", COMMENT_REQUIRED)),
            (
                Some("Fine"),
                Some(long_comment.as_str()),
                ("comment", COMMENT_TOO_LONG),
            ),
            (
                Some("Fine"),
                Some("The trainer was a total asshole"),
                ("comment", PROFANE_COMMENT),
            ),
        ];
        for (title, comment, (param, msg)) in cases {
            assert_eq!(
                problems(title, comment),
                [(param.to_owned(), msg.to_owned())],
                "{title:?} {comment:?}"
            );
        }
        assert_eq!(problems(None, None).len(), 2, "every problem at once");
        assert!(problems(Some(&"t".repeat(80)), Some(&"c".repeat(500))).is_empty());
    }

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

    #[test]
    fn a_valid_review_is_scored() {
        let answers = json!({ "completedCourse": "My employee(s) did not complete the course" });
        let review = check_review(
            ReviewerType::Employer,
            Some(" Title "),
            Some("Comment"),
            answers.as_object().unwrap(),
            2025,
        )
        .unwrap();
        assert_eq!((review.title.as_str(), review.score_halves), ("Title", 2));
    }
}

//! The review form's rules with the spec's messages (section 5): title, comment, profanity;
//! and the whole check of a submission, answers included.

use rusqlite::Connection;

use super::store;
use super::{
    flow::{self, Answers},
    messages::{NOT_REFUSED, NOT_YOUR_REVIEW, REVIEW_NOT_FOUND},
    profanity::is_profane,
    questions::ReviewerType,
    score, study,
};
use crate::{
    complaints,
    error::{AppError, AppResult, ErrorItem},
    fields,
};

pub const TITLE_MAX: usize = 80;
pub const COMMENT_MAX: usize = 500;

pub const TITLE_REQUIRED: &str = "Review title is required";
pub const TITLE_TOO_LONG: &str = "Review title must not be longer than 80 characters";
pub const PROFANE_TITLE: &str = "Profanity in review title is not allowed";
pub const COMMENT_REQUIRED: &str = "Review comment is required";
pub const COMMENT_TOO_LONG: &str = "review comment must not be longer than 500 characters";
pub const PROFANE_COMMENT: &str = "Profanity in review comment is not allowed";
/// The disclosure question (DESIGN decision 19), asked of every reviewer.
pub const INCENTIVE_QUESTION: &str =
    "Did you receive payment, a gift or a discount for this review?";
pub const INCENTIVE_REQUIRED: &str =
    "Please say whether you received payment, a gift or a discount for this review";

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
    today: time::Date,
) -> Result<CheckedReview, Vec<ErrorItem>> {
    let mut errors = Vec::new();
    let title = check_text(
        &mut errors,
        "title",
        title,
        fields::single_line,
        TITLE_MAX,
        [TITLE_REQUIRED, TITLE_TOO_LONG, PROFANE_TITLE],
    );
    let answers = flow::check_answers(reviewer, answers, today.year())
        .and_then(|answers| {
            let problems = study::check(&answers, study::month_at(today));
            if problems.is_empty() {
                Ok(answers)
            } else {
                Err(problems)
            }
        })
        .map_err(|mut problems| errors.append(&mut problems));
    let comment = check_text(
        &mut errors,
        "comment",
        comment,
        fields::multi_line,
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

/// An edited title, comment and disclosure (a refused review sent again): the submission's
/// rules and messages, every problem at once.
pub fn check_edit(
    title: Option<&str>,
    comment: Option<&str>,
    incentivised: Option<bool>,
) -> Result<(String, String, bool), Vec<ErrorItem>> {
    let mut errors = Vec::new();
    let title = check_text(
        &mut errors,
        "title",
        title,
        fields::single_line,
        TITLE_MAX,
        [TITLE_REQUIRED, TITLE_TOO_LONG, PROFANE_TITLE],
    );
    let comment = check_text(
        &mut errors,
        "comment",
        comment,
        fields::multi_line,
        COMMENT_MAX,
        [COMMENT_REQUIRED, COMMENT_TOO_LONG, PROFANE_COMMENT],
    );
    let incentivised = check_incentive(incentivised).map_err(|err| errors.push(err));
    match (title, comment, incentivised) {
        (Some(title), Some(comment), Ok(incentivised)) => Ok((title, comment, incentivised)),
        _ => Err(errors),
    }
}

/// The answer to [`INCENTIVE_QUESTION`], which is required (`incentivised`, true or false).
pub fn check_incentive(incentivised: Option<bool>) -> Result<bool, ErrorItem> {
    incentivised.ok_or_else(|| ErrorItem::field("incentivised", INCENTIVE_REQUIRED))
}

/// A required, trimmed text of at most `max` characters without profanity; `messages` are
/// the required, too-long and profanity messages. HTML is kept as typed: it is only ever shown as
/// text. Control and bidirectional characters are removed first (the title is one line).
fn check_text(
    errors: &mut Vec<ErrorItem>,
    param: &str,
    text: Option<&str>,
    clean: fn(&str) -> String,
    max: usize,
    messages: [&str; 3],
) -> Option<String> {
    let text = text.map(clean);
    let text = text.as_deref().map(str::trim).unwrap_or_default();
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

/// Sends an author's refused review back to the moderators with an edited title, comment and
/// disclosure. Only the author's own (403) refused (409) review (404 otherwise).
pub fn resubmit(
    tx: &Connection,
    user_id: i64,
    review_id: i64,
    edited: (&str, &str, bool),
) -> AppResult<()> {
    match store::author_and_state(tx, review_id)? {
        None => Err(AppError::NotFound(REVIEW_NOT_FOUND.into())),
        Some((author, ..)) if author != user_id => Err(AppError::Forbidden(NOT_YOUR_REVIEW.into())),
        Some((_, true, false)) if complaints::store::holds_hidden(tx, review_id)? => Err(
            AppError::Conflict(ErrorItem::new(complaints::model::HELD_FOR_AUTHOR)),
        ),
        Some((_, true, false)) => Ok(store::send_back(tx, review_id, edited)?),
        Some(_) => Err(AppError::Conflict(ErrorItem::new(NOT_REFUSED))),
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
            time::Date::from_calendar_date(2025, time::Month::June, 1).unwrap(),
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
    fn a_valid_review_is_scored() {
        let answers = json!({ "completedCourse": "My employee(s) did not complete the course" });
        let review = check_review(
            ReviewerType::Employer,
            Some(" Title "),
            Some("Comment"),
            answers.as_object().unwrap(),
            time::Date::from_calendar_date(2025, time::Month::June, 1).unwrap(),
        )
        .unwrap();
        // Asked no scored question: no rating (0 half stars is never a score).
        assert_eq!((review.title.as_str(), review.score_halves), ("Title", 0));
    }
}

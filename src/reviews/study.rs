//! When a reviewer studied (DESIGN decision 24): the study period a review's month-year answers
//! give (when the reviewer, or the employer's staff, started, and finished or left, or that they
//! are still studying), and its rules. The answers are the source; the period is stored beside
//! them (`store::insert`) so lists and the recent score read columns, not JSON.

use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::questions::{EMPLOYEES_STILL_DOING, ReviewerType, STILL_DOING};
use crate::error::ErrorItem;

/// 'When did you start the course?': unscored and optional, on every path of both sets.
pub const STARTED: &str = "startedCourseIn";
/// 'When did you finish the course?' (the spec's own question for students).
pub const COMPLETED: &str = "completedCourseIn";
/// 'When did you leave the course?': unscored and optional, for those who left.
pub const LEFT: &str = "leftCourseIn";
/// 'When do you expect to finish?', the still-studying student's sub-question.
pub const EXPECTED: &str = "notCompletedBecauseStillDoing";

pub const START_IN_FUTURE: &str = "The start of your studies cannot be in the future";
pub const END_BEFORE_START: &str = "The end of your studies cannot be before their start";
pub const END_TOO_FAR: &str = "The end of your studies cannot be more than 3 years ahead";

/// A review's answers (`flow::Answers`, named here without importing the flow, which uses us).
type Answers = Map<String, Value>;

/// A calendar month counted from year 0 (`year * 12 + month - 1`), so months compare and subtract.
pub type Month = i64;

/// The month of a month-year answer (`{ "month": "03", "year": "2024" }`).
pub fn month_of(value: &Value) -> Option<Month> {
    let month: i64 = value.get("month")?.as_str()?.parse().ok()?;
    let year: i64 = value.get("year")?.as_str()?.parse().ok()?;
    (1..=12).contains(&month).then_some(year * 12 + month - 1)
}

/// The month of a date.
pub fn month_at(date: time::Date) -> Month {
    i64::from(date.year()) * 12 + i64::from(u8::from(date.month())) - 1
}

/// What a review's answers say about when its reviewer studied.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StudyPeriod {
    pub start: Option<Month>,
    /// When they finished or left; `None` while studying or when not said.
    pub end: Option<Month>,
    pub studying: bool,
}

/// The study period of `answers` (stored answers, already checked against the flow).
pub fn period(reviewer: ReviewerType, answers: &Answers) -> StudyPeriod {
    let month = |slug| answers.get(slug).and_then(month_of);
    let studying = match reviewer {
        ReviewerType::Student => {
            answers.get("notCompletedBecause").and_then(Value::as_str) == Some(STILL_DOING)
        }
        ReviewerType::Employer => {
            answers.get("completedCourse").and_then(Value::as_str) == Some(EMPLOYEES_STILL_DOING)
        }
    };
    StudyPeriod {
        start: month(STARTED),
        end: if studying {
            None
        } else {
            month(COMPLETED).or_else(|| month(LEFT))
        },
        studying,
    }
}

/// The rules of a study period, checked on answers that passed the flow: a start not after
/// this month, an end (or expected end) not before the start and at most 36 months ahead.
pub fn check(answers: &Answers, now: Month) -> Vec<ErrorItem> {
    let mut errors = Vec::new();
    let start = answers.get(STARTED).and_then(month_of);
    if start.is_some_and(|start| start > now) {
        errors.push(ErrorItem::field(STARTED, START_IN_FUTURE));
    }
    for slug in [COMPLETED, LEFT, EXPECTED] {
        let Some(end) = answers.get(slug).and_then(month_of) else {
            continue;
        };
        if start.is_some_and(|start| end < start) {
            errors.push(ErrorItem::field(slug, END_BEFORE_START));
        } else if end > now + 36 {
            errors.push(ErrorItem::field(slug, END_TOO_FAR));
        }
    }
    errors
}

/// A review's study period as the API shows it; months as 'YYYY-MM'.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct ShownPeriod {
    pub start: Option<String>,
    pub end: Option<String>,
    pub studying: bool,
}

impl ShownPeriod {
    /// `None` when the answers say nothing about when (reviews from before the questions).
    pub fn from_stored(start: Option<Month>, end: Option<Month>, studying: bool) -> Option<Self> {
        let text = |month: Month| {
            format!(
                "{:04}-{:02}",
                month.div_euclid(12),
                month.rem_euclid(12) + 1
            )
        };
        (start.is_some() || end.is_some() || studying).then(|| Self {
            start: start.map(text),
            end: end.map(text),
            studying,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn answers(value: Value) -> Answers {
        value.as_object().unwrap().clone()
    }

    fn my(month: &str, year: &str) -> Value {
        json!({ "month": month, "year": year })
    }

    #[test]
    fn the_period_comes_from_the_answers() {
        let done = answers(
            json!({ "completedCourse": "Yes", STARTED: my("03", "2023"), COMPLETED: my("11", "2024") }),
        );
        assert_eq!(
            period(ReviewerType::Student, &done),
            StudyPeriod {
                start: Some(2023 * 12 + 2),
                end: Some(2024 * 12 + 10),
                studying: false
            }
        );
        let still = answers(
            json!({ "completedCourse": "No", "notCompletedBecause": STILL_DOING, STARTED: my("01", "2025"), EXPECTED: my("06", "2026") }),
        );
        assert_eq!(
            period(ReviewerType::Student, &still),
            StudyPeriod {
                start: Some(2025 * 12),
                end: None,
                studying: true
            }
        );
        let staff = answers(json!({ "completedCourse": EMPLOYEES_STILL_DOING }));
        assert!(period(ReviewerType::Employer, &staff).studying);
        assert_eq!(
            period(ReviewerType::Student, &Answers::new()),
            StudyPeriod::default()
        );
    }

    #[test]
    fn the_rules_and_their_messages() {
        let now = 2026 * 12 + 10; // November 2026
        let ok = answers(json!({ STARTED: my("11", "2026"), COMPLETED: my("11", "2026") }));
        assert!(check(&ok, now).is_empty());
        let future = answers(json!({ STARTED: my("12", "2026") }));
        assert_eq!(
            check(&future, now),
            vec![ErrorItem::field(STARTED, START_IN_FUTURE)]
        );
        let backwards = answers(json!({ STARTED: my("05", "2024"), LEFT: my("04", "2024") }));
        assert_eq!(
            check(&backwards, now),
            vec![ErrorItem::field(LEFT, END_BEFORE_START)]
        );
        let far = answers(json!({ EXPECTED: my("12", "2029") }));
        assert_eq!(
            check(&far, now),
            vec![ErrorItem::field(EXPECTED, END_TOO_FAR)]
        );
        let three_years = answers(json!({ EXPECTED: my("11", "2029") }));
        assert!(check(&three_years, now).is_empty());
    }

    #[test]
    fn shown_as_year_and_month() {
        assert_eq!(ShownPeriod::from_stored(None, None, false), None);
        let shown =
            ShownPeriod::from_stored(Some(2023 * 12 + 2), Some(2024 * 12 + 11), false).unwrap();
        assert_eq!(
            (shown.start.as_deref(), shown.end.as_deref()),
            (Some("2023-03"), Some("2024-12"))
        );
    }
}

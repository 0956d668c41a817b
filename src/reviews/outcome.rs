//! What happened after (issue 29 point 6): one optional, unscored question for students who
//! completed the course, and the share of them who found work in its field. The answers are
//! counted in `offering_answers` with the other shares (DESIGN decision 19), so the share is
//! kept exact in the same transactions and shown only from [`MIN_ANSWERS`] answers up.

use serde::Serialize;
use utoipa::ToSchema;

use super::{
    questions::{AnswersType, Choice, Question, c, q},
    shares::MIN_ANSWERS,
};

/// The question's slug.
pub const SLUG: &str = "foundWorkWithinSixMonths";
/// The answer the share counts.
pub const IN_FIELD: &str = "Yes, in the field of the course";
/// What the page says beside the share.
pub const NOTE: &str = "From reviewers' answers, not an official survey.";

const ANSWERS: &[Choice] = &[
    c(IN_FIELD, 0),
    c("Yes, in another field", 0),
    c("No", 0),
    c("I was not looking for work", 0),
    c("I was already working in the field", 0),
];

/// Asked of students who completed the course; optional and unscored.
pub const QUESTION: Question = Question {
    optional: true,
    ..q(
        SLUG,
        "Work within six months",
        "Within six months of finishing, did you find work that used this course?",
        AnswersType::Multichoice,
        ANSWERS,
    )
};

/// The share of the students who answered that found work in the course's field.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    /// How many answered 'Yes, in the field of the course'.
    pub in_field: i64,
    /// How many answered the question (at least 5, else no share is given).
    pub answered: i64,
    /// 'From reviewers' answers, not an official survey.'
    pub note: &'static str,
}

/// The share from its counts, or `None` below [`MIN_ANSWERS`] answers.
pub fn outcome(in_field: i64, answered: i64) -> Option<Outcome> {
    (answered >= MIN_ANSWERS).then_some(Outcome {
        in_field,
        answered,
        note: NOTE,
    })
}

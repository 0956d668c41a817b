//! The review questions of both reviewer types: the one source of truth that the server
//! scores and validates with, and that the UI receives from `GET /api/review/questions`.
//! Wording and points follow docs/reviews-api.md; the flows that show them are in `flow.rs`.

use serde::Serialize;
use utoipa::ToSchema;

use crate::vocabulary::vocabulary;

vocabulary! {
    /// The two user types that may review, each with its own question set.
    #[derive(ToSchema)]
    pub enum ReviewerType {
        Student = "Student",
        Employer = "Employer",
    }
}

vocabulary! {
    /// Whose reviews a list shows: everyone's, or one reviewer type's.
    pub enum Reviewers {
        All = "All",
        Student = "Student",
        Employer = "Employer",
    }
}

impl Reviewers {
    pub fn only(self) -> Option<ReviewerType> {
        match self {
            Self::All => None,
            Self::Student => Some(ReviewerType::Student),
            Self::Employer => Some(ReviewerType::Employer),
        }
    }
}

impl ReviewerType {
    /// The question set in display order.
    pub fn questions(self) -> &'static [Question] {
        match self {
            Self::Student => STUDENT,
            Self::Employer => EMPLOYER,
        }
    }

    /// The other reviewer type, whose slugs are unknown questions to this one.
    pub fn other(self) -> Self {
        match self {
            Self::Student => Self::Employer,
            Self::Employer => Self::Student,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum AnswersType {
    #[serde(rename = "trueFalse")]
    TrueFalse,
    #[serde(rename = "month-year")]
    MonthYear,
    #[serde(rename = "multichoice")]
    Multichoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum SubQuestionType {
    #[serde(rename = "textField")]
    TextField,
    #[serde(rename = "month-year")]
    MonthYear,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Choice {
    pub answer: &'static str,
    pub points: i64,
}

/// A follow-up shown when the parent question's answer is `show_for`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubQuestion {
    #[serde(rename = "type")]
    pub kind: SubQuestionType,
    pub slug: &'static str,
    pub label: &'static str,
    pub placeholder: &'static str,
    pub show_for: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    pub slug: &'static str,
    pub label: &'static str,
    pub question: &'static str,
    pub small_text: Option<&'static str>,
    /// Whether the chosen answer's points count towards the score.
    pub points: bool,
    pub answers_type: AnswersType,
    #[schema(value_type = Vec<Choice>)]
    pub answers: &'static [Choice],
    /// The contract's single follow-up: the first of `sub_questions`, or null.
    pub sub_question: Option<&'static SubQuestion>,
    /// Every follow-up; only `notCompletedBecause` has two (one per revealing answer).
    #[schema(value_type = Vec<SubQuestion>)]
    pub sub_questions: &'static [SubQuestion],
    /// An optional question may be left unanswered when the flow shows it (the study period's
    /// start and end, added after the spec's questions: docs/reviews-api.md).
    pub optional: bool,
}

impl Question {
    /// The choice whose text is `answer`.
    pub fn choice(&self, answer: &str) -> Option<&'static Choice> {
        self.answers.iter().find(|choice| choice.answer == answer)
    }
}

/// The question of `slug` in a reviewer type's set.
pub fn find(reviewer: ReviewerType, slug: &str) -> Option<&'static Question> {
    reviewer.questions().iter().find(|q| q.slug == slug)
}

/// Whether `slug` names a question or a sub-question of the set.
pub fn knows(reviewer: ReviewerType, slug: &str) -> bool {
    reviewer
        .questions()
        .iter()
        .any(|q| q.slug == slug || q.sub_questions.iter().any(|sub| sub.slug == slug))
}

pub(super) const fn c(answer: &'static str, points: i64) -> Choice {
    Choice { answer, points }
}

const YES_NO: &[Choice] = &[c("Yes", 0), c("No", 0)];
const EASE: &[Choice] = &[
    c("Very easy", 4),
    c("Easy", 3),
    c("Difficult", 2),
    c("Very difficult", 1),
];
const AGREEMENT: &[Choice] = &[
    c("Strongly agree", 4),
    c("Agree", 3),
    c("Disagree", 2),
    c("Strongly disagree", 1),
];
const AGREEMENT_OR_UNSURE: &[Choice] = &[
    c("Strongly agree", 4),
    c("Agree", 3),
    c("Disagree", 2),
    c("Strongly disagree", 1),
    c("Unsure", 0),
];
const LIKELIHOOD: &[Choice] = &[
    c("Very likely", 4),
    c("Likely", 3),
    c("Unlikely", 2),
    c("Very unlikely", 1),
];

/// A question without follow-ups; `answers` decides whether it scores.
pub(super) const fn q(
    slug: &'static str,
    label: &'static str,
    question: &'static str,
    answers_type: AnswersType,
    answers: &'static [Choice],
) -> Question {
    let mut points = false;
    let mut i = 0;
    while i < answers.len() {
        points |= answers[i].points > 0;
        i += 1;
    }
    Question {
        slug,
        label,
        question,
        small_text: None,
        points,
        answers_type,
        answers,
        sub_question: None,
        sub_questions: &[],
        optional: false,
    }
}

/// An optional, unscored month-year question.
const fn when(slug: &'static str, label: &'static str, question: &'static str) -> Question {
    Question {
        optional: true,
        ..q(slug, label, question, MonthYear, &[])
    }
}

/// `q` with follow-ups (the first is the contract's `subQuestion`).
const fn with_subs(question: Question, subs: &'static [SubQuestion]) -> Question {
    Question {
        sub_question: subs.first(),
        sub_questions: subs,
        ..question
    }
}

const fn sub(
    kind: SubQuestionType,
    slug: &'static str,
    label: &'static str,
    placeholder: &'static str,
    show_for: &'static str,
) -> SubQuestion {
    SubQuestion {
        kind,
        slug,
        label,
        placeholder,
        show_for,
    }
}

use AnswersType::{MonthYear, Multichoice, TrueFalse};

pub const STILL_DOING: &str = "I am still doing the course";
pub const OTHER_REASON: &str = "Other";
pub const STILL_LOOKING: &str = "Still looking for work";
pub const EMPLOYEES_STILL_DOING: &str = "My employee(s) are still doing the course";
pub const EMPLOYEES_DID_NOT_COMPLETE: &str = "My employee(s) did not complete the course";

const NOT_COMPLETED_SUBS: &[SubQuestion] = &[
    sub(
        SubQuestionType::MonthYear,
        "notCompletedBecauseStillDoing",
        "When do you expect to finish?",
        "Month / Year",
        STILL_DOING,
    ),
    sub(
        SubQuestionType::TextField,
        "notCompletedBecauseOther",
        "Please specify",
        "Your reason",
        OTHER_REASON,
    ),
];

const SITUATION_SUBS: &[SubQuestion] = &[sub(
    SubQuestionType::TextField,
    "describesYourSituationStillLooking",
    "Approximately how long have you been looking for work?",
    "For example, 3 months",
    STILL_LOOKING,
)];

pub static STUDENT: &[Question] = &[
    q(
        "completedCourse",
        "Completed the course",
        "Did you complete the course?",
        TrueFalse,
        YES_NO,
    ),
    q(
        "completedHalfCourse",
        "Completed more than half",
        "Did you complete more than half of the course?",
        TrueFalse,
        YES_NO,
    ),
    when(
        "startedCourseIn",
        "Started the course",
        "When did you start the course?",
    ),
    with_subs(
        q(
            "notCompletedBecause",
            "Reason for not completing",
            "Why didn't you complete the course?",
            Multichoice,
            &[
                c(STILL_DOING, 0),
                c("I found a job", 0),
                c("The course was not what I expected", 0),
                c("Personal or family reasons", 0),
                c(OTHER_REASON, 0),
            ],
        ),
        NOT_COMPLETED_SUBS,
    ),
    when(
        "leftCourseIn",
        "Left the course",
        "When did you leave the course?",
    ),
    q(
        "completedCourseIn",
        "Finished the course",
        "When did you finish the course?",
        MonthYear,
        &[],
    ),
    q(
        "howWasCourseDelivered",
        "Course delivery",
        "How was the course delivered?",
        Multichoice,
        &[
            c("In a classroom", 0),
            c("Online", 0),
            c("A mix of classroom and online", 0),
            c("In the workplace", 0),
        ],
    ),
    q(
        "easeOfAdministrationProcedures",
        "Enrolment and administration",
        "How easy were the enrolment and administration procedures?",
        Multichoice,
        EASE,
    ),
    q(
        "involveAnyPracticalWorkExperience",
        "Practical work experience",
        "Did the course involve any practical work experience?",
        TrueFalse,
        // The answer chooses the questions that follow, which carry the judgement; scoring it
        // too would cap a path's best below 5 stars (DESIGN decision 3).
        YES_NO,
    ),
    q(
        "whoArrangedWork",
        "Who arranged the work experience",
        "Who arranged your work experience?",
        Multichoice,
        &[
            c("I was already employed", 1),
            c("I arranged it myself", 2),
            c("I arranged it myself with suggestions from the provider", 2),
            c("The training provider arranged it", 4),
        ],
    ),
    q(
        "workExperienceWasBeneficial",
        "Beneficial work experience",
        "The work experience was beneficial.",
        Multichoice,
        AGREEMENT,
    ),
    q(
        "assessmentsBasedOnRealisticActivities",
        "Realistic assessments",
        "The assessments were based on realistic workplace activities.",
        Multichoice,
        AGREEMENT,
    ),
    q(
        "trainersWereKnowledgeable",
        "Knowledgeable trainers",
        "The trainers were knowledgeable about the industry.",
        Multichoice,
        AGREEMENT,
    ),
    q(
        "trainersWereResponsive",
        "Responsive trainers",
        "The trainers were responsive to my needs.",
        Multichoice,
        AGREEMENT,
    ),
    with_subs(
        q(
            "describesYourSituation",
            "Your situation now",
            "Which best describes your situation now?",
            Multichoice,
            &[
                c("Working in a job related to the course", 0),
                c("Working in a job not related to the course", 0),
                c("Studying further", 0),
                c(STILL_LOOKING, 0),
                c("Not looking for work", 0),
            ],
        ),
        SITUATION_SUBS,
    ),
    super::outcome::QUESTION,
    q(
        "howLikelyYouRecommend",
        "Would recommend the provider",
        "How likely are you to recommend this training provider to a friend?",
        Multichoice,
        LIKELIHOOD,
    ),
];

pub static EMPLOYER: &[Question] = &[
    q(
        "completedCourse",
        "Completed the course",
        "Did your employee(s) complete the course?",
        Multichoice,
        &[
            c("Yes", 0),
            c(EMPLOYEES_STILL_DOING, 0),
            c(EMPLOYEES_DID_NOT_COMPLETE, 0),
        ],
    ),
    when(
        "startedCourseIn",
        "Started the course",
        "When did your employee(s) start the course?",
    ),
    when(
        "completedCourseIn",
        "Finished the course",
        "When did your employee(s) finish the course?",
    ),
    when(
        "leftCourseIn",
        "Left the course",
        "When did your employee(s) leave the course?",
    ),
    q(
        "courseWasBeneficialToJobRole",
        "Beneficial to the job role",
        "The course was beneficial to my employee's job role.",
        Multichoice,
        AGREEMENT,
    ),
    q(
        "workExperienceWasBeneficial",
        "Beneficial work-based training",
        "The work-based training was beneficial.",
        Multichoice,
        AGREEMENT_OR_UNSURE,
    ),
    q(
        "trainingProviderDiscussedRequirements",
        "Discussed your requirements",
        "Did the training provider discuss your business's requirements with you?",
        TrueFalse,
        // Chooses the path, like the student's practical work experience: not scored.
        YES_NO,
    ),
    q(
        "trainingMetBusinessNeeds",
        "Met your business's needs",
        "The training met my business's needs.",
        Multichoice,
        AGREEMENT,
    ),
    q(
        "trainersWereKnowledgeable",
        "Knowledgeable trainers",
        "The trainers were knowledgeable about the industry.",
        Multichoice,
        AGREEMENT,
    ),
    q(
        "trainingImprovedEmployeeKnowledge",
        "Improved knowledge and skills",
        "The training improved my employee's knowledge and skills.",
        Multichoice,
        AGREEMENT,
    ),
    q(
        "metYourExpectations",
        "Met your expectations",
        "Overall, the training met my expectations.",
        Multichoice,
        AGREEMENT,
    ),
    q(
        "howLikelyYouUseThisTrainingProvider",
        "Would use the provider again",
        "How likely are you to use this training provider again?",
        Multichoice,
        LIKELIHOOD,
    ),
];

#[cfg(test)]
#[path = "questions_tests.rs"]
mod tests;

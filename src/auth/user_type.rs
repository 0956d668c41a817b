//! The user types of the specification's sign-up form: who someone is decides what they may do
//! (only students and employers review, only a course provider claims a provider).

use crate::{reviews::questions::ReviewerType, vocabulary::vocabulary};

vocabulary! {
    /// An account's type, chosen at sign-up and never changed.
    pub enum UserType {
        Student = "Student",
        Employer = "Employer",
        Parent = "Parent",
        CareerAdvisor = "Career Advisor",
        CourseProvider = "Course Provider",
        Other = "Other",
    }
}

impl From<ReviewerType> for UserType {
    fn from(reviewer: ReviewerType) -> Self {
        match reviewer {
            ReviewerType::Student => Self::Student,
            ReviewerType::Employer => Self::Employer,
        }
    }
}

impl UserType {
    /// The reviewer type of a user type, or `None` for the types that may only read.
    pub fn reviewer(self) -> Option<ReviewerType> {
        match self {
            Self::Student => Some(ReviewerType::Student),
            Self::Employer => Some(ReviewerType::Employer),
            _ => None,
        }
    }
}

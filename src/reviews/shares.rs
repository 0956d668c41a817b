//! What reviewers said per question (DESIGN decision 19): for each scored question, how many
//! approved reviews answered it and how many of those positively. The counts live in
//! `offering_answers`, recounted with the other counters; a share is shown only from
//! [`MIN_ANSWERS`] answers up, so one person's answers are never exposed.

use super::questions::ReviewerType;

/// Fewer answers than this and a share is not shown.
pub const MIN_ANSWERS: i64 = 5;

/// The answers that read as a positive experience.
pub const POSITIVE: [&str; 7] = [
    "Strongly agree",
    "Agree",
    "Very easy",
    "Easy",
    "Very likely",
    "Likely",
    "Yes",
];

/// What a positive answer says, after '86% of students', e.g. 'say the trainers were
/// knowledgeable'. Only scored questions with a positive reading have one.
pub fn finding(reviewer: ReviewerType, slug: &str) -> Option<&'static str> {
    use ReviewerType::{Employer, Student};
    Some(match (reviewer, slug) {
        (Student, "easeOfAdministrationProcedures") => "found enrolment and administration easy",
        (Student, "involveAnyPracticalWorkExperience") => "had practical work experience",
        (Student, "workExperienceWasBeneficial") => "say the work experience was beneficial",
        (Student, "assessmentsBasedOnRealisticActivities") => {
            "say the assessments were based on realistic workplace activities"
        }
        (_, "trainersWereKnowledgeable") => "say the trainers were knowledgeable",
        (Student, "trainersWereResponsive") => "say the trainers were responsive to their needs",
        (Student, "howLikelyYouRecommend") => "would recommend the provider",
        (Employer, "courseWasBeneficialToJobRole") => {
            "say the course was beneficial to the job role"
        }
        (Employer, "workExperienceWasBeneficial") => "say the work-based training was beneficial",
        (Employer, "trainingProviderDiscussedRequirements") => {
            "say the provider discussed their business's requirements"
        }
        (Employer, "trainingMetBusinessNeeds") => "say the training met their business's needs",
        (Employer, "trainingImprovedEmployeeKnowledge") => {
            "say the training improved their employees' knowledge and skills"
        }
        (Employer, "metYourExpectations") => "say the training met their expectations",
        (Employer, "howLikelyYouUseThisTrainingProvider") => "would use the provider again",
        _ => return None,
    })
}

/// The questions with a share, per reviewer type, in form order: the rated questions and the
/// yes-or-no questions that choose a path (what they say is worth knowing, though not scored).
pub fn questions(reviewer: ReviewerType) -> impl Iterator<Item = (&'static str, &'static str)> {
    reviewer
        .questions()
        .iter()
        .filter_map(move |q| Some((q.slug, finding(reviewer, q.slug)?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scored_question_with_a_positive_answer_has_a_finding() {
        for reviewer in [ReviewerType::Student, ReviewerType::Employer] {
            for question in reviewer.questions().iter().filter(|q| q.points) {
                let has_positive = question
                    .answers
                    .iter()
                    .any(|c| POSITIVE.contains(&c.answer));
                assert_eq!(
                    has_positive,
                    finding(reviewer, question.slug).is_some(),
                    "{reviewer:?} {}",
                    question.slug
                );
            }
        }
        // whoArrangedWork has no positive reading; the path questions have one.
        assert_eq!(questions(ReviewerType::Student).count(), 7);
        assert_eq!(questions(ReviewerType::Employer).count(), 8);
        assert!(finding(ReviewerType::Student, "involveAnyPracticalWorkExperience").is_some());
        assert!(
            finding(
                ReviewerType::Employer,
                "trainingProviderDiscussedRequirements"
            )
            .is_some()
        );
    }
}

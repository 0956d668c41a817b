//! Unit tests of `questions.rs`, kept beside it.
use super::*;

#[test]
fn slugs_are_the_specs_and_unique_within_a_set() {
    for reviewer in [ReviewerType::Student, ReviewerType::Employer] {
        let mut slugs: Vec<&str> = reviewer
            .questions()
            .iter()
            .flat_map(|q| std::iter::once(q.slug).chain(q.sub_questions.iter().map(|s| s.slug)))
            .collect();
        let count = slugs.len();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), count, "{reviewer:?}");
    }
    let optional = |set: &[Question]| set.iter().filter(|q| q.optional).count();
    assert_eq!(
        STUDENT.len() + 3 - optional(STUDENT),
        17,
        "the spec's 17 student slugs"
    );
    assert_eq!(EMPLOYER.len() - optional(EMPLOYER), 9);
    // The study period's months and the outcome question (issue 29): optional, unscored,
    // month-year but for the outcome's choices.
    assert_eq!((optional(STUDENT), optional(EMPLOYER)), (3, 3));
    for q in STUDENT.iter().chain(EMPLOYER).filter(|q| q.optional) {
        let month_year = q.answers_type == AnswersType::MonthYear;
        assert!(
            !q.points && (month_year || q.slug == crate::reviews::outcome::SLUG),
            "{}",
            q.slug
        );
    }
}

#[test]
fn points_flags_follow_the_answers_and_sub_questions_reveal_a_real_answer() {
    let scoring: Vec<&str> = STUDENT
        .iter()
        .filter(|q| q.points)
        .map(|q| q.slug)
        .collect();
    assert_eq!(scoring.len(), 7);
    assert!(!scoring.contains(&"completedCourse") && !scoring.contains(&"describesYourSituation"));
    assert_eq!(EMPLOYER.iter().filter(|q| q.points).count(), 7);
    for q in STUDENT.iter().chain(EMPLOYER) {
        for sub in q.sub_questions {
            assert!(q.choice(sub.show_for).is_some(), "{}", sub.slug);
        }
        assert_eq!(
            q.sub_question.map(|s| s.slug),
            q.sub_questions.first().map(|s| s.slug)
        );
    }
}

#[test]
fn serialises_in_the_contracts_shape() {
    let json = serde_json::to_value(&STUDENT[0]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({ "slug": "completedCourse", "label": "Completed the course", "question": "Did you complete the course?",
            "smallText": null, "points": false, "answersType": "trueFalse",
            "answers": [{ "answer": "Yes", "points": 0 }, { "answer": "No", "points": 0 }],
            "subQuestion": null, "subQuestions": [], "optional": false })
    );
    let sub = serde_json::to_value(&STUDENT[14]).unwrap()["subQuestion"].clone();
    assert_eq!(sub["type"], "textField");
    assert_eq!(sub["showFor"], STILL_LOOKING);
}

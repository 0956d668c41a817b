//! Unit tests of the question flows and the answer checks (`flow.rs`).

use super::*;
use crate::reviews::score::score_halves;
use crate::vocabulary::Vocabulary;
use ReviewerType::{Employer, Student};

const YEAR: i32 = 2025;

fn answers(value: Value) -> Answers {
    value.as_object().unwrap().clone()
}

fn shown(reviewer: ReviewerType, value: Value) -> Vec<&'static str> {
    flow(reviewer, &answers(value))
        .shown
        .iter()
        .map(|q| q.slug)
        .collect()
}

fn finished() -> Value {
    json!({ "month": "06", "year": "2024" })
}

/// Every question of the student's completer path with the best answers: raw 30.
fn best_student() -> Value {
    json!({
        "completedCourse": "Yes", "completedCourseIn": finished(), "howWasCourseDelivered": "Online",
        "easeOfAdministrationProcedures": "Very easy", "involveAnyPracticalWorkExperience": "Yes",
        "whoArrangedWork": "The training provider arranged it", "workExperienceWasBeneficial": "Strongly agree",
        "assessmentsBasedOnRealisticActivities": "Strongly agree", "trainersWereKnowledgeable": "Strongly agree",
        "trainersWereResponsive": "Strongly agree", "describesYourSituation": "Studying further",
        "howLikelyYouRecommend": "Very likely"
    })
}

/// The employer's longest path ('still doing', requirements discussed) at best: raw 32.
fn best_employer() -> Value {
    json!({
        "completedCourse": EMPLOYEES_STILL_DOING, "courseWasBeneficialToJobRole": "Strongly agree",
        "workExperienceWasBeneficial": "Strongly agree", "trainingProviderDiscussedRequirements": "Yes",
        "trainingMetBusinessNeeds": "Strongly agree", "trainersWereKnowledgeable": "Strongly agree",
        "trainingImprovedEmployeeKnowledge": "Strongly agree", "metYourExpectations": "Strongly agree",
        "howLikelyYouUseThisTrainingProvider": "Very likely"
    })
}

fn with(mut base: Value, changes: Value) -> Value {
    for (key, value) in changes.as_object().unwrap() {
        base[key] = value.clone();
    }
    base
}

fn without(mut base: Value, slugs: &[&str]) -> Value {
    for slug in slugs {
        base.as_object_mut().unwrap().remove(*slug);
    }
    base
}

fn first_error(reviewer: ReviewerType, value: Value) -> (String, String) {
    let errors = check_answers(reviewer, &answers(value), YEAR).expect_err("should be refused");
    (errors[0].param.clone().unwrap(), errors[0].msg.clone())
}

fn accepted(reviewer: ReviewerType, value: Value) -> Answers {
    check_answers(reviewer, &answers(value), YEAR).unwrap_or_else(|errors| panic!("{errors:?}"))
}

#[test]
fn student_flow_branches() {
    assert_eq!(shown(Student, json!({})), ["completedCourse"]);
    assert_eq!(
        shown(Student, json!({ "completedCourse": "No" })),
        ["completedCourse", "completedHalfCourse"]
    );
    assert_eq!(
        shown(
            Student,
            json!({ "completedCourse": "No", "completedHalfCourse": "No" })
        ),
        [
            "completedCourse",
            "completedHalfCourse",
            "startedCourseIn",
            "notCompletedBecause",
            "howLikelyYouRecommend"
        ]
    );
    let completer = [
        "startedCourseIn",
        "completedCourseIn",
        "howWasCourseDelivered",
        "easeOfAdministrationProcedures",
        "involveAnyPracticalWorkExperience",
        "whoArrangedWork",
        "workExperienceWasBeneficial",
        "assessmentsBasedOnRealisticActivities",
        "trainersWereKnowledgeable",
        "trainersWereResponsive",
        "describesYourSituation",
        "howLikelyYouRecommend",
    ];
    // Only a student who finished is asked what happened after.
    let finished: Vec<&str> = completer
        .iter()
        .flat_map(|slug| match *slug {
            "howLikelyYouRecommend" => vec![crate::reviews::outcome::SLUG, slug],
            _ => vec![*slug],
        })
        .collect();
    let yes = shown(
        Student,
        json!({ "completedCourse": "Yes", "involveAnyPracticalWorkExperience": "Yes" }),
    );
    assert_eq!(yes[0], "completedCourse");
    assert_eq!(yes[1..], finished);
    let half = shown(
        Student,
        json!({ "completedCourse": "No", "completedHalfCourse": "Yes", "involveAnyPracticalWorkExperience": "Yes" }),
    );
    assert_eq!(half[..2], ["completedCourse", "completedHalfCourse"]);
    assert_eq!(half[2..], completer);
    let no_work = shown(
        Student,
        json!({ "completedCourse": "Yes", "involveAnyPracticalWorkExperience": "No" }),
    );
    assert!(
        !no_work.contains(&"whoArrangedWork") && !no_work.contains(&"workExperienceWasBeneficial")
    );
    assert_eq!(no_work.len(), finished.len() - 1);
}

#[test]
fn employer_flow_branches() {
    assert_eq!(
        shown(
            Employer,
            json!({ "completedCourse": EMPLOYEES_DID_NOT_COMPLETE })
        ),
        ["completedCourse", "startedCourseIn", "leftCourseIn"]
    );
    assert_eq!(
        shown(Employer, json!({ "completedCourse": "Yes" })),
        [
            "completedCourse",
            "startedCourseIn",
            "completedCourseIn",
            "courseWasBeneficialToJobRole",
            "workExperienceWasBeneficial",
            "metYourExpectations",
            "howLikelyYouUseThisTrainingProvider"
        ]
    );
    let still = json!({ "completedCourse": EMPLOYEES_STILL_DOING, "trainingProviderDiscussedRequirements": "No" });
    assert_eq!(
        shown(Employer, still),
        [
            "completedCourse",
            "startedCourseIn",
            "courseWasBeneficialToJobRole",
            "workExperienceWasBeneficial",
            "trainingProviderDiscussedRequirements",
            "metYourExpectations",
            "howLikelyYouUseThisTrainingProvider"
        ]
    );
    assert_eq!(shown(Employer, best_employer()).len(), 10);
}

/// One case of `docs/review-flow-cases.json`, the table the UI's tests read too.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct FlowCase {
    name: String,
    reviewer: String,
    answers: Value,
    asked: Vec<String>,
    points: CasePoints,
    score_halves: i64,
}

#[derive(serde::Deserialize)]
struct CasePoints {
    got: i64,
    most: i64,
}

fn flow_cases() -> Vec<FlowCase> {
    let text = include_str!("../../docs/review-flow-cases.json");
    serde_json::from_str(text).expect("docs/review-flow-cases.json parses")
}

/// The shared table: the questions each answer set is asked, its points (and the most they
/// could be) and its score.
#[test]
fn scores_of_answer_sets() {
    let cases = flow_cases();
    assert!(cases.len() >= 10, "the table keeps every case");
    for case in cases {
        let reviewer = ReviewerType::parse(&case.reviewer).expect("Student or Employer");
        let stored = accepted(reviewer, case.answers.clone());
        let asked = shown(reviewer, case.answers.clone());
        let points = crate::reviews::score::points(reviewer, &stored);
        assert_eq!(asked, case.asked, "{}", case.name);
        assert_eq!(
            (points.got, points.most),
            (case.points.got, case.points.most),
            "{}",
            case.name
        );
        assert_eq!(
            score_halves(reviewer, &stored),
            case.score_halves,
            "{}",
            case.name
        );
    }
}

#[test]
fn sub_questions_are_required_when_revealed_and_refused_otherwise() {
    let reason = |answer: &str| json!({ "completedCourse": "No", "completedHalfCourse": "No", "notCompletedBecause": answer, "howLikelyYouRecommend": "Likely" });
    assert_eq!(
        first_error(Student, reason("Other")),
        (
            "notCompletedBecauseOther".into(),
            "Please answer: Please specify".into()
        )
    );
    let stored = accepted(
        Student,
        with(
            reason("Other"),
            json!({ "notCompletedBecauseOther": "  Moved interstate " }),
        ),
    );
    assert_eq!(stored["notCompletedBecauseOther"], "Moved interstate");
    assert_eq!(
        first_error(Student, reason("I am still doing the course")),
        (
            "notCompletedBecauseStillDoing".into(),
            "Please answer: When do you expect to finish?".into()
        )
    );
    accepted(
        Student,
        with(
            reason("I am still doing the course"),
            json!({ "notCompletedBecauseStillDoing": { "month": "12", "year": "2027" } }),
        ),
    );
    assert_eq!(
        first_error(
            Student,
            with(
                reason("I found a job"),
                json!({ "notCompletedBecauseOther": "x" })
            )
        ),
        (
            "notCompletedBecauseOther".into(),
            "Please specify was not asked".into()
        )
    );
    let looking = with(
        best_student(),
        json!({ "describesYourSituation": "Still looking for work" }),
    );
    assert_eq!(
        first_error(Student, looking.clone()).0,
        "describesYourSituationStillLooking"
    );
    accepted(
        Student,
        with(
            looking.clone(),
            json!({ "describesYourSituationStillLooking": "Two months" }),
        ),
    );
    let (param, msg) = first_error(
        Student,
        with(
            looking.clone(),
            json!({ "describesYourSituationStillLooking": "x".repeat(201) }),
        ),
    );
    assert_eq!(
        (param.as_str(), msg.as_str()),
        (
            "describesYourSituationStillLooking",
            "The answer to: Approximately how long have you been looking for work? must not be longer than 200 characters"
        )
    );
    accepted(
        Student,
        with(
            looking.clone(),
            json!({ "describesYourSituationStillLooking": "é".repeat(200) }),
        ),
    );
    let (_, msg) = first_error(
        Student,
        with(
            looking,
            json!({ "describesYourSituationStillLooking": "fuck this" }),
        ),
    );
    assert_eq!(msg, "Profanity in other reason is not allowed");
}

#[test]
fn refusals_name_the_question() {
    let cases = [
        (
            Student,
            without(best_student(), &["trainersWereResponsive"]),
            "trainersWereResponsive",
            "Please answer: The trainers were responsive to my needs.",
        ),
        (
            Student,
            with(best_student(), json!({ "completedHalfCourse": "Yes" })),
            "completedHalfCourse",
            "Did you complete more than half of the course? was not asked",
        ),
        (
            Student,
            with(
                best_student(),
                json!({ "easeOfAdministrationProcedures": "Trivial" }),
            ),
            "easeOfAdministrationProcedures",
            "'Trivial' is not an answer to: How easy were the enrolment and administration procedures?",
        ),
        (
            Student,
            with(best_student(), json!({ "trainersWereResponsive": 4 })),
            "trainersWereResponsive",
            "'4' is not an answer to: The trainers were responsive to my needs.",
        ),
        (
            Student,
            with(best_student(), json!({ "metYourExpectations": "Agree" })),
            "metYourExpectations",
            "Unknown question: metYourExpectations",
        ),
        (
            Employer,
            with(best_employer(), json!({ "completedHalfCourse": "No" })),
            "completedHalfCourse",
            "Unknown question: completedHalfCourse",
        ),
        (
            Employer,
            json!({ "completedCourse": EMPLOYEES_DID_NOT_COMPLETE, "metYourExpectations": "Agree" }),
            "metYourExpectations",
            "Overall, the training met my expectations. was not asked",
        ),
        (
            Employer,
            with(
                best_employer(),
                json!({ "workExperienceWasBeneficial": "Unsure", "trainingProviderDiscussedRequirements": "No" }),
            ),
            "trainingMetBusinessNeeds",
            "The training met my business's needs. was not asked",
        ),
        (
            Employer,
            json!({ "completedCourse": "Maybe" }),
            "completedCourse",
            "'Maybe' is not an answer to: Did your employee(s) complete the course?",
        ),
        (
            Employer,
            json!({}),
            "completedCourse",
            "Please answer: Did your employee(s) complete the course?",
        ),
        (
            Student,
            with(
                best_student(),
                json!({ "completedCourseIn": { "month": "13", "year": "2024" } }),
            ),
            "completedCourseIn",
            "'13/2024' is not an answer to: When did you finish the course?",
        ),
        (
            Student,
            with(
                best_student(),
                json!({ "completedCourseIn": { "month": "01", "year": "2017" } }),
            ),
            "completedCourseIn",
            "'01/2017' is not an answer to: When did you finish the course?",
        ),
        (
            Student,
            with(
                best_student(),
                json!({ "completedCourseIn": { "month": "1", "year": "2020" } }),
            ),
            "completedCourseIn",
            "'1/2020' is not an answer to: When did you finish the course?",
        ),
        (
            Student,
            with(best_student(), json!({ "completedCourseIn": "2020-01" })),
            "completedCourseIn",
            "'2020-01' is not an answer to: When did you finish the course?",
        ),
    ];
    for (reviewer, value, param, msg) in cases {
        assert_eq!(
            first_error(reviewer, value.clone()),
            (param.to_owned(), msg.to_owned()),
            "{value}"
        );
    }
}

#[test]
fn year_bounds_follow_this_year() {
    for (year, ok) in [("2018", true), ("2027", true), ("2028", false)] {
        let value = with(
            best_student(),
            json!({ "completedCourseIn": { "month": "12", "year": year } }),
        );
        assert_eq!(
            check_answers(Student, &answers(value), YEAR).is_ok(),
            ok,
            "{year}"
        );
    }
}

#[test]
fn an_undecided_branch_asks_for_it_without_refusing_what_follows() {
    let errors = check_answers(
        Student,
        &answers(without(best_student(), &["completedCourse"])),
        YEAR,
    )
    .unwrap_err();
    assert_eq!(
        errors,
        [ErrorItem::field(
            "completedCourse",
            "Please answer: Did you complete the course?"
        )]
    );
    let errors = check_answers(
        Student,
        &answers(without(
            best_student(),
            &["involveAnyPracticalWorkExperience"],
        )),
        YEAR,
    )
    .unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
}

#[test]
fn blank_and_foreign_fields_are_ignored_and_only_asked_answers_stored() {
    let value = with(
        best_employer(),
        json!({ "completedHalfCourse": null, "somethingElse": "x", "trainingMetBusinessNeeds": "Agree" }),
    );
    let stored = accepted(Employer, value);
    assert_eq!(stored.len(), 9);
    assert_eq!(stored["trainingMetBusinessNeeds"], "Agree");
    let stored = accepted(
        Student,
        with(
            best_student(),
            json!({ "completedCourseIn": { "month": "06", "year": "2024", "day": "1" } }),
        ),
    );
    assert_eq!(stored["completedCourseIn"], finished());
}

#[test]
fn sample_answers_always_pass_the_check() {
    let mut scores = std::collections::BTreeSet::new();
    for seed in 0..300 {
        for reviewer in [Student, Employer] {
            let sample = sample_answers(reviewer, seed);
            let stored = accepted(reviewer, Value::Object(sample.clone()));
            assert_eq!(stored, sample);
            scores.insert(score_halves(reviewer, &stored));
        }
    }
    assert!(scores.len() >= 6, "varied scores: {scores:?}");
}

//! Which questions a review form shows for the answers given so far (the spec's section 4,
//! docs/reviews-api.md 'Student flow' and 'Employer flow'), and the server's check of a
//! submitted answer set against it: shown questions answered with one of their choices,
//! hidden ones left alone, sub-questions only when their answer reveals them.

use serde_json::{Map, Value, json};

use super::{
    questions::{
        self, AnswersType, EMPLOYEES_DID_NOT_COMPLETE, EMPLOYEES_STILL_DOING, Question,
        ReviewerType, SubQuestion, SubQuestionType,
    },
    rules,
};
use crate::error::ErrorItem;

/// A review's answers: question slug to answer.
pub type Answers = Map<String, Value>;

/// The first year a month-year answer may name; the last is this year plus two.
pub const FIRST_YEAR: i32 = 2018;
/// The most characters of a free-text sub-answer.
pub const TEXT_ANSWER_MAX: usize = 200;

/// The questions a flow shows, in display order.
#[derive(Debug, Default)]
pub struct Flow {
    pub shown: Vec<&'static Question>,
    /// A branching question has no valid answer, so the questions it decides are unknown:
    /// answers to them are neither required nor refused.
    pub undecided: bool,
}

impl Flow {
    pub fn shows(&self, slug: &str) -> bool {
        self.shown.iter().any(|q| q.slug == slug)
    }
}

/// The sub-questions of `question` that its answer reveals.
pub fn revealed<'a>(
    question: &'static Question,
    answers: &'a Answers,
) -> impl Iterator<Item = &'static SubQuestion> + 'a {
    let answer = answers.get(question.slug).and_then(Value::as_str);
    question
        .sub_questions
        .iter()
        .filter(move |sub| answer == Some(sub.show_for))
}

/// The questions shown for `answers`.
pub fn flow(reviewer: ReviewerType, answers: &Answers) -> Flow {
    let mut builder = Builder {
        reviewer,
        answers,
        flow: Flow::default(),
    };
    match reviewer {
        ReviewerType::Student => builder.student(),
        ReviewerType::Employer => builder.employer(),
    }
    builder.flow
}

struct Builder<'a> {
    reviewer: ReviewerType,
    answers: &'a Answers,
    flow: Flow,
}

impl Builder<'_> {
    fn show(&mut self, slugs: &[&str]) {
        for slug in slugs {
            let question = questions::find(self.reviewer, slug)
                .expect("a flow names questions of its own set");
            self.flow.shown.push(question);
        }
    }

    /// The valid answer of a branching question; `None` marks the flow undecided.
    fn branch(&mut self, slug: &str) -> Option<&'static str> {
        let question =
            questions::find(self.reviewer, slug).expect("a flow names questions of its own set");
        let choice = self
            .answers
            .get(slug)
            .and_then(Value::as_str)
            .and_then(|answer| question.choice(answer));
        self.flow.undecided |= choice.is_none();
        choice.map(|choice| choice.answer)
    }

    fn student(&mut self) {
        self.show(&["completedCourse"]);
        let completer = match self.branch("completedCourse") {
            Some("Yes") => true,
            Some(_no) => {
                self.show(&["completedHalfCourse"]);
                match self.branch("completedHalfCourse") {
                    Some(answer) => answer == "Yes",
                    None => return,
                }
            }
            None => return,
        };
        if !completer {
            self.show(&["notCompletedBecause", "howLikelyYouRecommend"]);
            return;
        }
        self.show(&[
            "completedCourseIn",
            "howWasCourseDelivered",
            "easeOfAdministrationProcedures",
            "involveAnyPracticalWorkExperience",
        ]);
        if self.branch("involveAnyPracticalWorkExperience") == Some("Yes") {
            self.show(&["whoArrangedWork", "workExperienceWasBeneficial"]);
        }
        self.show(&[
            "assessmentsBasedOnRealisticActivities",
            "trainersWereKnowledgeable",
            "trainersWereResponsive",
            "describesYourSituation",
            "howLikelyYouRecommend",
        ]);
    }

    fn employer(&mut self) {
        self.show(&["completedCourse"]);
        let completion = match self.branch("completedCourse") {
            // Only the comment follows.
            None | Some(EMPLOYEES_DID_NOT_COMPLETE) => return,
            Some(answer) => answer,
        };
        self.show(&[
            "courseWasBeneficialToJobRole",
            "workExperienceWasBeneficial",
        ]);
        if completion == EMPLOYEES_STILL_DOING {
            self.show(&["trainingProviderDiscussedRequirements"]);
            if self.branch("trainingProviderDiscussedRequirements") == Some("Yes") {
                self.show(&[
                    "trainingMetBusinessNeeds",
                    "trainersWereKnowledgeable",
                    "trainingImprovedEmployeeKnowledge",
                ]);
            }
        }
        self.show(&["metYourExpectations", "howLikelyYouUseThisTrainingProvider"]);
    }
}

/// Checks submitted answers against the flow and answers what to store: every shown question
/// and revealed sub-question, text trimmed. Fields that name no question of either set are
/// ignored; null and blank answers count as unanswered. Errors come in display order, each
/// naming its slug.
pub fn check_answers(
    reviewer: ReviewerType,
    submitted: &Answers,
    this_year: i32,
) -> Result<Answers, Vec<ErrorItem>> {
    let mut errors = Vec::new();
    let mut answers = Answers::new();
    for (slug, value) in submitted {
        if is_blank(value) {
            continue;
        }
        if questions::knows(reviewer, slug) {
            answers.insert(slug.clone(), value.clone());
        } else if questions::knows(reviewer.other(), slug) {
            errors.push(ErrorItem::field(slug, format!("Unknown question: {slug}")));
        }
    }
    let flow = flow(reviewer, &answers);
    let mut stored = Answers::new();
    for (item, asked) in asked_items(reviewer, &flow, &answers) {
        let slug = item.slug();
        match (asked, answers.get(slug)) {
            (true, None) => errors.push(ErrorItem::field(
                slug,
                format!("Please answer: {}", item.text()),
            )),
            (true, Some(value)) => match item.check(value, this_year) {
                Ok(value) => {
                    stored.insert(slug.to_owned(), value);
                }
                Err(msg) => errors.push(ErrorItem::field(slug, msg)),
            },
            (false, Some(_)) if !flow.undecided => errors.push(ErrorItem::field(
                slug,
                format!("{} was not asked", item.text()),
            )),
            (false, _) => {}
        }
    }
    if errors.is_empty() {
        Ok(stored)
    } else {
        Err(errors)
    }
}

/// A question or a sub-question, as the answer check sees either.
#[derive(Clone, Copy)]
enum Item {
    Question(&'static Question),
    Sub(&'static SubQuestion),
}

impl Item {
    fn slug(self) -> &'static str {
        match self {
            Self::Question(question) => question.slug,
            Self::Sub(sub) => sub.slug,
        }
    }

    /// The words an error names it by: the question, or the sub-question's label.
    fn text(self) -> &'static str {
        match self {
            Self::Question(question) => question.question,
            Self::Sub(sub) => sub.label,
        }
    }

    fn check(self, value: &Value, this_year: i32) -> Result<Value, String> {
        match self {
            Self::Question(question) => check_answer(question, value, this_year),
            Self::Sub(sub) => check_sub_answer(sub, value, this_year),
        }
    }
}

/// Every question and sub-question of the set in display order, with whether it is asked.
fn asked_items<'a>(
    reviewer: ReviewerType,
    flow: &'a Flow,
    answers: &'a Answers,
) -> impl Iterator<Item = (Item, bool)> + 'a {
    reviewer.questions().iter().flat_map(move |question| {
        let shown = flow.shows(question.slug);
        let subs = question.sub_questions.iter().map(move |sub| {
            let revealed = shown && revealed(question, answers).any(|s| s.slug == sub.slug);
            (Item::Sub(sub), revealed)
        });
        std::iter::once((Item::Question(question), shown)).chain(subs)
    })
}

fn is_blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.trim().is_empty(),
        _ => false,
    }
}

fn not_an_answer(value: &Value, question: &str) -> String {
    format!("'{}' is not an answer to: {question}", answer_text(value))
}

/// An answer as the user would read it: the text, or a month and year as 'MM/YYYY'.
pub fn answer_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Object(map) => match (
            map.get("month").and_then(Value::as_str),
            map.get("year").and_then(Value::as_str),
        ) {
            (Some(month), Some(year)) => format!("{month}/{year}"),
            _ => value.to_string(),
        },
        other => other.to_string(),
    }
}

fn check_answer(question: &Question, value: &Value, this_year: i32) -> Result<Value, String> {
    let valid = match question.answers_type {
        AnswersType::TrueFalse | AnswersType::Multichoice => value
            .as_str()
            .and_then(|answer| question.choice(answer))
            .map(|choice| Value::from(choice.answer)),
        AnswersType::MonthYear => month_year(value, this_year),
    };
    valid.ok_or_else(|| not_an_answer(value, question.question))
}

fn check_sub_answer(sub: &SubQuestion, value: &Value, this_year: i32) -> Result<Value, String> {
    match sub.kind {
        SubQuestionType::MonthYear => {
            month_year(value, this_year).ok_or_else(|| not_an_answer(value, sub.label))
        }
        SubQuestionType::TextField => {
            let text = value
                .as_str()
                .ok_or_else(|| not_an_answer(value, sub.label))?
                .trim();
            if text.chars().count() > TEXT_ANSWER_MAX {
                Err(format!(
                    "The answer to: {} must not be longer than {TEXT_ANSWER_MAX} characters",
                    sub.label
                ))
            } else if rules::is_profane(text) {
                Err(rules::PROFANE_OTHER_REASON.to_owned())
            } else {
                Ok(Value::from(text))
            }
        }
    }
}

/// `{ "month": "01".."12", "year": "2018".."<this year + 2>" }`, rebuilt without other fields.
fn month_year(value: &Value, this_year: i32) -> Option<Value> {
    let month = value.get("month")?.as_str()?;
    let year = value.get("year")?.as_str()?;
    let month_ok = month.len() == 2 && month.parse::<u8>().is_ok_and(|m| (1..=12).contains(&m));
    let year_ok = year.len() == 4
        && year
            .parse::<i32>()
            .is_ok_and(|y| (FIRST_YEAR..=this_year + 2).contains(&y));
    (month_ok && year_ok).then(|| json!({ "month": month, "year": year }))
}

/// A complete, valid answer set picked by `seed`, for demo data, benchmarks and tests: it
/// follows the flow, so different seeds take different paths and scores.
pub fn sample_answers(reviewer: ReviewerType, seed: u64) -> Answers {
    let mut state = seed;
    let mut next = move || {
        // splitmix64: cheap and well spread, no dependency.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) as usize
    };
    let mut answers = Answers::new();
    loop {
        let mut missing: Vec<(&str, Value)> = Vec::new();
        for question in flow(reviewer, &answers).shown {
            if !answers.contains_key(question.slug) {
                let value = match question.answers_type {
                    AnswersType::MonthYear => sample_month_year(next()),
                    _ => Value::from(question.answers[next() % question.answers.len()].answer),
                };
                missing.push((question.slug, value));
            }
            for sub in revealed(question, &answers).filter(|sub| !answers.contains_key(sub.slug)) {
                let value = match sub.kind {
                    SubQuestionType::MonthYear => sample_month_year(next()),
                    SubQuestionType::TextField => Value::from("About three months"),
                };
                missing.push((sub.slug, value));
            }
        }
        if missing.is_empty() {
            return answers;
        }
        answers.extend(
            missing
                .into_iter()
                .map(|(slug, value)| (slug.to_owned(), value)),
        );
    }
}

fn sample_month_year(n: usize) -> Value {
    json!({ "month": format!("{:02}", n % 12 + 1), "year": (FIRST_YEAR + (n / 12 % 5) as i32).to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reviews::score::score_halves;
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
                "notCompletedBecause",
                "howLikelyYouRecommend"
            ]
        );
        let completer = [
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
        let yes = shown(
            Student,
            json!({ "completedCourse": "Yes", "involveAnyPracticalWorkExperience": "Yes" }),
        );
        assert_eq!(yes[0], "completedCourse");
        assert_eq!(yes[1..], completer);
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
            !no_work.contains(&"whoArrangedWork")
                && !no_work.contains(&"workExperienceWasBeneficial")
        );
        assert_eq!(no_work.len(), completer.len() - 1);
    }

    #[test]
    fn employer_flow_branches() {
        assert_eq!(
            shown(
                Employer,
                json!({ "completedCourse": EMPLOYEES_DID_NOT_COMPLETE })
            ),
            ["completedCourse"]
        );
        assert_eq!(
            shown(Employer, json!({ "completedCourse": "Yes" })),
            [
                "completedCourse",
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
                "courseWasBeneficialToJobRole",
                "workExperienceWasBeneficial",
                "trainingProviderDiscussedRequirements",
                "metYourExpectations",
                "howLikelyYouUseThisTrainingProvider"
            ]
        );
        assert_eq!(shown(Employer, best_employer()).len(), 9);
    }

    #[test]
    fn scores_of_answer_sets() {
        let cases = [
            // the maxima: five stars
            (Student, best_student(), 10),
            (Employer, best_employer(), 10),
            // nothing that scores: the minimum raw 8
            (
                Employer,
                json!({ "completedCourse": EMPLOYEES_DID_NOT_COMPLETE }),
                2,
            ),
            (
                Student,
                json!({ "completedCourse": "No", "completedHalfCourse": "No", "notCompletedBecause": "I found a job",
                              "howLikelyYouRecommend": "Very likely" }),
                2,
            ),
            // 'Unsure' is worth 0: Yes path 4 + 0 + 4 + 4 = 12 -> 1.875 stars
            (
                Employer,
                json!({ "completedCourse": "Yes", "courseWasBeneficialToJobRole": "Strongly agree",
                               "workExperienceWasBeneficial": "Unsure", "metYourExpectations": "Strongly agree",
                               "howLikelyYouUseThisTrainingProvider": "Very likely" }),
                3,
            ),
            // Yes path at best: 16 of 32 is 2.5 stars exactly
            (
                Employer,
                json!({ "completedCourse": "Yes", "courseWasBeneficialToJobRole": "Strongly agree",
                               "workExperienceWasBeneficial": "Strongly agree", "metYourExpectations": "Strongly agree",
                               "howLikelyYouUseThisTrainingProvider": "Very likely" }),
                5,
            ),
            // one point less, 15: 2.34
            (
                Employer,
                json!({ "completedCourse": "Yes", "courseWasBeneficialToJobRole": "Agree",
                               "workExperienceWasBeneficial": "Strongly agree", "metYourExpectations": "Strongly agree",
                               "howLikelyYouUseThisTrainingProvider": "Very likely" }),
                4,
            ),
            // 27 of 30 is 4.5 exactly; 26 is 4.33
            (
                Student,
                with(
                    best_student(),
                    json!({ "trainersWereResponsive": "Strongly disagree" }),
                ),
                9,
            ),
            (
                Student,
                with(
                    best_student(),
                    json!({ "trainersWereResponsive": "Strongly disagree", "trainersWereKnowledgeable": "Agree" }),
                ),
                8,
            ),
            // no work experience: 4 + 1 + 4 * 4 = 21 -> 3.5
            (
                Student,
                without(
                    with(
                        best_student(),
                        json!({ "involveAnyPracticalWorkExperience": "No" }),
                    ),
                    &["whoArrangedWork", "workExperienceWasBeneficial"],
                ),
                7,
            ),
        ];
        for (reviewer, value, halves) in cases {
            let stored = accepted(reviewer, value.clone());
            assert_eq!(
                score_halves(reviewer, &stored),
                halves,
                "{reviewer:?} {value}"
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
}

//! Which questions a review form shows for the answers given so far (the spec's section 4,
//! docs/reviews-api.md 'Student flow' and 'Employer flow'), and the server's check of a
//! submitted answer set against it: shown questions answered with one of their choices,
//! hidden ones left alone, sub-questions only when their answer reveals them.

use serde_json::{Map, Value, json};

use super::{
    outcome, profanity,
    questions::{
        self, AnswersType, EMPLOYEES_DID_NOT_COMPLETE, EMPLOYEES_STILL_DOING, Question,
        ReviewerType, STILL_DOING, SubQuestion, SubQuestionType,
    },
    study,
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
        self.show(&[study::STARTED]);
        if !completer {
            self.show(&["notCompletedBecause"]);
            if self
                .branch("notCompletedBecause")
                .is_some_and(|reason| reason != STILL_DOING)
            {
                self.show(&[study::LEFT]);
            }
            self.show(&["howLikelyYouRecommend"]);
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
        ]);
        // What happened after: only those who finished can say.
        if self.answers.get("completedCourse").and_then(Value::as_str) == Some("Yes") {
            self.show(&[outcome::SLUG]);
        }
        self.show(&["howLikelyYouRecommend"]);
    }

    fn employer(&mut self) {
        self.show(&["completedCourse"]);
        let Some(completion) = self.branch("completedCourse") else {
            return;
        };
        self.show(&[study::STARTED]);
        match completion {
            // Only when they left, and the comment, follow.
            EMPLOYEES_DID_NOT_COMPLETE => return self.show(&[study::LEFT]),
            EMPLOYEES_STILL_DOING => {}
            _ => self.show(&[study::COMPLETED]),
        }
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
            (true, None) if item.optional() => {}
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

    fn optional(self) -> bool {
        matches!(self, Self::Question(question) if question.optional)
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
            } else if profanity::is_profane(text) {
                Err(profanity::PROFANE_OTHER_REASON.to_owned())
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
            return in_order(answers);
        }
        answers.extend(
            missing
                .into_iter()
                .map(|(slug, value)| (slug.to_owned(), value)),
        );
    }
}

/// Sample answers whose study ends (or is expected to end) before it starts have the two
/// months swapped, so generated reviews pass the study period's rules.
fn in_order(mut answers: Answers) -> Answers {
    for end in [study::COMPLETED, study::LEFT, study::EXPECTED] {
        let months = (answers.get(study::STARTED), answers.get(end));
        if let (Some(start), Some(finish)) = months
            && study::month_of(finish) < study::month_of(start)
        {
            let (start, finish) = (start.clone(), finish.clone());
            answers.insert(study::STARTED.to_owned(), finish);
            answers.insert(end.to_owned(), start);
        }
    }
    answers
}

fn sample_month_year(n: usize) -> Value {
    json!({ "month": format!("{:02}", n % 12 + 1), "year": (FIRST_YEAR + (n / 12 % 5) as i32).to_string() })
}

#[cfg(test)]
#[path = "flow_tests.rs"]
mod tests;

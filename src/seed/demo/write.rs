//! One demo review: answers that follow the question flow of docs/reviews-api.md, chosen by
//! the reviewer's mood, and a title and comment that agree with those answers. The result goes
//! through the same check and scoring as a submission (`reviews::rules::check_review`).

use rand::{Rng, rngs::StdRng, seq::IndexedRandom};
use serde_json::{Value, json};

use super::text::{self, Mood, Parts};
use crate::{
    error::ErrorItem,
    reviews::{
        flow::Answers,
        questions::{
            self, EMPLOYEES_DID_NOT_COMPLETE, EMPLOYEES_STILL_DOING, OTHER_REASON, ReviewerType,
            STILL_DOING, STILL_LOOKING,
        },
        rules::{CheckedReview, check_review},
    },
};

/// What the placeholders of the texts stand for at one offering.
pub struct Context<'a> {
    pub course: &'a str,
    pub provider: &'a str,
    pub town: &'a str,
    pub industry_slug: &'a str,
    pub career: Option<&'a str>,
    /// The review's date as (year, month 1-12), for the month-year answers.
    pub written: (i32, u32),
    /// Today, for the answers' date rules.
    pub today: time::Date,
}

/// A review as its author would submit it, checked and scored.
pub fn write(
    rng: &mut StdRng,
    reviewer: ReviewerType,
    mood: Mood,
    ctx: &Context,
) -> Result<CheckedReview, Vec<ErrorItem>> {
    let mut draft = Draft::new(rng, ctx, mood);
    let (title, comment) = match reviewer {
        ReviewerType::Student => draft.student(),
        ReviewerType::Employer => draft.employer(),
    };
    check_review(
        reviewer,
        Some(&title),
        Some(&comment),
        &draft.answers,
        ctx.today,
    )
}

/// A review against the terms of use, for the moderators' 'Disapproved' list.
pub fn against_the_terms(
    rng: &mut StdRng,
    reviewer: ReviewerType,
    which: usize,
    ctx: &Context,
) -> Result<CheckedReview, Vec<ErrorItem>> {
    let mut draft = Draft::new(rng, ctx, Mood::Mixed);
    match reviewer {
        ReviewerType::Student => draft.student(),
        ReviewerType::Employer => draft.employer(),
    };
    let (title, comment) = text::AGAINST_THE_TERMS[which % text::AGAINST_THE_TERMS.len()];
    let (title, comment) = (draft.fill(title), draft.fill(comment));
    check_review(
        reviewer,
        Some(&title),
        Some(&comment),
        &draft.answers,
        ctx.today,
    )
}

struct Draft<'a> {
    rng: &'a mut StdRng,
    ctx: &'a Context<'a>,
    mood: Mood,
    /// One trainer per review, so a title and its comment name the same person.
    trainer: &'static str,
    answers: Answers,
}

/// How likely each rung of a 4-step scale is (best first), by mood.
const LEVELS: [[u32; 4]; 4] = [
    [70, 28, 2, 0],
    [25, 60, 13, 2],
    [5, 45, 40, 10],
    [0, 15, 45, 40],
];

pub fn weighted(rng: &mut StdRng, weights: &[u32]) -> usize {
    let mut roll = rng.random_range(0..weights.iter().sum::<u32>());
    for (index, weight) in weights.iter().enumerate() {
        if roll < *weight {
            return index;
        }
        roll -= weight;
    }
    unreachable!("the roll is below the sum of the weights")
}

impl<'a> Draft<'a> {
    fn new(rng: &'a mut StdRng, ctx: &'a Context<'a>, mood: Mood) -> Self {
        let trainer = *text::TRAINERS.choose(rng).expect("trainers");
        Self {
            rng,
            ctx,
            mood,
            trainer,
            answers: Answers::new(),
        }
    }

    fn set(&mut self, slug: &str, value: impl Into<Value>) {
        self.answers.insert(slug.to_owned(), value.into());
    }

    /// One of the question's choices, picked by `weights` (in the question's order).
    fn choose(&mut self, reviewer: ReviewerType, slug: &str, weights: &[u32]) -> &'static str {
        let question =
            questions::find(reviewer, slug).expect("the demo asks questions of its own set");
        let answer = question.answers[weighted(self.rng, weights)].answer;
        self.set(slug, answer);
        answer
    }

    /// A scale question (ease, agreement, likelihood) answered as the mood suggests.
    fn rate(&mut self, reviewer: ReviewerType, slug: &str) {
        self.choose(reviewer, slug, &LEVELS[self.mood.index()]);
    }

    fn by_mood(&self, weights: [u32; 4]) -> u32 {
        weights[self.mood.index()]
    }

    /// True with the mood's chance in percent.
    fn chance_by_mood(&mut self, percents: [u32; 4]) -> bool {
        let percent = self.by_mood(percents);
        self.rng.random_bool(f64::from(percent) / 100.0)
    }

    /// `months` after (or, negative, before) the review's month, never before the first year.
    fn month_year(&self, months: i32) -> Value {
        let (year, month) = self.ctx.written;
        let index = (year * 12 + month as i32 - 1 + months).max(2018 * 12);
        json!({ "month": format!("{:02}", index % 12 + 1), "year": (index / 12).to_string() })
    }

    fn student(&mut self) -> (String, String) {
        use ReviewerType::Student as S;
        let completed = self.rng.random_bool(0.72);
        self.set("completedCourse", if completed { "Yes" } else { "No" });
        if !completed {
            let more_than_half = self.rng.random_bool(0.4);
            self.set(
                "completedHalfCourse",
                if more_than_half { "Yes" } else { "No" },
            );
            if !more_than_half {
                return self.student_who_left();
            }
        }
        let months = self.rng.random_range(1..=18);
        let finished = self.month_year(-months);
        self.set("completedCourseIn", finished);
        self.choose(S, "howWasCourseDelivered", &[35, 15, 30, 20]);
        self.rate(S, "easeOfAdministrationProcedures");
        let practical = self.chance_by_mood([85, 80, 65, 50]);
        self.set(
            "involveAnyPracticalWorkExperience",
            if practical { "Yes" } else { "No" },
        );
        if practical {
            let weights = if matches!(self.mood, Mood::Glowing | Mood::Good) {
                [10, 10, 20, 60]
            } else {
                [20, 50, 20, 10]
            };
            self.choose(S, "whoArrangedWork", &weights);
            self.rate(S, "workExperienceWasBeneficial");
        }
        for slug in [
            "assessmentsBasedOnRealisticActivities",
            "trainersWereKnowledgeable",
            "trainersWereResponsive",
        ] {
            self.rate(S, slug);
        }
        let weights = if matches!(self.mood, Mood::Glowing | Mood::Good) {
            [60, 10, 15, 8, 7]
        } else {
            [30, 25, 10, 25, 10]
        };
        let situation = self.choose(S, "describesYourSituation", &weights);
        if situation == STILL_LOOKING {
            let waited = *text::STILL_LOOKING
                .choose(self.rng)
                .expect("a list of waits");
            self.set("describesYourSituationStillLooking", waited);
        }
        self.rate(S, "howLikelyYouRecommend");
        // Only mention a job or a placement that the answers say happened.
        let employed = situation == "Working in a job related to the course";
        self.compose(&text::STUDENT[self.mood.index()], |part| {
            (employed || !part.to_lowercase().contains("job"))
                && (practical || !part.contains("placement"))
        })
    }

    /// Left before halfway: a reason, then only the recommendation.
    fn student_who_left(&mut self) -> (String, String) {
        let reason = self.choose(
            ReviewerType::Student,
            "notCompletedBecause",
            &[50, 15, 15, 10, 10],
        );
        let (title, comment) = if reason == STILL_DOING {
            let months = self.rng.random_range(2..=14);
            let finish = self.month_year(months);
            self.set("notCompletedBecauseStillDoing", finish);
            let pool = if matches!(self.mood, Mood::Glowing | Mood::Good) {
                text::STILL_DOING_WELL
            } else {
                text::STILL_DOING_BADLY
            };
            *pool.choose(self.rng).expect("still-doing reviews")
        } else {
            // The reason, not the mood, says how it went.
            self.mood = match reason {
                "I found a job" | "Personal or family reasons" => Mood::Good,
                "The course was not what I expected" => Mood::Poor,
                _ => Mood::Mixed,
            };
            if reason == OTHER_REASON {
                let why = *text::OTHER_REASONS.choose(self.rng).expect("other reasons");
                self.set("notCompletedBecauseOther", why);
            }
            let pool = text::LEFT
                .iter()
                .find(|(r, _)| *r == reason)
                .map(|(_, pool)| *pool)
                .expect("a text for every reason");
            *pool.choose(self.rng).expect("reviews for the reason")
        };
        self.rate(ReviewerType::Student, "howLikelyYouRecommend");
        (self.fill(title), self.fill(comment))
    }

    fn employer(&mut self) -> (String, String) {
        use ReviewerType::Employer as E;
        let completion = self.choose(E, "completedCourse", &[55, 35, 10]);
        if completion == EMPLOYEES_DID_NOT_COMPLETE {
            let (title, comment) = *text::EMPLOYER_DID_NOT_COMPLETE
                .choose(self.rng)
                .expect("texts");
            return (self.fill(title), self.fill(comment));
        }
        self.rate(E, "courseWasBeneficialToJobRole");
        if self.rng.random_bool(0.08) {
            self.set("workExperienceWasBeneficial", "Unsure");
        } else {
            self.rate(E, "workExperienceWasBeneficial");
        }
        if completion == EMPLOYEES_STILL_DOING {
            let discussed = self.chance_by_mood([90, 80, 50, 15]);
            self.set(
                "trainingProviderDiscussedRequirements",
                if discussed { "Yes" } else { "No" },
            );
            if discussed {
                for slug in [
                    "trainingMetBusinessNeeds",
                    "trainersWereKnowledgeable",
                    "trainingImprovedEmployeeKnowledge",
                ] {
                    self.rate(E, slug);
                }
            }
        }
        self.rate(E, "metYourExpectations");
        self.rate(E, "howLikelyYouUseThisTrainingProvider");
        self.compose(&text::EMPLOYER[self.mood.index()], |_| true)
    }

    /// A title and a comment of an opener, up to three details and maybe a closer.
    fn compose(&mut self, parts: &Parts, keep: impl Fn(&str) -> bool) -> (String, String) {
        let title = *parts.titles.choose(self.rng).expect("titles");
        let openers: Vec<&str> = parts.openers.iter().copied().filter(|p| keep(p)).collect();
        let mut details: Vec<&str> = parts.details.iter().copied().filter(|p| keep(p)).collect();
        let closers: Vec<&str> = parts.closers.iter().copied().filter(|p| keep(p)).collect();
        let mut comment = vec![
            *openers
                .choose(self.rng)
                .expect("an opener fits every review"),
        ];
        for _ in 0..weighted(self.rng, &[15, 40, 30, 15]) {
            if details.is_empty() {
                break;
            }
            comment.push(details.remove(self.rng.random_range(0..details.len())));
        }
        if comment.len() == 1 || self.rng.random_bool(0.5) {
            comment.extend(closers.choose(self.rng));
        }
        let mut text = self.fill(&comment.join(" "));
        while text.chars().count() > 500 && comment.len() > 1 {
            comment.remove(1);
            text = self.fill(&comment.join(" "));
        }
        (self.fill(title), text)
    }

    fn fill(&self, template: &str) -> String {
        let ctx = self.ctx;
        let workplace = text::workplace(ctx.industry_slug);
        let job = ctx
            .career
            .map(text::job_phrase)
            .unwrap_or_else(|| "what I trained for".to_owned());
        let a_job = if ctx.career.is_some() {
            text::with_article(&job)
        } else {
            job
        };
        template
            .replace("{course}", ctx.course)
            .replace("{short}", text::short_name(ctx.course))
            .replace("{provider}", ctx.provider)
            .replace("{town}", ctx.town)
            .replace("{trainer}", self.trainer)
            .replace("{a_workplace}", &text::with_article(workplace))
            .replace("{workplace}", workplace)
            .replace("{a_job}", &a_job)
    }
}

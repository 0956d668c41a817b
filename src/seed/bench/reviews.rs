//! The people of the bench data set and what they write: an admin, students, employers and
//! parents, their reviews (checked and scored as a submission is), likes and dislikes on the
//! approved ones, favourites and follows, and accounts without reviews for the write benchmarks.

use std::collections::HashMap;

use rand::{Rng, rngs::StdRng, seq::IndexedRandom};
use rusqlite::Transaction;

use super::{DOMAIN, Shape, WRITERS};
use crate::{
    accounts::{
        favourites_store, follows_store,
        store::{self as accounts, NewUser},
    },
    auth::UserType,
    reviews::{
        ReviewerType,
        rules::{CheckedReview, check_review},
        sample_answers,
        store::{self as reviews, NewReview},
        votes_store::{self, Vote},
    },
};

const DAY: i64 = 86_400;
/// Reviews go back three years; the newest ten days wait in the moderation queue.
const HISTORY_DAYS: i64 = 3 * 365;
const QUEUE_DAYS: i64 = 10;
/// Distinct checked reviews per reviewer type that the generated reviews draw from.
const POOL: u64 = 128;

const FIRST_NAMES: [&str; 12] = [
    "Olivia", "Jack", "Mia", "Noah", "Chloe", "Liam", "Ava", "Lachlan", "Zoe", "Ethan", "Ruby",
    "Kai",
];
const LAST_NAMES: [&str; 12] = [
    "Smith", "Nguyen", "Brown", "Wilson", "Taylor", "Kelly", "Singh", "Martin", "Lee", "White",
    "Walker", "Chen",
];
const TITLES: [&str; 8] = [
    "Solid training with practical work",
    "Good trainers, slow admin",
    "Worth doing for the placement",
    "Mixed experience overall",
    "Helped me get my first job",
    "Not what I expected",
    "Well organised and relevant",
    "Great support from the trainers",
];
const SENTENCES: [&str; 10] = [
    "The trainers knew the industry well and shared real examples from their own work.",
    "Enrolment took longer than it should have and a few forms went missing.",
    "The practical sessions were the best part, and the workplace visits made it feel real.",
    "Assessments were fair, although the feedback sometimes came back weeks later.",
    "I would have liked more time on the equipment before the final assessment.",
    "Class sizes were small, so everyone got help when they were stuck.",
    "The online part of the course was easy to follow on a phone after work.",
    "Some units felt rushed and others dragged on longer than needed.",
    "Staff at the front desk were friendly and sorted out my timetable quickly.",
    "By the end I felt ready to start work, which is what I wanted from it.",
];

/// What the benchmark needs to find in the written data.
pub struct Written {
    pub admin: i64,
    /// (course id, provider id) of the pair with the shape's `hot_reviews` approved reviews.
    pub hot: (i64, i64),
    pub prolific: i64,
    /// Accounts without reviews: they submit reviews and like others in the write benchmarks.
    pub writers: Vec<i64>,
    /// Offerings for those submissions.
    pub fresh_offerings: Vec<(i64, i64)>,
    /// Approved reviews for the like benchmark.
    pub liked: Vec<i64>,
}

struct Reviewer {
    id: i64,
    kind: ReviewerType,
}

pub fn write(
    tx: &Transaction,
    rng: &mut StdRng,
    shape: &Shape,
    offered_codes: &[String],
    password_hash: &str,
) -> anyhow::Result<Written> {
    let today = time::OffsetDateTime::now_utc().unix_timestamp() / DAY * DAY;
    let this_day = time::OffsetDateTime::now_utc().date();
    let mut offerings = super::store::offerings(tx)?;
    let hot_course = super::store::course_id(tx, &offered_codes[0])?;
    let hot = *offerings
        .iter()
        .find(|o| o.0 == hot_course)
        .expect("the first course has offerings");
    // Popularity follows the shuffled order, not the course's place in the catalogue.
    rand::seq::SliceRandom::shuffle(offerings.as_mut_slice(), rng);
    let mut industries = HashMap::new();
    for &(course, _) in &offerings {
        if let std::collections::hash_map::Entry::Vacant(entry) = industries.entry(course) {
            entry.insert(reviews::industry_for(tx, course, None)?);
        }
    }

    let user = |email: &str, user_type: UserType, first: &str, last: &str, admin: bool| {
        accounts::insert(
            tx,
            &NewUser {
                email,
                password_hash,
                first_name: first,
                last_name: last,
                gender: "Other",
                user_type,
                is_admin: admin,
                verified: true,
                is_demo: true,
            },
        )
    };
    let admin = user(
        &format!("admin@{DOMAIN}"),
        UserType::Other,
        "Bench",
        "Admin",
        true,
    )?;
    let mut everyone = Vec::with_capacity(shape.users);
    let mut reviewers = Vec::new();
    for n in 1..=shape.users {
        let kind = match rng.random_range(0..100) {
            0..75 => Some(ReviewerType::Student),
            75..95 => Some(ReviewerType::Employer),
            _ => None,
        };
        let id = user(
            &format!("user{n}@{DOMAIN}"),
            kind.map_or(UserType::Parent, UserType::from),
            FIRST_NAMES.choose(rng).expect("names"),
            LAST_NAMES.choose(rng).expect("names"),
            false,
        )?;
        everyone.push(id);
        if let Some(kind) = kind {
            reviewers.push(Reviewer { id, kind });
        }
    }
    let writers = (1..=WRITERS)
        .map(|n| {
            user(
                &format!("writer{n}@{DOMAIN}"),
                UserType::Student,
                "Bench",
                "Writer",
                false,
            )
        })
        .collect::<rusqlite::Result<Vec<_>>>()?;

    let pools = [ReviewerType::Student, ReviewerType::Employer]
        .map(|kind| checked_pool(kind, this_day))
        .into_iter()
        .collect::<anyhow::Result<Vec<_>>>()?;
    let prolific = reviewers
        .iter()
        .skip(shape.hot_reviews)
        .position(|r| r.kind == ReviewerType::Student)
        .map(|at| at + shape.hot_reviews)
        .expect("a student beyond the hot pair's reviewers");

    let mut writer = Writer {
        tx,
        rng,
        today,
        everyone: &everyone,
        pools: &pools,
        industries: &industries,
        votes_per_review: shape.votes as f64 / (shape.reviews as f64 * 0.95),
        liked: Vec::new(),
    };
    for reviewer in &reviewers[..shape.hot_reviews] {
        writer.review(reviewer, hot, Some(true))?;
    }
    let mut picked = Vec::new();
    for &offering in offerings
        .iter()
        .filter(|&&o| o != hot)
        .take(shape.prolific_reviews)
    {
        writer.review(&reviewers[prolific], offering, None)?;
        picked.push(offering);
    }
    let others: Vec<&Reviewer> = reviewers
        .iter()
        .enumerate()
        .filter(|&(at, _)| at != prolific)
        .map(|(_, r)| r)
        .collect();
    let left = shape
        .reviews
        .saturating_sub(shape.hot_reviews + shape.prolific_reviews);
    for (at, reviewer) in others.iter().enumerate() {
        let count = left / others.len() + usize::from(at < left % others.len());
        picked.clear();
        while picked.len() < count.min(offerings.len() - 1) {
            // Squaring a uniform draw makes the first offerings of the shuffled list popular.
            let roll: f64 = writer.rng.random();
            let offering = offerings[((roll * roll) * offerings.len() as f64) as usize];
            if offering != hot && !picked.contains(&offering) {
                picked.push(offering);
                writer.review(reviewer, offering, None)?;
            }
        }
    }
    for _ in 0..shape.favourites {
        let user = *everyone.choose(&mut *writer.rng).expect("users");
        let (course, provider) = *offerings.choose(&mut *writer.rng).expect("offerings");
        favourites_store::add(tx, user, course, provider)?;
        // A favourite follows its pair, as it does in the site.
        follows_store::follow(
            tx,
            user,
            follows_store::Target {
                course_id: Some(course),
                provider_id: Some(provider),
            },
        )?;
    }
    super::follows::write(tx, writer.rng, shape.follows, &everyone, &offerings)?;
    let liked = writer.liked;
    Ok(Written {
        admin,
        hot,
        prolific: reviewers[prolific].id,
        writers,
        fresh_offerings: offerings.iter().copied().take(100).collect(),
        liked,
    })
}

/// Reviews as authors would submit them: generated answers along the question flow, a title
/// and a comment, all through the submission's checks, which also compute the score.
fn checked_pool(kind: ReviewerType, today: time::Date) -> anyhow::Result<Vec<CheckedReview>> {
    (0..POOL)
        .map(|n| {
            let n_usize = n as usize;
            let comment = (0..1 + n_usize % 4)
                .map(|k| SENTENCES[(n_usize * 3 + k * 7) % SENTENCES.len()])
                .collect::<Vec<_>>()
                .join(" ");
            check_review(
                kind,
                Some(TITLES[n_usize % TITLES.len()]),
                Some(&comment),
                &sample_answers(kind, n * 7919 + kind as u64),
                today,
            )
            .map_err(|problems| anyhow::anyhow!("a generated review was refused: {problems:?}"))
        })
        .collect()
}

struct Writer<'a> {
    tx: &'a Transaction<'a>,
    rng: &'a mut StdRng,
    today: i64,
    everyone: &'a [i64],
    pools: &'a [Vec<CheckedReview>],
    industries: &'a HashMap<i64, Option<i64>>,
    votes_per_review: f64,
    liked: Vec<i64>,
}

impl Writer<'_> {
    /// One review; `decision` None draws one in realistic proportions: the newest wait in the
    /// queue, and of the decided ones about one in twenty-five is turned down.
    fn review(
        &mut self,
        reviewer: &Reviewer,
        (course_id, provider_id): (i64, i64),
        decision: Option<bool>,
    ) -> anyhow::Result<()> {
        let age = self.rng.random_range(0..HISTORY_DAYS * DAY);
        let created = self.today - age;
        let decision = decision
            .or_else(|| (age >= QUEUE_DAYS * DAY).then(|| self.rng.random_range(0..25) != 0));
        let pool = &self.pools[usize::from(reviewer.kind == ReviewerType::Employer)];
        let review = &pool[self.rng.random_range(0..pool.len())];
        let id = reviews::insert(
            self.tx,
            &NewReview {
                user_id: reviewer.id,
                course_id,
                provider_id,
                industry_id: self.industries[&course_id],
                reviewer: reviewer.kind,
                title: &review.title,
                comment: &review.comment,
                score_halves: review.score_halves,
                answers: &review.answers,
                created_at: Some(created),
                decision,
                decided_at: Some(created + self.rng.random_range(DAY / 4..3 * DAY)),
                incentivised: false,
            },
        )?;
        if decision == Some(true) {
            self.vote(id, reviewer.id, created)?;
        }
        Ok(())
    }

    /// Likes and dislikes (four to one) from other users, as many as the shape's total asks
    /// for on average, most reviews getting a few and some many.
    fn vote(&mut self, review: i64, author: i64, created: i64) -> anyhow::Result<()> {
        let draw: f64 = self.rng.random();
        let count = ((-(1.0 - draw).ln() * self.votes_per_review).round() as usize)
            .min(self.everyone.len() - 1);
        let mut votes: Vec<(i64, Vote)> = Vec::with_capacity(count);
        while votes.len() < count {
            let voter = *self.everyone.choose(&mut *self.rng).expect("users");
            if voter != author && !votes.iter().any(|v| v.0 == voter) {
                let vote = if self.rng.random_range(0..5) == 0 {
                    Vote::Dislike
                } else {
                    Vote::Like
                };
                votes.push((voter, vote));
            }
        }
        votes_store::add_votes(self.tx, review, &votes, created + DAY)?;
        if self.liked.len() < 1_000 {
            self.liked.push(review);
        }
        Ok(())
    }
}

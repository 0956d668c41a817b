//! Demo reviews for `serve --demo`: about 300 reviews by several dozen demo students and
//! employers (flagged `is_demo`) on the example providers' offerings, most approved, a dozen
//! waiting in the moderation queue and a few turned down, with likes and dislikes from other
//! demo users. Written once: a later start finds the reviewers and adds nothing. Deterministic
//! apart from the dates, which count back from today so the site looks alive.

pub mod accounts;
pub(crate) mod facts;
mod people;
mod store;
mod text;
mod write;

use std::collections::HashMap;

use rand::{Rng, SeedableRng, rngs::StdRng};
use rusqlite::Transaction;

use self::{
    text::Mood,
    write::{Context, weighted},
};
use crate::{
    auth::password,
    catalog::counters_store,
    db::Db,
    error::AppError,
    reviews::{
        ReviewerType,
        rules::CheckedReview,
        store::{self as reviews, NewReview},
        votes_store::{self, VoteAction},
    },
    seed::demo::accounts::DEMO_PASSWORD,
};

/// How many reviews the demo writes.
pub const REVIEWS: usize = 300;
/// The newest reviews stay unactioned for the admin's queue.
pub const UNACTIONED: usize = 12;
const SEED: u64 = 0x00C0_5E50_42CE;
const DAY: i64 = 86_400;
/// Attempts at a review the checks accept.
const DRAFTS: usize = 10;
/// One demo review in this many says its reviewer was paid, given a gift or a discount for it.
const INCENTIVISED_EVERY: usize = 12;
/// Reviews go back this many days.
const HISTORY_DAYS: i64 = 900;
/// The courses the example courses replaced were taught out this many days ago; each has this
/// many reviews from before, at the provider where its successor is most popular.
const TAUGHT_OUT_DAYS: i64 = 950;
const TAUGHT_OUT_REVIEWS: usize = 3;

/// Writes the demo reviews unless they exist; answers how many it wrote.
pub async fn ensure_reviews(db: &Db) -> anyhow::Result<usize> {
    if db.read(people::seeded).await? {
        return Ok(0);
    }
    let hash = password::hash_async(DEMO_PASSWORD.to_owned()).await?;
    let now = time::OffsetDateTime::now_utc();
    Ok(db.write(move |tx| seed(tx, &hash, now)).await?)
}

/// Gives most example offerings plausible facts unless any has facts; answers how many.
pub async fn ensure_facts(db: &Db) -> anyhow::Result<usize> {
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    Ok(db.write(move |tx| facts::ensure_facts(tx, now)).await?)
}

/// An example provider's offering, with what the texts need.
pub(super) struct Offering {
    course_id: i64,
    provider_id: i64,
    industry_id: Option<i64>,
    industry_slug: String,
    course: String,
    provider: String,
    town: String,
    career: Option<String>,
    /// For an offering of a replaced course: the course that replaced it.
    successor: Option<i64>,
    /// A few offerings draw most reviews, as on a real site.
    popularity: u32,
}

fn seed(
    tx: &Transaction,
    password_hash: &str,
    now: time::OffsetDateTime,
) -> Result<usize, AppError> {
    if people::seeded(tx)? {
        return Ok(0);
    }
    let mut rng = StdRng::seed_from_u64(SEED);
    let mut offerings = example_offerings(tx, &mut rng)?;
    if offerings.is_empty() {
        return Ok(0);
    }
    let now_secs = now.unix_timestamp();
    let mut plans = Vec::with_capacity(REVIEWS);
    let mut reviewers = Vec::new();
    taught_out(tx, now_secs, &mut offerings, &mut reviewers, &mut plans)?;
    let mut by_industry: HashMap<&str, Vec<usize>> = HashMap::new();
    for (index, offering) in offerings.iter().enumerate() {
        if offering.successor.is_some() {
            continue;
        }
        by_industry
            .entry(offering.industry_slug.as_str())
            .or_default()
            .push(index);
    }
    let mut industries: Vec<(&str, Vec<usize>)> = by_industry.into_iter().collect();
    industries.sort();
    // Some providers simply do better than others.
    let mut provider_ids: Vec<i64> = offerings.iter().map(|o| o.provider_id).collect();
    provider_ids.sort();
    provider_ids.dedup();
    let quality: HashMap<i64, f64> = provider_ids
        .into_iter()
        .map(|id| (id, rng.random_range(0.0..1.0)))
        .collect();

    while plans.len() < REVIEWS {
        let industry_weights: Vec<u32> = industries
            .iter()
            .map(|(_, list)| list.len() as u32)
            .collect();
        let (industry, list) = &industries[weighted(&mut rng, &industry_weights)];
        let reviewer = people::make(&mut rng, reviewers.len(), industry);
        let wanted = if reviewer.kind == ReviewerType::Student {
            weighted(&mut rng, &[15, 25, 25, 20, 10, 5]) + 1
        } else {
            weighted(&mut rng, &[25, 30, 25, 20]) + 2
        };
        let mut chosen: Vec<usize> = Vec::new();
        let weights: Vec<u32> = list.iter().map(|&i| offerings[i].popularity).collect();
        for _ in 0..wanted * 4 {
            if chosen.len() == wanted.min(list.len()) || plans.len() + chosen.len() == REVIEWS {
                break;
            }
            let pick = list[weighted(&mut rng, &weights)];
            // One review per course: nobody studies the same course at two providers.
            if !chosen
                .iter()
                .any(|&c| offerings[c].course_id == offerings[pick].course_id)
            {
                chosen.push(pick);
            }
        }
        for offering in chosen {
            let age = rng.random_range(2..HISTORY_DAYS) * DAY + rng.random_range(0..DAY);
            plans.push((reviewers.len(), offering, now_secs - age));
        }
        reviewers.push(reviewer);
    }

    let ids = people::insert(tx, &mut rng, &reviewers, password_hash, now_secs, &plans)?;
    // Newest first: the first few wait for moderation; a few older ones break the terms.
    plans.sort_by_key(|&(_, _, created)| std::cmp::Reverse(created));
    let mut written = Vec::with_capacity(plans.len());
    for (position, &(who, offering, created)) in plans.iter().enumerate() {
        let reviewer = &reviewers[who];
        let offering = &offerings[offering];
        let written_at =
            time::OffsetDateTime::from_unix_timestamp(created).map_err(anyhow::Error::from)?;
        let ctx = Context {
            course: &offering.course,
            provider: &offering.provider,
            town: &offering.town,
            industry_slug: &offering.industry_slug,
            career: offering.career.as_deref(),
            written: (written_at.year(), u8::from(written_at.month()) as u32),
            today: now.date(),
        };
        let against_terms = position >= UNACTIONED && position % 70 == 35;
        // The profanity filter can misread a name or two sentences together: draft again.
        let mut draft = || {
            if against_terms {
                write::against_the_terms(&mut rng, reviewer.kind, position / 70, &ctx)
            } else {
                let mood = mood(&mut rng, quality[&offering.provider_id]);
                write::write(&mut rng, reviewer.kind, mood, &ctx)
            }
        };
        let mut review = draft();
        for _ in 1..DRAFTS {
            let Err(problems) = &review else { break };
            tracing::debug!(?problems, "a demo review was refused; drafting another");
            review = draft();
        }
        let review: CheckedReview = review.map_err(AppError::Validation)?;
        let decision = (position >= UNACTIONED).then_some(!against_terms);
        let decided_at =
            decision.map(|_| (created + rng.random_range(DAY / 4..3 * DAY)).min(now_secs));
        let id = reviews::insert(
            tx,
            &NewReview {
                user_id: ids[who],
                course_id: offering.course_id,
                provider_id: offering.provider_id,
                industry_id: offering.industry_id,
                reviewer: reviewer.kind,
                title: &review.title,
                comment: &review.comment,
                score_halves: review.score_halves,
                answers: &review.answers,
                created_at: Some(created),
                decision,
                decided_at,
                // Some reviewers took part in the beta testing program's paid feedback.
                incentivised: position % INCENTIVISED_EVERY == INCENTIVISED_EVERY / 2,
            },
        )?;
        if decision == Some(true) {
            written.push((id, ids[who], review.comment.len()));
        }
    }
    vote(tx, &mut rng, &ids, &written)?;
    counters_store::recount_all(tx)?;
    Ok(plans.len())
}

/// The mood of a review at a provider of `quality` (0 poor .. 1 excellent).
fn mood(rng: &mut StdRng, quality: f64) -> Mood {
    let weights =
        [30.0 * (0.5 + quality), 35.0, 22.0, 13.0 * (1.5 - quality)].map(|w: f64| w.round() as u32);
    Mood::ALL[weighted(rng, &weights)]
}

/// Offerings of the courses the example courses replaced, taught out before the demo's history,
/// and a few reviews of each from before, at the provider where its successor is most popular,
/// so that successor's page shows them apart. Its own generator leaves the other reviews as
/// they were.
fn taught_out(
    tx: &Transaction,
    now: i64,
    offerings: &mut Vec<Offering>,
    reviewers: &mut Vec<people::Reviewer>,
    plans: &mut Vec<(usize, usize, i64)>,
) -> rusqlite::Result<()> {
    let mut rng = StdRng::seed_from_u64(SEED + 1);
    store::add_taught_out_offerings(tx, now - TAUGHT_OUT_DAYS * DAY)?;
    let mut old = store::example_offerings(tx, true)?;
    // The most popular offering of each successor, first in the offerings' order.
    let mut busiest: HashMap<i64, (u32, i64)> = HashMap::new();
    for o in offerings.iter() {
        let best = busiest
            .entry(o.course_id)
            .or_insert((o.popularity, o.provider_id));
        if o.popularity > best.0 {
            *best = (o.popularity, o.provider_id);
        }
    }
    old.retain(|o| {
        o.successor
            .and_then(|s| busiest.get(&s))
            .is_some_and(|&(_, provider)| provider == o.provider_id)
    });
    for offering in old {
        for _ in 0..TAUGHT_OUT_REVIEWS {
            let age = rng.random_range(TAUGHT_OUT_DAYS + 10..TAUGHT_OUT_DAYS + 1000) * DAY;
            plans.push((reviewers.len(), offerings.len(), now - age));
            reviewers.push(people::make(
                &mut rng,
                reviewers.len(),
                &offering.industry_slug,
            ));
        }
        offerings.push(offering);
    }
    Ok(())
}

fn example_offerings(tx: &Transaction, rng: &mut StdRng) -> rusqlite::Result<Vec<Offering>> {
    let mut offerings = store::example_offerings(tx, false)?;
    for offering in &mut offerings {
        offering.popularity = match rng.random_range(0..100) {
            0..4 => 120,
            4..15 => 8,
            _ => 1,
        };
    }
    Ok(offerings)
}

/// Likes and dislikes on the approved reviews from other demo reviewers; longer reviews
/// draw more of both.
fn vote(
    tx: &Transaction,
    rng: &mut StdRng,
    voters: &[i64],
    reviews: &[(i64, i64, usize)],
) -> Result<(), AppError> {
    for &(review, author, length) in reviews {
        let likes = weighted(rng, &[30, 25, 15, 10, 8, 5, 4, 3])
            + usize::from(length > 250) * rng.random_range(0..4);
        let dislikes = weighted(rng, &[75, 17, 6, 2]);
        let mut crowd: Vec<i64> = voters
            .iter()
            .copied()
            .filter(|&voter| voter != author)
            .collect();
        for (count, action) in [(likes, VoteAction::Like), (dislikes, VoteAction::Dislike)] {
            for _ in 0..count.min(crowd.len()) {
                let voter = crowd.swap_remove(rng.random_range(0..crowd.len()));
                votes_store::vote(tx, review, voter, action)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mood_and_reviewer_writes_valid_reviews() {
        let mut rng = StdRng::seed_from_u64(7);
        for industry_slug in ["hospitality", "construction", "information-technology", ""] {
            let ctx = Context {
                course: "Certificate III in Commercial Cookery",
                provider: "Harbourlight Skills College",
                town: "Sydney",
                industry_slug,
                career: Some("IT Support Technician"),
                written: (2024, 1),
                today: time::Date::from_calendar_date(2025, time::Month::June, 1).unwrap(),
            };
            for _ in 0..200 {
                for kind in [ReviewerType::Student, ReviewerType::Employer] {
                    for mood in Mood::ALL {
                        let review = write::write(&mut rng, kind, mood, &ctx)
                            .unwrap_or_else(|e| panic!("{kind:?} {mood:?}: {e:?}"));
                        assert!(
                            !review.comment.contains('{') && !review.title.contains('{'),
                            "{}",
                            review.comment
                        );
                    }
                    for which in 0..4 {
                        write::against_the_terms(&mut rng, kind, which, &ctx).unwrap();
                    }
                }
            }
        }
    }

    /// rustrict reads across sentence ends ('...ing. A' or '...a. Ass...' look like slurs),
    /// so every pair of parts that can meet is checked, not only each part.
    #[test]
    fn no_text_is_profane_alone_or_beside_another() {
        let mut texts: Vec<String> = Vec::new();
        for parts in text::STUDENT.iter().chain(&text::EMPLOYER) {
            texts.extend(parts.titles.iter().map(|t| t.to_string()));
            for first in parts.openers.iter().chain(parts.details) {
                texts.extend(
                    parts
                        .details
                        .iter()
                        .chain(parts.closers)
                        .map(|second| format!("{first} {second}")),
                );
            }
        }
        let pairs = text::STILL_DOING_WELL
            .iter()
            .chain(text::STILL_DOING_BADLY)
            .chain(text::LEFT.iter().flat_map(|(_, pool)| pool.iter()))
            .chain(text::EMPLOYER_DID_NOT_COMPLETE)
            .chain(text::AGAINST_THE_TERMS);
        texts.extend(pairs.flat_map(|(title, comment)| [title.to_string(), comment.to_string()]));
        texts.extend(
            text::OTHER_REASONS
                .iter()
                .chain(text::STILL_LOOKING)
                .map(|t| t.to_string()),
        );
        let profane: Vec<&String> = texts
            .iter()
            .filter(|text| crate::reviews::profanity::is_profane(text))
            .collect();
        assert!(profane.is_empty(), "{profane:#?}");
    }

    #[test]
    fn names_read_well_mid_sentence() {
        assert_eq!(
            text::short_name("Certificate III in Commercial Cookery"),
            "Commercial Cookery"
        );
        assert_eq!(
            text::short_name("Diploma of Leadership and Management"),
            "Leadership and Management"
        );
        assert_eq!(
            text::with_article(&text::job_phrase("IT Support Technician")),
            "an IT support technician"
        );
        assert_eq!(
            text::with_article(&text::job_phrase("Commis Chef")),
            "a commis chef"
        );
    }
}

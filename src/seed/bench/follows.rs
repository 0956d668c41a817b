//! What the bench data set's users follow, and a week of alerts: `Shape::follows` follows of
//! pairs, providers and courses (popular offerings more often, as reviews are), and the
//! followers' alerts of the reviews approved in one week, written by the same rule an approval
//! uses (`accounts::alerts::review_published`), so the weekly digest has a real week to send.

use rand::{Rng, rngs::StdRng, seq::IndexedRandom};
use rusqlite::Transaction;

use super::store;
use crate::{
    accounts::{alerts, follows_store, follows_store::Target},
    config::Settings,
    error::AppError,
};

/// Follows drawn for `everyone`: six in ten a pair, a quarter a provider, the rest a course.
pub fn write(
    tx: &Transaction,
    rng: &mut StdRng,
    count: usize,
    everyone: &[i64],
    offerings: &[(i64, i64)],
) -> rusqlite::Result<()> {
    for _ in 0..count {
        let user = *everyone.choose(rng).expect("users");
        // Squaring a uniform draw makes the first offerings of the list popular.
        let roll: f64 = rng.random();
        let (course, provider) = offerings[((roll * roll) * offerings.len() as f64) as usize];
        let target = match rng.random_range(0..20) {
            0..12 => Target {
                course_id: Some(course),
                provider_id: Some(provider),
            },
            12..17 => Target {
                course_id: None,
                provider_id: Some(provider),
            },
            _ => Target {
                course_id: Some(course),
                provider_id: None,
            },
        };
        follows_store::follow(tx, user, target)?;
    }
    Ok(())
}

/// The followers' alerts of the reviews approved in the week `(from, to]` (review dates), as
/// if a moderator had approved them this week; answers how many reviews.
pub fn alert_week(
    tx: &Transaction,
    settings: &Settings,
    (from, to): (i64, i64),
) -> Result<usize, AppError> {
    let reviews = store::approved_between(tx, from, to)?;
    for &review in &reviews {
        alerts::review_published(tx, settings, review)?;
    }
    Ok(reviews.len())
}

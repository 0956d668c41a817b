//! Signals of fake reviews (issue 30, DESIGN decision 25): each submitted review is checked for
//! a burst of reviews of its offering, a cluster from one network, a fresh account, text nearly
//! the same as another review of the provider, and a reviewer tied to the provider. What it
//! raises is stored in plain words for the moderation queue only: a signal never approves or
//! refuses, never changes a score or an order, never depends on whether the review is positive
//! or negative, and its reviewer never sees it.

use std::{collections::HashMap, hash::Hasher, net::IpAddr, path::PathBuf, sync::Mutex};

use fnv::FnvHasher;
use hmac::{Hmac, Mac};
use rusqlite::{Connection, Transaction, TransactionBehavior};
use serde::Serialize;
use sha2::Sha256;
use utoipa::ToSchema;

use super::signals_store as store;
use crate::{
    config::{Settings, SignalThresholds},
    db::migrations::{step_done, step_scheduled},
    error::AppError,
    limits::address_key,
    vocabulary::{self, vocabulary},
};

pub const DAY: i64 = 86_400;
/// How long a review's hashed network is kept.
pub const NETWORK_DAYS: i64 = 90;
const KEY_FILE: &str = "network.key";
/// The data step that gives the reviews written before migration V19 their grams.
const GRAMS_STEP: &str = "review-grams";
/// The reviews of a provider a new one is compared with for near-duplicates, the latest first.
const COMPARED: i64 = 2000;

vocabulary! {
    /// What a signal is.
    pub enum SignalKind {
        Burst = "burst",
        Cluster = "cluster",
        FreshAccount = "fresh-account",
        NearDuplicate = "near-duplicate",
        TiedToProvider = "tied-to-provider",
    }
}

fn kinds() -> utoipa::openapi::Object {
    vocabulary::schema::<SignalKind>(false)
}

/// One signal a review raised, as the moderation queue shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Signal {
    /// 'burst', 'cluster', 'fresh-account', 'near-duplicate' or 'tied-to-provider'.
    #[schema(schema_with = kinds)]
    pub signal: SignalKind,
    /// Why, in plain words.
    pub text: String,
}

/// The data directory's network key, read (or made) once per process: concurrent first
/// submissions must not race to create it.
fn key(settings: &Settings) -> anyhow::Result<Vec<u8>> {
    static KEYS: Mutex<Option<HashMap<PathBuf, Vec<u8>>>> = Mutex::new(None);
    let mut keys = KEYS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let keys = keys.get_or_insert_with(HashMap::new);
    let path = settings.data_dir.path.clone();
    if let Some(key) = keys.get(&path) {
        return Ok(key.clone());
    }
    let key = settings.data_dir.secret(KEY_FILE)?;
    keys.insert(path, key.clone());
    Ok(key)
}

/// Reads (or makes) the network key ahead of the first review.
pub fn warm_up(settings: &Settings) {
    if let Err(err) = key(settings) {
        tracing::warn!(error = %err, "no network key: the cluster signal is skipped");
    }
}

/// The keyed hash of the network `ip` is in: its /24 (IPv4) or /64 (IPv6), never the address.
/// None when the key cannot be had (a full disk, say): a signal is never worth refusing a review.
pub fn network_hash(settings: &Settings, ip: IpAddr) -> Option<String> {
    let key = match key(settings) {
        Ok(key) => key,
        Err(err) => {
            tracing::warn!(error = %err, "no network key: the cluster signal is skipped");
            return None;
        }
    };
    let network = match address_key(ip) {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            format!("{a}.{b}.{c}.0/24")
        }
        IpAddr::V6(v6) => format!("{v6}/64"),
    };
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).expect("HMAC takes any key");
    mac.update(network.as_bytes());
    Some(hex(&mac.finalize().into_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The words of a text, lower-cased, letters and digits only.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The word trigrams of a review's title and comment, each as a 32-bit FNV-1a hash (stable
/// across releases, since they are stored), sorted and without repeats; a text of fewer than
/// three words is one gram.
pub fn grams(title: &str, comment: &str) -> Vec<u32> {
    let words = words(&format!("{title} {comment}"));
    let gram = |words: &[String]| {
        let mut hasher = FnvHasher::default();
        for word in words {
            hasher.write(word.as_bytes());
            hasher.write_u8(0);
        }
        hasher.finish() as u32
    };
    let mut grams: Vec<u32> = if words.len() < 3 {
        vec![gram(&words)]
    } else {
        words.windows(3).map(gram).collect()
    };
    grams.sort_unstable();
    grams.dedup();
    grams
}

/// How alike two sorted sets of grams are (Jaccard), in whole percent, rounded down.
fn alike(a: &[u32], b: &[u32]) -> i64 {
    let (mut i, mut j, mut shared) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => (i, j, shared) = (i + 1, j + 1, shared + 1),
        }
    }
    let union = a.len() + b.len() - shared;
    if union == 0 {
        return 0;
    }
    (shared * 100 / union) as i64
}

/// The median of the daily counts (days without reviews count as 0).
fn median(mut days: Vec<i64>) -> i64 {
    days.sort_unstable();
    days.get(days.len() / 2).copied().unwrap_or(0)
}

/// Checks the review just stored (sent from `network`, at `now`) and stores what it raises.
pub fn check(
    tx: &Transaction,
    limits: &SignalThresholds,
    review_id: i64,
    network: Option<&str>,
    duplicate: Option<Duplicate>,
    now: i64,
) -> Result<(), AppError> {
    let Some(review) = store::subject(tx, review_id)? else {
        return Ok(());
    };
    let mut raised = Vec::new();
    let (course, provider) = (review.course_id, review.provider_id);

    let window = (course, provider, now - DAY, now + 1);
    let last_day = store::offering_reviews(tx, course, provider, window.2, window.3)?;
    if last_day >= limits.burst_reviews {
        let mut days = store::daily_counts(tx, course, provider, now - DAY, NETWORK_DAYS)?;
        days.resize(NETWORK_DAYS as usize, 0);
        let median = median(days);
        if last_day > limits.burst_factor * median {
            let text = format!(
                "Burst: {last_day} reviews of this course at this provider in 24 hours; its daily median over the 90 days before is {median}."
            );
            // Every review of the burst is flagged, not only the one that tipped it. Once the
            // review before this one has the signal, the rest of this window has it too (that
            // review's own check flagged a window holding them all): only this one is new, and
            // a long burst costs each review a look, not a pass over all the others.
            if !store::latest_of_window_has(tx, window, review_id, SignalKind::Burst)? {
                store::flag_offering_reviews(tx, window, SignalKind::Burst, &text)?;
            }
            raised.push((SignalKind::Burst, text));
        }
    }

    if let Some(network) = network {
        store::record_network(tx, review_id, provider, network, now)?;
        let since = now - 7 * DAY;
        let same = store::same_network(tx, provider, network, since)?;
        if same >= limits.cluster_reviews {
            let text = format!(
                "Cluster: {same} reviews of this provider in 7 days came from one network."
            );
            // As for a burst: flagged all at once, then each newcomer alone.
            let from = (provider, network, since);
            if !store::latest_of_network_has(tx, from, review_id, SignalKind::Cluster)? {
                store::flag_same_network(tx, from, SignalKind::Cluster, &text)?;
            }
            raised.push((SignalKind::Cluster, text));
        }
    }

    let age = review.created_at - review.account_created_at;
    if age < limits.fresh_hours * 3600 && store::first_and_only_activity(tx, review.user_id)? {
        raised.push((
            SignalKind::FreshAccount,
            format!(
                "Fresh account: created {} before its first review, with no other activity.",
                hours(age)
            ),
        ));
    }

    raised.extend(near_duplicate(duplicate));

    match store::tie(tx, review.user_id, review.provider_id)? {
        Some(store::Tie::Representative) => raised.push((
            SignalKind::TiedToProvider,
            "Tied to the provider: the reviewer is its representative.".to_owned(),
        )),
        Some(store::Tie::Domain(domain)) => raised.push((
            SignalKind::TiedToProvider,
            format!("Tied to the provider: the reviewer's email domain, {domain}, is its representative's."),
        )),
        None => {}
    }

    for (kind, text) in raised {
        store::add(tx, review_id, kind, &text)?;
    }
    Ok(())
}

/// The review of a provider most alike to a text, when at or above the threshold.
pub struct Duplicate {
    alike: i64,
    id: i64,
    title: String,
}

/// The near-duplicate of `title` and `comment` among the latest 2000 of `provider`'s other
/// reviews, by their kept grams. Read before the write, so comparing does not hold the writer.
pub fn closest(
    conn: &Connection,
    limits: &SignalThresholds,
    provider: i64,
    except: Option<i64>,
    (title, comment): (&str, &str),
) -> rusqlite::Result<Option<Duplicate>> {
    let grams = grams(title, comment);
    let mut best: Option<(i64, i64)> = None;
    store::each_provider_grams(
        conn,
        provider,
        except.unwrap_or(0),
        COMPARED,
        |id, other| {
            let alike = alike(&grams, other);
            // Newest first: among equals the oldest, the one the others copied, is named.
            if best.is_none_or(|(most, _)| alike >= most) {
                best = Some((alike, id));
            }
        },
    )?;
    match best.filter(|(alike, _)| *alike >= limits.duplicate_percent) {
        Some((alike, id)) => {
            Ok(store::title(conn, id)?.map(|title| Duplicate { alike, id, title }))
        }
        None => Ok(None),
    }
}

/// [`closest`] for a stored review's provider (its author is editing it).
pub fn closest_for_review(
    conn: &Connection,
    limits: &SignalThresholds,
    review_id: i64,
    text: (&str, &str),
) -> rusqlite::Result<Option<Duplicate>> {
    match store::subject(conn, review_id)? {
        Some(review) => closest(conn, limits, review.provider_id, Some(review_id), text),
        None => Ok(None),
    }
}

fn near_duplicate(duplicate: Option<Duplicate>) -> Option<(SignalKind, String)> {
    duplicate.map(|Duplicate { alike, id, title }| {
        (
            SignalKind::NearDuplicate,
            format!("Near-duplicate: {alike}% alike by word trigrams to review {id} of this provider, \"{title}\"."),
        )
    })
}

/// A review's text changed (its author sent it back edited): its near-duplicate signal is
/// checked again.
pub fn recheck_text(
    tx: &Transaction,
    review_id: i64,
    duplicate: Option<Duplicate>,
) -> Result<(), AppError> {
    store::remove(tx, review_id, SignalKind::NearDuplicate)?;
    if let Some((kind, text)) = near_duplicate(duplicate) {
        store::add(tx, review_id, kind, &text)?;
    }
    Ok(())
}

/// Keeps the grams of a review just written, or whose text just changed: the store of reviews
/// calls it wherever it writes a title or a comment, so every review has its grams.
pub fn keep_grams(
    conn: &Connection,
    review_id: i64,
    (provider, created_at): (i64, i64),
    (title, comment): (&str, &str),
) -> rusqlite::Result<()> {
    store::keep_grams(
        conn,
        review_id,
        provider,
        created_at,
        &grams(title, comment),
    )
}

/// Keeps the new grams of a review whose title or comment its author changed.
pub fn regram(
    conn: &Connection,
    review_id: i64,
    (title, comment): (&str, &str),
) -> rusqlite::Result<()> {
    store::replace_grams(conn, review_id, &grams(title, comment))
}

/// Gives every review without kept grams its grams; answers how many it gave.
fn fill_grams(tx: &Transaction) -> rusqlite::Result<usize> {
    let (mut after, mut filled) = (0, 0);
    // In batches by id, so a million reviews never sit in memory at once.
    loop {
        let batch = store::without_grams(tx, after, 10_000)?;
        let Some((last, _)) = batch.last() else {
            return Ok(filled);
        };
        after = *last;
        filled += batch.len();
        for (review_id, review) in &batch {
            let text = (review.title.as_str(), review.comment.as_str());
            keep_grams(
                tx,
                *review_id,
                (review.provider_id, review.created_at),
                text,
            )?;
        }
    }
}

/// The data step of migration V19: runs [`fill_grams`] for the reviews written before.
pub fn grams_pending(conn: &mut Connection) -> anyhow::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    if !step_scheduled(&tx, GRAMS_STEP)? {
        return Ok(());
    }
    let filled = fill_grams(&tx)?;
    step_done(&tx, GRAMS_STEP)?;
    tx.commit()?;
    tracing::info!(
        filled,
        "kept the word trigrams of the reviews written before"
    );
    Ok(())
}

fn hours(seconds: i64) -> String {
    match seconds.max(0) / 3600 {
        0 => "less than an hour".to_owned(),
        1 => "1 hour".to_owned(),
        n => format!("{n} hours"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How alike two texts are by word trigrams (Jaccard), in whole percent, rounded down.
    fn similarity(a: &str, b: &str) -> i64 {
        alike(&grams(a, ""), &grams(b, ""))
    }

    #[test]
    fn similarity_counts_shared_word_trigrams() {
        let a = "Great trainers and real kitchen time every single week";
        assert_eq!(similarity(a, a), 100);
        assert_eq!(similarity(a, &a.to_uppercase().replace(' ', ",  ")), 100);
        // Nine words, seven trigrams; the last word changed: 6 shared of 8 in all.
        assert_eq!(
            similarity(a, "Great trainers and real kitchen time every single month"),
            75
        );
        assert_eq!(similarity(a, "Nothing in common here at all"), 0);
        assert_eq!(similarity("Great", "great"), 100);
    }

    #[test]
    fn the_median_counts_quiet_days() {
        assert_eq!(median(vec![0; 90]), 0);
        let mut days = vec![2; 46];
        days.resize(90, 0);
        assert_eq!(median(days), 2);
    }
}

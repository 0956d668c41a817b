//! Answers that do not change are not recomputed (DESIGN decision 17). A public answer's JSON is
//! kept in memory under the database's public version (moved by triggers on every table a public
//! answer reads, whichever process writes), a private one's under the data version (which moves
//! with every commit), so the request after a change computes it afresh: nothing is ever
//! invalidated by time. A kept answer is held in zstd (about a fifth of its JSON), with its
//! `ETag` so that a browser that has it gets `304 Not Modified`; a brotli or gzip form is made
//! once when a client that takes no zstd first asks for it, and kept beside it. Public
//! answers carry a short shared-cache `Cache-Control` for nginx or a CDN in front; answers
//! that need a session are private. The small reads that every request repeats (who a session
//! belongs to) are kept the same way, until the next commit.

use std::{
    hash::Hash,
    sync::{
        Arc, Weak,
        atomic::{AtomicU64, Ordering},
    },
};

use axum::{
    extract::{FromRef, FromRequestParts},
    http::{HeaderValue, header, request::Parts},
    response::Response,
};
use bytes::Bytes;
use quick_cache::{
    DefaultHashBuilder, OptionsBuilder, Weighter,
    sync::{Cache, DefaultLifecycle},
};
use serde::Serialize;

use crate::{db::Db, error::AppResult};

mod answer;
use answer::{Answer, JSON, in_scratch};

/// Browsers revalidate public answers every time (a `304` when unchanged); a shared cache
/// may serve them for a few seconds, which is the operator's trade when they put one in front.
pub const PUBLIC: &str = "public, max-age=0, s-maxage=10";
/// Answers for a logged-in user: the browser revalidates, shared caches never keep them.
pub const PRIVATE: &str = "private, no-cache";

pub struct AnswerCache {
    kept: Cache<String, Arc<Answer>, BodyBytes>,
    /// Each pair's (public, pair) versions under the data version they were read at, so a
    /// request whose session already looked at the data version reads no more of the database.
    pair_versions: UntilNextCommit<(i64, i64), (i64, i64)>,
    /// Each kept page of a pair's reviews with what a vote can change of it (its members), under
    /// the public version alone: after a vote on the pair, a page none of whose members changed
    /// is served again rather than computed (`Cached::members_of_pair`).
    pages: Cache<String, Arc<KeptPage>, PageBytes>,
    /// How many answers were computed rather than taken from `kept` (tests read it).
    computed: AtomicU64,
}

impl Default for AnswerCache {
    fn default() -> Self {
        Self::with_capacity(crate::config::DEFAULT_ANSWER_CACHE_MIB * 1024 * 1024)
    }
}

impl AnswerCache {
    /// A cache whose answers take at most `bytes`, their compressed forms included.
    pub fn with_capacity(bytes: u64) -> Self {
        Self {
            kept: Cache::with_options(
                OptionsBuilder::new()
                    // An estimate of the number of entries: a kept answer is 0.5 to 4 KiB.
                    .estimated_items_capacity((bytes / 1024).max(16) as usize)
                    .weight_capacity(bytes)
                    // A dropped key is remembered (as a hash) among as many as there are
                    // entries, twice quick_cache's default, so a new set of answers that keeps
                    // coming back (every provider's, after every course's filled the cache) is
                    // admitted as hot on a later visit rather than dropped again as cold.
                    .ghost_allocation(1.0)
                    .build()
                    .expect("the answer cache's options are in range"),
                BodyBytes,
                DefaultHashBuilder::default(),
                DefaultLifecycle::default(),
            ),
            pair_versions: UntilNextCommit::default(),
            pages: Cache::with_weighter(512, KEPT_PAGES_BYTES, PageBytes),
            computed: AtomicU64::new(0),
        }
    }

    /// What the kept answers may weigh, in bytes.
    pub fn capacity(&self) -> u64 {
        self.kept.capacity()
    }

    /// How many answers were computed since the start, rather than served as kept.
    pub fn computed(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }

    /// A computed answer, counted.
    fn made(&self, answer: Answer) -> Arc<Answer> {
        self.computed.fetch_add(1, Ordering::Relaxed);
        Arc::new(answer)
    }
}

#[derive(Clone)]
struct BodyBytes;

impl Weighter<String, Arc<Answer>> for BodyBytes {
    fn weight(&self, key: &String, answer: &Arc<Answer>) -> u64 {
        // Exact. An answer never changes once kept (quick_cache weighs it again to take it
        // out): a form made later is kept in a copy that replaces it (`Cached::keep`).
        // What each entry holds besides its bodies counts too: a kept answer is small now.
        let made = |form: &Option<Bytes>| form.as_ref().map_or(0, Bytes::len);
        let held = size_of::<Answer>() + key.len() + answer.etag.len();
        (held + answer.kept.len() + made(&answer.brotli) + made(&answer.gzip)) as u64
    }
}

/// What the kept pages' members may weigh: about 500 pages of twenty reviews, those of the pairs
/// being voted on (a note that comes back stays; a cold page's is soon dropped). At 1 MiB the
/// whole run's peak RSS reached 102 MB.
const KEPT_PAGES_BYTES: u64 = 256 * 1024;

/// What a kept page was made from that a vote can change: its reviews' ids and votes versions,
/// in its order.
pub type Members = Vec<(i64, i64)>;

/// A kept page's members, and the page while `kept` holds it (the bound on the answers' bytes
/// is theirs alone).
struct KeptPage {
    answer: Weak<Answer>,
    members: Members,
}

#[derive(Clone)]
struct PageBytes;

impl Weighter<String, Arc<KeptPage>> for PageBytes {
    fn weight(&self, key: &String, page: &Arc<KeptPage>) -> u64 {
        (size_of::<KeptPage>() + key.len() + size_of_val(page.members.as_slice())) as u64
    }
}

/// The database's data and public versions as the request's session extractor read them (a
/// request extension): the answers it gets are computed after that look, so they may be kept
/// under them, and the request need not look again. Each look is a read transaction (its file
/// locks included).
#[derive(Clone, Copy)]
pub struct SeenVersions {
    pub data: i64,
    pub public: i64,
}

/// The request's side of a cached answer: extract it in a handler, then call
/// [`Cached::public`] or [`Cached::private`] with the call's key and how to compute it.
pub struct Cached {
    cache: Arc<AnswerCache>,
    db: Db,
    seen: Option<SeenVersions>,
    if_none_match: Option<HeaderValue>,
    accept_encoding: Option<HeaderValue>,
}

impl<S> FromRequestParts<S> for Cached
where
    S: Send + Sync,
    Arc<AnswerCache>: FromRef<S>,
    Db: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self {
            cache: Arc::from_ref(state),
            db: Db::from_ref(state),
            seen: parts.extensions.get::<SeenVersions>().copied(),
            if_none_match: parts.headers.get(header::IF_NONE_MATCH).cloned(),
            accept_encoding: parts.headers.get(header::ACCEPT_ENCODING).cloned(),
        })
    }
}

impl Cached {
    /// An answer from the database that anyone may see and a shared cache may keep.
    pub async fn public<T: Serialize>(
        self,
        key: String,
        compute: impl Future<Output = AppResult<T>>,
    ) -> AppResult<Response> {
        // Read before the data: an answer kept under this version is at least this fresh.
        let version = self.public_version()?;
        self.answer(version, key, PUBLIC, compute).await
    }

    /// A public answer computed from something other than the database (the search index),
    /// kept under that thing's own version.
    pub async fn public_at<T: Serialize>(
        self,
        version: i64,
        key: String,
        compute: impl Future<Output = AppResult<T>>,
    ) -> AppResult<Response> {
        self.answer(version, key, PUBLIC, compute).await
    }

    /// An answer only a logged-in caller gets (the handler checked the session first).
    pub async fn private<T: Serialize>(
        self,
        key: String,
        compute: impl Future<Output = AppResult<T>>,
    ) -> AppResult<Response> {
        let version = self.data_version()?;
        self.answer(version, key, PRIVATE, compute).await
    }

    /// The data version the request's session extractor saw, or else the current one: what
    /// values kept until the next commit ([`UntilNextCommit::get_or_read`]) are kept under.
    pub fn data_version(&self) -> AppResult<i64> {
        match self.seen {
            Some(seen) => Ok(seen.data),
            None => self.db.data_version(),
        }
    }

    /// The public version the request's session extractor saw, or else the current one.
    fn public_version(&self) -> AppResult<i64> {
        match self.seen {
            Some(seen) => Ok(seen.public),
            None => self.db.public_version(),
        }
    }

    /// One pair's reviews, an answer only a logged-in caller gets (the handler checked the
    /// session first) that is the same for all of them and read from public data only: kept
    /// under the public version and the pair's own (V26), which the votes on its reviews move
    /// without emptying any other kept answer; sent private like any answer behind a login.
    /// `compute` gives the JSON itself, written as it read the rows, and the page's members:
    /// all that a vote can change of it. After a vote on the pair, `members` reads them again
    /// (when given), and the page kept before is served again if they are the same.
    pub async fn members_of_pair(
        self,
        (course_id, provider_id): (i64, i64),
        key: String,
        compute: impl Future<Output = AppResult<(Vec<u8>, Members)>>,
        members: Option<impl Future<Output = AppResult<Members>>>,
    ) -> AppResult<Response> {
        let db = self.db.clone();
        let read = || async move { db.public_and_pair_version(course_id, provider_id) };
        let (version, pair) = self
            .cache
            .pair_versions
            .get_or_read(self.data_version()?, (course_id, provider_id), read)
            .await?;
        let cache = self.cache.clone();
        let page_key = format!("{version}\n{key}");
        let make = async move {
            let kept = cache.pages.get(&page_key);
            if let (Some(members), Some(kept)) = (members, kept)
                && let Some(answer) = kept.answer.upgrade()
                && members.await? == kept.members
            {
                return Ok(answer);
            }
            let (json, members) = compute.await?;
            let answer = cache.made(Answer::new(&json, JSON));
            let answer_ref = Arc::downgrade(&answer);
            cache.pages.insert(
                page_key,
                Arc::new(KeptPage {
                    answer: answer_ref,
                    members,
                }),
            );
            Ok(answer)
        };
        self.keep(format!("{version}\n{pair} {key}"), PRIVATE, make)
            .await
    }

    /// A public answer that is not JSON (a page's HTML, the sitemap), kept like the others,
    /// with its own `Cache-Control` (a page names the build's assets: `no-cache`).
    pub async fn public_text(
        self,
        key: String,
        content_type: &'static str,
        cache_control: &'static str,
        compute: impl Future<Output = AppResult<String>>,
    ) -> AppResult<Response> {
        let key = format!("{}\n{key}", self.public_version()?);
        let cache = self.cache.clone();
        let make = async move {
            let text = compute.await?;
            Ok(cache.made(Answer::new(text.as_bytes(), content_type)))
        };
        self.keep(key, cache_control, make).await
    }

    async fn answer<T: Serialize>(
        self,
        version: i64,
        key: String,
        cache_control: &'static str,
        compute: impl Future<Output = AppResult<T>>,
    ) -> AppResult<Response> {
        let cache = self.cache.clone();
        let make = async move {
            let value = compute.await?;
            let answer = in_scratch(|buffer| {
                serde_json::to_writer(&mut *buffer, &value)?;
                Ok::<_, serde_json::Error>(Answer::new(buffer, JSON))
            })
            .map_err(anyhow::Error::from)?;
            Ok(cache.made(answer))
        };
        self.keep(format!("{version}\n{key}"), cache_control, make)
            .await
    }

    /// The answer kept under `key`, else `make`'s, kept; then the form the request accepts.
    async fn keep(
        self,
        key: String,
        cache_control: &'static str,
        make: impl Future<Output = AppResult<Arc<Answer>>>,
    ) -> AppResult<Response> {
        // Requests for an answer being computed wait for it rather than compute it again.
        let answer = self.cache.kept.get_or_insert_async(&key, make).await?;
        let (response, with_form) = answer.respond(
            self.if_none_match.as_ref(),
            self.accept_encoding.as_ref(),
            cache_control,
        );
        if let Some(with_form) = with_form {
            self.cache.kept.insert(key, Arc::new(with_form));
        }
        Ok(response)
    }
}

/// Values read from the database, kept until the next commit by anyone; or, keyed by a version
/// that moves with every change to what they were read from (the session's user under the public
/// version), until that moves.
pub struct UntilNextCommit<K, V> {
    /// Keyed by the version too: a move makes every earlier entry unreachable, and the
    /// cache's capacity drops them.
    kept: quick_cache::sync::Cache<(K, i64), V>,
}

impl<K: Eq + Hash + Clone, V: Clone> Default for UntilNextCommit<K, V> {
    fn default() -> Self {
        Self::with_capacity(10_000)
    }
}

impl<K: Eq + Hash + Clone, V: Clone> UntilNextCommit<K, V> {
    /// Keeps at most `entries` values, the unreachable ones of earlier versions included.
    pub fn with_capacity(entries: usize) -> Self {
        Self {
            kept: quick_cache::sync::Cache::new(entries),
        }
    }

    /// The value kept for `key` at `version` (read before, as [`Cached::data_version`]
    /// does), else `read`'s: a value read after that look is at least as fresh as the version it
    /// is kept under. Callers asking while it is being read wait for that read rather than start
    /// their own.
    pub async fn get_or_read<Fut>(
        &self,
        version: i64,
        key: K,
        read: impl FnOnce() -> Fut,
    ) -> AppResult<V>
    where
        Fut: Future<Output = AppResult<V>>,
    {
        self.kept.get_or_insert_async(&(key, version), read()).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bytes that do not compress, so that a kept answer weighs as much as its JSON.
    fn noise(length: usize, mut state: u64) -> Vec<u8> {
        (0..length)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect()
    }

    /// When the answers asked for change (every course's, then every provider's), the cache
    /// follows: a new set that fits the bound and keeps coming back is kept after a few visits,
    /// rather than admitted and pushed out again on each (bench/RESULTS.md, ninth session).
    #[test]
    fn a_new_set_of_answers_that_comes_back_is_kept() {
        let cache = AnswerCache::with_capacity(256 * 1024);
        let misses = |set: &str, count: u64| {
            (0..count)
                .filter(|n| {
                    let key = format!("{set} {n}");
                    let missed = cache.kept.get(&key).is_none();
                    if missed {
                        let answer = Answer::new(&noise(2000, n + 1), JSON);
                        cache.kept.insert(key, Arc::new(answer));
                    }
                    missed
                })
                .count()
        };
        // Every course's answer, 120 of about 2 KiB, asked for again and again.
        for _ in 0..4 {
            misses("course", 120);
        }
        // Then every provider's, 100 of them. With quick_cache's default share of remembered
        // keys, 79 to 99 of the 100 still missed on the sixth visit; with this cache's, 6 to 23
        // (the spread is the hasher's random seed, which places keys in the shards).
        let providers: Vec<usize> = (0..6).map(|_| misses("provider", 100)).collect();
        assert!(providers[5] < 50, "misses on each visit: {providers:?}");
    }

    /// Kept answers never weigh more than the bound, whatever their number, the forms made for
    /// clients that take no zstd included; the bound, not a count of entries, is what limits them.
    #[test]
    fn the_kept_answers_stay_within_their_byte_bound() {
        let cache = Arc::new(AnswerCache::with_capacity(64 * 1024));
        let safari = HeaderValue::from_static("gzip, deflate, br");
        for n in 0..1000 {
            let json = noise(1500 + n % 7, n as u64 + 1);
            let key = format!("answer {n}");
            let answer = Answer::new(&json, JSON);
            let (_, with_form) = answer.respond(None, Some(&safari), PUBLIC);
            cache.kept.insert(key.clone(), Arc::new(answer));
            cache
                .kept
                .insert(key, Arc::new(with_form.expect("brotli made")));
            assert!(cache.kept.weight() <= 64 * 1024, "after {n}");
        }
        let latest = cache.kept.get("answer 999").expect("the latest is kept");
        assert_eq!(
            BodyBytes.weight(&"answer 999".to_owned(), &latest),
            (size_of::<Answer>()
                + 10
                + 34
                + latest.kept.len()
                + latest.brotli.as_ref().unwrap().len()) as u64
        );
        assert!(latest.kept.len() > 1500 && latest.brotli.as_ref().unwrap().len() > 1500);
        assert!(cache.kept.weight() > 32 * 1024, "{}", cache.kept.weight());
    }
}

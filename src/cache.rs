//! Answers that do not change are not recomputed (DESIGN decision 17). A public answer's JSON is
//! kept in memory under the database's public version (moved by triggers on every table a public
//! answer reads, whichever process writes), a private one's under the data version (which moves
//! with every commit), so the request after a change computes it afresh: nothing is ever
//! invalidated by time. A kept answer also keeps its compressed forms (zstd, brotli, gzip),
//! each made once at a quick level when first asked for, and its `ETag`, so a browser that has it gets `304 Not Modified`. Public
//! answers carry a short shared-cache `Cache-Control` for nginx or a CDN in front; answers
//! that need a session are private. The small reads that every request repeats (who a session
//! belongs to) are kept the same way, until the next commit.

use std::{
    hash::Hash,
    io::Write,
    sync::{
        Arc, OnceLock,
        atomic::{AtomicU64, Ordering},
    },
};

use axum::{
    extract::{FromRef, FromRequestParts},
    http::{HeaderMap, HeaderValue, StatusCode, header, request::Parts},
    response::{IntoResponse, Response},
};
use bytes::Bytes;
use quick_cache::{Weighter, sync::Cache};
use serde::Serialize;

use crate::{db::Db, error::AppResult};

/// Below this an answer is sent as it is: compressing it would not save a packet.
const COMPRESS_FROM_BYTES: usize = 1024;
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
            // quick_cache wants an estimate of the number of entries: a kept answer is a few KiB.
            kept: Cache::with_weighter((bytes / 4096).max(16) as usize, bytes, BodyBytes),
            pair_versions: UntilNextCommit::default(),
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
}

#[derive(Clone)]
struct BodyBytes;

impl Weighter<String, Arc<Answer>> for BodyBytes {
    fn weight(&self, key: &String, answer: &Arc<Answer>) -> u64 {
        // The compressed forms are made later; count them as half the JSON in advance.
        (key.len() + answer.json.len() * 3 / 2) as u64
    }
}

struct Answer {
    json: Bytes,
    /// `application/json`, unless a page or the sitemap is kept (`Cached::public_text`).
    content_type: &'static str,
    /// Quoted hex of the JSON's 128-bit xxh3, without the encoding suffix.
    etag: String,
    zstd: OnceLock<Bytes>,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

/// The database's data version as the request's session extractor read it (a request extension):
/// the answers it gets are computed after that look, so they may be kept under it, and the
/// request need not look again. Each look is a read transaction (its file locks included).
#[derive(Clone, Copy)]
pub struct SeenVersion(pub i64);

/// The request's side of a cached answer: extract it in a handler, then call
/// [`Cached::public`] or [`Cached::private`] with the call's key and how to compute it.
pub struct Cached {
    cache: Arc<AnswerCache>,
    db: Db,
    seen: Option<i64>,
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
            seen: parts.extensions.get::<SeenVersion>().map(|seen| seen.0),
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
        let version = self.db.public_version()?;
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
            Some(seen) => Ok(seen),
            None => self.db.data_version(),
        }
    }

    /// One pair's reviews, an answer only a logged-in caller gets (the handler checked the
    /// session first) that is the same for all of them and read from public data only: kept
    /// under the public version and the pair's own (V26), which the votes on its reviews move
    /// without emptying any other kept answer; sent private like any answer behind a login.
    /// `compute` gives the JSON itself, written as it read the rows.
    pub async fn members_of_pair(
        self,
        (course_id, provider_id): (i64, i64),
        key: String,
        compute: impl Future<Output = AppResult<Vec<u8>>>,
    ) -> AppResult<Response> {
        let db = self.db.clone();
        let read = || async move { db.public_and_pair_version(course_id, provider_id) };
        let (version, pair) = self
            .cache
            .pair_versions
            .get_or_read(self.data_version()?, (course_id, provider_id), read)
            .await?;
        let json = async { Ok(Bytes::copy_from_slice(&compute.await?)) };
        self.answer_json(version, format!("{pair} {key}"), PRIVATE, json)
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
        let key = format!("{}\n{key}", self.db.public_version()?);
        let answer = self
            .cache
            .kept
            .get_or_insert_async(&key, async {
                self.cache.computed.fetch_add(1, Ordering::Relaxed);
                let text = Bytes::copy_from_slice(compute.await?.as_bytes());
                AppResult::Ok(Arc::new(Answer {
                    content_type,
                    ..Answer::new(text)
                }))
            })
            .await?;
        Ok(answer.respond(
            self.if_none_match.as_ref(),
            self.accept_encoding.as_ref(),
            cache_control,
        ))
    }

    async fn answer<T: Serialize>(
        self,
        version: i64,
        key: String,
        cache_control: &'static str,
        compute: impl Future<Output = AppResult<T>>,
    ) -> AppResult<Response> {
        let json = async {
            let value = compute.await?;
            Ok(exact_copy(|buffer| serde_json::to_writer(buffer, &value))
                .map_err(anyhow::Error::from)?)
        };
        self.answer_json(version, key, cache_control, json).await
    }

    /// `compute` gives the answer's JSON at its exact size.
    async fn answer_json(
        self,
        version: i64,
        key: String,
        cache_control: &'static str,
        compute: impl Future<Output = AppResult<Bytes>>,
    ) -> AppResult<Response> {
        let key = format!("{version}\n{key}");
        // Requests for an answer being computed wait for it rather than compute it again.
        let answer = self
            .cache
            .kept
            .get_or_insert_async(&key, async {
                self.cache.computed.fetch_add(1, Ordering::Relaxed);
                AppResult::Ok(Arc::new(Answer::new(compute.await?)))
            })
            .await?;
        Ok(answer.respond(
            self.if_none_match.as_ref(),
            self.accept_encoding.as_ref(),
            cache_control,
        ))
    }
}

impl Answer {
    /// `json` should be exact-size (no spare capacity): it stays in memory as long as it is kept.
    fn new(json: Bytes) -> Self {
        // A quick hash, not a cryptographic one: an ETag only tells one answer from the next,
        // and SHA-256 took 3.6% of a cold page's time (bench/RESULTS.md, lever AQ).
        let digest = xxhash_rust::xxh3::xxh3_128(&json).to_be_bytes();
        let etag = format!("\"{}\"", crate::web::hex(&digest));
        Self {
            json,
            content_type: "application/json",
            etag,
            zstd: OnceLock::new(),
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    fn respond(
        &self,
        if_none_match: Option<&HeaderValue>,
        accept_encoding: Option<&HeaderValue>,
        cache_control: &'static str,
    ) -> Response {
        let accepted = accept_encoding
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        // zstd first: most answers are made for one request (a cold page, or afresh after a
        // commit), and zstd makes them about ten times faster than brotli 5, 15% larger.
        let (encoding, body) = if self.json.len() < COMPRESS_FROM_BYTES {
            (None, self.json.clone())
        } else if crate::web::accepts(accepted, "zstd") {
            (
                Some("zstd"),
                self.zstd.get_or_init(|| zstd(&self.json)).clone(),
            )
        } else if crate::web::accepts(accepted, "br") {
            (
                Some("br"),
                self.brotli.get_or_init(|| brotli(&self.json)).clone(),
            )
        } else if crate::web::accepts(accepted, "gzip") {
            (
                Some("gzip"),
                self.gzip.get_or_init(|| gzip(&self.json)).clone(),
            )
        } else {
            (None, self.json.clone())
        };
        let etag = match encoding {
            Some(encoding) => format!("{}-{encoding}\"", self.etag.trim_end_matches('"')),
            None => self.etag.clone(),
        };
        let unchanged = if_none_match
            .and_then(|v| v.to_str().ok())
            .is_some_and(|tags| {
                tags.split(',')
                    .any(|tag| tag.trim() == etag || tag.trim() == "*")
            });
        let mut response = if unchanged {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let mut response = body.into_response();
            let headers = response.headers_mut();
            headers.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(self.content_type),
            );
            if let Some(encoding) = encoding {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
            }
            response
        };
        let headers: &mut HeaderMap = response.headers_mut();
        headers.insert(
            header::ETAG,
            HeaderValue::from_str(&etag).expect("hex is ASCII"),
        );
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(cache_control),
        );
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        response
    }
}

/// Quick levels: every commit makes each answer afresh, so under writes nearly every request
/// compresses. Brotli 5 makes a review list 1% and a page's HTML 2% larger than brotli 9 did,
/// and brotli 9 took most of a busy request's time (bench/RESULTS.md, lever I).
const BROTLI_QUALITY: i32 = 5;
const GZIP_LEVEL: u32 = 6;
/// zstd 1 rather than 3: on 200 cold review pages (13.5 KB of JSON each) its output was 2.6%
/// larger, and compressing was the largest part of a cold page's time (bench/RESULTS.md, lever
/// AP).
const ZSTD_LEVEL: i32 = 1;

fn zstd(json: &[u8]) -> Bytes {
    // One compressor per thread, reused: making its context afresh cost as much as the
    // compression of a small answer.
    thread_local! {
        static COMPRESSOR: std::cell::RefCell<zstd::bulk::Compressor<'static>> =
            std::cell::RefCell::new(
                zstd::bulk::Compressor::new(ZSTD_LEVEL).expect("a zstd level in range"),
            );
    }
    COMPRESSOR.with_borrow_mut(|compressor| {
        exact_copy(|buffer| {
            buffer.reserve(zstd::zstd_safe::compress_bound(json.len()));
            compressor.compress_to_buffer(json, buffer).map(drop)
        })
        .expect("compressing in memory")
    })
}

/// What `fill` writes into this thread's scratch buffer, copied out at its exact size. A kept
/// answer built in a `Vec` of its own kept the spare capacity of its growth by doubling (up to
/// half of it), and zstd's output the whole bound of a compression (about the JSON's size), so
/// the cache's memory was about twice its byte bound; the buffer also spares those allocations.
fn exact_copy<E>(fill: impl FnOnce(&mut Vec<u8>) -> Result<(), E>) -> Result<Bytes, E> {
    /// A buffer grown past this for one large answer (the sitemap) is not kept.
    const KEEP_UP_TO: usize = 1 << 20;
    thread_local! {
        static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    SCRATCH.with_borrow_mut(|buffer| {
        buffer.clear();
        let filled = fill(buffer).map(|()| Bytes::copy_from_slice(buffer));
        if buffer.capacity() > KEEP_UP_TO {
            *buffer = Vec::new();
        }
        filled
    })
}

fn brotli(json: &[u8]) -> Bytes {
    let params = brotli::enc::BrotliEncoderParams {
        quality: BROTLI_QUALITY,
        ..Default::default()
    };
    exact_copy(|buffer| brotli::BrotliCompress(&mut &json[..], buffer, &params).map(drop))
        .expect("writing to memory")
}

fn gzip(json: &[u8]) -> Bytes {
    exact_copy(|buffer| {
        let mut encoder =
            flate2::write::GzEncoder::new(buffer, flate2::Compression::new(GZIP_LEVEL));
        encoder.write_all(json)?;
        encoder.finish().map(drop)
    })
    .expect("writing to memory")
}

/// Values read from the database, kept until the next commit by anyone.
pub struct UntilNextCommit<K, V> {
    /// Keyed by the data version too: a commit makes every earlier entry unreachable, and
    /// the cache's capacity drops them.
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

    /// The value kept for `key` at data `version` (read before, as [`Cached::data_version`]
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

    /// Kept answers never weigh more than the bound, whatever their number; the bound, not a
    /// count of entries, is what limits them.
    #[test]
    fn the_kept_answers_stay_within_their_byte_bound() {
        let cache = AnswerCache::with_capacity(64 * 1024);
        for n in 0..1000 {
            let answer = Arc::new(Answer::new(Bytes::from(vec![b'x'; 1000 + n % 7])));
            cache.kept.insert(format!("answer {n}"), answer);
            assert!(cache.kept.weight() <= 64 * 1024, "after {n}");
        }
        assert!(cache.kept.weight() > 32 * 1024, "{}", cache.kept.weight());
        assert!(cache.kept.get("answer 999").is_some(), "the latest is kept");
    }
}

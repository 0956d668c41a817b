//! A kept answer (`super::AnswerCache`): its JSON (or text) held in zstd, the form nearly every
//! browser asks for, and sent in the encoding each request accepts.

use std::io::Write;

use axum::{
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use bytes::Bytes;

/// Below this an answer is sent as it is: compressing it would not save a packet.
const COMPRESS_FROM_BYTES: usize = 1024;

#[derive(Clone)]
pub(super) struct Answer {
    /// The JSON (or text) in zstd, the encoding nearly every browser asks for; as it is below
    /// `COMPRESS_FROM_BYTES`. A kept answer weighs about a fifth of its JSON, so the bound keeps
    /// five times as many, and a client that accepts no encoding gets it decompressed.
    pub(super) kept: Bytes,
    /// The JSON's length, when `kept` is its zstd form.
    pub(super) zstd_of: Option<usize>,
    /// `application/json`, unless a page or the sitemap is kept (`Cached::public_text`).
    pub(super) content_type: &'static str,
    /// Quoted hex of the JSON's 128-bit xxh3, without the encoding suffix.
    pub(super) etag: String,
    /// Made from the JSON when a client that does not take zstd first asks (Safari).
    pub(super) brotli: Option<Bytes>,
    pub(super) gzip: Option<Bytes>,
}

pub(super) const JSON: &str = "application/json";

impl Answer {
    pub(super) fn new(json: &[u8], content_type: &'static str) -> Self {
        // A quick hash, not a cryptographic one: an ETag only tells one answer from the next,
        // and SHA-256 took 3.6% of a cold page's time (bench/RESULTS.md, lever AQ).
        let digest = xxhash_rust::xxh3::xxh3_128(json).to_be_bytes();
        let etag = format!("\"{}\"", crate::web::hex(&digest));
        let (kept, zstd_of) = if json.len() < COMPRESS_FROM_BYTES {
            (Bytes::copy_from_slice(json), None)
        } else {
            (zstd(json), Some(json.len()))
        };
        Self {
            kept,
            zstd_of,
            content_type,
            etag,
            brotli: None,
            gzip: None,
        }
    }

    /// The JSON, for a client that takes no encoding.
    fn json(&self) -> Bytes {
        match self.zstd_of {
            None => self.kept.clone(),
            Some(length) => unzstd(&self.kept, length).into(),
        }
    }

    /// The response (a `304` makes no body), and the answer to keep instead when a form was made
    /// for it.
    pub(super) fn respond(
        &self,
        if_none_match: Option<&HeaderValue>,
        accept_encoding: Option<&HeaderValue>,
        cache_control: &'static str,
    ) -> (Response, Option<Answer>) {
        let accepted = accept_encoding
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        // zstd first: most answers are made for one request (a cold page, or afresh after a
        // commit), and zstd makes them about ten times faster than brotli 5, 15% larger.
        let encoding = match self.zstd_of {
            None => None,
            Some(_) => ["zstd", "br", "gzip"]
                .into_iter()
                .find(|encoding| crate::web::accepts(accepted, encoding)),
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
        let mut with_form = None;
        let mut response = if unchanged {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let body = match encoding {
                Some("zstd") => self.kept.clone(),
                Some("br") => self.brotli.clone().unwrap_or_else(|| {
                    let made = brotli(&self.json());
                    with_form = Some(Self {
                        brotli: Some(made.clone()),
                        ..self.clone()
                    });
                    made
                }),
                Some(_) => self.gzip.clone().unwrap_or_else(|| {
                    let made = gzip(&self.json());
                    with_form = Some(Self {
                        gzip: Some(made.clone()),
                        ..self.clone()
                    });
                    made
                }),
                None => self.json(),
            };
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
        (response, with_form)
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

/// The JSON of a compressed answer, `length` bytes.
fn unzstd(compressed: &[u8], length: usize) -> Vec<u8> {
    thread_local! {
        static DECOMPRESSOR: std::cell::RefCell<zstd::bulk::Decompressor<'static>> =
            std::cell::RefCell::new(zstd::bulk::Decompressor::new().expect("a zstd context"));
    }
    DECOMPRESSOR
        .with_borrow_mut(|decompressor| decompressor.decompress(compressed, length))
        .expect("an answer this server compressed")
}

type Scratch = std::thread::LocalKey<std::cell::RefCell<Vec<u8>>>;

/// Runs `use_` on one of this thread's scratch buffers, emptied. A buffer grown past 1 MiB for
/// one large answer (the sitemap) is not kept.
fn with_scratch<T>(scratch: &'static Scratch, use_: impl FnOnce(&mut Vec<u8>) -> T) -> T {
    scratch.with_borrow_mut(|buffer| {
        buffer.clear();
        let used = use_(buffer);
        if buffer.capacity() > 1 << 20 {
            *buffer = Vec::new();
        }
        used
    })
}

/// Runs `use_` on this thread's buffer for an answer's JSON: the answer is kept compressed
/// (`Answer::new`), so its JSON needs no allocation of its own.
pub(super) fn in_scratch<T>(use_: impl FnOnce(&mut Vec<u8>) -> T) -> T {
    thread_local! {
        static JSON: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    with_scratch(&JSON, use_)
}

/// What `fill` writes into this thread's buffer for compressed forms, copied out at its exact
/// size. A kept answer built in a `Vec` of its own kept the spare capacity of its growth by
/// doubling (up to half of it), and zstd's output the whole bound of a compression (about the
/// JSON's size), so the cache's memory was about twice its byte bound.
fn exact_copy<E>(fill: impl FnOnce(&mut Vec<u8>) -> Result<(), E>) -> Result<Bytes, E> {
    thread_local! {
        static COMPRESSED: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    with_scratch(&COMPRESSED, |buffer| {
        fill(buffer).map(|()| Bytes::copy_from_slice(buffer))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cache::PUBLIC;

    /// An answer is kept as zstd and a client that takes no encoding gets its JSON back.
    #[test]
    fn a_kept_answer_is_its_zstd_form() {
        let json = serde_json::to_vec(&vec!["a review's words"; 200]).unwrap();
        let answer = Answer::new(&json, JSON);
        assert!(answer.kept.len() * 10 < json.len(), "{}", answer.kept.len());
        assert_eq!(zstd::decode_all(&answer.kept[..]).unwrap(), json);
        assert_eq!(answer.json(), json);
        let small = Answer::new(b"[]", JSON);
        assert_eq!(small.kept, &b"[]"[..]);

        // Safari's first request makes the brotli form; its revalidation makes nothing.
        let safari = HeaderValue::from_static("gzip, deflate, br");
        let (first, with_form) = answer.respond(None, Some(&safari), PUBLIC);
        assert_eq!(first.status(), StatusCode::OK);
        let etag = first.headers()[header::ETAG].clone();
        assert!(etag.to_str().unwrap().ends_with("-br\""), "{etag:?}");
        assert!(with_form.expect("brotli made").brotli.is_some());
        let (again, with_form) = answer.respond(Some(&etag), Some(&safari), PUBLIC);
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert!(with_form.is_none());
    }
}

//! The HTTP side of a sync: one connection, at most `rate` requests a second, and patient
//! retries (429, 5xx, timeouts and lost connections wait and try again, honouring
//! `Retry-After`), so a slow or busy register neither makes the sync spin nor give up early.

use std::{
    num::NonZeroU32,
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use anyhow::{Context, bail};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use reqwest::{StatusCode, header::RETRY_AFTER};
use serde::de::DeserializeOwned;

use crate::config::RegisterSettings;

/// A register that answers nothing useful for this long is waited for again, not trusted.
const TIMEOUT: Duration = Duration::from_secs(30);
/// Tries per request; with the doubling wait capped at `MAX_WAIT` that is about ten minutes
/// of patience before a step gives up.
const ATTEMPTS: u32 = 12;
const MAX_WAIT: Duration = Duration::from_secs(120);

pub struct Client {
    http: reqwest::Client,
    base: String,
    limiter: DefaultDirectRateLimiter,
    backoff: Duration,
    requests: AtomicU64,
}

/// What came back: the parsed body, or why a record's answer cannot be used.
pub enum Answer<T> {
    Found(T),
    NotFound,
}

impl Client {
    pub fn new(settings: &RegisterSettings) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .pool_max_idle_per_host(1)
            .user_agent(concat!(
                "CourseSource/",
                env!("CARGO_PKG_VERSION"),
                " (catalogue sync)"
            ))
            .build()?;
        let rate = NonZeroU32::new(settings.rate.max(1)).expect("at least one");
        Ok(Self {
            http,
            base: settings.url.trim_end_matches('/').to_owned(),
            limiter: RateLimiter::direct(Quota::per_second(rate).allow_burst(NonZeroU32::MIN)),
            backoff: Duration::from_millis(settings.backoff_ms),
            requests: AtomicU64::new(0),
        })
    }

    /// Requests sent so far, retries included.
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    /// GETs `path` (absolute on the register, or a full URL the register gave) and parses its
    /// JSON; `what` names the record in messages.
    pub async fn get<T: DeserializeOwned>(&self, path: &str, what: &str) -> anyhow::Result<T> {
        match self.get_optional(path, what).await? {
            Answer::Found(value) => Ok(value),
            Answer::NotFound => bail!("{what}: the register has no such record (404)"),
        }
    }

    /// As [`Client::get`], with 404 as an answer.
    pub async fn get_optional<T: DeserializeOwned>(
        &self,
        path: &str,
        what: &str,
    ) -> anyhow::Result<Answer<T>> {
        let body = match self.fetch(path, what).await? {
            Some(body) => body,
            None => return Ok(Answer::NotFound),
        };
        serde_json::from_str(&body)
            .map(Answer::Found)
            .map_err(|error| {
                anyhow::anyhow!("{what}: the register's answer does not parse: {error}")
            })
    }

    async fn fetch(&self, path: &str, what: &str) -> anyhow::Result<Option<String>> {
        let url = if path.starts_with("http://") || path.starts_with("https://") {
            path.to_owned()
        } else {
            format!("{}{path}", self.base)
        };
        let mut wait = self.backoff;
        for attempt in 1..=ATTEMPTS {
            self.limiter.until_ready().await;
            self.requests.fetch_add(1, Ordering::Relaxed);
            let outcome = self
                .http
                .get(&url)
                .header("Accept", "application/json")
                .send()
                .await;
            let retry_after = match outcome {
                Ok(response) if response.status().is_success() => match response.text().await {
                    Ok(body) => return Ok(Some(body)),
                    Err(error) if attempt < ATTEMPTS => {
                        tracing::warn!(what, %error, "the register's answer broke off; trying again");
                        None
                    }
                    Err(error) => return Err(error).context(what.to_owned()),
                },
                Ok(response) if response.status() == StatusCode::NOT_FOUND => return Ok(None),
                Ok(response)
                    if response.status() == StatusCode::TOO_MANY_REQUESTS
                        || response.status().is_server_error() =>
                {
                    let status = response.status();
                    let after = retry_after(&response);
                    if attempt == ATTEMPTS {
                        bail!(
                            "{what}: the register answered {status} {ATTEMPTS} times; try again later"
                        );
                    }
                    tracing::info!(what, %status, "the register is busy; waiting before trying again");
                    after
                }
                Ok(response) => bail!("{what}: the register answered {}", response.status()),
                Err(error)
                    if attempt < ATTEMPTS
                        && (error.is_timeout() || error.is_connect() || error.is_request()) =>
                {
                    tracing::info!(what, error = %error.without_url(), "no answer from the register; trying again");
                    None
                }
                Err(error) => {
                    return Err(anyhow::Error::new(error.without_url()).context(what.to_owned()));
                }
            };
            tokio::time::sleep(retry_after.unwrap_or(wait).min(MAX_WAIT)).await;
            wait = (wait * 2).min(MAX_WAIT);
        }
        bail!("{what}: no answer from the register after {ATTEMPTS} tries")
    }
}

/// `Retry-After` in seconds (the register's form); an HTTP date counts as absent.
fn retry_after(response: &reqwest::Response) -> Option<Duration> {
    response
        .headers()
        .get(RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim()
        .parse::<u64>()
        .ok()
        .map(Duration::from_secs)
}

//! Rate limits (DESIGN decision 16), answered with 429 and 'Too many attempts. Please try
//! again later.'. Each limit is a keyed GCRA limiter from `governor`, keyed by the client's
//! address (or by account, for the limits the accounts area adds).

use std::{
    collections::{HashMap, VecDeque},
    hash::Hash,
    net::{IpAddr, Ipv4Addr, SocketAddr},
    num::NonZeroU32,
    sync::Mutex,
    time::{Duration, Instant},
};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::request::Parts,
};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::{AppState, error::AppError};

pub type Limiter<K> = DefaultKeyedRateLimiter<K>;

const FIFTEEN_MINUTES: Duration = Duration::from_secs(15 * 60);

/// Every limiter of the running site.
pub struct Limits {
    /// Contact form: 10 messages per address per hour.
    pub contact: Limiter<IpAddr>,
    /// Sign-up: 50 per address per hour (a classroom behind one address must still get in).
    pub signup: Limiter<IpAddr>,
    /// Login attempts: 100 per address per 15 minutes.
    pub login: Limiter<IpAddr>,
    /// Failed logins: 10 per account per 15 minutes, whatever the address.
    pub login_failures: FailureWindow,
    /// Forgot-password and verify-form requests: 50 per address per hour.
    pub account_mail: Limiter<IpAddr>,
    /// Forgot-password and verify-form mails: 5 per email per hour (then the same answer, no mail).
    pub account_mail_per_email: Limiter<String>,
    /// check-email, check-nickname and check-abn: 60 per address per minute.
    pub checks: Limiter<IpAddr>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            contact: per_period(10, Duration::from_secs(3600)),
            signup: per_period(50, Duration::from_secs(3600)),
            login: per_period(100, FIFTEEN_MINUTES),
            login_failures: FailureWindow::new(10, FIFTEEN_MINUTES),
            account_mail: per_period(50, Duration::from_secs(3600)),
            account_mail_per_email: per_period(5, Duration::from_secs(3600)),
            checks: per_period(60, Duration::from_secs(60)),
        }
    }
}

impl Limits {
    /// Forgets keys whose allowance is full again, so memory stays bounded.
    pub fn forget_idle(&self) {
        self.contact.retain_recent();
        self.signup.retain_recent();
        self.login.retain_recent();
        self.login_failures.forget_old();
        self.account_mail.retain_recent();
        self.account_mail_per_email.retain_recent();
        self.checks.retain_recent();
    }
}

/// `n` attempts at once, refilled evenly over `period`.
fn per_period<K: Hash + Eq + Clone>(n: u32, period: Duration) -> Limiter<K> {
    let burst = NonZeroU32::new(n).expect("a positive limit");
    let quota = Quota::with_period(period / n)
        .expect("a non-zero period")
        .allow_burst(burst);
    RateLimiter::keyed(quota)
}

/// One attempt for `key`, or a 429.
pub fn check<K: Hash + Eq + Clone>(
    limiter: &DefaultKeyedRateLimiter<K>,
    key: &K,
) -> Result<(), AppError> {
    limiter
        .check_key(key)
        .map_err(|_| AppError::TooManyRequests)
}

/// Counts failures per key in a sliding window: blocked once `max` happened within `window`.
/// (A token bucket cannot be asked "would this be allowed?" without spending a token.)
pub struct FailureWindow {
    max: usize,
    window: Duration,
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl FailureWindow {
    pub fn new(max: usize, window: Duration) -> Self {
        Self {
            max,
            window,
            failures: Mutex::default(),
        }
    }

    /// Asking keeps nothing: only failures are remembered.
    pub fn is_blocked(&self, key: &str) -> bool {
        let failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        failures.get(key).is_some_and(|times| {
            times.iter().filter(|t| t.elapsed() < self.window).count() >= self.max
        })
    }

    pub fn record(&self, key: &str) {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let times = failures.entry(key.to_owned()).or_default();
        while times.front().is_some_and(|t| t.elapsed() >= self.window) {
            times.pop_front();
        }
        times.push_back(Instant::now());
    }

    fn forget_old(&self) {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        failures.retain(|_, times| times.back().is_some_and(|t| t.elapsed() < self.window));
    }
}

/// Runs `forget_idle` every ten minutes for as long as the server runs.
pub async fn sweep(state: AppState) {
    loop {
        tokio::time::sleep(Duration::from_secs(600)).await;
        state.limits.forget_idle();
    }
}

/// The client's address: the socket's, or the last hop of `X-Forwarded-For` when the site
/// runs behind a trusted proxy (`APP_TRUST_PROXY`); earlier hops can be forged by the client.
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let forwarded = state.settings.trust_proxy.then(|| {
            parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .last()
                .and_then(|hop| hop.trim().parse::<IpAddr>().ok())
        });
        let socket = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip());
        Ok(Self(
            forwarded
                .flatten()
                .or(socket)
                .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every login asks whether its email is blocked: the asking must not keep the email, or
    /// anyone could fill the server's memory with made-up addresses.
    #[test]
    fn asking_whether_a_key_is_blocked_keeps_nothing() {
        let window = FailureWindow::new(2, Duration::from_secs(60));
        for n in 0..100 {
            assert!(!window.is_blocked(&format!("nobody{n}@example.com")));
        }
        assert!(window.failures.lock().unwrap().is_empty());
        window.record("kim@example.com");
        window.record("kim@example.com");
        assert!(window.is_blocked("kim@example.com"));
        assert_eq!(window.failures.lock().unwrap().len(), 1);
    }
}

//! Rate limits (DESIGN decision 16), answered with 429 and 'Too many attempts. Please try
//! again later.'. Each limit is a keyed GCRA limiter from `governor`, keyed by the client's
//! address (or by account, for the limits the accounts area adds).

use std::{
    net::{IpAddr, Ipv4Addr, SocketAddr},
    num::NonZeroU32,
    time::Duration,
};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::request::Parts,
};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::{AppState, error::AppError};

pub type Limiter<K> = DefaultKeyedRateLimiter<K>;

/// Every limiter of the running site.
pub struct Limits {
    /// Contact form: 10 messages per address per hour.
    pub contact: Limiter<IpAddr>,
}

impl Default for Limits {
    fn default() -> Self {
        Self { contact: per_hour(10) }
    }
}

impl Limits {
    /// Forgets keys whose allowance is full again, so memory stays bounded.
    pub fn forget_idle(&self) {
        self.contact.retain_recent();
    }
}

/// `n` attempts at once, refilled evenly over an hour.
fn per_hour(n: u32) -> Limiter<IpAddr> {
    RateLimiter::keyed(Quota::per_hour(NonZeroU32::new(n).expect("a positive limit")))
}

/// One attempt for `key`, or a 429.
pub fn check<K: std::hash::Hash + Eq + Clone>(limiter: &DefaultKeyedRateLimiter<K>, key: &K) -> Result<(), AppError> {
    limiter.check_key(key).map_err(|_| AppError::TooManyRequests)
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

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
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
        let socket = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(addr)| addr.ip());
        Ok(Self(forwarded.flatten().or(socket).unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))))
    }
}

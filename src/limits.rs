//! Rate limits (DESIGN decision 16), answered with 429, `Retry-After` and 'Too many attempts.
//! Please try again later.'. Each limit is a keyed GCRA limiter from `governor`, keyed by the
//! client's address (an IPv6 /64 counts as one) or by account.

use std::{
    collections::{HashMap, VecDeque},
    hash::Hash,
    net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr},
    num::NonZeroU32,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::{
    extract::{ConnectInfo, FromRef, FromRequestParts},
    http::request::Parts,
};
use governor::{
    DefaultKeyedRateLimiter, Quota, RateLimiter,
    clock::{Clock, DefaultClock},
};

use crate::{config::Settings, error::AppError};

pub type Limiter<K> = DefaultKeyedRateLimiter<K>;

const FIFTEEN_MINUTES: Duration = Duration::from_secs(15 * 60);
const HOUR: Duration = Duration::from_secs(60 * 60);

/// Every limiter of the running site.
pub struct Limits {
    /// Contact form: 10 messages per address per hour.
    pub contact: Limiter<IpAddr>,
    /// Legal complaints: 10 per address per hour, as the contact form ...
    pub complaints: Limiter<IpAddr>,
    /// ... and 5 per complainant's email per hour from all addresses together, so nobody
    /// floods a mailbox with acknowledgements.
    pub complaints_per_email: Limiter<String>,
    /// Invitation sendings (each mails a list): 20 per address per hour ...
    pub invitations: Limiter<IpAddr>,
    /// ... and 20 per representative per hour; a provider also sends at most 500 a day.
    pub invitations_per_account: Limiter<i64>,
    /// Sign-up: 50 per address per hour (a classroom behind one address must still get in).
    pub signup: Limiter<IpAddr>,
    /// Login attempts (and the staging lock's): 100 per address per 15 minutes.
    pub login: Limiter<IpAddr>,
    /// Failed logins: 10 per account per 15 minutes, whatever the address; addresses that
    /// logged in to the account before are let through (see [`KnownAddresses`]).
    pub login_failures: FailureWindow,
    /// Where each account logged in successfully, so strangers cannot lock its owner out.
    pub known_addresses: KnownAddresses,
    /// Forgot-password and verify-form requests: 50 per address per hour.
    pub account_mail: Limiter<IpAddr>,
    /// Forgot-password and verify-form mails: 5 per email per address per hour (then 429), so a
    /// stranger cannot use up the owner's mails.
    pub account_mail_per_sender: Limiter<(IpAddr, String)>,
    /// ... and 20 per email per hour from all addresses together, so nobody floods a mailbox;
    /// addresses that logged in to the account before are not counted.
    pub account_mail_per_email: Limiter<String>,
    /// Password resets with a token: 20 attempts per address per 15 minutes, right or wrong.
    pub reset: Limiter<IpAddr>,
    /// Password resets that reach the hash: 5 per account per 15 minutes.
    pub reset_per_account: Limiter<i64>,
    /// Calls of a logged-in user that check the password (update password or email, delete
    /// the account): 30 per address per 15 minutes.
    pub password_checks: Limiter<IpAddr>,
    /// Every call that checks an account's password, those above and the mailed links below:
    /// 10 per account per 15 minutes.
    pub password_checks_per_account: Limiter<i64>,
    /// Following a verification or work-email link (each asks for the account's password):
    /// 100 per address per hour, right or wrong, so a class that signed up together behind one
    /// address (sign-up allows 50 an hour) can verify.
    pub mailed_links: Limiter<IpAddr>,
    /// check-email, check-nickname and check-abn: 60 per address per minute.
    pub checks: Limiter<IpAddr>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            contact: per_period(10, HOUR),
            complaints: per_period(10, HOUR),
            complaints_per_email: per_period(5, HOUR),
            invitations: per_period(20, HOUR),
            invitations_per_account: per_period(20, HOUR),
            signup: per_period(50, HOUR),
            login: per_period(100, FIFTEEN_MINUTES),
            login_failures: FailureWindow::new(10, FIFTEEN_MINUTES),
            known_addresses: KnownAddresses::default(),
            account_mail: per_period(50, HOUR),
            account_mail_per_sender: per_period(5, HOUR),
            account_mail_per_email: per_period(20, HOUR),
            reset: per_period(20, FIFTEEN_MINUTES),
            reset_per_account: per_period(5, FIFTEEN_MINUTES),
            password_checks: per_period(30, FIFTEEN_MINUTES),
            password_checks_per_account: per_period(10, FIFTEEN_MINUTES),
            mailed_links: per_period(100, HOUR),
            checks: per_period(60, Duration::from_secs(60)),
        }
    }
}

impl Limits {
    /// Forgets keys whose allowance is full again, so memory stays bounded.
    pub fn forget_idle(&self) {
        self.contact.retain_recent();
        self.complaints.retain_recent();
        self.complaints_per_email.retain_recent();
        self.invitations.retain_recent();
        self.invitations_per_account.retain_recent();
        self.signup.retain_recent();
        self.login.retain_recent();
        self.login_failures.forget_old();
        self.account_mail.retain_recent();
        self.account_mail_per_sender.retain_recent();
        self.account_mail_per_email.retain_recent();
        self.reset.retain_recent();
        self.reset_per_account.retain_recent();
        self.password_checks.retain_recent();
        self.password_checks_per_account.retain_recent();
        self.mailed_links.retain_recent();
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

/// One attempt for `key`, or a 429 whose `Retry-After` says when the next one is allowed.
pub fn check<K: Hash + Eq + Clone>(
    limiter: &DefaultKeyedRateLimiter<K>,
    key: &K,
) -> Result<(), AppError> {
    limiter.check_key(key).map_err(|not_until| {
        AppError::TooManyRequests(not_until.wait_time_from(DefaultClock::default().now()))
    })
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
        self.blocked_for(key).is_some()
    }

    /// How long `key` stays blocked, if it is: until enough of its failures leave the window.
    pub fn blocked_for(&self, key: &str) -> Option<Duration> {
        let failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let recent: Vec<&Instant> = failures
            .get(key)?
            .iter()
            .filter(|t| t.elapsed() < self.window)
            .collect();
        let excess = recent.len().checked_sub(self.max)?;
        Some(self.window.saturating_sub(recent[excess].elapsed()))
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

/// The addresses (IPv6: /64 networks) each account last logged in from, at most
/// [`KNOWN_PER_ACCOUNT`], kept in memory: a restart forgets them. An address known for an
/// account is not held back by that account's failure limit, so a stranger's wrong passwords
/// slow down strangers but never lock the owner out of a place they used before.
#[derive(Default)]
pub struct KnownAddresses {
    by_account: Mutex<HashMap<String, VecDeque<IpAddr>>>,
}

/// How many addresses are remembered per account (the newest).
pub const KNOWN_PER_ACCOUNT: usize = 8;

impl KnownAddresses {
    pub fn contains(&self, account: &str, address: IpAddr) -> bool {
        let known = self.by_account.lock().unwrap_or_else(|p| p.into_inner());
        known
            .get(account)
            .is_some_and(|addresses| addresses.contains(&address))
    }

    /// Only after a successful login, so only real accounts take memory here.
    pub fn remember(&self, account: &str, address: IpAddr) {
        let mut known = self.by_account.lock().unwrap_or_else(|p| p.into_inner());
        let addresses = known.entry(account.to_owned()).or_default();
        addresses.retain(|a| *a != address);
        addresses.push_back(address);
        if addresses.len() > KNOWN_PER_ACCOUNT {
            addresses.pop_front();
        }
    }
}

/// Runs `forget_idle` every ten minutes for as long as the server runs.
pub async fn sweep(limits: Arc<Limits>) {
    loop {
        tokio::time::sleep(Duration::from_secs(600)).await;
        limits.forget_idle();
    }
}

/// The client's address as the limits count it: the socket's, or the last hop of
/// `X-Forwarded-For` when the site runs behind a trusted proxy (`APP_TRUST_PROXY`; earlier
/// hops can be forged by the client). An IPv6 address stands for its /64 network, the block
/// one subscriber is usually given, so rotating through it gains nothing.
pub struct ClientIp(pub IpAddr);

/// The key an address is limited under: IPv4 as it is (also when written IPv4-mapped),
/// IPv6 cut to its /64 network.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
    }
}

impl<S> FromRequestParts<S> for ClientIp
where
    S: Send + Sync,
    Arc<Settings>: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let forwarded = Arc::<Settings>::from_ref(state).trust_proxy.then(|| {
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
        Ok(Self(address_key(
            forwarded
                .flatten()
                .or(socket)
                .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        )))
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

    #[test]
    fn an_ipv6_64_is_one_address() {
        let key = |text: &str| address_key(text.parse().unwrap());
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff:1:2:3"));
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2::"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:192.0.2.7"), key("192.0.2.7"));
        assert_ne!(key("192.0.2.7"), key("192.0.2.8"));
    }
}

//! Password hashing with argon2id (m = 19 MiB, t = 2, p = 1) and the spec's password rule.
//! Hashing is slow on purpose, so the async helpers run it on the blocking threads, at most
//! one per core at a time, behind a bounded queue ([`HashQueue`]) for the HTTP calls.

use std::{sync::Arc, time::Duration};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::AppError;

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version,
    password_hash::SaltString,
};

/// The spec's message for a password that breaks the rule.
pub const PASSWORD_RULE_MESSAGE: &str = "Password must be at least 8 characters long, contain at least one capital letter and one number";

/// At least 8 characters with a capital letter and a number.
pub fn meets_rule(password: &str) -> bool {
    password.chars().count() >= 8
        && password.chars().any(|c| c.is_uppercase())
        && password.chars().any(|c| c.is_ascii_digit())
}

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).map_err(anyhow::Error::msg)?;
    let hash = argon2()
        .hash_password(password.as_bytes(), &salt)
        .map_err(anyhow::Error::msg)?;
    Ok(hash.to_string())
}

/// False for a wrong password and for a stored value that is not a valid hash.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| {
            argon2()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// How many hashes run at once: one per core. More would not be faster, and each takes
/// 19 MiB of memory.
static RUNNING: std::sync::LazyLock<tokio::sync::Semaphore> =
    std::sync::LazyLock::new(|| tokio::sync::Semaphore::new(cores()));

/// How many of those the calls other than logins may hold: one core less (at least one), so a
/// login's hash finds a free core whatever floods the other calls.
static OTHERS_RUNNING: std::sync::LazyLock<tokio::sync::Semaphore> =
    std::sync::LazyLock::new(|| tokio::sync::Semaphore::new(cores().saturating_sub(1).max(1)));

fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// For the command line and the seeds, which have no callers to turn away: waits its turn.
pub async fn hash_async(password: String) -> anyhow::Result<String> {
    let _turn = RUNNING.acquire().await?;
    tokio::task::spawn_blocking(move || hash(&password)).await?
}

/// What a full queue asks the caller to wait before trying again.
const BUSY_RETRY: Duration = Duration::from_secs(1);

/// The bounded queue in front of password hashing for HTTP calls, in two lanes: logins, and
/// everything else (sign-ups, resets, password changes, deletions). Each lane admits a fixed
/// number of hashes running or waiting; one more answers 503 with `Retry-After` at once, so a
/// flood of one costly call neither piles up latency nor takes the logins' places.
pub struct HashQueue {
    login: Arc<Semaphore>,
    other: Arc<Semaphore>,
}

/// Which lane a hash waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    Login,
    Other,
}

/// A place in the queue; the hash it admits runs while it is held.
pub struct Place(#[allow(dead_code)] OwnedSemaphorePermit);

/// Places in each lane per core (see [`HashQueue::default`]).
const PLACES_PER_CORE: usize = 16;

impl Default for HashQueue {
    /// Sixteen places per core in each lane: a hash takes tens of milliseconds, so a full lane
    /// waits about a second, while a classroom signing up at once (or a burst of resets) is
    /// still served rather than refused. The other calls wait for their own share of the cores
    /// (one less), never in front of a login, so their queue never slows a login.
    fn default() -> Self {
        Self::with_capacity(PLACES_PER_CORE * cores())
    }
}

impl HashQueue {
    /// `capacity` places in each lane.
    pub fn with_capacity(capacity: usize) -> Self {
        let capacity = capacity.max(1);
        Self {
            login: Arc::new(Semaphore::new(capacity)),
            other: Arc::new(Semaphore::new(capacity)),
        }
    }

    /// A place in `lane`, or the 503 when every place there is taken.
    pub fn enter(&self, lane: Lane) -> Result<Place, AppError> {
        let places = match lane {
            Lane::Login => &self.login,
            Lane::Other => &self.other,
        };
        places
            .clone()
            .try_acquire_owned()
            .map(Place)
            .map_err(|_| AppError::Busy(BUSY_RETRY))
    }

    /// Hashes a new password, or answers 503 when the queue is full.
    pub async fn hash(&self, password: String) -> Result<String, AppError> {
        let _place = self.enter(Lane::Other)?;
        let _share = OTHERS_RUNNING
            .acquire()
            .await
            .map_err(anyhow::Error::from)?;
        Ok(hash_async(password).await?)
    }

    /// Verifies against `stored`, or against a fixed dummy hash when there is no such
    /// account, so a login takes as long whether or not the email exists; 503 when full.
    pub async fn verify(
        &self,
        lane: Lane,
        password: String,
        stored: Option<String>,
    ) -> Result<bool, AppError> {
        let _place = self.enter(lane)?;
        let _share = match lane {
            Lane::Login => None,
            Lane::Other => Some(
                OTHERS_RUNNING
                    .acquire()
                    .await
                    .map_err(anyhow::Error::from)?,
            ),
        };
        let _turn = RUNNING.acquire().await.map_err(anyhow::Error::from)?;
        let matched = tokio::task::spawn_blocking(move || match stored {
            Some(stored) => verify(&password, &stored),
            None => {
                static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
                let dummy = DUMMY.get_or_init(|| hash("not a real password").unwrap_or_default());
                verify(&password, dummy);
                false
            }
        })
        .await?;
        Ok(matched)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_needs_length_capital_and_number() {
        assert!(meets_rule("Abcdefg1"));
        assert!(!meets_rule("Abcdef1"), "seven characters");
        assert!(!meets_rule("abcdefg1"), "no capital");
        assert!(!meets_rule("Abcdefgh"), "no number");
    }

    #[test]
    fn hash_verifies_only_the_same_password() {
        let stored = hash("Secret123").unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify("Secret123", &stored));
        assert!(!verify("Secret124", &stored));
        assert!(!verify("Secret123", "not a hash"));
    }
}

//! Invitations (issue 30, DESIGN decision 25): a provider's approved representative invites
//! everyone who finished or left a course in a period they attest, never a selection. Each
//! invitee gets a mail from the site with a single-use link valid 30 days and a one-click
//! refusal; a review written after accepting is labelled 'Invited by the provider', which
//! changes neither its moderation, its score nor its order.
//!
//! Addresses are kept only as a keyed hash of the normalised address ([`rules::address_hash`]):
//! enough to invite an address once per offering, honour a refusal and recognise the link's
//! owner, and useless without the key, which lives in the data directory.

mod lines;
mod mails;
pub mod model;
mod routes;
pub mod rules;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::history, routes::send))
        .routes(routes!(routes::open))
        .routes(routes!(routes::accept))
        .routes(routes!(routes::refuse))
        .routes(routes!(routes::share))
}

/// Invitations a provider may send in any 24 hours.
pub const DAILY_LIMIT: i64 = 500;
pub const DAY: i64 = 86_400;
/// How long a link works.
pub const LIFETIME_SECS: i64 = 30 * DAY;

/// 'March 2025' for '2025-03'.
pub fn month_label(month: &str) -> String {
    month
        .split_once('-')
        .and_then(|(year, m)| {
            let m = time::Month::try_from(m.parse::<u8>().ok()?).ok()?;
            Some(format!("{m} {year}"))
        })
        .unwrap_or_else(|| month.to_owned())
}

/// The words a representative ticks, for their period; kept with the sending as they read.
pub fn attestation(from: &str, to: &str) -> String {
    format!(
        "I am inviting everyone who finished or left this course between {} and {}, not a selection of them.",
        month_label(from),
        month_label(to)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_read_as_words_and_the_attestation_names_the_period() {
        assert_eq!(month_label("2025-03"), "March 2025");
        assert_eq!(month_label("2025-13"), "2025-13");
        assert_eq!(
            attestation("2025-01", "2025-06"),
            "I am inviting everyone who finished or left this course between January 2025 and June 2025, not a selection of them."
        );
    }

    #[test]
    fn an_address_hash_ignores_case_and_spaces_and_depends_on_the_key() {
        let hash = rules::address_hash(b"key", " Sam@Example.org ");
        assert_eq!(hash, rules::address_hash(b"key", "sam@example.org"));
        assert_ne!(hash, rules::address_hash(b"other", "sam@example.org"));
        assert!(!hash.contains('@'));
    }
}

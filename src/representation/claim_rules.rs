//! Who may claim to represent a provider and what follows: one open claim a user, a work-email
//! link that moves it to the admins, what an admin should weigh, and the admins' decisions with
//! the claimant told. Runs in the caller's transaction.

use rusqlite::{Connection, Transaction};

use super::{
    claims_store::{self as store, AdminClaim, MyClaim, Status},
    mails, work_email,
};
use crate::{
    accounts::tokens::{self, Purpose},
    config::Settings,
    error::{AppError, ErrorItem},
    vocabulary::vocabulary,
};

pub const PROVIDER_NOT_FOUND: &str = "Provider not found";
pub const ALREADY_PENDING: &str =
    "Your claim to represent a provider is waiting for an admin's decision.";
pub const ALREADY_APPROVED: &str = "You already represent a provider.";
pub const CLAIM_NOT_FOUND: &str = "Claim not found";
pub const NOT_WAITING: &str = "This claim is not waiting for a decision.";
pub const NOT_APPROVED: &str = "Only an approved representative can be revoked.";

/// Records a claim and mails a link to the work email. An unverified claim of the user is
/// replaced (a mistyped address can be corrected); a pending or approved one is a 409.
pub fn start(
    tx: &Transaction,
    settings: &Settings,
    user_id: i64,
    provider_id: i64,
    work_email: &str,
) -> Result<MyClaim, AppError> {
    let provider = store::provider_name(tx, provider_id)?
        .ok_or_else(|| AppError::NotFound(PROVIDER_NOT_FOUND.into()))?;
    match store::open_claim_status(tx, user_id)? {
        Some(Status::Pending) => return Err(AppError::Conflict(ErrorItem::new(ALREADY_PENDING))),
        Some(Status::Approved) => return Err(AppError::Conflict(ErrorItem::new(ALREADY_APPROVED))),
        _ => {}
    }
    store::insert_unverified(tx, user_id, provider_id, work_email)?;
    let token = tokens::issue(tx, Purpose::Represent, user_id, Some(work_email))?;
    mails::queue_work_email_check(tx, settings, work_email, &provider, &token)?;
    store::my_claim(tx, user_id)?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("claim not stored")))
}

/// Uses up a work-email link: the user's unverified claim for that address now waits for an
/// admin. `None` for an unknown, used or expired link.
pub fn verify(tx: &Transaction, token: &str) -> rusqlite::Result<Option<MyClaim>> {
    let Some(holder) = tokens::consume(tx, Purpose::Represent, token)? else {
        return Ok(None);
    };
    if !store::mark_verified(tx, holder.user_id, holder.email.as_deref())? {
        return Ok(None);
    }
    store::my_claim(tx, holder.user_id)
}

/// The claims in `status`, oldest first, each with what an admin should weigh.
pub fn list(conn: &Connection, status: Status) -> rusqlite::Result<Vec<AdminClaim>> {
    store::list(conn, status)?
        .into_iter()
        .map(|mut claim| {
            claim.warnings = warnings(conn, &claim)?;
            Ok(claim)
        })
        .collect()
}

/// What an admin should weigh before approving `claim`.
fn warnings(conn: &Connection, claim: &AdminClaim) -> rusqlite::Result<Vec<String>> {
    let mut warnings = Vec::new();
    let others = store::other_representatives(conn, claim.provider.id.0, claim.id.0)?;
    if !others.is_empty() {
        warnings.push(format!(
            "{} is already represented by {}",
            claim.provider.name,
            crate::prose::end_sentence(&others.join(", "))
        ));
    }
    match work_email::website_domain(&claim.provider.website_url) {
        Some(site) if work_email::email_matches(&claim.work_email, &site) => {}
        Some(site) => warnings.push(format!(
            "The work email is on {}, not on the provider's website domain {site}.",
            work_email::email_domain(&claim.work_email)
        )),
        None => warnings.push(format!(
            "{} has no website to check the work email's domain against.",
            claim.provider.name
        )),
    }
    Ok(warnings)
}

vocabulary! {
    /// What an admin does with a claim.
    pub enum Decision {
        Approve = "approve",
        Refuse = "refuse",
        Revoke = "revoke",
    }
}

/// Applies an admin's decision and tells the claimant (a notification and a mail), all in `tx`.
pub fn decide(
    tx: &Transaction,
    settings: &Settings,
    claim_id: i64,
    decision: Decision,
    admin_id: i64,
) -> Result<Status, AppError> {
    let (status, claimant) = store::claim_for_decision(tx, claim_id)?
        .ok_or_else(|| AppError::NotFound(CLAIM_NOT_FOUND.into()))?;
    let (from, to, refusal) = match decision {
        Decision::Approve => (Status::Pending, Status::Approved, NOT_WAITING),
        Decision::Refuse => (Status::Pending, Status::Refused, NOT_WAITING),
        Decision::Revoke => (Status::Approved, Status::Revoked, NOT_APPROVED),
    };
    if status != from {
        return Err(AppError::Conflict(ErrorItem::new(refusal)));
    }
    store::set_status(tx, claim_id, to, admin_id)?;
    mails::tell_claimant(tx, settings, &claimant, to)?;
    Ok(to)
}

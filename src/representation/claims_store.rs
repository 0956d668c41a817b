//! The SQL of representative claims: a Course Provider user's claim to a provider, the work
//! email's verification, the admins' list and their decisions (decided in `claim_rules`).

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde::Serialize;
use utoipa::ToSchema;

use super::mails;
pub use super::model::Status;
use crate::{dates::iso_date, fields::Id};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimedProvider {
    #[serde(rename = "_id")]
    pub id: Id,
    pub name: String,
    pub slug: String,
    /// The provider's website, whose domain a work email should be on.
    pub website_url: String,
}

/// The caller's own claim.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyClaim {
    #[serde(rename = "_id")]
    pub id: Id,
    pub provider: ClaimedProvider,
    pub work_email: String,
    pub status: Status,
    /// ISO 8601, UTC.
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Claimant {
    #[serde(rename = "_id")]
    pub id: Id,
    pub first_name: String,
    pub last_name: String,
    /// The account's email (the work email may differ).
    pub email: String,
}

/// A claim as the admins' Providers page lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminClaim {
    #[serde(rename = "_id")]
    pub id: Id,
    pub user: Claimant,
    pub provider: ClaimedProvider,
    pub work_email: String,
    pub status: Status,
    /// ISO 8601, UTC.
    pub created_at: String,
    /// When the work email was verified; null while unverified.
    pub verified_at: Option<String>,
    /// Why an admin should look twice: another approved representative of the provider, or a
    /// work email that is not on the provider's website domain. Empty when nothing stands out.
    pub warnings: Vec<String>,
}

const PROVIDER_COLUMNS: &str = "p.id, p.name, p.slug, p.website_url";

fn provider_at(row: &rusqlite::Row, at: usize) -> rusqlite::Result<ClaimedProvider> {
    Ok(ClaimedProvider {
        id: row.get(at)?,
        name: row.get(at + 1)?,
        slug: row.get(at + 2)?,
        website_url: row.get(at + 3)?,
    })
}

/// Up to 10 providers whose name holds `text` (any case), by name, for the claim form's picker.
pub fn find_providers(conn: &Connection, text: &str) -> rusqlite::Result<Vec<ClaimedProvider>> {
    let pattern = format!(
        "%{}%",
        text.replace('\\', r"\\")
            .replace('%', r"\%")
            .replace('_', r"\_")
    );
    conn.prepare_cached(&format!(
        r"SELECT {PROVIDER_COLUMNS} FROM providers p WHERE p.name LIKE ?1 ESCAPE '\'
          ORDER BY p.name COLLATE NOCASE LIMIT 10"
    ))?
    .query_map([pattern], |row| provider_at(row, 0))?
    .collect()
}

/// The user's latest claim, whatever its status.
pub fn my_claim(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<MyClaim>> {
    conn.query_row(
        &format!(
            "SELECT c.id, c.work_email, c.status, c.created_at, {PROVIDER_COLUMNS}
             FROM provider_claims c JOIN providers p ON p.id = c.provider_id
             WHERE c.user_id = ?1 ORDER BY c.id DESC LIMIT 1"
        ),
        [user_id],
        |row| {
            Ok(MyClaim {
                id: row.get(0)?,
                work_email: row.get(1)?,
                status: row.get(2)?,
                created_at: iso_date(row.get(3)?),
                provider: provider_at(row, 4)?,
            })
        },
    )
    .optional()
}

/// How many verified claims wait for an admin (the admin menu's badge).
pub fn pending_count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT COUNT(*) FROM provider_claims WHERE status = 'pending'")?
        .query_row([], |row| row.get(0))
}

/// The claims in `status`, oldest first, each with its warnings.
pub fn list(conn: &Connection, status: Status) -> rusqlite::Result<Vec<AdminClaim>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT c.id, u.id, u.first_name, u.last_name, u.email, c.work_email, c.status, c.created_at, c.verified_at,
                {PROVIDER_COLUMNS}
         FROM provider_claims c JOIN users u ON u.id = c.user_id JOIN providers p ON p.id = c.provider_id
         WHERE c.status = ?1 ORDER BY c.created_at, c.id LIMIT 200"
    ))?;
    let claims = stmt
        .query_map([status], |row| {
            Ok(AdminClaim {
                id: row.get(0)?,
                user: Claimant {
                    id: row.get(1)?,
                    first_name: row.get(2)?,
                    last_name: row.get(3)?,
                    email: row.get(4)?,
                },
                work_email: row.get(5)?,
                status: row.get(6)?,
                created_at: iso_date(row.get(7)?),
                verified_at: row.get::<_, Option<i64>>(8)?.map(iso_date),
                provider: provider_at(row, 9)?,
                warnings: Vec::new(),
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(claims)
}

pub fn provider_name(conn: &Connection, provider_id: i64) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "SELECT name FROM providers WHERE id = ?1",
        [provider_id],
        |row| row.get(0),
    )
    .optional()
}

/// The user's claim that is still open (unverified, pending or approved), if any.
pub fn open_claim_status(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<Status>> {
    conn.query_row(
        "SELECT status FROM provider_claims WHERE user_id = ?1 AND status IN ('unverified', 'pending', 'approved')",
        [user_id],
        |row| row.get(0),
    )
    .optional()
}

/// Records a new unverified claim, replacing the user's unverified one.
pub fn insert_unverified(
    tx: &Transaction,
    user_id: i64,
    provider_id: i64,
    work_email: &str,
) -> rusqlite::Result<()> {
    tx.execute(
        "DELETE FROM provider_claims WHERE user_id = ?1 AND status = 'unverified'",
        [user_id],
    )?;
    tx.execute(
        "INSERT INTO provider_claims (user_id, provider_id, work_email) VALUES (?1, ?2, ?3)",
        params![user_id, provider_id, work_email],
    )?;
    Ok(())
}

/// The user's unverified claim for `work_email` now waits for an admin; whether there was one.
pub fn mark_verified(
    tx: &Transaction,
    user_id: i64,
    work_email: Option<&str>,
) -> rusqlite::Result<bool> {
    Ok(tx.execute(
        "UPDATE provider_claims SET status = 'pending', verified_at = unixepoch()
         WHERE user_id = ?1 AND status = 'unverified' AND work_email = ?2",
        params![user_id, work_email],
    )? > 0)
}

/// The other approved representatives of the claim's provider, as 'Name (work email)'.
pub fn other_representatives(
    conn: &Connection,
    provider_id: i64,
    claim_id: i64,
) -> rusqlite::Result<Vec<String>> {
    conn.prepare_cached(
        "SELECT u.first_name || ' ' || u.last_name || ' (' || c.work_email || ')'
         FROM provider_claims c JOIN users u ON u.id = c.user_id
         WHERE c.provider_id = ?1 AND c.status = 'approved' AND c.id <> ?2 ORDER BY c.id",
    )?
    .query_map([provider_id, claim_id], |row| row.get::<_, String>(0))?
    .collect()
}

/// A claim's status with whom to tell of a decision.
pub fn claim_for_decision(
    conn: &Connection,
    claim_id: i64,
) -> rusqlite::Result<Option<(Status, mails::DecisionRecipient)>> {
    conn.query_row(
        "SELECT c.status, c.user_id, u.email, u.first_name, p.name
         FROM provider_claims c JOIN users u ON u.id = c.user_id JOIN providers p ON p.id = c.provider_id
         WHERE c.id = ?1",
        [claim_id],
        |row| {
            Ok((
                row.get(0)?,
                mails::DecisionRecipient {
                    user_id: row.get(1)?,
                    email: row.get(2)?,
                    first_name: row.get(3)?,
                    provider_name: row.get(4)?,
                },
            ))
        },
    )
    .optional()
}

pub fn set_status(
    tx: &Transaction,
    claim_id: i64,
    to: Status,
    admin_id: i64,
) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE provider_claims SET status = ?2, decided_at = unixepoch(), decided_by = ?3 WHERE id = ?1",
        params![claim_id, to, admin_id],
    )?;
    Ok(())
}

/// The claim (id, provider) through which the user may reply now: an approved one.
pub fn approved_claim(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<(i64, i64)>> {
    conn.prepare_cached(
        "SELECT id, provider_id FROM provider_claims WHERE user_id = ?1 AND status = 'approved'",
    )?
    .query_row([user_id], |row| Ok((row.get(0)?, row.get(1)?)))
    .optional()
}

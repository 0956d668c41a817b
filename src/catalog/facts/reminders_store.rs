//! Queries of the monthly reminder to confirm stale facts: which providers are due, their
//! stale courses and representatives, and the confirmation itself.

use rusqlite::{Connection, Transaction, params};

/// Providers with an approved representative and facts confirmed before `stale_before`, not
/// reminded since `reminded_before`: (id, name).
pub fn due_providers(
    conn: &Connection,
    stale_before: i64,
    reminded_before: i64,
) -> rusqlite::Result<Vec<(i64, String)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.id, p.name FROM providers p
         WHERE (p.facts_reminded_at IS NULL OR p.facts_reminded_at < ?2)
           AND EXISTS (SELECT 1 FROM provider_claims c WHERE c.provider_id = p.id AND c.status = 'approved')
           AND EXISTS (SELECT 1 FROM offerings o WHERE o.provider_id = p.id AND o.retired_at IS NULL
                       AND o.facts_source IS NOT NULL AND o.facts_confirmed_at < ?1)
         ORDER BY p.id",
    )?;
    stmt.query_map(params![stale_before, reminded_before], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?
    .collect()
}

/// The provider's offerings whose facts were confirmed before `stale_before`: (offering, course
/// name), by course name.
pub fn stale_offerings(
    conn: &Connection,
    provider: i64,
    stale_before: i64,
) -> rusqlite::Result<Vec<(i64, String)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT o.id, c.name FROM offerings o JOIN courses c ON c.id = o.course_id
         WHERE o.provider_id = ?1 AND o.retired_at IS NULL AND o.facts_source IS NOT NULL
           AND o.facts_confirmed_at < ?2
         ORDER BY c.name",
    )?;
    stmt.query_map(params![provider, stale_before], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?
    .collect()
}

/// The approved representatives of a provider: (email, first name).
pub fn representatives(
    conn: &Connection,
    provider: i64,
) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT u.email, u.first_name FROM provider_claims c JOIN users u ON u.id = c.user_id
         WHERE c.provider_id = ?1 AND c.status = 'approved' ORDER BY u.id",
    )?;
    stmt.query_map([provider], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

pub fn mark_reminded(tx: &Transaction, provider: i64, now: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE providers SET facts_reminded_at = ?2 WHERE id = ?1",
        [provider, now],
    )?;
    Ok(())
}

/// Confirms an offering's facts as still correct now, by `source` (its values unchanged).
pub fn confirm(
    tx: &Transaction,
    offering: i64,
    source: super::model::FactSource,
    user: i64,
) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE offerings SET facts_confirmed_at = unixepoch(), facts_source = ?2, facts_changed_by = ?3
         WHERE id = ?1",
        params![offering, source, user],
    )?;
    Ok(())
}

//! Data steps that need the scoring code, scheduled by a migration in `pending_data_steps` and
//! run once right after the migrations, in one transaction: 'rescore-reviews' gives every
//! review its fair score (DESIGN decision 3) and recounts every counter from the new scores.

use rusqlite::{Connection, TransactionBehavior, params};
use serde_json::{Map, Value};

use super::{questions::ReviewerType, score::score_halves};
use crate::catalog::counters;

const RESCORE: &str = "rescore-reviews";

/// Runs the pending steps; a database without any (or without the table yet) is left alone.
pub fn run_pending(conn: &mut Connection) -> anyhow::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let scheduled: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'pending_data_steps')
            AND EXISTS (SELECT 1 FROM pending_data_steps WHERE step = ?1)",
        [RESCORE],
        |row| row.get(0),
    )?;
    if !scheduled {
        return Ok(());
    }
    let changed = rescore_all(&tx)?;
    counters::recount_all(&tx)?;
    tx.execute("DELETE FROM pending_data_steps WHERE step = ?1", [RESCORE])?;
    tx.commit()?;
    tracing::info!(
        changed,
        "rescored the reviews by the fair rule and recounted the counters"
    );
    Ok(())
}

/// Gives each review the score of its stored answers; answers how many changed.
fn rescore_all(tx: &rusqlite::Transaction) -> anyhow::Result<usize> {
    let mut read = tx.prepare("SELECT id, user_type, answers, score_halves FROM reviews")?;
    let mut write = tx.prepare("UPDATE reviews SET score_halves = ?2 WHERE id = ?1")?;
    let mut rows = read.query([])?;
    let mut changed = 0;
    while let Some(row) = rows.next()? {
        let (id, user_type, answers, stored): (i64, String, String, i64) =
            (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?);
        let Some(reviewer) = ReviewerType::parse(&user_type) else {
            continue;
        };
        let answers: Map<String, Value> = serde_json::from_str(&answers).unwrap_or_default();
        let fair = score_halves(reviewer, &answers);
        if fair != stored {
            write.execute(params![id, fair])?;
            changed += 1;
        }
    }
    Ok(changed)
}

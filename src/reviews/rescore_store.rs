//! The SQL of rescoring.

use rusqlite::{Transaction, params};

use super::questions::ReviewerType;

/// Gives each review the score `score(reviewer type, answers)` gives it, where that differs
/// from the stored one; answers how many changed.
pub fn rescore_each(
    tx: &Transaction,
    score: impl Fn(ReviewerType, &str) -> i64,
) -> rusqlite::Result<usize> {
    let mut read = tx.prepare("SELECT id, user_type, answers, score_halves FROM reviews")?;
    let mut write = tx.prepare("UPDATE reviews SET score_halves = ?2 WHERE id = ?1")?;
    let mut rows = read.query([])?;
    let mut changed = 0;
    while let Some(row) = rows.next()? {
        let (id, reviewer, answers, stored): (i64, ReviewerType, String, i64) =
            (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?);
        let fair = score(reviewer, &answers);
        if fair != stored {
            write.execute(params![id, fair])?;
            changed += 1;
        }
    }
    Ok(changed)
}

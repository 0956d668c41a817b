//! Data steps that need the scoring code, scheduled by a migration in `pending_data_steps` and
//! run once right after the migrations, in one transaction: 'rescore-reviews' gives every
//! review its fair score (DESIGN decision 3) and recounts every counter from the new scores;
//! 'helpful-scores' gives every review with votes its helpful score (`helpful`).

use rusqlite::{Connection, TransactionBehavior};
use serde_json::{Map, Value};

use super::{
    helpful::wilson_lower_bound, questions::ReviewerType, rescore_store as store,
    score::score_halves, votes_store,
};
use crate::{
    catalog::counters_store,
    db::migrations::{step_done, step_scheduled},
};

const RESCORE: &str = "rescore-reviews";
const HELPFUL_SCORES: &str = "helpful-scores";

/// Runs the pending steps; a database without any (or without the table yet) is left alone.
pub fn run_pending(conn: &mut Connection) -> anyhow::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    if !step_scheduled(&tx, RESCORE)? {
        return Ok(());
    }
    let changed = store::rescore_each(&tx, fair_score)?;
    counters_store::recount_all(&tx)?;
    step_done(&tx, RESCORE)?;
    tx.commit()?;
    tracing::info!(
        changed,
        "rescored the reviews by the fair rule and recounted the counters"
    );
    Ok(())
}

/// The fair score of stored answers (DESIGN decision 3).
fn fair_score(reviewer: ReviewerType, answers: &str) -> i64 {
    let answers: Map<String, Value> = serde_json::from_str(answers).unwrap_or_default();
    score_halves(reviewer, &answers)
}

/// The data step of migration V10: gives every review that has votes its helpful score.
pub fn helpful_pending(conn: &mut Connection) -> anyhow::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    if !step_scheduled(&tx, HELPFUL_SCORES)? {
        return Ok(());
    }
    let scored = votes_store::score_all_helpful(&tx, wilson_lower_bound)?;
    step_done(&tx, HELPFUL_SCORES)?;
    tx.commit()?;
    tracing::info!(scored, "gave the reviews with votes their helpful score");
    Ok(())
}

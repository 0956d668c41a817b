//! Hourly clean-up of what the site no longer needs: delivered mails (their text holds
//! verification and reset links) and spent or expired one-time tokens, after 30 days; the
//! hashed networks reviews came from, after 90.

use std::time::Duration;

use crate::{
    accounts::tokens_store,
    dates::unix_now,
    db::Db,
    error::AppError,
    mail,
    moderation::{signals, signals_store},
};

const KEEP_SECS: i64 = 30 * 24 * 60 * 60;

/// Deletes what is older than the retention period; answers how many rows went.
pub async fn tidy(db: &Db, now: i64) -> Result<usize, AppError> {
    let cutoff = now - KEEP_SECS;
    db.write(move |tx| -> rusqlite::Result<_> {
        let mails = mail::store::forget_sent_before(tx, cutoff)?;
        let tokens = tokens_store::forget_before(tx, cutoff)?;
        let networks =
            signals_store::forget_networks_before(tx, now - signals::NETWORK_DAYS * signals::DAY)?;
        Ok(mails + tokens + networks)
    })
    .await
}

/// Runs `tidy` every hour for as long as the server runs.
pub async fn run(db: Db) {
    loop {
        match tidy(&db, unix_now()).await {
            Ok(0) => {}
            Ok(removed) => tracing::info!(removed, "housekeeping removed old mails and tokens"),
            Err(err) => tracing::warn!(error = %err, "housekeeping failed"),
        }
        tokio::time::sleep(Duration::from_secs(3600)).await;
    }
}

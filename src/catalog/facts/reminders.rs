//! The monthly reminder to confirm facts (DESIGN decision 23): facts not confirmed for 12
//! months show 'may be out of date', and the provider's approved representatives are mailed
//! to confirm them: one mail per provider at most every 30 days, listing the stale courses,
//! with a 'Still correct' button that opens 'Courses we offer' (after their login) and
//! confirms them there in one click.

use std::time::Duration;

use rusqlite::Transaction;
use serde_json::json;

use super::{reminders_store as store, rules, store::STALE_AFTER_SECONDS};
use crate::{
    auth::CurrentUser,
    config::Settings,
    dates::unix_now,
    db::Db,
    error::AppError,
    mail::{Action, Letter, Outbox},
};

/// A provider is reminded at most this often.
pub const REMIND_EVERY_SECONDS: i64 = 30 * 24 * 60 * 60;
/// How many stale courses a mail names; the rest are counted.
const NAMED: usize = 10;
/// Where the mail's button goes: the representative's list, which confirms the stale facts.
pub const CONFIRM_PATH: &str = "/profile/courses?confirm=stale";
pub const SUBJECT: &str = "Are your course details still correct?";

/// Queues the reminders due at `now`; answers how many mails.
pub fn send_due(tx: &Transaction, settings: &Settings, now: i64) -> Result<usize, AppError> {
    let stale_before = now - STALE_AFTER_SECONDS;
    let mut mails = 0;
    for (provider, name) in store::due_providers(tx, stale_before, now - REMIND_EVERY_SECONDS)? {
        let courses = store::stale_offerings(tx, provider, stale_before)?;
        let mut named: Vec<String> = courses
            .iter()
            .take(NAMED)
            .map(|(_, c)| format!("- {c}"))
            .collect();
        if courses.len() > NAMED {
            named.push(format!("- and {} more", courses.len() - NAMED));
        }
        for (email, first_name) in store::representatives(tx, provider)? {
            Letter {
                to: email,
                subject: SUBJECT.into(),
                greeting: format!("Hi {first_name},"),
                paragraphs: vec![
                    format!(
                        "Nobody has confirmed the fees, duration, delivery and intakes of these courses at {name} for 12 months, so readers see them marked 'may be out of date':"
                    ),
                    named.join("\n"),
                    "If they are still correct, one click confirms them (you log in first if you are not). If something changed, change it on your 'Courses we offer' page.".into(),
                ],
                action: Action::new(
                    "Still correct",
                    format!("{}{CONFIRM_PATH}", settings.public_url()),
                ),
                reason: format!(
                    "You get this mail at most once a month because you represent {name} on {}.",
                    settings.site_name
                ),
                ..Letter::default()
            }
            .queue(tx, &settings.site_name)?;
            mails += 1;
        }
        store::mark_reminded(tx, provider, now)?;
    }
    Ok(mails)
}

/// Runs `send_due` every hour (the first at start-up) for as long as the server runs.
pub async fn run(db: Db, settings: std::sync::Arc<Settings>, outbox: Outbox) {
    loop {
        let settings = settings.clone();
        match db
            .write(move |tx| send_due(tx, &settings, unix_now()))
            .await
        {
            Ok(0) => {}
            Ok(mails) => {
                tracing::info!(mails, "reminded representatives to confirm stale facts");
                outbox.wake();
            }
            Err(err) => tracing::warn!(error = %err, "fact reminders failed"),
        }
        tokio::time::sleep(Duration::from_secs(3600)).await;
    }
}

/// Confirms a provider's stale facts as still correct, for its representative or an admin,
/// each with a history row (before and after the same); answers how many.
pub fn confirm_stale(
    tx: &Transaction,
    caller: &CurrentUser,
    provider: i64,
) -> Result<usize, AppError> {
    rules::editable_provider(tx, caller, provider)?;
    let source = rules::editor(tx, caller, provider)?;
    let stale = store::stale_offerings(tx, provider, unix_now() - STALE_AFTER_SECONDS)?;
    for (offering, _) in &stale {
        let Some(facts) = super::store::facts_of(tx, *offering)? else {
            continue;
        };
        store::confirm(tx, *offering, source, caller.id)?;
        let values = json!(facts.values);
        super::store::insert_history(
            tx,
            provider,
            Some(*offering),
            None,
            source,
            Some(caller.id),
            Some(&values),
            Some(&values),
        )?;
    }
    Ok(stale.len())
}

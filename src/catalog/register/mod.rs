//! `app catalogue sync`: the National Training Register as the source of the catalogue
//! (DESIGN decision 28). Each step reads its records from the register (`read`, through the
//! polite `client`), checks every one (`check`), then writes them in one transaction
//! (`write`): all or nothing per step, and a step written is a checkpoint a rerun after an
//! interruption starts after. The response shapes relied on are listed, with where each is
//! documented, in `tests/fixtures/register/README.md`.

mod check;
mod client;
pub mod postcodes;
mod read;
pub mod runs_store;
mod shapes;
pub mod store;
mod write;

use std::time::Instant;

use anyhow::bail;

pub use write::Counts;

use crate::{
    config::RegisterSettings,
    db::Db,
    vocabulary::{Vocabulary, vocabulary},
};

vocabulary! {
    /// A step of a sync, in the order they run.
    pub enum Step {
        Qualifications = "qualifications",
        Providers = "providers",
        Delivery = "delivery",
        Decisions = "decisions",
    }
}

#[derive(Debug, Default, Clone)]
pub struct SyncOptions {
    pub dry_run: bool,
    pub only: Option<Step>,
    /// `YYYY-MM-DD`: read only what the register changed since then, retire nothing that
    /// is merely absent (an incremental run sees changes, not the whole register).
    pub since: Option<String>,
}

#[derive(Debug, Default)]
pub struct SyncReport {
    pub steps: Vec<(Step, Counts)>,
    pub skipped: Vec<Step>,
    pub requests: u64,
    pub seconds: f64,
}

impl SyncReport {
    /// What the operator reads.
    pub fn summary(&self, dry_run: bool) -> String {
        let verb = if dry_run { "would be " } else { "" };
        let mut lines: Vec<String> = self
            .steps
            .iter()
            .map(|(step, c)| {
                let mut line = format!(
                    "{step}: {} {verb}added, {} {verb}changed, {} {verb}retired",
                    c.added, c.changed, c.retired
                );
                if c.removed > 0 {
                    line += &format!(", {} unreviewed example providers {verb}removed", c.removed);
                }
                line
            })
            .collect();
        lines.extend(
            self.skipped
                .iter()
                .map(|step| format!("{step}: already written by the interrupted sync, skipped")),
        );
        lines.push(format!(
            "{} requests to the register in {:.1} s",
            self.requests, self.seconds
        ));
        lines.join("\n")
    }
}

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// Runs the steps `options` asks for against the register of `settings`.
pub async fn sync(
    db: &Db,
    settings: &RegisterSettings,
    options: &SyncOptions,
) -> anyhow::Result<SyncReport> {
    if let Some(since) = &options.since
        && !check::is_day(since)
    {
        bail!("--since {since:?} is not a date (YYYY-MM-DD)");
    }
    let started = Instant::now();
    let client = client::Client::new(settings)?;
    let steps: Vec<Step> = Step::ALL
        .iter()
        .copied()
        .filter(|step| options.only.is_none_or(|only| only == *step))
        .collect();
    let plan = format!(
        "{}{}",
        options.only.map_or("all", |s| s.name()),
        options
            .since
            .as_ref()
            .map_or(String::new(), |s| format!(" since {s}"))
    );
    let dry_run = options.dry_run;
    let (run, generation) = db
        .write(move |tx| -> anyhow::Result<_> {
            let generation = runs_store::interrupted_generation(tx, &plan)?.unwrap_or_else(|| {
                format!(
                    "{plan}@{}",
                    time::OffsetDateTime::now_utc().unix_timestamp_nanos()
                )
            });
            Ok((
                runs_store::start_run(tx, now(), dry_run, &generation)?,
                generation,
            ))
        })
        .await?;
    let mut report = SyncReport::default();
    let outcome = run_steps(
        db,
        &client,
        settings,
        options,
        &steps,
        &generation,
        &mut report,
    )
    .await;
    report.requests = client.requests();
    report.seconds = started.elapsed().as_secs_f64();
    let summary = report.summary(options.dry_run);
    let error = outcome.as_ref().err().map(|e| format!("{e:#}"));
    let requests = report.requests;
    db.write(move |tx| {
        runs_store::finish_run(tx, run, now(), (&summary, error.as_deref(), requests))
    })
    .await?;
    outcome.map(|()| report)
}

async fn run_steps(
    db: &Db,
    client: &client::Client,
    settings: &RegisterSettings,
    options: &SyncOptions,
    steps: &[Step],
    generation: &str,
    report: &mut SyncReport,
) -> anyhow::Result<()> {
    let full = options.since.is_none();
    let since = options.since.as_deref();
    for &step in steps {
        let key = generation.to_owned();
        let done = db
            .read(move |conn| runs_store::checkpoint(conn, step.name()))
            .await?;
        if !options.dry_run && done.as_deref() == Some(generation) {
            println!("{step}: already written by the interrupted sync, skipped");
            report.skipped.push(step);
            continue;
        }
        println!("{step}: reading the register");
        let now = now();
        let counts = match step {
            Step::Qualifications => {
                let rows = read::qualifications(client, since).await?;
                commit(db, options.dry_run, step, key, move |tx| {
                    write::qualifications(tx, &rows, full, now)
                })
                .await?
            }
            Step::Providers => {
                let rows = read::providers(client, since).await?;
                commit(db, options.dry_run, step, key, move |tx| {
                    write::providers(tx, &rows, full, now)
                })
                .await?
            }
            Step::Delivery => {
                let codes = db.read(store::listed_course_codes).await?;
                let live = read::delivery(client, &codes).await?;
                commit(db, options.dry_run, step, key, move |tx| {
                    write::delivery(tx, &live, now)
                })
                .await?
            }
            Step::Decisions => {
                let rtos = db.read(store::listed_rto_codes).await?;
                let today = time::OffsetDateTime::now_utc().date().to_string();
                let decisions = read::decisions(client, &rtos, &today).await?;
                let url = settings.url.clone();
                commit(db, options.dry_run, step, key, move |tx| {
                    write::decisions(tx, &decisions, &url)
                })
                .await?
            }
        };
        println!(
            "{step}: {} added, {} changed, {} retired{}",
            counts.added,
            counts.changed,
            counts.retired,
            if options.dry_run {
                " (dry run: not written)"
            } else {
                ""
            }
        );
        report.steps.push((step, counts));
    }
    if report.steps.is_empty() && report.skipped.is_empty() {
        bail!("no step to run");
    }
    Ok(())
}

/// How long a run without an end counts as still running (a killed one is forgotten after).
const RUNNING_FOR: i64 = 6 * 3600;

/// `serve`'s daily incremental sync (`APP_REGISTER_SYNC=daily`): one log line per run with its
/// counts, and never while another sync (of this process or `app catalogue sync`) runs.
pub async fn daily(db: Db, settings: RegisterSettings) {
    let day = std::time::Duration::from_secs(24 * 3600);
    let mut every = tokio::time::interval_at(tokio::time::Instant::now() + day, day);
    loop {
        every.tick().await;
        match daily_run(&db, &settings, time::OffsetDateTime::now_utc()).await {
            None => tracing::info!("daily catalogue sync skipped: another sync is running"),
            Some(Ok(report)) => tracing::info!(
                counts = report.summary(false).replace('\n', "; "),
                "daily catalogue sync"
            ),
            Some(Err(error)) => {
                tracing::warn!(error = format!("{error:#}"), "daily catalogue sync stopped")
            }
        }
    }
}

/// One day's incremental sync at `now`, reading what changed in the two days before (so a run
/// missed or late by hours loses nothing); None when another sync started in the last six
/// hours has not finished (a killed one is forgotten after that).
pub async fn daily_run(
    db: &Db,
    settings: &RegisterSettings,
    now: time::OffsetDateTime,
) -> Option<anyhow::Result<SyncReport>> {
    let after = now.unix_timestamp() - RUNNING_FOR;
    let running = db
        .read(move |conn| runs_store::running_since(conn, after))
        .await;
    if !matches!(running, Ok(false)) {
        return None;
    }
    let options = SyncOptions {
        since: Some((now - time::Duration::days(2)).date().to_string()),
        ..SyncOptions::default()
    };
    Some(sync(db, settings, &options).await)
}

/// Writes one step in one transaction with its checkpoint, or rehearses it on a dry run.
async fn commit<F>(db: &Db, dry_run: bool, step: Step, key: String, f: F) -> anyhow::Result<Counts>
where
    F: FnOnce(&rusqlite::Transaction) -> rusqlite::Result<Counts> + Send + 'static,
{
    let run = move |tx: &rusqlite::Transaction| -> rusqlite::Result<Counts> {
        let counts = f(tx)?;
        runs_store::set_checkpoint(tx, step.name(), &key, now())?;
        Ok(counts)
    };
    Ok(if dry_run {
        db.rehearse(run).await?
    } else {
        db.write(run).await?
    })
}

//! The embedded migrations: applied all or nothing at start-up after a checked copy of the
//! database, and a database newer than this binary refused before anything changes.

use std::path::{Path, PathBuf};

use anyhow::Context;
use rusqlite::{Connection, Transaction};

use super::copy::backup;

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// A database whose schema is newer than this binary's migrations: refused before anything
/// changes, in words an operator can act on (`main` exits with code 2 for it).
#[derive(Debug)]
pub struct NewerSchema {
    pub found: i64,
    pub known: i64,
}

impl std::fmt::Display for NewerSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "This data directory was written by a newer release (schema version {}; this release knows up to {}). Run that release, or restore a backup made before the upgrade.",
            self.found, self.known
        )
    }
}

impl std::error::Error for NewerSchema {}

/// Whether a migration scheduled the data step `step` in `pending_data_steps` (false before
/// the table exists); see `server::DATA_STEPS`.
pub fn step_scheduled(tx: &Transaction, step: &str) -> rusqlite::Result<bool> {
    tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'pending_data_steps')
            AND EXISTS (SELECT 1 FROM pending_data_steps WHERE step = ?1)",
        [step],
        |row| row.get(0),
    )
}

/// Marks the data step `step` done.
pub fn step_done(tx: &Transaction, step: &str) -> rusqlite::Result<()> {
    tx.execute("DELETE FROM pending_data_steps WHERE step = ?1", [step])?;
    Ok(())
}

/// Where the copies made before migrating go, beside the database.
pub const BACKUPS_DIR: &str = "backups";
/// How many pre-migration copies are kept.
const KEEP_BACKUPS: usize = 3;

/// Applies every pending migration (from version `found` up to `known`) in one transaction, so
/// a failure leaves the database as it was. An existing database is first copied (checked,
/// like `app backup`) to `DATA_DIR/backups/app-before-vN-DATE.db`.
pub(crate) fn migrate(
    conn: &mut Connection,
    path: &Path,
    found: i64,
    known: i64,
) -> anyhow::Result<()> {
    let copy = if found > 0 && found < known {
        let copy = copy_before_migrating(path, known)?;
        tracing::info!(copy = %copy.display(), from = found, to = known, "copied the database before migrating");
        Some(copy)
    } else {
        None
    };
    let report = embedded::migrations::runner()
        .set_grouped(true)
        .run(conn)
        .map_err(|err| {
            let kept = copy
                .as_ref()
                .map(|c| format!("; the copy made before it is {}", c.display()))
                .unwrap_or_default();
            anyhow::anyhow!(
                "database migration failed; the database was left unchanged{kept}: {err}"
            )
        })?;
    for migration in report.applied_migrations() {
        tracing::info!(
            version = migration.version(),
            name = migration.name(),
            "applied migration"
        );
    }
    Ok(())
}

/// The newest migration this binary carries.
pub(crate) fn known_version() -> i64 {
    embedded::migrations::runner()
        .get_migrations()
        .iter()
        .map(|m| i64::from(m.version()))
        .max()
        .unwrap_or(0)
}

/// The newest migration applied to the database; 0 for a new one.
pub(crate) fn applied_version(conn: &Connection) -> rusqlite::Result<i64> {
    let has_history: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'refinery_schema_history')",
        [],
        |row| row.get(0),
    )?;
    if has_history {
        schema_version(conn)
    } else {
        Ok(0)
    }
}

/// Writes the checked copy made before migrating to version `to`, and keeps only the newest
/// [`KEEP_BACKUPS`] such copies. Any failure (a full disk) stops the upgrade before it starts.
pub(crate) fn copy_before_migrating(database: &Path, to: i64) -> anyhow::Result<PathBuf> {
    let dir = database
        .parent()
        .unwrap_or(Path::new("."))
        .join(BACKUPS_DIR);
    let stop = |err: anyhow::Error| {
        anyhow::anyhow!(
            "cannot write a copy of the database before migrating it, so nothing was changed: {err:#}. Free some space (or fix the permissions of {}) and start again.",
            dir.display()
        )
    };
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot create {}", dir.display()))
        .map_err(stop)?;
    let date = time::OffsetDateTime::now_utc()
        .format(time::macros::format_description!(
            "[year]-[month]-[day]-[hour][minute][second]"
        ))
        .map_err(anyhow::Error::from)
        .map_err(stop)?;
    let copy = dir.join(format!("app-before-v{to}-{date}.db"));
    backup(database, &copy).map_err(stop)?;
    prune_copies(&dir);
    Ok(copy)
}

/// Removes all but the newest pre-migration copies; a copy that cannot be removed stays.
pub(crate) fn prune_copies(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut copies: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("app-before-v") && name.ends_with(".db")
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    copies.sort();
    let excess = copies.len().saturating_sub(KEEP_BACKUPS);
    for (_, old) in copies.into_iter().take(excess) {
        if let Err(err) = std::fs::remove_file(&old) {
            tracing::warn!(copy = %old.display(), error = %err, "cannot remove an old pre-migration copy");
        }
    }
}

pub fn schema_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM refinery_schema_history",
        [],
        |row| row.get(0),
    )
}

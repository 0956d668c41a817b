//! Online backups (`app backup FILE`, and the copy made before migrating) and restores
//! (`app restore FILE`): a backup is one checked, self-contained file taken from one read
//! snapshot while the server keeps writing; a restore checks a copy, keeps the database it
//! replaces in `DATA_DIR/backups/`, and swaps the copy in with a rename.

use std::{
    fs,
    path::{Path, PathBuf},
};

use anyhow::Context;
use rusqlite::{Connection, OpenFlags};

pub use crate::db::copy::backup;
use crate::{
    config::DataDir,
    db::{self, BACKUPS_DIR, NewerSchema, copy::ensure_whole},
};

/// What `app restore` did.
pub struct Restored {
    /// The schema version of the restored copy (the next start migrates it if older).
    pub schema_version: i64,
    /// Where the database it replaced was kept, if there was one.
    pub previous: Option<PathBuf>,
}

/// Replaces the data directory's database with `copy`, with the server stopped: checks the
/// copy (integrity, and a schema this release knows), keeps the current database in
/// `DATA_DIR/backups/app-before-restore-DATE.db`, removes the old WAL and shared-memory files,
/// and renames the checked copy into place, so the database is always either the old one or
/// the new one.
pub fn restore(data: &DataDir, copy: &Path) -> anyhow::Result<Restored> {
    data.ensure()?;
    let _lock = data
        .lock()
        .context("app restore replaces the database, so the server must be stopped first")?;
    let schema_version = check_copy(copy)?;
    let database = data.database();
    let staging = database.with_extension("db-restoring");
    backup(copy, &staging)
        .with_context(|| format!("cannot copy {} into the data directory", copy.display()))?;
    let previous = if database.exists() {
        Some(keep_previous(&database)?)
    } else {
        None
    };
    // The old WAL must not be replayed onto the restored file.
    for stale in ["db-wal", "db-shm"] {
        match fs::remove_file(database.with_extension(stale)) {
            Err(err) if err.kind() != std::io::ErrorKind::NotFound => {
                return Err(err).context("cannot remove the old database's WAL");
            }
            _ => {}
        }
    }
    fs::rename(&staging, &database)
        .with_context(|| format!("cannot move the copy to {}", database.display()))?;
    fs::File::open(&data.path)?.sync_all()?;
    Ok(Restored {
        schema_version,
        previous,
    })
}

/// The copy's schema version, once it passed its integrity check and is known to be a
/// database of this application no newer than this release.
fn check_copy(copy: &Path) -> anyhow::Result<i64> {
    anyhow::ensure!(copy.is_file(), "there is no file {}", copy.display());
    let conn = Connection::open_with_flags(copy, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open {}", copy.display()))?;
    let not_ours = |err: rusqlite::Error| {
        anyhow::anyhow!(
            "{} is not a CourseSource database ({err}); nothing was changed",
            copy.display()
        )
    };
    ensure_whole(&conn, &copy.display().to_string())
        .map_err(|err| anyhow::anyhow!("{err:#}; nothing was changed"))?;
    let found = db::migrations::applied_version(&conn).map_err(not_ours)?;
    anyhow::ensure!(
        found > 0,
        "{} is not a CourseSource database (it has no schema history); nothing was changed",
        copy.display()
    );
    let known = db::migrations::known_version();
    if found > known {
        return Err(NewerSchema { found, known }.into());
    }
    Ok(found)
}

/// Copies the current database (with what its WAL holds) to `backups/`; a database too damaged
/// to copy is moved there as it is, with its WAL.
fn keep_previous(database: &Path) -> anyhow::Result<PathBuf> {
    let dir = database
        .parent()
        .unwrap_or(Path::new("."))
        .join(BACKUPS_DIR);
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let date = time::OffsetDateTime::now_utc().format(time::macros::format_description!(
        "[year]-[month]-[day]-[hour][minute][second]"
    ))?;
    let kept = dir.join(format!("app-before-restore-{date}.db"));
    if let Err(err) = backup(database, &kept) {
        tracing::warn!(error = %format!("{err:#}"), "the current database cannot be copied: moving its files aside as they are");
        fs::rename(database, &kept)?;
        let wal = database.with_extension("db-wal");
        if wal.exists() {
            fs::rename(&wal, kept.with_extension("db-wal"))?;
        }
    }
    Ok(kept)
}

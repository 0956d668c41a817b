//! SQLite storage: one writer connection, a small pool of read-only connections, the
//! pragmas, the embedded migrations and online backups. Every call runs on tokio's
//! blocking threads so the async workers never wait on disk.

use std::{
    path::{Path, PathBuf},
    sync::{Arc, Mutex, MutexGuard},
    time::Duration,
};

use anyhow::Context;
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};
use tokio::sync::Semaphore;

use crate::error::AppError;

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// The database file inside the data directory.
pub const DB_FILE: &str = "app.db";

/// How many read connections may be busy at once.
const READERS: usize = 8;

#[derive(Clone)]
pub struct Db {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    writer: Mutex<Connection>,
    idle_readers: Mutex<Vec<Connection>>,
    reader_permits: Semaphore,
}

impl Db {
    /// Opens (creating if needed) the database and applies pending migrations, all or nothing.
    pub fn open(path: &Path) -> anyhow::Result<Self> {
        let mut writer = Connection::open(path)
            .with_context(|| format!("cannot open the database {}", path.display()))?;
        configure(&writer)?;
        writer.pragma_update(None, "journal_mode", "WAL")?;
        migrate(&mut writer)?;
        Ok(Self {
            inner: Arc::new(Inner {
                path: path.to_owned(),
                writer: Mutex::new(writer),
                idle_readers: Mutex::new(Vec::with_capacity(READERS)),
                reader_permits: Semaphore::new(READERS),
            }),
        })
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Runs `f` on a read-only connection. `f` may fail with any error that becomes an
    /// `AppError` (a store function's `rusqlite::Error` too), so `db.read(store::industries)`.
    pub async fn read<T, E, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&Connection) -> Result<T, E> + Send + 'static,
        E: Into<AppError>,
        T: Send + 'static,
    {
        let _permit = self
            .inner
            .reader_permits
            .acquire()
            .await
            .map_err(anyhow::Error::from)?;
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || {
            let conn = match lock(&inner.idle_readers).pop() {
                Some(conn) => conn,
                None => open_reader(&inner.path)?,
            };
            let result = f(&conn).map_err(Into::into);
            lock(&inner.idle_readers).push(conn);
            result
        })
        .await?
    }

    /// Runs `f` in one `BEGIN IMMEDIATE` transaction on the writer; commits when it returns Ok.
    /// Like [`Db::read`], `f` may fail with any error that becomes an `AppError`.
    pub async fn write<T, E, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&Transaction) -> Result<T, E> + Send + 'static,
        E: Into<AppError>,
        T: Send + 'static,
    {
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = lock(&inner.writer);
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = f(&tx).map_err(Into::into)?;
            tx.commit()?;
            Ok(value)
        })
        .await?
    }

    /// The latest applied migration version.
    pub async fn schema_version(&self) -> Result<i64, AppError> {
        self.read(schema_version).await
    }

    /// Folds the WAL back into the main file; called on clean shutdown.
    pub fn checkpoint(&self) {
        if let Err(err) = lock(&self.inner.writer).execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        {
            tracing::warn!(error = %err, "WAL checkpoint failed");
        }
    }
}

/// A poisoned lock only means another thread panicked mid-call; SQLite itself rolled back.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(Duration::from_secs(5))?;
    conn.execute_batch(
        "PRAGMA synchronous = NORMAL;
         PRAGMA foreign_keys = ON;
         PRAGMA temp_store = MEMORY;",
    )
}

fn open_reader(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI,
    )?;
    configure(&conn)?;
    Ok(conn)
}

/// Applies every pending migration in one transaction, so a failure leaves the database as it was.
fn migrate(conn: &mut Connection) -> anyhow::Result<()> {
    let report = embedded::migrations::runner()
        .set_grouped(true)
        .run(conn)
        .context("database migration failed; the database was left unchanged")?;
    for migration in report.applied_migrations() {
        tracing::info!(
            version = migration.version(),
            name = migration.name(),
            "applied migration"
        );
    }
    Ok(())
}

pub fn schema_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM refinery_schema_history",
        [],
        |row| row.get(0),
    )
}

/// Copies the live database at `source` to `target` with SQLite's online backup API
/// (one step, so the copy is a consistent snapshot even while the server writes), then
/// checks the copy. The copy is written beside `target` and renamed into place.
pub fn backup(source: &Path, target: &Path) -> anyhow::Result<()> {
    let src = Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open the database {}", source.display()))?;
    src.busy_timeout(Duration::from_secs(5))?;
    let partial = target.with_extension("partial");
    let _ = std::fs::remove_file(&partial);
    {
        let mut dst = Connection::open(&partial)
            .with_context(|| format!("cannot create {}", partial.display()))?;
        {
            let backup = rusqlite::backup::Backup::new(&src, &mut dst)?;
            // -1 copies every page in one step: one read snapshot, so concurrent writes
            // cannot restart it. Busy or locked only happens while another process checkpoints.
            while backup.step(-1)? != rusqlite::backup::StepResult::Done {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        // A single self-contained file: no WAL beside the copy.
        dst.pragma_update(None, "journal_mode", "DELETE")?;
        let verdict: String = dst.query_row("PRAGMA integrity_check", [], |row| row.get(0))?;
        anyhow::ensure!(
            verdict == "ok",
            "the backup copy failed its integrity check: {verdict}"
        );
    }
    std::fs::rename(&partial, target)
        .with_context(|| format!("cannot move the backup to {}", target.display()))?;
    Ok(())
}

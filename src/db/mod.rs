//! SQLite storage: one writer connection on its own thread, a fixed pool of reader threads each
//! with its read-only connection (`readers`), the pragmas, the migrations (`migrations`), online copies (`copy`), user text in full-text queries (`fts`), the writer thread (`writer`) and the
//! checkpointer (`checkpointer`). Reads run on
//! the readers' threads and writes on the writer's, so the async workers never wait on disk.

mod checkpointer;
pub mod copy;
pub mod fts;
pub mod migrations;
mod readers;
mod watch;
mod writer;

use std::{
    path::{Path, PathBuf},
    sync::{Arc, Mutex, MutexGuard, mpsc},
    time::Duration,
};

use anyhow::Context;
use rusqlite::{Connection, OpenFlags, Transaction, config::DbConfig};
use tokio::sync::oneshot;

use checkpointer::Checkpointer;
pub use copy::backup;
pub use migrations::{BACKUPS_DIR, NewerSchema, schema_version};
use migrations::{applied_version, known_version, migrate};
use readers::Readers;
use watch::Watch;
use writer::{Command, Ending, Finish, Job, RolledBack, Writer, in_savepoint, not_run};

use crate::error::AppError;

/// A step a migration scheduled that needs the application's code, run once migrated.
pub type DataStep = fn(&mut Connection) -> anyhow::Result<()>;

/// The database file inside the data directory.
pub const DB_FILE: &str = "app.db";

/// WAL pages (4 KiB) after which a commit completes the checkpoint: half of the
/// `journal_size_limit` set in [`configure`], so the WAL file is never cut inside a commit.
const WRITER_CHECKPOINT_PAGES: i64 = 8192;

/// How many reader threads (each with its read-only connection) the database keeps.
const READERS: usize = 8;

#[derive(Clone)]
pub struct Db {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    writer: Writer,
    /// After the writer, so it stops after the writer's last commit. None while Litestream
    /// owns the checkpoints.
    _checkpointer: Option<Checkpointer>,
    readers: Readers,
    /// The versions answers are kept under, read on a connection that never writes.
    watch: Watch,
}

impl Db {
    /// Opens (creating if needed) the database and applies pending migrations, all or nothing,
    /// with the default [`Storage`] options.
    pub fn open(path: &Path) -> anyhow::Result<Self> {
        Self::open_with(path, Storage::default(), &[])
    }

    /// [`Db::open`] with the operator's durability and checkpoint choices, running each of
    /// `data_steps` after the migrations (see `server::DATA_STEPS`).
    pub fn open_with(
        path: &Path,
        storage: Storage,
        data_steps: &[DataStep],
    ) -> anyhow::Result<Self> {
        let mut writer = Connection::open(path)
            .with_context(|| format!("cannot open the database {}", path.display()))?;
        configure(&writer)?;
        plan_once(&writer)?;
        // Before anything is written, not even the journal mode.
        let known = known_version();
        let found = applied_version(&writer)?;
        if found > known {
            return Err(NewerSchema { found, known }.into());
        }
        writer.pragma_update(None, "journal_mode", "WAL")?;
        migrate(&mut writer, path, found, known)?;
        make_private(path);
        // Steps a migration scheduled that need the application's code (the scoring rules):
        // the caller's, so storage depends on no area.
        for step in data_steps {
            step(&mut writer)?;
        }
        // Commits leave copying pages into the database file to the checkpointer, beside them
        // (see [`Checkpointer`]). Under writes without a pause its checkpoints never end with
        // the whole WAL copied, so the WAL never starts over and grows (640 MB in a digest run
        // at a million reviews) until the commit that starts it over cuts it back to
        // `journal_size_limit`, holding the writer 150 ms or more. So once the WAL holds
        // `WRITER_CHECKPOINT_PAGES`, the commit finishes the checkpoint itself: only the pages
        // the checkpointer has not copied yet, and the WAL starts over before it reaches the
        // limit. Never while Litestream owns the checkpoints.
        let pages = match storage.checkpoints {
            Checkpoints::App => WRITER_CHECKPOINT_PAGES,
            Checkpoints::Litestream => 0,
        };
        writer.pragma_update(None, "wal_autocheckpoint", pages)?;
        writer.pragma_update(None, "synchronous", storage.durability.pragma())?;
        let checkpointer = match storage.checkpoints {
            Checkpoints::App => Some(Checkpointer::start(path)?),
            Checkpoints::Litestream => None,
        };
        Ok(Self {
            inner: Arc::new(Inner {
                path: path.to_owned(),
                writer: Writer::start(writer, storage.checkpoints)?,
                _checkpointer: checkpointer,
                readers: Readers::start(path, READERS)?,
                watch: Watch::open(path)?,
            }),
        })
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// A number that changes whenever anything is committed, by this process or another
    /// (`app import` beside a running server): the answer cache keys on it. Looking at it is a
    /// `pread` between commits (see `watch`), so it runs on the caller's thread.
    pub fn data_version(&self) -> Result<i64, AppError> {
        Ok(self.data_and_public_version()?.0)
    }

    /// The data version and the public version, as of one read transaction: a request with a
    /// session looks at both (its user is kept under the latter). About a microsecond between
    /// commits (see `watch`).
    pub fn data_and_public_version(&self) -> Result<(i64, i64), AppError> {
        self.inner.watch.versions()
    }

    /// A number that changes whenever a table some public answer reads changes, by this process
    /// or another: triggers move it (V22), so a mail marked sent, a digest claimed or a
    /// notification read leaves the kept public answers in place. Looked at as `data_version` is.
    pub fn public_version(&self) -> Result<i64, AppError> {
        Ok(self.data_and_public_version()?.1)
    }

    /// The public version and the pair's: the latter changes whenever a vote on one of the
    /// pair's reviews is committed (V26), and the pair's kept review lists are keyed by both.
    /// One statement on the watch connection.
    pub fn public_and_pair_version(
        &self,
        course_id: i64,
        provider_id: i64,
    ) -> Result<(i64, i64), AppError> {
        Ok(self
            .inner
            .watch
            .conn()
            .prepare_cached(
                "SELECT version, COALESCE((SELECT version FROM pair_versions
                                            WHERE course_id = ?1 AND provider_id = ?2), 0)
                 FROM public_version",
            )?
            .query_row([course_id, provider_id], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })?)
    }

    /// Runs `f` on a read-only connection. `f` may fail with any error that becomes an
    /// `AppError` (a store function's `rusqlite::Error` too), so `db.read(store::industries)`.
    pub async fn read<T, E, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&Connection) -> Result<T, E> + Send + 'static,
        E: Into<AppError>,
        T: Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        self.inner.readers.run(Box::new(move |conn| {
            let result = conn
                .map_err(AppError::from)
                .and_then(|conn| f(conn).map_err(Into::into));
            // The caller may have gone (a dropped request): then nobody needs the answer.
            let _ = answer.send(result);
        }))?;
        answered
            .await
            .map_err(|_| anyhow::anyhow!("the read failed on the database's reader thread"))?
    }

    /// Runs `f` in a `BEGIN IMMEDIATE` transaction on the writer and answers once its changes
    /// are committed; if `f` fails, none of them are. Writes that wait together share one
    /// commit (each in its own savepoint), so a burst of small writes costs one commit, not one
    /// each. Like [`Db::read`], `f` may fail with any error that becomes an `AppError`.
    pub async fn write<T, E, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&Transaction) -> Result<T, E> + Send + 'static,
        E: Into<AppError>,
        T: Send + 'static,
    {
        self.transaction(f, Ending::Commit).await
    }

    /// Runs `f` in a transaction that is always rolled back: what a write would do, without
    /// doing it (`app import --dry-run`).
    pub async fn rehearse<T, E, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&Transaction) -> Result<T, E> + Send + 'static,
        E: Into<AppError>,
        T: Send + 'static,
    {
        self.transaction(f, Ending::RollBack).await
    }

    async fn transaction<T, E, F>(&self, f: F, ending: Ending) -> Result<T, AppError>
    where
        F: FnOnce(&Transaction) -> Result<T, E> + Send + 'static,
        E: Into<AppError>,
        T: Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move |tx| {
            // None when the transaction could not begin: `f` does not run, the error answers.
            let value = tx.map(|tx| in_savepoint(tx, ending, || f(tx).map_err(Into::into)));
            let lost = match (tx, &value) {
                (Some(tx), Some(result)) if tx.is_autocommit() => Some(
                    result
                        .as_ref()
                        .err()
                        .map_or(RolledBack::Other, RolledBack::of),
                ),
                _ => None,
            };
            let finish: Finish = Box::new(move |committed| {
                let answered = committed.and_then(|()| value.unwrap_or_else(|| Err(not_run())));
                // The caller may have gone (a dropped request): then nobody needs the answer.
                let _ = answer.send(answered);
            });
            (finish, lost)
        });
        self.inner
            .writer
            .commands
            .send(Command::Write(job))
            .map_err(|_| anyhow::anyhow!("the database writer has stopped"))?;
        answered
            .await
            .map_err(|_| anyhow::anyhow!("the database writer has stopped"))?
    }

    /// The latest applied migration version.
    pub async fn schema_version(&self) -> Result<i64, AppError> {
        self.read(schema_version).await
    }

    /// Folds the WAL back into the main file; called on clean shutdown, after the writes.
    /// While Litestream owns the checkpoints this only waits for the writes before it.
    pub fn checkpoint(&self) {
        let (done, finished) = mpsc::channel();
        if self
            .inner
            .writer
            .commands
            .send(Command::Checkpoint(done))
            .is_ok()
        {
            let _ = finished.recv();
        }
    }
}

/// How the database is kept: what a commit waits for, and who checkpoints the WAL.
#[derive(Clone, Copy, Debug, Default)]
pub struct Storage {
    pub durability: Durability,
    pub checkpoints: Checkpoints,
}

/// What a commit waits for before its caller is answered (`APP_DURABILITY`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Durability {
    /// `synchronous=NORMAL`: a commit is in the WAL, synced to disk at the next checkpoint. A
    /// crash of the process loses nothing; a power cut can lose the last commits since that
    /// sync (never the database's consistency).
    #[default]
    Normal,
    /// `synchronous=FULL`: every commit is synced to disk before it is answered.
    Full,
}

impl Durability {
    fn pragma(self) -> &'static str {
        match self {
            Self::Normal => "NORMAL",
            Self::Full => "FULL",
        }
    }
}

/// Who copies committed pages from the WAL into the database file (`APP_LITESTREAM`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Checkpoints {
    /// The app's checkpointer, twice a second, and a TRUNCATE checkpoint at shutdown.
    #[default]
    App,
    /// Litestream: the app never checkpoints, so it cannot fold WAL pages into the database
    /// before Litestream has copied them (Litestream's documented requirement).
    Litestream,
}

/// A poisoned lock only means another thread panicked mid-call; SQLite itself rolled back.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The placeholders and values of an `IN` list of `ids`, padded with NULLs (which match
/// nothing) to a multiple of 20, so that each list's statement is compiled once and kept in
/// the connection's statement cache rather than once for each length (lever AB).
pub fn in_list(ids: &[i64]) -> (String, Vec<Option<i64>>) {
    const STEP: usize = 20;
    let len = ids.len().max(1).next_multiple_of(STEP);
    let values = ids
        .iter()
        .copied()
        .map(Some)
        .chain(std::iter::repeat(None))
        .take(len)
        .collect();
    (vec!["?"; len].join(", "), values)
}

pub(crate) fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(Duration::from_secs(5))?;
    conn.execute_batch(
        "PRAGMA synchronous = NORMAL;
         PRAGMA foreign_keys = ON;
         PRAGMA temp_store = MEMORY;
         -- The WAL shrinks back to this after a burst of writes.
         PRAGMA journal_size_limit = 67108864;",
    )
}

/// The database and its WAL files readable by this user only (0600), whatever mode an earlier
/// release or the umask gave them; SQLite gives a new WAL file the database file's mode.
fn make_private(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    for suffix in ["", "-wal", "-shm"] {
        let mut file = path.as_os_str().to_owned();
        file.push(suffix);
        let file = Path::new(&file);
        if !file.exists() {
            continue;
        }
        if let Err(err) = std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o600)) {
            tracing::warn!(file = %file.display(), error = %err, "cannot make the database private (0600)");
        }
    }
}

pub(super) fn open_reader(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI,
    )?;
    configure(&conn)?;
    plan_once(&conn)?;
    conn.pragma_update(None, "cache_size", -READER_CACHE_KIB)?;
    Ok(conn)
}

/// Each reader's own page cache (SQLite's default is 2,000 KiB). The readers share the
/// system's cache of the file; their own hold the pages every read passes (the indexes' upper
/// levels), and eight of the default size were about a sixth of the server's memory (lever AG).
const READER_CACHE_KIB: i64 = 1024;

/// A plan that does not depend on the values bound: otherwise SQLite compiles a statement again
/// whenever a parameter it could plan by changes (each cold pair's course and provider), about
/// a tenth of the server's CPU on cold review lists (levers Z and AC).
fn plan_once(conn: &Connection) -> rusqlite::Result<()> {
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)
        .map(|_| ())
}

/// How SQLite plans `sql` with `params` on a freshly migrated database: the steps of
/// `EXPLAIN QUERY PLAN`, joined by " / ", for tests that pin a query to its index.
#[cfg(test)]
pub(crate) fn query_plan(sql: &str, params: impl rusqlite::Params) -> String {
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("plan.db");
    drop(Db::open(&path).unwrap());
    let conn = Connection::open(path).unwrap();
    let mut stmt = conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")).unwrap();
    let steps = stmt
        .query_map(params, |row| row.get::<_, String>(3))
        .unwrap()
        .collect::<rusqlite::Result<Vec<_>>>()
        .unwrap();
    steps.join(" / ")
}

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    #[test]
    fn in_lists_come_in_steps_of_twenty() {
        let (marks, values) = super::in_list(&[7, 9]);
        assert_eq!(marks.matches('?').count(), 20);
        assert_eq!(&values[..3], &[Some(7), Some(9), None]);
        assert_eq!(values.len(), 20);
        let many: Vec<i64> = (1..=21).collect();
        let (marks, values) = super::in_list(&many);
        assert_eq!((marks.matches('?').count(), values.len()), (40, 40));
        assert_eq!(values.iter().flatten().count(), 21);
        // The NULLs match nothing.
        let conn = Connection::open_in_memory().unwrap();
        let (marks, values) = super::in_list(&[2]);
        let found: i64 = conn
            .query_row(
                &format!("SELECT COUNT(*) FROM (SELECT 1 AS x UNION ALL SELECT 2 UNION ALL SELECT NULL) WHERE x IN ({marks})"),
                rusqlite::params_from_iter(values),
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(found, 1);
    }

    /// The readers plan each statement once, whatever values are bound (lever Z).
    #[test]
    fn readers_plan_by_no_bound_value() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = dir.path().join("app.db");
        drop(super::Db::open(&path).unwrap());
        let reader = super::open_reader(&path).unwrap();
        assert!(
            reader
                .db_config(super::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG)
                .unwrap()
        );
    }

    /// `.cargo/config.toml` builds the bundled SQLite without allocation statistics (their
    /// process-wide mutex held up the readers); this fails if that option is lost.
    #[test]
    fn sqlite_counts_no_allocations() {
        let conn = Connection::open_in_memory().unwrap();
        let options = conn
            .prepare("PRAGMA compile_options")
            .unwrap()
            .query_map([], |row| row.get::<_, String>(0))
            .unwrap()
            .collect::<rusqlite::Result<Vec<_>>>()
            .unwrap();
        assert!(
            options.iter().any(|option| option == "DEFAULT_MEMSTATUS=0"),
            "{options:?}"
        );
    }
}

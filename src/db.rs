//! SQLite storage: one writer connection on its own thread, a small pool of read-only
//! connections, the pragmas, the embedded migrations and online backups. Reads run on
//! tokio's blocking threads and writes on the writer's, so the async workers never wait on
//! disk.

use std::{
    panic::AssertUnwindSafe,
    path::{Path, PathBuf},
    sync::{Arc, Mutex, MutexGuard, mpsc},
    time::Duration,
};

use anyhow::Context;
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};
use tokio::sync::{Semaphore, oneshot};

pub use crate::backup::backup;
use crate::error::AppError;

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// The database file inside the data directory.
pub const DB_FILE: &str = "app.db";

/// How many read connections may be busy at once.
const READERS: usize = 8;

/// At most this many waiting writes share one commit.
const WRITES_PER_COMMIT: usize = 64;

/// How often the checkpointer copies committed pages from the WAL into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

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
    idle_readers: Mutex<Vec<Connection>>,
    reader_permits: Semaphore,
    /// Never writes: its `PRAGMA data_version` changes whenever any connection commits.
    watch: Mutex<Connection>,
}

impl Db {
    /// Opens (creating if needed) the database and applies pending migrations, all or nothing,
    /// with the default [`Storage`] options.
    pub fn open(path: &Path) -> anyhow::Result<Self> {
        Self::open_with(path, Storage::default())
    }

    /// [`Db::open`] with the operator's durability and checkpoint choices.
    pub fn open_with(path: &Path, storage: Storage) -> anyhow::Result<Self> {
        let mut writer = Connection::open(path)
            .with_context(|| format!("cannot open the database {}", path.display()))?;
        configure(&writer)?;
        // Before anything is written, not even the journal mode.
        let known = known_version();
        let found = applied_version(&writer)?;
        if found > known {
            return Err(NewerSchema { found, known }.into());
        }
        writer.pragma_update(None, "journal_mode", "WAL")?;
        migrate(&mut writer, path, found, known)?;
        // Steps a migration scheduled that need the application's code (the scoring rules).
        crate::reviews::rescore::run_pending(&mut writer)?;
        // Commits never copy pages into the database file themselves: the checkpointer does,
        // beside them (see [`Checkpointer`]).
        writer.pragma_update(None, "wal_autocheckpoint", 0)?;
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
                idle_readers: Mutex::new(Vec::with_capacity(READERS)),
                reader_permits: Semaphore::new(READERS),
                watch: Mutex::new(open_reader(path)?),
            }),
        })
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// A number that changes whenever anything is committed, by this process or another
    /// (`app import` beside a running server): the answer cache keys on it. Reading it is
    /// a few microseconds, so it runs on the caller's thread.
    pub fn data_version(&self) -> Result<i64, AppError> {
        Ok(lock(&self.inner.watch)
            .prepare_cached("PRAGMA data_version")?
            .query_row([], |row| row.get(0))?)
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

/// How a writer transaction ends when its work succeeded.
#[derive(Clone, Copy)]
enum Ending {
    Commit,
    RollBack,
}

/// The thread that owns the writer connection (see [`run_writer`]).
struct Writer {
    commands: mpsc::Sender<Command>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Writer {
    fn start(conn: Connection, checkpoints: Checkpoints) -> std::io::Result<Self> {
        let (commands, received) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || run_writer(conn, received, checkpoints))?;
        Ok(Self {
            commands,
            thread: Some(thread),
        })
    }
}

impl Drop for Writer {
    /// Closes the connection before the `Db` is gone, as a connection dropped in place would:
    /// whoever opens the file next finds every write done.
    fn drop(&mut self) {
        self.commands = mpsc::channel().0;
        if let Some(thread) = self.thread.take()
            && thread.thread().id() != std::thread::current().id()
        {
            let _ = thread.join();
        }
    }
}

/// A thread that checkpoints the WAL twice a second on its own connection. SQLite's automatic
/// checkpoint runs inside the commit that fills the WAL, so one write in a thousand would pay
/// for copying every page the others changed (at a million reviews, most of a submission's
/// cost); a passive checkpoint beside the writer never blocks it or the readers.
struct Checkpointer {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Checkpointer {
    fn start(path: &Path) -> anyhow::Result<Self> {
        let conn = Connection::open(path)?;
        configure(&conn)?;
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) =
                    stopped.recv_timeout(CHECKPOINT_EVERY)
                {
                    if let Err(err) = conn.execute_batch("PRAGMA wal_checkpoint(PASSIVE);") {
                        tracing::warn!(error = %err, "WAL checkpoint failed");
                    }
                }
            })?;
        Ok(Self {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        self.stop.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// What the writer thread is asked to do.
enum Command {
    Write(Job),
    Checkpoint(mpsc::Sender<()>),
}

/// One write: it runs inside the shared transaction (or, given none, does not run) and gives
/// back what to do once the commit is known (answer its caller), and whether SQLite rolled
/// the whole transaction back under it.
type Job = Box<dyn FnOnce(Option<&Transaction>) -> (Finish, Option<RolledBack>) + Send>;
type Finish = Box<dyn FnOnce(Result<(), AppError>) + Send>;

/// SQLite rolls a whole transaction back by itself on some errors (a full database or disk,
/// an I/O error), savepoints included: then no write of the batch is kept, and every caller
/// is told so with the cause's meaning (a full disk is a 503, not a 500).
#[derive(Clone, Copy)]
enum RolledBack {
    StorageFull,
    Other,
}

impl RolledBack {
    fn of(err: &AppError) -> Self {
        match err {
            AppError::StorageFull(_) => Self::StorageFull,
            _ => Self::Other,
        }
    }

    fn error(self) -> AppError {
        const LOST: &str = "SQLite rolled back the shared transaction";
        match self {
            Self::StorageFull => AppError::StorageFull(format!("{LOST}: database or disk is full")),
            Self::Other => anyhow::anyhow!("{LOST} after an error in one of its writes").into(),
        }
    }
}

/// The writer thread: takes the writes waiting, runs them in one transaction, commits, then
/// answers each. It ends when the last `Db` handle is dropped.
fn run_writer(mut conn: Connection, commands: mpsc::Receiver<Command>, checkpoints: Checkpoints) {
    while let Ok(first) = commands.recv() {
        let mut jobs = Vec::new();
        let mut next = Some(first);
        while let Some(command) = next.take() {
            match command {
                Command::Write(job) => jobs.push(job),
                Command::Checkpoint(done) => {
                    // The writes before it go first, so the checkpoint includes them.
                    commit_together(&mut conn, std::mem::take(&mut jobs));
                    if checkpoints == Checkpoints::App
                        && let Err(err) = conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
                    {
                        tracing::warn!(error = %err, "WAL checkpoint failed");
                    }
                    let _ = done.send(());
                }
            }
            if jobs.len() < WRITES_PER_COMMIT {
                next = commands.try_recv().ok();
            }
        }
        commit_together(&mut conn, jobs);
    }
}

/// Runs `jobs` in one transaction and answers each with its own result once the commit is
/// done, or with the commit's error.
fn commit_together(conn: &mut Connection, jobs: Vec<Job>) {
    if jobs.is_empty() {
        return;
    }
    let tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(err) => {
            for job in jobs {
                job(None).0(Err(same_error(&err)));
            }
            return;
        }
    };
    let mut finishes: Vec<Finish> = Vec::with_capacity(jobs.len());
    let mut rolled_back = None;
    for job in jobs {
        // Once SQLite has rolled the transaction back, a write would run in autocommit mode
        // and be kept whatever its caller is told: the rest do not run.
        let (finish, lost) = job(rolled_back.is_none().then_some(&tx));
        rolled_back = rolled_back.or(lost);
        finishes.push(finish);
    }
    if let Some(lost) = rolled_back {
        for finish in finishes {
            finish(Err(lost.error()));
        }
        return;
    }
    let committed = tx.commit();
    for finish in finishes {
        finish(committed.as_ref().map_err(same_error).copied());
    }
}

/// One failure told to every write it stopped, each as its own error.
fn same_error(err: &rusqlite::Error) -> AppError {
    match err {
        rusqlite::Error::SqliteFailure(code, message) => {
            rusqlite::Error::SqliteFailure(*code, message.clone()).into()
        }
        other => anyhow::anyhow!(other.to_string()).into(),
    }
}

fn not_run() -> AppError {
    anyhow::anyhow!("the write did not run").into()
}

/// Runs `work` in a savepoint of `tx`: undone if it fails (or panics, or `ending` is
/// `RollBack`), kept for the shared commit otherwise.
fn in_savepoint<T>(
    tx: &Transaction,
    ending: Ending,
    work: impl FnOnce() -> Result<T, AppError>,
) -> Result<T, AppError> {
    tx.execute_batch("SAVEPOINT write")?;
    let result = std::panic::catch_unwind(AssertUnwindSafe(work))
        .unwrap_or_else(|_| Err(anyhow::anyhow!("a database write panicked").into()));
    if tx.is_autocommit() {
        // SQLite rolled the whole transaction back, the savepoint with it.
        return result;
    }
    match (&result, ending) {
        (Ok(_), Ending::Commit) => tx.execute_batch("RELEASE write")?,
        _ => tx.execute_batch("ROLLBACK TO write; RELEASE write")?,
    }
    result
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
         PRAGMA temp_store = MEMORY;
         -- The WAL shrinks back to this after a burst of writes.
         PRAGMA journal_size_limit = 67108864;",
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

/// Where the copies made before migrating go, beside the database.
pub const BACKUPS_DIR: &str = "backups";
/// How many pre-migration copies are kept.
const KEEP_BACKUPS: usize = 3;

/// Applies every pending migration (from version `found` up to `known`) in one transaction, so
/// a failure leaves the database as it was. An existing database is first copied (checked,
/// like `app backup`) to `DATA_DIR/backups/app-before-vN-DATE.db`.
fn migrate(conn: &mut Connection, path: &Path, found: i64, known: i64) -> anyhow::Result<()> {
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
fn copy_before_migrating(database: &Path, to: i64) -> anyhow::Result<PathBuf> {
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
fn prune_copies(dir: &Path) {
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

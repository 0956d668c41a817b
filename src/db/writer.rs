//! The thread that owns the writer connection: it takes the writes waiting, runs them in one
//! transaction (each in its own savepoint), commits once, then answers each caller.

use std::{panic::AssertUnwindSafe, sync::mpsc};

use rusqlite::{Connection, Transaction, TransactionBehavior};

use super::Checkpoints;
use crate::error::AppError;

/// At most this many waiting writes share one commit.
const WRITES_PER_COMMIT: usize = 64;

/// How a writer transaction ends when its work succeeded.
#[derive(Clone, Copy)]
pub(super) enum Ending {
    Commit,
    RollBack,
}

/// The thread that owns the writer connection (see [`run_writer`]).
pub(super) struct Writer {
    pub(super) commands: mpsc::Sender<Command>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Writer {
    pub(super) fn start(conn: Connection, checkpoints: Checkpoints) -> std::io::Result<Self> {
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

/// What the writer thread is asked to do.
pub(super) enum Command {
    Write(Job),
    Checkpoint(mpsc::Sender<()>),
}

/// One write: it runs inside the shared transaction (or, given none, does not run) and gives
/// back what to do once the commit is known (answer its caller), and whether SQLite rolled
/// the whole transaction back under it.
pub(super) type Job = Box<dyn FnOnce(Option<&Transaction>) -> (Finish, Option<RolledBack>) + Send>;
pub(super) type Finish = Box<dyn FnOnce(Result<(), AppError>) + Send>;

/// SQLite rolls a whole transaction back by itself on some errors (a full database or disk,
/// an I/O error), savepoints included: then no write of the batch is kept, and every caller
/// is told so with the cause's meaning (a full disk is a 503, not a 500).
#[derive(Clone, Copy)]
pub(super) enum RolledBack {
    StorageFull,
    Other,
}

impl RolledBack {
    pub(super) fn of(err: &AppError) -> Self {
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
pub(super) fn run_writer(
    mut conn: Connection,
    commands: mpsc::Receiver<Command>,
    checkpoints: Checkpoints,
) {
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
pub(super) fn commit_together(conn: &mut Connection, jobs: Vec<Job>) {
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
pub(super) fn same_error(err: &rusqlite::Error) -> AppError {
    match err {
        rusqlite::Error::SqliteFailure(code, message) => {
            rusqlite::Error::SqliteFailure(*code, message.clone()).into()
        }
        other => anyhow::anyhow!(other.to_string()).into(),
    }
}

pub(super) fn not_run() -> AppError {
    anyhow::anyhow!("the write did not run").into()
}

/// Runs `work` in a savepoint of `tx`: undone if it fails (or panics, or `ending` is
/// `RollBack`), kept for the shared commit otherwise.
pub(super) fn in_savepoint<T>(
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

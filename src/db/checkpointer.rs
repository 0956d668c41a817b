//! The checkpointer: copies committed pages from the WAL into the database file beside the
//! writer, so no commit pays for it.

use std::{path::Path, sync::mpsc, time::Duration};

use rusqlite::Connection;

use super::configure;

/// How often the checkpointer copies committed pages from the WAL into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// A thread that checkpoints the WAL twice a second on its own connection. SQLite's automatic
/// checkpoint runs inside the commit that fills the WAL, so one write in a thousand would pay
/// for copying every page the others changed (at a million reviews, most of a submission's
/// cost); a passive checkpoint beside the writer never blocks it or the readers.
pub(super) struct Checkpointer {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Checkpointer {
    pub(super) fn start(path: &Path) -> anyhow::Result<Self> {
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

//! The reader threads: a fixed number, each with its own read-only connection, taking reads from
//! one queue. Reads once ran on tokio's blocking threads, and tokio starts one whenever none is
//! idle at that instant: over a burst of reads 8 at a time it kept 45 of them, each with its own
//! stack and allocator arena (bench/RESULTS.md, lever O).

use std::{
    panic::{AssertUnwindSafe, catch_unwind},
    path::Path,
    thread::JoinHandle,
};

use crossbeam_channel::{Receiver, Sender};
use rusqlite::Connection;

use super::open_reader;

/// A read: runs on a reader thread with its connection, or with the error of opening one.
pub(super) type Read = Box<dyn FnOnce(rusqlite::Result<&Connection>) + Send>;

pub(super) struct Readers {
    /// None once dropping, so the threads' queue closes and they end.
    queue: Option<Sender<Read>>,
    threads: Vec<JoinHandle<()>>,
}

impl Readers {
    pub(super) fn start(path: &Path, count: usize) -> std::io::Result<Self> {
        let (queue, reads) = crossbeam_channel::unbounded::<Read>();
        let threads = (0..count)
            .map(|n| {
                let (reads, path) = (reads.clone(), path.to_owned());
                std::thread::Builder::new()
                    .name(format!("sqlite-reader-{n}"))
                    .spawn(move || serve(&path, &reads))
            })
            .collect::<std::io::Result<_>>()?;
        Ok(Self {
            queue: Some(queue),
            threads,
        })
    }

    /// Queues `read` for the next free reader thread.
    pub(super) fn run(&self, read: Read) -> Result<(), anyhow::Error> {
        self.queue
            .as_ref()
            .and_then(|queue| queue.send(read).ok())
            .ok_or_else(|| anyhow::anyhow!("the database readers have stopped"))
    }
}

/// One reader thread: opens its connection at its first read (again after a failed open or a
/// read that panicked, whose connection may be mid-statement) and serves reads until the queue
/// closes.
fn serve(path: &Path, reads: &Receiver<Read>) {
    let mut conn: Option<Connection> = None;
    while let Ok(read) = reads.recv() {
        let open = match conn.take().map_or_else(|| open_reader(path), Ok) {
            Ok(open) => open,
            Err(err) => {
                read(Err(err));
                continue;
            }
        };
        // A panic drops the read's answer (its caller gets an error) and the connection, not
        // the thread.
        if catch_unwind(AssertUnwindSafe(|| read(Ok(&open)))).is_ok() {
            conn = Some(open);
        }
    }
}

impl Drop for Readers {
    /// Closes the queue and waits for the threads, so their connections are closed when the
    /// database is (a restore may replace its file next). A reader thread dropping the last
    /// handle of the database does not wait for itself.
    fn drop(&mut self) {
        self.queue.take();
        let me = std::thread::current().id();
        for thread in self.threads.drain(..) {
            if thread.thread().id() != me {
                let _ = thread.join();
            }
        }
    }
}

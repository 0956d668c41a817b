//! The versions the answer cache keys on (DESIGN decision 17): the data version, which moves
//! with every commit by any connection or process, and the public version (V22), which triggers
//! move whenever a table some public answer reads changes. Both are read on the watch
//! connection, which never writes, and only when something was committed since the last read:
//! every commit in WAL mode, by any process, rewrites the header of the WAL index (the `-shm`
//! file, whose layout is part of SQLite's file format: <https://www.sqlite.org/walformat.html>).
//! Looking at that header is one `pread`; a read transaction on the watch connection took
//! about a tenth of a kept answer's time (half of it two `fcntl` locks), under one lock for
//! every request.

use std::{
    fs::File,
    os::unix::fs::FileExt,
    path::Path,
    sync::{Mutex, MutexGuard},
};

use rusqlite::Connection;

use super::lock;
use crate::error::AppError;

/// The WAL index's header: two copies of 48 bytes, one after the other. A commit writes the
/// second, then the first: copies that differ are a commit under way.
const HEADER_BYTES: usize = 96;
type Header = [u8; HEADER_BYTES];

pub(super) struct Watch {
    conn: Mutex<Connection>,
    /// The WAL index (`app.db-shm`); None when it cannot be opened, and then every look reads.
    index: Option<File>,
    /// The versions last read, with the header seen just before reading them.
    seen: Mutex<Option<(Header, (i64, i64))>>,
    #[cfg(test)]
    reads: std::sync::atomic::AtomicU64,
}

impl Watch {
    pub(super) fn open(path: &Path) -> rusqlite::Result<Self> {
        let conn = super::open_reader(path)?;
        let mut index = path.as_os_str().to_owned();
        index.push("-shm");
        Ok(Self {
            conn: Mutex::new(conn),
            index: File::open(index).ok(),
            seen: Mutex::new(None),
            #[cfg(test)]
            reads: Default::default(),
        })
    }

    /// The connection itself, for a look at more than the two versions (one statement).
    pub(super) fn conn(&self) -> MutexGuard<'_, Connection> {
        lock(&self.conn)
    }

    /// The data version and the public version. Read afresh unless the WAL index's header is
    /// the one seen before the last read: then nothing was committed since, and those still
    /// hold. The header is looked at before reading, so what is kept is never older than it.
    pub(super) fn versions(&self) -> Result<(i64, i64), AppError> {
        let header = self.header();
        if let Some(header) = &header
            && let Some((seen, versions)) = *lock(&self.seen)
            && seen == *header
        {
            return Ok(versions);
        }
        let versions = self.read()?;
        if let Some(header) = header {
            *lock(&self.seen) = Some((header, versions));
        }
        Ok(versions)
    }

    fn header(&self) -> Option<Header> {
        let mut header = [0; HEADER_BYTES];
        self.index.as_ref()?.read_exact_at(&mut header, 0).ok()?;
        (header[..HEADER_BYTES / 2] == header[HEADER_BYTES / 2..]).then_some(header)
    }

    /// The data version is the one `PRAGMA data_version` gives this connection, which writes
    /// nothing: its pager's count of changes seen, as of the statement's transaction. Asked of
    /// the pager rather than with `pragma_data_version` in the statement, which prepared a
    /// statement of its own on every call (a fifth of the look's time).
    fn read(&self) -> Result<(i64, i64), AppError> {
        #[cfg(test)]
        self.reads
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let watch = self.conn();
        let public = watch
            .prepare_cached("SELECT version FROM public_version")?
            .query_row([], |row| row.get(0))?;
        let mut data: std::ffi::c_uint = 0;
        watch.file_control(
            rusqlite::DEFAULT_NAME,
            rusqlite::FileControl::DataVersion(&mut data),
        )?;
        Ok((i64::from(data), public))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;
    use crate::db::Db;

    fn reads(db: &Db) -> u64 {
        db.inner.watch.reads.load(Ordering::Relaxed)
    }

    #[test]
    fn a_commit_by_any_connection_moves_the_versions_at_once_and_none_keeps_them() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("app.db")).unwrap();
        let first = db.data_and_public_version().unwrap();
        let read = reads(&db);
        // Nothing committed: the same versions, without a read.
        assert_eq!(db.data_and_public_version().unwrap(), first);
        assert_eq!(db.public_version().unwrap(), first.1);
        assert_eq!(reads(&db), read);

        // Another connection (as another process would) commits to a table no public answer
        // reads: the data version moves, the public version stays.
        let other = Connection::open(db.path()).unwrap();
        other
            .execute(
                "INSERT INTO contact_messages (reason, name, email, message)
                 VALUES ('General enquiry', 'Ann', 'ann@example.com', 'Hello')",
                [],
            )
            .unwrap();
        let second = db.data_and_public_version().unwrap();
        assert_ne!(second.0, first.0);
        assert_eq!(second.1, first.1);
        assert_eq!(reads(&db), read + 1);

        // A table a public answer reads: both move.
        other
            .execute(
                "INSERT INTO industries (slug, name) VALUES ('aquaculture', 'Aquaculture')",
                [],
            )
            .unwrap();
        let third = db.data_and_public_version().unwrap();
        assert_ne!(third.0, second.0);
        assert_ne!(third.1, second.1);
        assert_eq!(db.data_and_public_version().unwrap(), third);
        assert_eq!(reads(&db), read + 2);
    }
}

//! A checked copy of a live database through SQLite's online backup API: used by `app backup`
//! and before every migration.

use std::{fs, path::Path, time::Duration};

use anyhow::Context;
use rusqlite::{Connection, OpenFlags, backup::StepResult};

/// Pages copied per step of a backup (4 MiB of 4 KiB pages), and the pause after each. The
/// copy reads one snapshot throughout, so the server's commits never restart it; the pauses
/// leave the disk to those commits, so writes stay fast while a large database is copied.
const PAGES_PER_STEP: i32 = 1024;
const PAUSE_BETWEEN_STEPS: Duration = Duration::from_millis(5);

/// Copies the live database at `source` to `target` with SQLite's online backup API, from one
/// read snapshot (a consistent copy even while the server writes), in small steps, then checks
/// the copy. The copy is written beside `target` and renamed into place.
pub fn backup(source: &Path, target: &Path) -> anyhow::Result<()> {
    let src = Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open the database {}", source.display()))?;
    src.busy_timeout(Duration::from_secs(5))?;
    // The read transaction the steps share: the snapshot stays the one taken here.
    src.execute_batch("BEGIN")?;
    src.query_row("SELECT COUNT(*) FROM sqlite_schema", [], |_| Ok(()))?;
    let partial = target.with_extension("partial");
    let _ = fs::remove_file(&partial);
    {
        let mut dst = Connection::open(&partial)
            .with_context(|| format!("cannot create {}", partial.display()))?;
        // A scratch file until it is checked, synced once and renamed: no journal, no sync
        // per step.
        dst.execute_batch("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")?;
        {
            let backup = rusqlite::backup::Backup::new(&src, &mut dst)?;
            loop {
                match backup.step(PAGES_PER_STEP)? {
                    StepResult::Done => break,
                    StepResult::More => std::thread::sleep(PAUSE_BETWEEN_STEPS),
                    // Only while another process holds a lock (a checkpoint): wait and go on.
                    _ => std::thread::sleep(Duration::from_millis(50)),
                }
            }
        }
        // A single self-contained file: no WAL beside the copy.
        dst.pragma_update(None, "journal_mode", "DELETE")?;
        ensure_whole(&dst, "the backup copy")?;
    }
    src.execute_batch("COMMIT")?;
    fs::File::open(&partial)?.sync_all()?;
    fs::rename(&partial, target)
        .with_context(|| format!("cannot move the backup to {}", target.display()))?;
    Ok(())
}

pub fn ensure_whole(conn: &Connection, what: &str) -> anyhow::Result<()> {
    let verdict: String = conn.query_row("PRAGMA integrity_check", [], |row| row.get(0))?;
    anyhow::ensure!(
        verdict == "ok",
        "{what} failed its integrity check: {verdict}"
    );
    Ok(())
}

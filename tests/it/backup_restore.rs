//! `app backup FILE` while the server takes writes, and `app restore FILE`: the restored data
//! directory serves every write acknowledged before the backup began; a restore is refused while
//! the server runs, and for a damaged copy or one from a newer release, changing nothing; the
//! database a restore replaces is kept in `DATA_DIR/backups/`.

use crate::common;

use std::{
    path::Path,
    process::Output,
    sync::Arc,
    time::{Duration, Instant},
};

use common::{
    Server, TestApp, app_command,
    counters::assert_counters_match_a_recount,
    load::{self, Load, Writers, assert_stored, stored_reviews},
};
use rusqlite::Connection;

fn run(data: &Path, args: &[&str]) -> (Output, String) {
    let out = app_command(data).args(args).output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out, text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_under_load_restores_with_every_write_acknowledged_before_it_began() {
    let app = TestApp::new().await;
    let writers = Arc::new(load::writers(&app, 40, 60).await);
    let TestApp { dir, state, router } = app;
    drop(router);
    drop(state);
    let data = dir.path().to_owned();
    tokio::task::spawn_blocking(move || back_up_and_restore(&data, &writers))
        .await
        .unwrap();
}

fn back_up_and_restore(data: &Path, writers: &Arc<Writers>) {
    let copies = tempfile::tempdir().unwrap();
    let copy = copies.path().join("copy.db");
    let copy_arg = copy.to_str().unwrap();
    let server = Server::start(data);
    let load = Load::start(server.addr, writers, 4);
    std::thread::sleep(Duration::from_millis(500));
    let began = Instant::now();
    let (out, text) = run(data, &["backup", copy_arg]);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("and checked"), "{text}");
    let ended = Instant::now();
    std::thread::sleep(Duration::from_millis(300));

    // Not while the server runs: nothing changes.
    let (out, text) = run(data, &["restore", copy_arg]);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains("app restore replaces the database, so the server must be stopped first: another `app serve` is already using the data directory"),
        "{text}"
    );
    assert!(!data.join("backups").exists(), "nothing was kept aside");

    let acks = load.stop();
    drop(server);
    let before: Vec<_> = acks.iter().filter(|a| a.at < began).collect();
    let after: Vec<_> = acks.iter().filter(|a| a.at > ended).collect();
    assert!(
        !before.is_empty() && !after.is_empty(),
        "writes before and after the backup"
    );

    let (out, text) = run(data, &["restore", copy_arg]);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(&format!(
            "restored {copy_arg} (schema version {}",
            common::latest_schema_version()
        )),
        "{text}"
    );
    let kept = kept_copy(data);
    assert!(
        text.contains(&format!(
            "the database it replaced is kept at {}",
            kept.display()
        )),
        "{text}"
    );
    // The replaced database, with what its WAL held, is kept whole.
    assert_stored(&kept, &acks, "the kept database");
    assert!(!data.join("app.db-wal").exists(), "the old WAL is gone");

    let server = Server::start(data);
    let checked = assert_stored(
        &data.join("app.db"),
        before.iter().copied(),
        "after the restore",
    );
    let restored = stored_reviews(&data.join("app.db"));
    assert!(
        after.iter().any(|a| !restored.contains(&a.key)),
        "the restored database is the copy, not the one it replaced"
    );
    // The server serves the restored reviews.
    let writer = &writers.students[0];
    let stored_for_user = restored.iter().filter(|k| k.0 == writer.1).count();
    assert_eq!(load::served_reviews(&server, writer), stored_for_user);
    drop(server);
    assert_counters_match_a_recount(&data.join("app.db"), "after the restore");
    println!(
        "backup under load: {} writes acknowledged before the backup began, all restored ({checked} checked)",
        before.len()
    );
}

/// The one `backups/app-before-restore-*.db` file.
fn kept_copy(data: &Path) -> std::path::PathBuf {
    let kept: Vec<_> = std::fs::read_dir(data.join("backups"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("app-before-restore-") && name.ends_with(".db")
        })
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    kept[0].clone()
}

#[test]
fn restore_refuses_a_damaged_copy_or_a_newer_schema_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let (out, text) = run(data, &["migrate"]);
    assert!(out.status.success(), "{text}");
    let db = data.join("app.db");
    let before = std::fs::read(&db).unwrap();
    let copies = tempfile::tempdir().unwrap();

    let garbage = copies.path().join("garbage.db");
    std::fs::write(&garbage, b"not a database at all, just bytes".repeat(200)).unwrap();
    let (out, text) = run(data, &["restore", garbage.to_str().unwrap()]);
    assert!(!out.status.success(), "{text}");
    assert!(text.contains("nothing was changed"), "{text}");

    let missing = copies.path().join("missing.db");
    let (out, text) = run(data, &["restore", missing.to_str().unwrap()]);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains(&format!("there is no file {}", missing.display())),
        "{text}"
    );

    let newer = copies.path().join("newer.db");
    let (out, text) = run(data, &["backup", newer.to_str().unwrap()]);
    assert!(out.status.success(), "{text}");
    let version = common::latest_schema_version() + 1;
    Connection::open(&newer)
        .unwrap()
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (?1, 'future_change', '2030-01-01', '0')",
            [version],
        )
        .unwrap();
    let (out, text) = run(data, &["restore", newer.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains(&format!(
            "This data directory was written by a newer release (schema version {version}; this release knows up to {})",
            version - 1
        )),
        "{text}"
    );

    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the database is unchanged"
    );
    assert!(!data.join("backups").exists(), "nothing was kept aside");
    assert!(!data.join("app.db-restoring").exists());
}

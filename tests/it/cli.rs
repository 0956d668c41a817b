//! The `app` executable as an operator uses it: help, migrate, admin accounts, serve with its
//! directory lock and signals, crash safety, and backup while serving.

use crate::common;

use std::{io::Write, process::Stdio, time::Duration};

use common::{Server, app_command, wait_for};
use rusqlite::Connection;
use tempfile::TempDir;

fn run(dir: &TempDir, args: &[&str], stdin: &str) -> (bool, String) {
    let mut child = app_command(dir.path())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn integrity(path: &std::path::Path) -> String {
    Connection::open(path)
        .unwrap()
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn every_command_has_help() {
    let dir = TempDir::new().unwrap();
    let (ok, text) = run(&dir, &["--help"], "");
    assert!(ok);
    for command in ["serve", "migrate", "admin", "backup"] {
        assert!(text.contains(command), "--help lists {command}");
    }
    for args in [
        &["serve", "--help"][..],
        &["migrate", "--help"],
        &["admin", "create", "--help"],
        &["admin", "promote", "--help"],
        &["backup", "--help"],
    ] {
        let (ok, text) = run(&dir, args, "");
        assert!(ok && text.contains("Usage: app"), "{args:?}: {text}");
    }
    let (_, serve_help) = run(&dir, &["serve", "--help"], "");
    for setting in [
        "APP_ADDR",
        "APP_DATA_DIR",
        "APP_SMTP_URL",
        "APP_PUBLIC_URL",
        "APP_SITE_NAME",
        "APP_MAIL_FROM",
    ] {
        assert!(serve_help.contains(setting), "serve --help names {setting}");
    }
}

#[test]
fn migrate_creates_the_data_directory_and_database() {
    let dir = TempDir::new().unwrap();
    let data = dir.path().join("nested/data");
    let out = app_command(&data).arg("migrate").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = format!("schema version {}", common::latest_schema_version());
    assert!(String::from_utf8_lossy(&out.stdout).contains(&expected));
    assert!(data.join("app.db").exists());
}

/// An operator looks into the database with Debian 12's `sqlite3` shell (3.40, older than the
/// server's own SQLite): the schema uses nothing it cannot read.
#[test]
fn debian_s_sqlite3_shell_reads_the_migrated_database() {
    let dir = TempDir::new().unwrap();
    let out = app_command(dir.path()).arg("migrate").output().unwrap();
    assert!(out.status.success());
    let shell = std::process::Command::new("sqlite3")
        .arg(dir.path().join("app.db"))
        .arg("PRAGMA integrity_check; SELECT COUNT(*) FROM review_cards;")
        .output()
        .expect("Debian's sqlite3 (tests/all.sh installs it)");
    assert_eq!(
        String::from_utf8_lossy(&shell.stdout),
        "ok\n0\n",
        "{}",
        String::from_utf8_lossy(&shell.stderr)
    );
}

#[test]
fn admin_create_and_promote() {
    let dir = TempDir::new().unwrap();
    let (ok, text) = run(
        &dir,
        &["admin", "create", "Boss@Example.com", "--password-stdin"],
        "weak\n",
    );
    assert!(
        !ok && text.contains("Password must be at least 8 characters long"),
        "{text}"
    );

    let (ok, text) = run(
        &dir,
        &["admin", "create", "Boss@Example.com", "--password-stdin"],
        "Secret123\n",
    );
    assert!(ok, "{text}");
    let (ok, text) = run(
        &dir,
        &["admin", "create", "boss@example.com", "--password-stdin"],
        "Secret123\n",
    );
    assert!(!ok && text.contains("already exists"), "{text}");
    let (ok, text) = run(
        &dir,
        &["admin", "create", "not-an-email", "--password-stdin"],
        "Secret123\n",
    );
    assert!(!ok && text.contains("not a valid email"), "{text}");

    let db = Connection::open(dir.path().join("app.db")).unwrap();
    let (email, admin, verified, hash): (String, bool, bool, String) = db
        .query_row(
            "SELECT email, is_admin, verified_at IS NOT NULL, password_hash FROM users",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!(
        (email.as_str(), admin, verified),
        ("boss@example.com", true, true)
    );
    assert!(
        hash.starts_with("$argon2id$"),
        "stored as an argon2id hash, not the password"
    );

    db.execute(
        "INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type) VALUES ('kim@example.com', 'x', 'Kim', 'Lee', 'Female', 'Parent')",
        [],
    )
    .unwrap();
    let (ok, text) = run(&dir, &["admin", "promote", "nobody@example.com"], "");
    assert!(!ok && text.contains("there is no account"), "{text}");
    let (ok, text) = run(&dir, &["admin", "promote", "KIM@example.com"], "");
    assert!(ok, "{text}");
    let admin: bool = db
        .query_row(
            "SELECT is_admin FROM users WHERE email = 'kim@example.com'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(admin);
}

#[test]
fn a_second_serve_on_the_same_directory_stops_with_a_message() {
    let dir = TempDir::new().unwrap();
    let server = Server::start(dir.path());
    let out = app_command(dir.path())
        .args(["serve", "--addr", "127.0.0.1:0"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("another `app serve` is already using the data directory"),
        "{stderr}"
    );
    assert_eq!(
        server.http("GET", "/api/health", &[], "").0,
        200,
        "the first server is unharmed"
    );
}

/// `app serve` hands its heaps' free pages back to the system on a thread of its own, so its
/// memory comes back down after a burst (src/memory.rs).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn the_server_gives_free_memory_back_on_a_thread_of_its_own() {
    let dir = TempDir::new().unwrap();
    let server = Server::start(dir.path());
    let threads = || -> Vec<String> {
        std::fs::read_dir(format!("/proc/{}/task", server.child.id()))
            .unwrap()
            .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
            .map(|name| name.trim().to_owned())
            .collect()
    };
    // A thread takes its name once it first runs, which on a loaded machine may be after the
    // server answers: until then it shows the process's name.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut seen = threads();
    while !seen
        .iter()
        .any(|name| name == coursesource::memory::TRIM_THREAD)
        && std::time::Instant::now() < deadline
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
        seen = threads();
    }
    assert!(
        seen.iter()
            .any(|name| name == coursesource::memory::TRIM_THREAD),
        "{seen:?}"
    );
}

#[test]
fn sigterm_stops_the_server_cleanly() {
    let dir = TempDir::new().unwrap();
    let mut server = Server::start(dir.path());
    assert_eq!(server.http("GET", "/api/health", &[], "").0, 200);
    let status = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    wait_for(&server.log, "stopped");
    let exit = server.child.wait().unwrap();
    assert!(exit.success(), "{exit:?}");
    assert_eq!(integrity(&dir.path().join("app.db")), "ok");
    assert!(
        !dir.path().join("app.db-wal").exists()
            || std::fs::metadata(dir.path().join("app.db-wal"))
                .unwrap()
                .len()
                == 0,
        "WAL checkpointed"
    );
}

#[test]
fn sigkill_keeps_every_acknowledged_write() {
    let dir = TempDir::new().unwrap();
    let (ok, text) = run(
        &dir,
        &["admin", "create", "ada@example.com", "--password-stdin"],
        "Secret123\n",
    );
    assert!(ok, "{text}");
    let mut server = Server::start(dir.path());
    let mut acknowledged = 0;
    for _ in 0..25 {
        let (status, body) = server.http(
            "POST",
            "/api/auth/login",
            &[("content-type", "application/json")],
            r#"{"email":"ada@example.com","password":"Secret123"}"#,
        );
        assert_eq!(status, 200, "{body}");
        let token = serde_json::from_str::<serde_json::Value>(&body).unwrap()["token"]
            .as_str()
            .unwrap()
            .to_owned();
        let (status, _) = server.http(
            "POST",
            "/api/logout",
            &[("authorization", &format!("Bearer {token}"))],
            "",
        );
        assert_eq!(status, 204);
        acknowledged += 1;
    }
    server.child.kill().unwrap();
    server.child.wait().unwrap();

    let path = dir.path().join("app.db");
    assert_eq!(integrity(&path), "ok");
    let version: i64 = Connection::open(&path)
        .unwrap()
        .query_row("SELECT token_version FROM users", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, acknowledged, "every acknowledged logout is stored");
    drop(server);
    let restarted = Server::start(dir.path());
    assert_eq!(restarted.http("GET", "/api/health", &[], "").0, 200);
}

#[test]
fn backup_while_serving_gives_a_checked_copy() {
    let dir = TempDir::new().unwrap();
    let (ok, _) = run(
        &dir,
        &["admin", "create", "ada@example.com", "--password-stdin"],
        "Secret123\n",
    );
    assert!(ok);
    let server = Server::start(dir.path());
    let copy = dir.path().join("backup.db");
    let (ok, text) = run(&dir, &["backup", copy.to_str().unwrap()], "");
    assert!(ok && text.contains("checked"), "{text}");
    assert_eq!(
        server.http("GET", "/api/health", &[], "").0,
        200,
        "still serving"
    );
    assert_eq!(integrity(&copy), "ok");
    let users: i64 = Connection::open(&copy)
        .unwrap()
        .query_row("SELECT COUNT(*) FROM users", [], |r| r.get(0))
        .unwrap();
    assert_eq!(users, 1);
}

#[test]
fn sigterm_lets_an_in_flight_request_finish() {
    let dir = TempDir::new().unwrap();
    let (ok, _) = run(
        &dir,
        &["admin", "create", "ada@example.com", "--password-stdin"],
        "Secret123\n",
    );
    assert!(ok);
    let mut server = Server::start(dir.path());
    let addr = server.addr;
    // A login hashes a password: slow enough to still be running when the signal arrives. The
    // signal waits until the server has accepted the connection (a new socket among its
    // /proc/PID/fd): a written request may still sit in the kernel's backlog, and a connection
    // never accepted is reset when the listener closes, which no server can drain.
    let pid = server.child.id();
    let descriptors = move || {
        std::fs::read_dir(format!("/proc/{pid}/fd"))
            .unwrap()
            .filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
            .filter(|target| target.to_string_lossy().starts_with("socket:"))
            .count()
    };
    let before = descriptors();
    let (written, ready) = std::sync::mpsc::channel();
    let request = std::thread::spawn(move || {
        use std::io::{Read, Write};
        let body = r#"{"email":"ada@example.com","password":"Secret123"}"#;
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        write!(
            stream,
            "POST /api/auth/login HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        written.send(()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let status: u16 = answer.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, answer)
    });
    ready.recv().unwrap();
    while descriptors() <= before {
        std::thread::sleep(Duration::from_millis(1));
    }
    std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    let (status, body) = request.join().unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(server.child.wait().unwrap().success());
}

#[test]
fn demo_accounts_are_created_once_and_printed_at_every_start() {
    let dir = TempDir::new().unwrap();
    for _ in 0..2 {
        let server =
            Server::start_with_env(dir.path(), &[("APP_DEMO", "1"), ("APP_TRUST_PROXY", "yes")]);
        let (status, body) = server.http(
            "POST",
            "/api/auth/login",
            &[("content-type", "application/json")],
            r#"{"email":"student@demo.coursesource.local","password":"Demo1234"}"#,
        );
        assert_eq!(status, 200, "{body}");
        drop(server);
    }
    let db = Connection::open(dir.path().join("app.db")).unwrap();
    let count = |sql: &str| db.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(
        count(
            "SELECT COUNT(*) FROM users WHERE is_demo = 1 AND email LIKE '%@demo.coursesource.local'"
        ),
        4
    );
    // The demo reviews come once, with their reviewers, however often the server starts.
    assert_eq!(
        count("SELECT COUNT(*) FROM reviews") as usize,
        coursesource::seed::demo::REVIEWS
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM reviews WHERE actioned = 0") as usize,
        coursesource::seed::demo::UNACTIONED
    );
    assert!((40..=150).contains(&count("SELECT COUNT(*) FROM users WHERE is_demo = 1 AND email LIKE '%@reviewers.demo.coursesource.local'")));
}

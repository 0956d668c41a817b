//! The smaller findings of the second outside review (issue 33, points 6 and 1 to 5 where a
//! test of their own reads best): each test fails on the release the review read.

use crate::common;

use std::os::unix::fs::PermissionsExt;

use axum::http::StatusCode;
use common::{TestApp, app_command, student, with};
use serde_json::json;

fn mode(path: &std::path::Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// A database an earlier release left readable by everyone is made private at start.
#[test]
fn the_database_and_its_wal_files_are_private_after_an_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let migrate = || {
        let out = app_command(dir.path()).arg("migrate").output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    migrate();
    let files: Vec<_> = ["app.db", "app.db-wal", "app.db-shm"]
        .iter()
        .map(|name| dir.path().join(name))
        .collect();
    for file in &files {
        if !file.exists() {
            std::fs::write(file, b"").unwrap();
        }
        std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    migrate();
    for file in &files {
        if file.exists() {
            assert_eq!(mode(file), 0o600, "{}", file.display());
        }
    }
    assert_eq!(mode(&files[0]), 0o600);
}

/// A mail the file outbox cannot write (a full disk) leaves no empty or partial file behind.
#[test]
fn a_full_disk_leaves_no_empty_mail_file() {
    let data = tempfile::tempdir().unwrap();
    let script = r#"mount -t tmpfs -o size=256k tmpfs "$1" && mkdir "$1/outbox" &&
        (dd if=/dev/zero of="$1/filler" bs=4k 2>/dev/null || true) &&
        APP_DATA_DIR="$1" "$2" mail test someone@example.com;
        echo "files:"; ls -A "$1/outbox""#;
    let out = std::process::Command::new("unshare")
        .args([
            "--user",
            "--map-root-user",
            "--mount",
            "sh",
            "-c",
            script,
            "sh",
        ])
        .arg(data.path())
        .arg(env!("CARGO_BIN_EXE_app"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let files = stdout
        .split("files:")
        .nth(1)
        .unwrap_or_else(|| panic!("{stdout}{stderr}"));
    assert!(
        !stdout.contains("sent a test mail"),
        "the disk was not full: {stdout}{stderr}"
    );
    assert_eq!(
        files.trim(),
        "",
        "files left in the outbox: {files}; {stderr}"
    );
}

/// A deleted account's mails leave the file outbox too, not only the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleting_an_account_removes_its_mail_files() {
    let app = TestApp::new().await;
    let (token, _) = app.signed_up(&student("gone@example.com", "Gone")).await;
    app.signed_up(&student("stays@example.com", "Stays")).await;
    let TestApp { dir, state, router } = app;
    drop(router);
    drop(state);
    tokio::task::spawn_blocking(move || {
        // The real server sends the queued mails into its file outbox.
        let server = common::Server::start(dir.path());
        let outbox = dir.path().join("outbox");
        let mails_to = |address: &str| {
            std::fs::read_dir(&outbox)
                .map(|entries| {
                    entries
                        .flatten()
                        .filter(|entry| {
                            std::fs::read_to_string(entry.path()).is_ok_and(|mail| {
                                mail.to_lowercase().contains(&format!("to: {address}"))
                            })
                        })
                        .count()
                })
                .unwrap_or(0)
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while mails_to("gone@example.com") == 0 || mails_to("stays@example.com") == 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the mails were not sent"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let (status, body) = server.http(
            "POST",
            "/api/account/delete",
            &[
                ("content-type", "application/json"),
                ("authorization", &format!("Bearer {token}")),
            ],
            r#"{"password":"Secret123"}"#,
        );
        assert_eq!(status, 200, "{body}");
        assert_eq!(mails_to("gone@example.com"), 0);
        assert!(mails_to("stays@example.com") > 0, "other mails stay");
    })
    .await
    .unwrap();
}

/// An address that is valid but that no mail header can carry is refused up front, rather
/// than the user being told the message was sent.
#[tokio::test]
async fn a_contact_address_no_mail_can_carry_is_refused() {
    let app = TestApp::new().await;
    for email in ["\"a b\"@example.com", "a@[192.0.2.1]"] {
        let body = json!({ "reason": "General enquiry", "name": "Mia Chen", "email": email,
            "message": "Do you list courses in Broome?" });
        let res = app.post_json("/api/contactform", &body).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{email}: {}",
            res.text()
        );
        assert_eq!(res.error_msg(), "Please enter a valid email");
    }
    let queued = app
        .state
        .db
        .read(|conn| {
            conn.query_row("SELECT COUNT(*) FROM mail_outbox", [], |r| {
                r.get::<_, i64>(0)
            })
        })
        .await
        .unwrap();
    assert_eq!(queued, 0);
}

/// Zero-width and other invisible characters leave names, as control characters do.
#[tokio::test]
async fn invisible_characters_leave_names() {
    let app = TestApp::new().await;
    let registration = with(
        student("zw@example.com", "Zed"),
        json!({ "firstName": "Sam\u{200B}\u{FEFF}", "nickName": "Z\u{200D}ed\u{2060}" }),
    );
    let (token, _) = app.signed_up(&registration).await;
    let info = app
        .get_with(
            "/api/userinfo",
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await
        .json();
    assert_eq!(info["firstName"], "Sam");
    assert_eq!(info["nickName"], "Zed");
    let blank = with(
        student("blank@example.com", "Blank"),
        json!({ "firstName": "\u{3164}\u{200B}" }),
    );
    let res = app.post_json("/api/register", &blank).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert_eq!(res.error_msg(), "First name is required");
}

/// A provider's website must be a web address a page can link to as it is.
#[tokio::test]
async fn an_import_refuses_a_website_that_is_not_a_plain_web_address() {
    let app = TestApp::new().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("providers.csv"),
        "slug,name,website,town,state,latitude,longitude,description\nsea,Sea,\"https://evil.example/\"\"><script>\",Perth,WA,-31.95,115.86,<p>ok</p>\n",
    )
    .unwrap();
    let errors = app.import_dir(dir.path()).await.unwrap_err().0;
    assert_eq!(
        errors,
        [
            "providers.csv line 2: website 'https://evil.example/\"><script>' must be a web address starting with https://"
        ]
    );
}

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

/// A call that never reads its body (here refused before it would) still gets its whole answer
/// when the body arrives in a second packet of a `Connection: close` request: the server reads
/// every body before answering, so closing never resets the connection under the answer.
#[test]
fn an_answer_is_whole_when_the_body_comes_after_the_headers() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let server = common::Server::start(dir.path());
    let body = format!(r#"{{"userId":"1","padding":"{}"}}"#, "x".repeat(20_000));
    let mut whole = 0;
    let runs = 40;
    for _ in 0..runs {
        let mut stream = std::net::TcpStream::connect(server.addr).unwrap();
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        let head = format!(
            "POST /api/favourites/getfavourites HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        // The client may find the server gone; what matters is what it reads.
        let _ = stream.write_all(body.as_bytes());
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer);
        if answer.starts_with("HTTP/1.1 401") && answer.contains("\"msg\"") {
            whole += 1;
        }
    }
    assert_eq!(whole, runs, "answers lost to a reset");
}

/// A PNG of 200 x 200 pixels whose colour profile (`iCCP`) is `profile_mb` MiB of zeros,
/// compressed to a few hundred KB: a decompression bomb.
fn png_bomb(profile_mb: usize) -> Vec<u8> {
    use flate2::{Compression, write::ZlibEncoder};
    use std::io::Write;
    let zlib = |data: &[u8]| {
        let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
        encoder.write_all(data).unwrap();
        encoder.finish().unwrap()
    };
    let chunk = |png: &mut Vec<u8>, kind: &[u8], data: &[u8]| {
        png.extend((data.len() as u32).to_be_bytes());
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        png.extend(kind);
        png.extend(data);
        png.extend(crc.sum().to_be_bytes());
    };
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend(200u32.to_be_bytes());
    header.extend(200u32.to_be_bytes());
    header.extend([8, 6, 0, 0, 0]);
    chunk(&mut png, b"IHDR", &header);
    let mut profile = b"bomb\0\0".to_vec();
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    let megabyte = vec![0u8; 1024 * 1024];
    for _ in 0..profile_mb {
        encoder.write_all(&megabyte).unwrap();
    }
    profile.extend(encoder.finish().unwrap());
    chunk(&mut png, b"iCCP", &profile);
    chunk(&mut png, b"IDAT", &zlib(&vec![0u8; 200 * (1 + 200 * 4)]));
    chunk(&mut png, b"IEND", &[]);
    png
}

/// The server's peak resident memory so far, in MB.
fn peak_mb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<u64>()
        .unwrap()
        / 1024
}

/// Sixteen sign-ups at once, each with a picture whose colour profile inflates to 290 MiB: the
/// profile is never unpacked, and the server stays under its memory target.
#[test]
fn decompression_bombs_are_never_unpacked_and_memory_stays_under_target() {
    use base64::Engine;
    let bomb = png_bomb(290);
    assert!(
        bomb.len() < 300 * 1024,
        "the bomb fits the upload limit: {}",
        bomb.len()
    );
    let picture = base64::engine::general_purpose::STANDARD.encode(&bomb);
    let dir = tempfile::tempdir().unwrap();
    let server = common::Server::start(dir.path());
    let before = peak_mb(server.child.id());
    let answers: Vec<(u16, String)> = std::thread::scope(|scope| {
        let uploads: Vec<_> = (0..16)
            .map(|n| {
                let body = with(
                    student(&format!("bomb{n}@example.com"), &format!("Bomb{n}")),
                    json!({ "profileImage": picture }),
                )
                .to_string();
                let addr = server.addr;
                scope.spawn(move || {
                    common::http(
                        addr,
                        "POST",
                        "/api/register",
                        &[("content-type", "application/json")],
                        &body,
                    )
                })
            })
            .collect();
        uploads
            .into_iter()
            .map(|upload| upload.join().unwrap())
            .collect()
    });
    // The picture itself is fine: it is kept, re-encoded, without the profile (never inflated).
    for (status, body) in &answers {
        assert_eq!(*status, 201, "{body}");
    }
    for stored in std::fs::read_dir(dir.path().join("uploads"))
        .unwrap()
        .flatten()
    {
        let png = std::fs::read(stored.path()).unwrap();
        assert!(png.len() < 10_000, "{} bytes", png.len());
        assert!(
            !png.windows(4).any(|kind| kind == b"iCCP"),
            "the profile is dropped"
        );
    }
    let peak = peak_mb(server.child.id());
    eprintln!("server peak {peak} MB (before the uploads: {before} MB)");
    assert!(
        peak < 100,
        "peak {peak} MB (before the uploads: {before} MB)"
    );
}

//! A full disk: when the database cannot grow, each kind of write answers 503 with a message
//! in the error shape once it needs room and changes nothing, reads keep working, the database
//! stays whole, and writes succeed again by themselves once there is room. Two ways: SQLite's
//! `max_page_count` set on the writer to the database's size (in process, every kind of write),
//! and a real filesystem filled to the last byte (the binary on a tmpfs of its own, uploads too).

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp, TestResponse,
    counters::assert_counters_match_a_recount,
    reviewing::{self, assert_error, best_student, row, sql, submission},
    student,
};
use coursesource::error::{AppError, STORAGE_FULL};
use serde_json::{Value, json};

fn assert_storage_full(res: &TestResponse) {
    assert_error(res, StatusCode::SERVICE_UNAVAILABLE, None, STORAGE_FULL);
    assert_eq!(res.header("retry-after"), "60");
}

/// Sends the `n`th request of a kind until one is refused for a full disk (each needs a
/// little more room); answers how many were accepted with `accepted`, and the refused `n`.
async fn until_full<F, Fut>(accepted: StatusCode, mut send: F) -> (usize, usize)
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = TestResponse>,
{
    for n in 0..1500 {
        let res = send(n).await;
        if res.status == StatusCode::SERVICE_UNAVAILABLE {
            assert_storage_full(&res);
            return (n, n);
        }
        assert_eq!(res.status, accepted, "{}", res.text());
    }
    panic!("the database never filled up");
}

/// A registration (with its verification mail queued in the outbox) from its own address.
async fn register(app: &TestApp, n: usize) -> TestResponse {
    app.send(
        Method::POST,
        "/api/register",
        &[(
            "x-forwarded-for",
            &format!("10.0.{}.{}", n / 250, n % 250 + 1),
        )],
        student(&format!("new{n}@example.com"), &format!("new{n}")).to_string(),
    )
    .await
}

fn favourite(user: i64, pair: reviewing::Pair) -> Value {
    json!({ "action": "add", "userId": user.to_string(),
            "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() })
}

#[tokio::test]
async fn a_full_database_answers_503_keeps_reads_and_recovers_when_space_returns() {
    let app = TestApp::with_settings(|s| s.trust_proxy = true).await;
    let (token, user) = reviewing::user(&app, "Student", "Sam", None).await;
    let pages: i64 = row(&app, "PRAGMA page_count").await;
    sql(&app, &format!("PRAGMA max_page_count = {pages}")).await;

    let (reviews, refused_review) = until_full(StatusCode::CREATED, |n| {
        let (app, token) = (&app, &token);
        async move {
            let pair = reviewing::pair(app, n as i64).await;
            let body = submission(user, pair, "Student", best_student());
            app.post_as(token, "/api/submitreview", &body).await
        }
    })
    .await;
    assert!(reviews > 0, "there was room before it filled");
    let (favourites, _) = until_full(StatusCode::OK, |n| {
        let (app, token) = (&app, &token);
        async move {
            let pair = reviewing::pair(app, n as i64).await;
            app.post_as(token, "/api/addorremovefavourite", &favourite(user, pair))
                .await
        }
    })
    .await;
    // The mail outbox: a registration and its verification mail are refused together.
    let (registrations, refused_registration) =
        until_full(StatusCode::CREATED, |n| register(&app, n)).await;

    // Reads keep working and show everything accepted before the disk filled.
    let mine = app
        .post_as(
            &token,
            "/api/review/getuserreviews",
            &json!({ "userId": user.to_string() }),
        )
        .await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.text());
    assert_eq!(mine.json().as_array().unwrap().len(), reviews);
    let industries = app.get("/api/industries").await;
    assert_eq!(industries.status, StatusCode::OK, "{}", industries.text());

    // Nothing refused was half written, and the database is whole.
    let count = |sql: String| row::<i64>(&app, sql);
    assert_eq!(
        count(format!(
            "SELECT COUNT(*) FROM reviews WHERE user_id = {user}"
        ))
        .await,
        reviews as i64
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM favourites".into()).await,
        favourites as i64
    );
    let refused_email = format!("new{refused_registration}@example.com");
    assert_eq!(
        count(format!(
            "SELECT (SELECT COUNT(*) FROM users WHERE email = '{refused_email}') + (SELECT COUNT(*) FROM mail_outbox WHERE to_address = '{refused_email}')"
        ))
        .await,
        0,
        "the refused registration left neither its account nor its mail"
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM mail_outbox".into()).await,
        registrations as i64
    );
    assert_eq!(row::<String>(&app, "PRAGMA integrity_check").await, "ok");
    let db = app.dir.path().join("app.db");
    assert_counters_match_a_recount(&db, "when full");

    // Room again: the refused writes succeed without a restart.
    sql(&app, "PRAGMA max_page_count = 1073741823").await;
    let pair = reviewing::pair(&app, refused_review as i64).await;
    let body = submission(user, pair, "Student", best_student());
    let res = app.post_as(&token, "/api/submitreview", &body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let res = register(&app, refused_registration).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_counters_match_a_recount(&db, "after the space returned");
}

/// A file the server cannot write for lack of space (a profile image) is the same 503 with the
/// same message; any other failure to write stays an internal error.
#[test]
fn a_full_disk_under_the_uploads_is_the_same_503() {
    for errno in [libc::ENOSPC, libc::EDQUOT] {
        let err = AppError::from_io(std::io::Error::from_raw_os_error(errno), "an image");
        assert_eq!(
            err.status(),
            StatusCode::SERVICE_UNAVAILABLE,
            "errno {errno}"
        );
        assert!(matches!(err, AppError::StorageFull(_)));
    }
    let denied = AppError::from_io(std::io::Error::from_raw_os_error(libc::EACCES), "an image");
    assert_eq!(denied.status(), StatusCode::INTERNAL_SERVER_ERROR);
}

/// A real full filesystem: the server runs on a 32 MB tmpfs of its own (a private mount
/// namespace, `unshare`), a file fills what is left, and then a profile image and review
/// submissions answer 503 (an image's partial file removed), reads answer 200, and once the file
/// is deleted both succeed again without a restart; the database passes its integrity check and
/// its counters equal a recount.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_filesystem_refuses_uploads_and_writes_with_503_and_recovers_when_space_is_freed() {
    let app = TestApp::new().await;
    let (token, user) = reviewing::user(&app, "Student", "Sam", None).await;
    let mut pairs = Vec::new();
    for n in 0..400 {
        pairs.push(reviewing::pair(&app, n).await);
    }
    let TestApp { dir, state, router } = app;
    drop(router);
    drop(state);
    tokio::task::spawn_blocking(move || fill_the_filesystem(dir.path(), &token, user, &pairs))
        .await
        .unwrap();
}

fn fill_the_filesystem(seed: &std::path::Path, token: &str, user: i64, pairs: &[reviewing::Pair]) {
    use std::io::Write;
    let mount = tempfile::tempdir().unwrap();
    let mut command = std::process::Command::new("unshare");
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("APP_DATA_DIR", mount.path())
        .args(["--user", "--map-root-user", "--mount", "sh", "-c"])
        .arg(r#"mount -t tmpfs -o size=32m tmpfs "$1" && cp -a "$2"/. "$1"/ && exec "$3" serve --addr 127.0.0.1:0"#)
        .args(["sh"])
        .arg(mount.path())
        .arg(seed)
        .arg(env!("CARGO_BIN_EXE_app"));
    let server = common::Server::spawn(command);
    // The server's view of its data directory: the tmpfs.
    let data = std::path::PathBuf::from(format!("/proc/{}/root", server.child.id()))
        .join(mount.path().strip_prefix("/").unwrap());
    let filler = data.join("filler");
    let mut file = std::fs::File::create(&filler).unwrap();
    let chunk = vec![7u8; 64 * 1024];
    while file
        .write_all(&chunk)
        .and_then(|()| file.sync_all())
        .is_ok()
    {}
    drop(file);

    let auth = format!("Bearer {token}");
    let headers = [
        ("content-type", "application/json"),
        ("authorization", auth.as_str()),
    ];
    let post = |path: &str, body: &Value| server.http("POST", path, &headers, &body.to_string());
    let picture = json!({ "userId": user.to_string(), "firstName": "Samantha", "lastName": "Nguyen",
        "gender": "Female", "avatar": 3, "nickName": "SamTheCook", "dateOfBirth": "05 April 2003",
        "profileImage": common::png_base64(200) });
    let full = |(status, body): (u16, String)| {
        assert_eq!(status, 503, "{body}");
        let answer: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(answer, json!([{ "msg": STORAGE_FULL }]));
    };
    full(post("/api/updatedetails", &picture));
    let uploads: Vec<_> = std::fs::read_dir(data.join("uploads"))
        .map(|d| d.flatten().collect())
        .unwrap_or_default();
    assert!(uploads.is_empty(), "no partial image is left: {uploads:?}");
    // The WAL reuses the room it already has; a submission fails once it needs more.
    let mut next = pairs.iter();
    let mut accepted = 0;
    let refused = loop {
        let pair = *next.next().expect("the submissions filled the disk");
        let answer = post(
            "/api/submitreview",
            &submission(user, pair, "Student", best_student()),
        );
        if answer.0 == 503 {
            full(answer);
            break pair;
        }
        assert_eq!(answer.0, 201, "{}", answer.1);
        accepted += 1;
    };
    let (status, body) = server.http("GET", "/api/industries", &[], "");
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(
        "/api/review/getuserreviews",
        &json!({ "userId": user.to_string() }),
    );
    assert_eq!(status, 200, "{body}");

    std::fs::remove_file(&filler).unwrap();
    let (status, body) = post("/api/updatedetails", &picture);
    assert_eq!(status, 200, "{body}");
    let body = submission(user, refused, "Student", best_student());
    let (status, body) = post("/api/submitreview", &body);
    assert_eq!(status, 201, "{body}");
    // SQLite resolves /proc/PID/root to "/", so the database is checked through a backup made
    // in the server's mount namespace (`app backup` runs the integrity check on its copy).
    let copies = tempfile::tempdir().unwrap();
    let copy = copies.path().join("check.db");
    let out = std::process::Command::new("nsenter")
        .args(["-t", &server.child.id().to_string(), "--user", "--mount"])
        .arg(env!("CARGO_BIN_EXE_app"))
        .arg("backup")
        .arg(&copy)
        .env("APP_DATA_DIR", mount.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("and checked"));
    assert_counters_match_a_recount(&copy, "after the filesystem had room again");
    let stored: i64 = rusqlite::Connection::open(&copy)
        .unwrap()
        .query_row(
            &format!("SELECT COUNT(*) FROM reviews WHERE user_id = {user}"),
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        stored as usize,
        accepted + 1,
        "the accepted reviews and the one sent again"
    );
}

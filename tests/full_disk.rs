//! A full disk: when the database cannot grow (SQLite's `max_page_count` set on the writer to
//! the current size, as a full filesystem would), each kind of write answers 503 with a message
//! in the error shape once it needs room and changes nothing, reads keep working, the database
//! stays whole, and writes succeed again by themselves once there is room. Files the server
//! writes (profile images) fail the same way.

mod common;

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

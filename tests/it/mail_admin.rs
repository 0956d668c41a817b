//! The admin's Mail page calls: who may call them, the outbox by state without bodies, the
//! test mail, 'Retry now', and the failed count.

use crate::common;

use std::sync::Arc;

use axum::http::StatusCode;
use common::{
    TestApp,
    reviewing::{admin, sql, user},
    scenario::{Caller, Case, admin_only},
};
use coursesource::mail::sender::{FileTransport, Sender, unix_now};
use serde_json::json;

/// Delivers everything due through the file transport, as the background sender would.
async fn deliver(app: &TestApp) {
    let transport = Arc::new(FileTransport::new(&app.dir.path().join("outbox")).unwrap());
    let sender = Sender::new(
        app.state.db.clone(),
        transport,
        "CourseSource <no-reply@coursesource.test>",
    )
    .unwrap();
    sender.deliver_due(unix_now()).await.unwrap();
}

#[tokio::test]
async fn only_admins_see_and_act_on_the_outbox() {
    let app = TestApp::new().await;
    let (student, _) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let student = Caller::bearer(&student);
    let calls = [
        Case::get("the list", "/api/admin/mail"),
        Case::get("the failed count", "/api/admin/mail/failed-count"),
        Case::post(
            "a test mail",
            "/api/admin/mail/test",
            json!({ "email": "a@example.org" }),
        ),
        Case::post("a retry", "/api/admin/mail/1/retry", json!({})),
    ];
    app.run_cases(&admin_only(&calls, &student)).await;
    let queued: i64 = common::reviewing::row(&app, "SELECT COUNT(*) FROM mail_outbox").await;
    assert_eq!(queued, 0, "no test mail was queued by a non-admin");
}

#[tokio::test]
async fn a_test_mail_is_queued_listed_and_sent_and_a_failed_mail_is_retried() {
    let app = TestApp::new().await;
    let ada = Caller::bearer(&admin(&app).await);
    app.run_cases(&[
        Case::post("no email", "/api/admin/mail/test", json!({ "email": " " }))
            .by(&ada)
            .error(StatusCode::BAD_REQUEST, Some("email"), "Email is required"),
        Case::post("a bad email", "/api/admin/mail/test", json!({ "email": "nope" }))
            .by(&ada)
            .error(StatusCode::BAD_REQUEST, Some("email"), "Email is invalid"),
        Case::post("a test mail", "/api/admin/mail/test", json!({ "email": "Ops@Example.org" }))
            .by(&ada)
            .expect(
                StatusCode::OK,
                json!({ "msg": "Test email queued: it is listed below as it goes out" }),
            ),
        Case::get("waiting", "/api/admin/mail?state=waiting").by(&ada).expect(
            StatusCode::OK,
            json!([{ "to": "ops@example.org", "subject": "CourseSource: test mail", "state": "waiting", "attempts": 0 }]),
        ),
        Case::get("a bad state", "/api/admin/mail?state=lost")
            .by(&ada)
            .error(
                StatusCode::BAD_REQUEST,
                Some("state"),
                "state must be 'waiting', 'sent' or 'failed'",
            ),
    ])
    .await;

    deliver(&app).await;
    let sent = app
        .run_case(&Case::get("sent", "/api/admin/mail?state=sent").by(&ada).expect(
            StatusCode::OK,
            json!([{ "to": "ops@example.org", "state": "sent", "attempts": 1, "lastError": null }]),
        ))
        .await;
    assert_eq!(sent.header("x-total-count"), "1");
    assert!(
        !sent.text().contains("test mail from CourseSource"),
        "bodies are never listed"
    );
    let id = sent.json()[0]["_id"].as_str().unwrap().to_owned();

    // A mail given up with its error: counted, listed as failed, retried on request.
    sql(
        &app,
        "INSERT INTO mail_outbox (to_address, subject, body_text, attempts, last_error, failed_at)
         VALUES ('gone@example.org', 'Verify your CourseSource account', 'x', 1, '550 5.1.1 mailbox unavailable', unixepoch())",
    )
    .await;
    let failed = app
        .run_case(&Case::get("failed", "/api/admin/mail?state=failed").by(&ada).expect(
            StatusCode::OK,
            json!([{ "to": "gone@example.org", "state": "failed", "lastError": "550 5.1.1 mailbox unavailable" }]),
        ))
        .await;
    let failed_id = failed.json()[0]["_id"].as_str().unwrap().to_owned();
    app.run_cases(&[
        Case::get("the failed count", "/api/admin/mail/failed-count")
            .by(&ada)
            .expect(StatusCode::OK, json!(1)),
        Case::post(
            "retry a sent mail",
            &format!("/api/admin/mail/{id}/retry"),
            json!({}),
        )
        .by(&ada)
        .error(
            StatusCode::NOT_FOUND,
            None,
            "There is no such mail waiting or failed",
        ),
        Case::post(
            "retry an unknown mail",
            "/api/admin/mail/999/retry",
            json!({}),
        )
        .by(&ada)
        .error(
            StatusCode::NOT_FOUND,
            None,
            "There is no such mail waiting or failed",
        ),
        Case::post("retry a bad id", "/api/admin/mail/abc/retry", json!({}))
            .by(&ada)
            .status(StatusCode::NOT_FOUND),
        Case::post(
            "retry the failed mail",
            &format!("/api/admin/mail/{failed_id}/retry"),
            json!({}),
        )
        .by(&ada)
        .expect(
            StatusCode::OK,
            json!({ "msg": "The mail will be sent again now" }),
        ),
        Case::get("the failed count after", "/api/admin/mail/failed-count")
            .by(&ada)
            .expect(StatusCode::OK, json!(0)),
        Case::get("waiting again", "/api/admin/mail?state=waiting")
            .by(&ada)
            .expect(
                StatusCode::OK,
                json!([{ "to": "gone@example.org", "state": "waiting" }]),
            ),
    ])
    .await;
    deliver(&app).await;
    app.run_case(
        &Case::get("sent after the retry", "/api/admin/mail?state=sent")
            .by(&ada)
            .expect(
                StatusCode::OK,
                json!([{ "to": "gone@example.org", "state": "sent" }]),
            ),
    )
    .await;
}

#[tokio::test]
async fn the_list_pages_by_twenty_newest_first() {
    let app = TestApp::new().await;
    let ada = Caller::bearer(&admin(&app).await);
    sql(
        &app,
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25)
         INSERT INTO mail_outbox (to_address, subject, body_text) SELECT 'u' || i || '@example.org', 'Mail ' || i, 'x' FROM n",
    )
    .await;
    let first = app
        .run_case(
            &Case::get("page 1", "/api/admin/mail")
                .by(&ada)
                .status(StatusCode::OK),
        )
        .await;
    assert_eq!(first.header("x-total-count"), "25");
    let list = first.json();
    assert_eq!(list.as_array().unwrap().len(), 20);
    assert_eq!(list[0]["subject"], "Mail 25");
    let second = app
        .run_case(
            &Case::get("page 2", "/api/admin/mail?page=2")
                .by(&ada)
                .status(StatusCode::OK),
        )
        .await
        .json();
    assert_eq!(second.as_array().unwrap().len(), 5);
    assert_eq!(second[4]["subject"], "Mail 1");
}

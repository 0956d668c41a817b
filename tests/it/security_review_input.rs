//! Findings of the outside security review (issue 12, scope 9) about what clients send: text
//! that hides or forges what it says, and connections that are opened and never finished.
//! The rest are in `security_review.rs`.

use crate::common;

use std::{
    io::{Read, Write},
    net::TcpStream,
    time::Duration,
};

use axum::http::StatusCode;
use common::{
    Server, TestApp,
    reviewing::{best_student, pair, row, submission, user},
};
use serde_json::json;
use tempfile::TempDir;

#[tokio::test]
async fn control_and_bidirectional_characters_are_removed_from_names_reviews_and_contact_messages()
{
    let app = TestApp::new().await;
    app.create_admin("boss@example.com", "Secret123").await;

    // The contact mail: the name stays one line and each line of the message is quoted, so
    // no line can pass for one of the site's own.
    let forged = json!({
        "name": "Mia\r\nEmail: boss@example.com\u{202E}",
        "email": "mia@example.com",
        "message": "Hi\rReason: Technical enquiry\u{2028}Email: ada@example.com\u{0}\u{2066}"
    });
    let res = app.post_json("/api/contactform", &forged).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let text: String = row(
        &app,
        "SELECT body_text FROM mail_outbox WHERE to_address = 'boss@example.com'",
    )
    .await;
    let starting = |prefix: &str| {
        text.lines()
            .filter(|l| l.trim_start().starts_with(prefix))
            .count()
    };
    assert_eq!(
        (starting("Reason:"), starting("Email:"), starting("Name:")),
        (1, 1, 1),
        "one line of each of the site's own: {text}"
    );
    assert!(
        text.contains("Name: Mia  Email: boss@example.com"),
        "{text}"
    );
    assert!(text.contains("> Reason: Technical enquiry"), "{text}");
    let stored: String = row(&app, "SELECT name || '|' || message FROM contact_messages").await;
    assert_eq!(
        stored,
        "Mia  Email: boss@example.com|Hi\nReason: Technical enquiry\nEmail: ada@example.com"
    );

    // Names at sign-up.
    let mut sam = common::student("sam@example.com", "Sam\u{202E}Cooks");
    sam["firstName"] = json!("Sa\u{7}m\u{200F}");
    let res = app.post_json("/api/register", &sam).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let names: String = row(
        &app,
        "SELECT first_name || '|' || nick_name FROM users WHERE email = 'sam@example.com'",
    )
    .await;
    assert_eq!(names, "Sam|SamCooks");

    // A review's title and comment.
    let (token, id) = user(&app, "Student", "Kim", Some("KimBakes")).await;
    let mut review = submission(id, pair(&app, 0).await, "Student", best_student());
    review["title"] = json!("Great\u{202E} kitchen\r\npractice");
    review["comment"] = json!("Real kitchen.\r\nGood trainers.\u{2067}\u{1B}[31m");
    let res = app.post_as(&token, "/api/submitreview", &review).await;
    assert!(res.status.is_success(), "{}", res.text());
    let stored: String = row(&app, "SELECT title || '|' || comment FROM reviews").await;
    assert_eq!(
        stored,
        "Great kitchen  practice|Real kitchen.\nGood trainers.[31m"
    );
}

/// Sends `text` on a new connection and leaves it open.
fn half_sent(server: &Server, text: &str) -> TcpStream {
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream.write_all(text.as_bytes()).unwrap();
    stream
}

#[test]
fn a_half_sent_request_is_dropped_and_open_connections_are_capped() {
    let dir = TempDir::new().unwrap();
    let server = Server::start_with_env(dir.path(), &[("APP_MAX_CONNECTIONS", "2")]);
    let partial = "GET /api/health HTTP/1.1\r\nHost: x\r\n";
    let mut first = half_sent(&server, partial);
    let _second = half_sent(&server, partial);

    // Both places are taken: a third, complete request waits to be accepted.
    let mut third = half_sent(
        &server,
        "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    third
        .set_read_timeout(Some(Duration::from_secs(1)))
        .unwrap();
    let mut answer = Vec::new();
    let waited = third.read_to_end(&mut answer);
    assert!(
        waited.is_err() && answer.is_empty(),
        "no answer while two connections are open: {:?}",
        String::from_utf8_lossy(&answer)
    );

    // The half-sent requests are dropped once the header read timeout passes...
    first
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut rest = Vec::new();
    let closed = first.read_to_end(&mut rest);
    assert!(
        closed.is_ok(),
        "the server closed the half-sent request: {closed:?}"
    );

    // ...which frees the places: the third request is answered.
    third
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    third.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

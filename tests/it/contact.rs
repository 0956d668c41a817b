//! The contact form: every rule and message of the spec, storage, the outbox mail with the
//! sender as reply-to, plain text only, and the rate limit.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, scenario::Case, with};
use serde_json::{Value, json};

fn general() -> Value {
    json!({ "reason": "General enquiry", "name": "Mia Chen", "email": " Mia@Example.com ", "message": "Do you list courses in Broome?" })
}

fn technical() -> Value {
    json!({
        "reason": "Technical enquiry", "name": "Mia Chen", "email": "mia@example.com", "message": "The page froze.",
        "technicalType": "Search", "deviceType": "Android", "browserType": "Chrome"
    })
}

async fn outbox(app: &TestApp) -> Vec<(String, Option<String>, String)> {
    app.state
        .db
        .read(|c| -> rusqlite::Result<_> {
            let mut stmt =
                c.prepare("SELECT to_address, reply_to, body_text FROM mail_outbox ORDER BY id")?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            rows.collect::<Result<Vec<_>, _>>()
        })
        .await
        .unwrap()
}

#[tokio::test]
async fn a_general_message_is_stored_and_mailed_to_the_admins() {
    let app = TestApp::new().await;
    app.create_admin("boss@example.com", "Secret123").await;
    let res = app.post_json("/api/contactform", &general()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        res.json(),
        json!({ "msg": "Thank you for your message. It has been sent." })
    );
    let mails = outbox(&app).await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].0, "boss@example.com");
    assert_eq!(
        mails[0].1.as_deref(),
        Some("mia@example.com"),
        "reply-to is the sender, trimmed and lower-cased"
    );
    assert!(mails[0].2.contains("Do you list courses in Broome?"));
    let stored: (String, Option<String>) = app
        .state
        .db
        .read(|c| -> rusqlite::Result<_> {
            c.query_row(
                "SELECT reason, technical_type FROM contact_messages",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .await
        .unwrap();
    assert_eq!(stored, ("General enquiry".into(), None));
}

#[tokio::test]
async fn technical_details_are_kept_and_html_stays_text() {
    let app = TestApp::new().await;
    app.create_admin("boss@example.com", "Secret123").await;
    let body = with(
        technical(),
        json!({ "technicalType": "Other", "technicalTypeOther": "Fonts", "message": "<script>alert(1)</script> broke" }),
    );
    assert_eq!(
        app.post_json("/api/contactform", &body).await.status,
        StatusCode::OK
    );
    let text = &outbox(&app).await[0].2;
    assert!(
        text.contains("Issue: Other (Fonts)")
            && text.contains("Device: Android")
            && text.contains("Browser: Chrome"),
        "{text}"
    );
    assert!(
        text.contains("<script>alert(1)</script> broke"),
        "kept verbatim as plain text"
    );
}

#[tokio::test]
async fn every_rule_has_its_message() {
    let app = TestApp::new().await;
    let rule = |name: &str, body: Value, msgs: &[&str]| {
        Case::post(name, "/api/contactform", body).errors(StatusCode::BAD_REQUEST, msgs)
    };
    #[rustfmt::skip]
    let cases = [
        rule("no name", with(general(), json!({ "name": "" })), &["Name is required"]),
        rule("no email", with(general(), json!({ "email": "" })), &["Email is required"]),
        rule("a bad email", with(general(), json!({ "email": "mia@" })), &["Please enter a valid email"]),
        rule("a blank message", with(general(), json!({ "message": "  " })), &["Message is required"]),
        rule("a long name", with(general(), json!({ "name": "n".repeat(101) })),
             &["Name must not be longer than 100 characters"]),
        rule("a long message", with(general(), json!({ "message": "m".repeat(5001) })),
             &["Message must not be longer than 5000 characters"]),
        rule("no issue type", with(technical(), json!({ "technicalType": "" })), &["Technical issue type is required"]),
        rule("no device", with(technical(), json!({ "deviceType": "" })), &["Device type is required"]),
        rule("no browser", with(technical(), json!({ "browserType": "" })), &["Browser type is required"]),
        rule("Other, unsaid", with(technical(), json!({ "technicalType": "Other" })), &["Other is required"]),
        rule("a device not listed", with(technical(), json!({ "deviceType": "Nokia" })),
             &["Choose a device type from the list"]),
        rule("nothing but the reason", json!({ "reason": "Technical enquiry" }), &[
            "Name is required",
            "Email is required",
            "Message is required",
            "Technical issue type is required",
            "Device type is required",
            "Browser type is required",
        ]),
        rule("another reason", with(general(), json!({ "reason": "Complaint" })),
             &["Reason must be 'General enquiry' or 'Technical enquiry'"]),
        // A general enquiry ignores the technical fields entirely.
        Case::post("a general enquiry with a device", "/api/contactform", with(general(), json!({ "deviceType": "Nokia" }))),
    ];
    app.run_cases(&cases).await;
    let count: i64 = app
        .state
        .db
        .read(|c| c.query_row("SELECT COUNT(*) FROM contact_messages", [], |r| r.get(0)))
        .await
        .unwrap();
    assert_eq!(count, 1, "only the valid message was stored");
}

#[tokio::test]
async fn ten_messages_an_hour_per_address() {
    let app = TestApp::new().await;
    for _ in 0..10 {
        assert_eq!(
            app.post_json("/api/contactform", &general()).await.status,
            StatusCode::OK
        );
    }
    let res = app.post_json("/api/contactform", &general()).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        res.error_msg(),
        "Too many attempts. Please try again later."
    );
}

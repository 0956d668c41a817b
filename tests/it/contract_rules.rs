//! The document states the rules that depend on another field (a field required for one user
//! type, a reason, or a note with the reason 'other') with `if`/`then`, so a body the document
//! calls valid passes those rules and one it calls invalid is refused: each body here is judged
//! by a JSON Schema validator over the served document and by the server, and they agree.

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{TestApp, employer, reviewing::admin, student, with, without};

/// Whether `body` is valid against the document's schema `name`.
fn valid(doc: &Value, name: &str, body: &Value) -> bool {
    let schema = json!({
        "$ref": format!("#/components/schemas/{name}"),
        "components": doc["components"],
    });
    jsonschema::draft202012::new(&schema)
        .expect("the document's schemas compile")
        .is_valid(body)
}

/// Posts each body and checks that the document and the server agree on it: a body the schema
/// refuses gets 400, one it accepts gets `accepted`.
async fn agree(
    app: &TestApp,
    doc: &Value,
    token: Option<&str>,
    path: &str,
    schema: &str,
    accepted: StatusCode,
    bodies: Vec<(&str, Value, bool)>,
) {
    for (label, body, expect_valid) in bodies {
        assert_eq!(
            valid(doc, schema, &body),
            expect_valid,
            "{label}: the schema's verdict"
        );
        let res = match token {
            Some(token) => app.post_as(token, path, &body).await,
            None => app.post_json(path, &body).await,
        };
        let expected = if expect_valid {
            accepted
        } else {
            StatusCode::BAD_REQUEST
        };
        assert_eq!(res.status, expected, "{label}: {}", res.text());
    }
}

#[tokio::test]
async fn a_disapproval_needs_a_reason_and_other_needs_a_note() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").await.json();
    let admin = admin(&app).await;
    let long = "x".repeat(501);
    // No review has this id: a body that passes the rules is then 404.
    let decision =
        |changes: Value| with(json!({ "action": "disapprove", "id": "999999" }), changes);
    agree(
        &app,
        &doc,
        Some(&admin),
        "/api/review/approvedisapprove",
        "DecisionBody",
        StatusCode::NOT_FOUND,
        vec![
            ("no reason", decision(json!({})), false),
            ("a null reason", decision(json!({ "reason": null })), false),
            ("a reason", decision(json!({ "reason": "off-topic" })), true),
            (
                "other without a note",
                decision(json!({ "reason": "other" })),
                false,
            ),
            (
                "other with a blank note",
                decision(json!({ "reason": "other", "note": " \n" })),
                false,
            ),
            (
                "other with a note",
                decision(json!({ "reason": "other", "note": "Spam" })),
                true,
            ),
            (
                "a note too long",
                decision(json!({ "reason": "off-topic", "note": long })),
                false,
            ),
            (
                "approve with no reason",
                decision(json!({ "action": "approve" })),
                true,
            ),
            (
                "approve with other and no note",
                decision(json!({ "action": "approve", "reason": "other" })),
                true,
            ),
            (
                "approve with a long note",
                decision(json!({ "action": "approve", "note": long })),
                true,
            ),
        ],
    )
    .await;

    let removal = |changes: Value| with(json!({ "action": "remove" }), changes);
    agree(
        &app,
        &doc,
        Some(&admin),
        "/api/review/reported/999999/decision",
        "ReportDecisionBody",
        StatusCode::NOT_FOUND,
        vec![
            ("remove without a reason", removal(json!({})), false),
            (
                "remove for other without a note",
                removal(json!({ "reason": "other" })),
                false,
            ),
            (
                "remove for other with a note",
                removal(json!({ "reason": "other", "note": "Spam" })),
                true,
            ),
            ("keep", removal(json!({ "action": "keep" })), true),
        ],
    )
    .await;
}

#[tokio::test]
async fn a_report_for_other_needs_a_note() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").await.json();
    let (token, _) = app
        .signed_up(&student("reporter@example.com", "Reporter"))
        .await;
    agree(
        &app,
        &doc,
        Some(&token),
        "/api/reviews/999999/report",
        "ReportBody",
        StatusCode::NOT_FOUND,
        vec![
            ("other without a note", json!({ "reason": "other" }), false),
            (
                "other with a blank note",
                json!({ "reason": "other", "note": "  " }),
                false,
            ),
            (
                "other with a note",
                json!({ "reason": "other", "note": "Copied from elsewhere" }),
                true,
            ),
            ("a reason", json!({ "reason": "offensive" }), true),
            (
                "a note too long",
                json!({ "reason": "offensive", "note": "x".repeat(501) }),
                false,
            ),
        ],
    )
    .await;
}

#[tokio::test]
async fn each_user_type_sends_its_own_fields() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").await.json();
    let picture = json!({ "profileImage": crate::common::png_base64(64) });
    let parent = with(
        without(employer("parent@example.com"), "abn"),
        json!({ "userType": "Parent" }),
    );
    agree(
        &app,
        &doc,
        None,
        "/api/register",
        "Registration",
        StatusCode::CREATED,
        vec![
            (
                "a student without a nickname",
                without(student("s1@example.com", "Sam1"), "nickName"),
                false,
            ),
            (
                "a student without a date of birth",
                without(student("s2@example.com", "Sam2"), "dateOfBirth"),
                false,
            ),
            (
                "a student with a blank nickname",
                with(
                    student("s3@example.com", "Sam3"),
                    json!({ "nickName": "  " }),
                ),
                false,
            ),
            ("a student", student("s4@example.com", "Sam4"), true),
            (
                "an employer without an ABN",
                without(employer("e1@example.com"), "abn"),
                false,
            ),
            (
                "an employer without a job title",
                without(employer("e2@example.com"), "jobTitle"),
                false,
            ),
            ("an employer", employer("e3@example.com"), true),
            (
                "a parent with a picture",
                with(parent.clone(), picture.clone()),
                false,
            ),
            ("a parent", parent, true),
            (
                "a student with a picture",
                with(student("s5@example.com", "Sam5"), picture),
                true,
            ),
            (
                "no user type",
                without(student("s6@example.com", "Sam6"), "userType"),
                false,
            ),
            (
                "an unknown user type",
                with(
                    student("s7@example.com", "Sam7"),
                    json!({ "userType": "Teacher" }),
                ),
                false,
            ),
        ],
    )
    .await;
}

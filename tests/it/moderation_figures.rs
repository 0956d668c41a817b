//! `GET /api/moderation/figures` (the public `/about/reviews`, DESIGN decision 19) against a
//! database whose decisions are known: every figure exact, the window of 12 months, the median
//! time to a decision for an even and an odd number of decisions.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, moderating::*, reviewing::*, scenario::Case};
use coursesource::moderation::figures::window_start;
use serde_json::json;

const HOUR: i64 = 3600;

#[tokio::test]
async fn the_figures_count_the_last_12_months_exactly() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let a = named_pair(&app, 0).await;
    // (age in days, decision, hours from submission to decision)
    let plan: [(i64, Option<serde_json::Value>, i64); 8] = [
        (10, Some(json!({ "action": "approve" })), 1),
        (20, Some(json!({ "action": "approve" })), 2),
        (
            30,
            Some(json!({ "action": "disapprove", "reason": "offensive" })),
            3,
        ),
        (
            40,
            Some(json!({ "action": "disapprove", "reason": "offensive", "note": "Abuse" })),
            10,
        ),
        (
            50,
            Some(json!({ "action": "disapprove", "reason": "other", "note": "Advertising" })),
            20,
        ),
        (60, None, 0),
        // Outside the window: counts nowhere.
        (
            400,
            Some(json!({ "action": "disapprove", "reason": "not-genuine" })),
            100,
        ),
        (364, Some(json!({ "action": "approve" })), 5),
    ];
    for (n, (age, decision, hours)) in plan.into_iter().enumerate() {
        let (_, author) = user(&app, "Student", &format!("Author{n}"), None).await;
        let id = review(
            &app,
            &author.to_string(),
            &a,
            "Student",
            &format!("Review {n}"),
            8,
            age,
        )
        .await;
        if let Some(mut body) = decision {
            body["id"] = json!(id);
            decide_with(&app, &token, body).await;
            sql(
                &app,
                &format!(
                    "UPDATE reviews SET actioned_at = created_at + {hours} * {HOUR} WHERE id = {id}"
                ),
            )
            .await;
        }
    }
    // A refusal decided before reasons were recorded (an upgraded database), 4 hours after submission.
    let (_, author) = user(&app, "Employer", "Old", None).await;
    let old = review(
        &app,
        &author.to_string(),
        &a,
        "Employer",
        "Old refusal",
        6,
        70,
    )
    .await;
    sql(&app, &format!("UPDATE reviews SET actioned = 1, approved = 0, actioned_at = created_at + 4 * {HOUR} WHERE id = {old}")).await;

    let since = window_start(time::OffsetDateTime::now_utc().unix_timestamp());
    let since = coursesource::dates::iso_date(since);
    let expected = json!({
        "since": since,
        "received": 8,
        "published": 3,
        "awaiting": 1,
        "notPublished": [
            { "reason": "offensive", "label": "Offensive", "count": 2 },
            { "reason": "personal-information", "label": "Personal information", "count": 0 },
            { "reason": "off-topic", "label": "Not about this course and provider", "count": 0 },
            { "reason": "not-genuine", "label": "Not a genuine experience", "count": 0 },
            { "reason": "other", "label": "Other", "count": 1 },
            { "reason": null, "label": "Reason not recorded", "count": 1 }
        ],
        "removedAfterReport": 0,
        "providerReplies": 0,
        // Decided: 1, 2, 3, 4, 5, 10 and 20 hours: the middle of seven is 4 hours.
        "medianSecondsToDecision": 4.0 * HOUR as f64,
        "legalComplaints": { "received": 0, "open": 0, "kept": 0, "removed": 0 },
        "invitations": { "received": 0, "published": 0, "sent": 0 }
    });
    let res = app
        .run_case(
            &Case::get("anyone may read them", "/api/moderation/figures").status(StatusCode::OK),
        )
        .await;
    assert_eq!(res.json(), expected);
    assert!(
        res.header("cache-control").starts_with("public"),
        "{}",
        res.header("cache-control")
    );

    // An eighth decision in the window: the median is the mean of the middle two (4 and 5 hours).
    let (_, author) = user(&app, "Student", "Late", None).await;
    let late = review(&app, &author.to_string(), &a, "Student", "Late", 8, 5).await;
    decide_with(
        &app,
        &token,
        json!({ "action": "disapprove", "id": late, "reason": "personal-information" }),
    )
    .await;
    sql(
        &app,
        &format!("UPDATE reviews SET actioned_at = created_at + 30 * {HOUR} WHERE id = {late}"),
    )
    .await;
    let figures = app.get("/api/moderation/figures").await.json();
    assert_eq!(figures["medianSecondsToDecision"], json!(4.5 * HOUR as f64));
    assert_eq!(
        (
            figures["received"].clone(),
            figures["notPublished"][1]["count"].clone()
        ),
        (json!(9), json!(1))
    );
}

#[tokio::test]
async fn without_reviews_every_figure_is_zero_and_there_is_no_median() {
    let app = TestApp::new().await;
    let figures = app.get("/api/moderation/figures").await.json();
    assert_eq!(
        (
            figures["received"].clone(),
            figures["published"].clone(),
            figures["medianSecondsToDecision"].clone()
        ),
        (json!(0), json!(0), json!(null))
    );
    assert_eq!(
        figures["notPublished"].as_array().unwrap().len(),
        5,
        "every reason, with zeros"
    );
}

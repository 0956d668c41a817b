//! More of the signals: the burst against a busy offering (5 reviews in a day is no burst where
//! the offering's daily median over the 90 days before is 2, 7 is); the cluster of an IPv6 /64
//! and its 7 days; a refused review sent back with new text is checked again for a
//! near-duplicate.

use crate::common::{
    reviewing::*,
    scenario::{Caller, Case},
};
use crate::review_signals::{app, kinds, one_providers_offerings, settled, signals, submit};
use axum::http::StatusCode;
use coursesource::reviews::ReviewerType;
use serde_json::json;

#[tokio::test]
async fn a_burst_is_measured_against_the_offerings_daily_median() {
    let app = app().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    // Two reviews a day on 46 of the 90 days before the last 24 hours: a median of 2.
    for day in 0..46 {
        for n in 0..2 {
            let (_, other) = settled(&app, &format!("Day{day}n{n}")).await;
            let review = stored_review(&app, other, ours, ReviewerType::Student, 8, 0, true).await;
            sql(
                &app,
                &format!(
                    "UPDATE reviews SET created_at = unixepoch() - 86400 - {day} * 86400 - 3600 * (1 + {n}) WHERE id = {review}"
                ),
            )
            .await;
        }
    }
    for n in 0..4 {
        let (_, other) = settled(&app, &format!("Today{n}")).await;
        let review = stored_review(&app, other, ours, ReviewerType::Student, 8, 0, true).await;
        sql(
            &app,
            &format!("UPDATE reviews SET created_at = unixepoch() - 600 WHERE id = {review}"),
        )
        .await;
    }
    let (token, fifth) = settled(&app, "Fifth").await;
    let five = submit(
        &app,
        (&token, fifth),
        ours,
        "10.20.0.1",
        ("Fine course", "I learned to cook well."),
    )
    .await;
    assert!(
        !kinds(&signals(&app, &admin, five).await).contains(&"burst"),
        "5 is not above 3 times 2"
    );
    let (token, sixth) = settled(&app, "Sixth").await;
    let six = submit(
        &app,
        (&token, sixth),
        ours,
        "10.21.0.1",
        ("Good enough", "The trainers were patient."),
    )
    .await;
    assert!(
        !kinds(&signals(&app, &admin, six).await).contains(&"burst"),
        "6 is not above 3 times 2"
    );
    let (token, seventh) = settled(&app, "Seventh").await;
    let seven = submit(
        &app,
        (&token, seventh),
        ours,
        "10.22.0.1",
        ("Worth it", "I found work soon after."),
    )
    .await;
    let raised = signals(&app, &admin, seven).await;
    assert!(
        raised.contains(&(
            "burst".into(),
            "Burst: 7 reviews of this course at this provider in 24 hours; its daily median over the 90 days before is 2.".into()
        )),
        "{raised:?}"
    );
}

#[tokio::test]
async fn a_review_sent_back_with_copied_text_is_flagged_as_a_near_duplicate() {
    let app = app().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let (token, other) = settled(&app, "Orig").await;
    submit(
        &app,
        (&token, other),
        ours,
        "10.29.0.1",
        (
            "Great trainers and",
            "real kitchen time every week of the year",
        ),
    )
    .await;
    let (token, author) = settled(&app, "Author").await;
    let review = submit(
        &app,
        (&token, author),
        ours,
        "10.30.0.1",
        ("Fine", "Good course."),
    )
    .await;
    assert!(!kinds(&signals(&app, &admin, review).await).contains(&"near-duplicate"));
    sql(&app, &format!("UPDATE reviews SET actioned = 1, approved = 0, decision_reason = 'off-topic' WHERE id = {review}")).await;
    app.run_case(
        &Case::post(
            "sent back with copied text",
            "/api/review/resubmit",
            json!({ "id": review.to_string(), "title": "Great trainers and", "comment": "real kitchen time every week of the year", "incentivised": false }),
        )
        .by(&Caller::bearer(&token))
        .status(StatusCode::OK),
    )
    .await;
    let raised = signals(&app, &admin, review).await;
    assert!(
        raised
            .iter()
            .any(|(k, t)| k == "near-duplicate" && t.starts_with("Near-duplicate: 100% alike")),
        "{raised:?}"
    );
}

/// A deleted review's text is compared no more: its kept word trigrams go with it.
#[tokio::test]
async fn a_deleted_reviews_text_is_no_longer_compared() {
    let app = app().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let text = (
        "Great trainers and",
        "real kitchen time every week of the year",
    );
    let (token, gone) = settled(&app, "Gone").await;
    let original = submit(&app, (&token, gone), ours, "10.31.0.1", text).await;
    let deleted = app
        .send(
            axum::http::Method::DELETE,
            &format!("/api/admin/user/{gone}"),
            &[("authorization", &format!("Bearer {admin}"))],
            "",
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
    let kept: i64 = row(
        &app,
        format!("SELECT COUNT(*) FROM review_grams WHERE review_id = {original}"),
    )
    .await;
    assert_eq!(kept, 0);
    let (token, copier) = settled(&app, "Copier").await;
    let copy = submit(&app, (&token, copier), ours, "10.32.0.1", text).await;
    assert!(!kinds(&signals(&app, &admin, copy).await).contains(&"near-duplicate"));
}

#[tokio::test]
async fn a_cluster_counts_an_ipv6_64_and_not_reviews_older_than_seven_days() {
    let app = app().await;
    let admin = admin(&app).await;
    let offerings = one_providers_offerings(&app).await;
    let (token, a) = settled(&app, "Six0").await;
    let first = submit(
        &app,
        (&token, a),
        offerings[0],
        "2001:db8:1:2::1",
        ("Hands on", "Lots of practice."),
    )
    .await;
    sql(&app, &format!("UPDATE review_networks SET created_at = unixepoch() - 7 * 86400 - 60 WHERE review_id = {first}")).await;
    let (token, b) = settled(&app, "Six1").await;
    submit(
        &app,
        (&token, b),
        offerings[1],
        "2001:db8:1:2:ffff::9",
        ("Patient trainers", "They explained it twice."),
    )
    .await;
    let (token, c) = settled(&app, "Six2").await;
    let third = submit(
        &app,
        (&token, c),
        offerings[2],
        "2001:db8:1:2:abcd::1",
        ("Worth it", "I found work soon."),
    )
    .await;
    assert!(
        !kinds(&signals(&app, &admin, third).await).contains(&"cluster"),
        "the first is older than 7 days"
    );
    sql(&app, &format!("UPDATE review_networks SET created_at = unixepoch() - 6 * 86400 WHERE review_id = {first}")).await;
    sql(
        &app,
        &format!("DELETE FROM review_signals WHERE review_id = {third}"),
    )
    .await;
    sql(&app, &format!("DELETE FROM reviews WHERE id = {third}")).await;
    let again = submit(
        &app,
        (&token, c),
        offerings[2],
        "2001:db8:1:2:abcd::1",
        ("Worth it", "I found work soon."),
    )
    .await;
    assert!(
        kinds(&signals(&app, &admin, again).await).contains(&"cluster"),
        "one /64"
    );
}

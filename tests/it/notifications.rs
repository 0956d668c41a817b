//! Notifications: the unread count, marking them read when the list is opened, and pages of 20.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    reviewing::{row, sql, user},
    scenario::{Caller, Case},
};
use serde_json::json;

#[tokio::test]
async fn the_list_pages_counts_unread_and_opening_it_marks_all_read() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let (other, other_id) = user(&app, "Employer", "Eve", None).await;
    sql(
        &app,
        &format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25)
             INSERT INTO notifications (user_id, kind, message, created_at)
             SELECT {id}, 'approved', 'Review ' || i || ' is live', 1700000000 + i FROM n;
             INSERT INTO notifications (user_id, kind, message) VALUES ({other_id}, 'approved', 'Not yours');"
        ),
    )
    .await;
    let sam = Caller::bearer(&token);
    app.run_cases(&[
        Case::get("anonymous count", "/api/notifications/unread-count")
            .status(StatusCode::UNAUTHORIZED),
        Case::post("anonymous read", "/api/notifications/read", json!({}))
            .status(StatusCode::UNAUTHORIZED),
        Case::get("count", "/api/notifications/unread-count")
            .by(&sam)
            .expect(StatusCode::OK, json!(25)),
    ])
    .await;

    let first = app
        .run_case(&Case::get("page 1", "/api/notifications").by(&sam))
        .await;
    assert_eq!(first.header("x-total-count"), "25");
    let messages = first.json();
    assert_eq!(messages.as_array().unwrap().len(), 20);
    assert_eq!(messages[0]["message"], "Review 25 is live");
    assert_eq!(messages[0]["read"], false);
    let second = app
        .run_case(&Case::get("page 2", "/api/notifications?page=2").by(&sam))
        .await;
    assert_eq!(second.json().as_array().unwrap().len(), 5);
    assert_eq!(second.json()[4]["message"], "Review 1 is live");

    app.run_cases(&[
        Case::post("read", "/api/notifications/read", json!({}))
            .by(&sam)
            .expect(StatusCode::OK, json!({ "unread": 0 })),
        Case::get("count after", "/api/notifications/unread-count")
            .by(&sam)
            .expect(StatusCode::OK, json!(0)),
        Case::get("the other user's", "/api/notifications/unread-count")
            .by(&Caller::bearer(&other))
            .expect(StatusCode::OK, json!(1)),
    ])
    .await;
    let unread: i64 = row(
        &app,
        "SELECT COUNT(*) FROM notifications WHERE read_at IS NULL",
    )
    .await;
    assert_eq!(
        unread, 1,
        "only the other user's notification is still unread"
    );
}

/// A notification about a review links to where it is read while it is published, and says
/// whether it is the user's own (its author answers a legal complaint from their reviews).
#[tokio::test]
async fn a_notification_links_to_its_published_review() {
    let app = TestApp::new().await;
    let pair = common::reviewing::named_pair(&app, 0).await;
    let (token, author) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let (other, other_id) = user(&app, "Parent", "Pat", None).await;
    let review =
        common::moderating::review(&app, &author.to_string(), &pair, "Student", "Kept", 8, 1).await;
    sql(
        &app,
        &format!(
            "INSERT INTO notifications (user_id, review_id, kind, message, created_at) VALUES
               ({author}, {review}, 'legal-complaint', 'About yours', 1700000001),
               ({other_id}, {review}, 'legal-complaint', 'Yours received', 1700000002),
               ({other_id}, NULL, 'representative-decision', 'No review', 1700000003);"
        ),
    )
    .await;
    let list = |token: String| {
        let app = &app;
        async move {
            app.run_case(&Case::get("list", "/api/notifications").by(&Caller::bearer(&token)))
                .await
                .json()
        }
    };
    // Not yet published: no page to read it on.
    let theirs = list(other.clone()).await;
    assert_eq!(theirs[1]["reviewPage"], json!(null));
    sql(
        &app,
        &format!("UPDATE reviews SET approved = 1, actioned = 1 WHERE id = {review}"),
    )
    .await;
    let page = format!("/course/{}/{}", pair.course_slug, pair.provider_slug);
    let theirs = list(other).await;
    assert_eq!(theirs[0]["message"], "No review");
    assert_eq!(theirs[0]["reviewPage"], json!(null));
    assert_eq!(theirs[1]["reviewPage"], json!(page));
    assert_eq!(theirs[1]["ownReview"], false);
    let mine = list(token).await;
    assert_eq!(mine[0]["reviewPage"], json!(page));
    assert_eq!(mine[0]["ownReview"], true);
}

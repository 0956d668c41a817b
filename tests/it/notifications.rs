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

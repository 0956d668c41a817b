//! `POST /api/review/getuserreviews`: an author's own reviews with their status.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, reviewing::*};
use coursesource::reviews::ReviewerType;
use serde_json::json;

#[tokio::test]
async fn an_author_sees_their_reviews_with_status() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let mut reviews = Vec::new();
    for n in 0..3 {
        let body = submission(id, pair(&app, n).await, "Student", best_student());
        let res = app.post_as(&token, "/api/submitreview", &body).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        reviews.push(res.json()["_id"].as_str().unwrap().to_owned());
    }
    // newest first: make the first the newest, decide the other two
    sql(
        &app,
        &format!(
            "UPDATE reviews SET created_at = created_at + 100 WHERE id = {}",
            reviews[0]
        ),
    )
    .await;
    sql(
        &app,
        &format!(
            "UPDATE reviews SET actioned = 1, approved = 1 WHERE id = {}",
            reviews[1]
        ),
    )
    .await;
    sql(
        &app,
        &format!(
            "UPDATE reviews SET actioned = 1, approved = 0 WHERE id = {}",
            reviews[2]
        ),
    )
    .await;
    let (_, kim) = user(&app, "Student", "Kim", Some("KimBakes")).await;
    stored_review(
        &app,
        kim,
        pair(&app, 0).await,
        ReviewerType::Student,
        4,
        0,
        true,
    )
    .await;

    let res = app
        .post_as(
            &token,
            "/api/review/getuserreviews",
            &json!({ "userId": id.to_string() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let list = res.json();
    let list = list.as_array().unwrap();
    let got: Vec<(&str, &str)> = list
        .iter()
        .map(|r| (r["_id"].as_str().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            (reviews[0].as_str(), "unactioned"),
            (reviews[2].as_str(), "disapproved"),
            (reviews[1].as_str(), "approved")
        ]
    );
    assert_eq!(
        (list[1]["actioned"].as_bool(), list[1]["approved"].as_bool()),
        (Some(true), Some(false))
    );
    let first = pair(&app, 0).await;
    assert_eq!(list[0]["provider"][0]["_id"], first.provider.to_string());
    assert_eq!(list[0]["course"][0]["_id"], first.course.to_string());
    for key in ["name", "slug", "courseCode"] {
        assert!(
            list[0]["course"][0][key]
                .as_str()
                .is_some_and(|v| !v.is_empty()),
            "{key}"
        );
    }
    assert_eq!(
        (list[0]["score"].as_f64(), list[0]["userType"].as_str()),
        (Some(5.0), Some("Student"))
    );
    assert!(list[0]["createdAt"].as_str().unwrap().ends_with('Z'));
}

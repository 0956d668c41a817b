//! Following: a pair, a provider or a course; a favourite follows its pair; a representative
//! follows their provider; unknown targets are 404, twice is once, another user's id is 403.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp, representing,
    reviewing::{self, named_pair, row, user},
    scenario::{Caller, Case},
};
use serde_json::{Value, json};

fn change(action: &str, course: Option<i64>, provider: Option<i64>) -> Value {
    let mut body = json!({ "action": action });
    if let Some(course) = course {
        body["courseId"] = json!(course.to_string());
    }
    if let Some(provider) = provider {
        body["providerId"] = json!(provider.to_string());
    }
    body
}

async fn follows(app: &TestApp, token: &str) -> Vec<Value> {
    let res = app
        .get_with(
            "/api/follows",
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json().as_array().unwrap().clone()
}

#[tokio::test]
async fn a_user_follows_a_pair_a_provider_and_a_course_and_stops() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let (token, id) = user(&app, "Parent", "Pat", None).await;
    let pat = Caller::bearer(&token);
    app.run_cases(&[
        Case::post(
            "pair",
            "/api/follows",
            change("follow", Some(pair.course), Some(pair.provider)),
        )
        .by(&pat)
        .exactly(
            StatusCode::OK,
            json!({ "msg": "Following", "following": true }),
        ),
        Case::post(
            "the pair again",
            "/api/follows",
            change("follow", Some(pair.course), Some(pair.provider)),
        )
        .by(&pat)
        .status(StatusCode::OK),
        Case::post(
            "provider",
            "/api/follows",
            change("follow", None, Some(pair.provider)),
        )
        .by(&pat)
        .status(StatusCode::OK),
        Case::post(
            "course",
            "/api/follows",
            change("follow", Some(pair.course), None),
        )
        .by(&pat)
        .status(StatusCode::OK),
    ])
    .await;
    let listed = follows(&app, &token).await;
    assert_eq!(listed.len(), 3, "{listed:?}");
    let course_only = &listed[0];
    assert_eq!(course_only["course"]["name"], pair.course_name.as_str());
    assert_eq!(
        course_only["course"]["courseCode"],
        pair.course_code.as_str()
    );
    assert!(course_only["provider"].is_null());
    assert_eq!(course_only["automatic"], false);
    assert!(listed[1]["course"].is_null());
    assert_eq!(listed[1]["provider"]["slug"], pair.provider_slug.as_str());
    assert_eq!(listed[2]["course"]["slug"], pair.course_slug.as_str());
    assert_eq!(listed[2]["provider"]["name"], pair.provider_name.as_str());

    app.run_cases(&[
        Case::post(
            "unfollow the pair",
            "/api/follows",
            change("unfollow", Some(pair.course), Some(pair.provider)),
        )
        .by(&pat)
        .exactly(
            StatusCode::OK,
            json!({ "msg": "No longer following", "following": false }),
        ),
        Case::post(
            "unfollow it again",
            "/api/follows",
            change("unfollow", Some(pair.course), Some(pair.provider)),
        )
        .by(&pat)
        .status(StatusCode::OK),
    ])
    .await;
    let left: i64 = row(
        &app,
        format!("SELECT COUNT(*) FROM follows WHERE user_id = {id}"),
    )
    .await;
    assert_eq!(left, 2, "the provider and the course stay followed");
}

#[tokio::test]
async fn unknown_targets_are_404_bad_input_400_and_another_users_id_403() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let (token, _) = user(&app, "Student", "Sam", Some("Sam")).await;
    let (_, other) = user(&app, "Student", "Olly", Some("Olly")).await;
    let not_offered: i64 = row(
        &app,
        format!(
            "SELECT id FROM providers WHERE id NOT IN (SELECT provider_id FROM offerings WHERE course_id = {}) LIMIT 1",
            pair.course
        ),
    )
    .await;
    let sam = Caller::bearer(&token);
    let mut another = change("follow", Some(pair.course), None);
    another["userId"] = json!(other.to_string());
    app.run_cases(&[
        Case::post(
            "anonymous",
            "/api/follows",
            change("follow", Some(pair.course), None),
        )
        .status(StatusCode::UNAUTHORIZED),
        Case::get("anonymous list", "/api/follows").status(StatusCode::UNAUTHORIZED),
        Case::post(
            "unknown course",
            "/api/follows",
            change("follow", Some(999_999), None),
        )
        .by(&sam)
        .error(
            StatusCode::NOT_FOUND,
            None,
            "There is no such course or provider.",
        ),
        Case::post(
            "unknown provider",
            "/api/follows",
            change("follow", None, Some(999_999)),
        )
        .by(&sam)
        .error(
            StatusCode::NOT_FOUND,
            None,
            "There is no such course or provider.",
        ),
        Case::post(
            "a pair not offered",
            "/api/follows",
            change("follow", Some(pair.course), Some(not_offered)),
        )
        .by(&sam)
        .error(
            StatusCode::NOT_FOUND,
            None,
            "This provider does not offer this course.",
        ),
        Case::post(
            "nothing named",
            "/api/follows",
            change("follow", None, None),
        )
        .by(&sam)
        .error(
            StatusCode::BAD_REQUEST,
            Some("courseId"),
            "Name a course, a provider, or both.",
        ),
        Case::post(
            "unknown action",
            "/api/follows",
            change("watch", Some(pair.course), None),
        )
        .by(&sam)
        .error(
            StatusCode::BAD_REQUEST,
            Some("action"),
            "action must be 'follow' or 'unfollow'",
        ),
        Case::post("another user's id", "/api/follows", another)
            .by(&sam)
            .status(StatusCode::FORBIDDEN),
    ])
    .await;
    let stored: i64 = row(&app, "SELECT COUNT(*) FROM follows").await;
    assert_eq!(stored, 0, "nothing refused was stored");
}

#[tokio::test]
async fn a_favourite_follows_its_pair_until_the_follow_or_the_favourite_is_removed() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let (token, _) = user(&app, "Student", "Sam", Some("Sam")).await;
    let favourite = |action: &str| json!({ "action": action, "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() });
    let res = app
        .post_as(&token, "/api/addorremovefavourite", &favourite("add"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let listed = follows(&app, &token).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["provider"]["slug"], pair.provider_slug.as_str());

    // Turned off: the favourite stays, the follow goes.
    let res = app
        .post_as(
            &token,
            "/api/follows",
            &change("unfollow", Some(pair.course), Some(pair.provider)),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(follows(&app, &token).await.is_empty());
    let favourites = app
        .post_as(&token, "/api/favourites/getfavourites", &json!({}))
        .await;
    assert_eq!(favourites.json().as_array().unwrap().len(), 1);

    // Followed again, then the favourite removed: the follow goes with it.
    app.post_as(
        &token,
        "/api/follows",
        &change("follow", Some(pair.course), Some(pair.provider)),
    )
    .await;
    app.post_as(&token, "/api/addorremovefavourite", &favourite("remove"))
        .await;
    assert!(follows(&app, &token).await.is_empty());
}

#[tokio::test]
async fn a_representative_follows_their_provider_automatically() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let admin = reviewing::admin(&app).await;
    let (token, _, _) = representing::representative(&app, &admin, pair.provider, "Rita").await;
    let listed = follows(&app, &token).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["automatic"], true);
    assert!(listed[0]["_id"].is_null());
    assert_eq!(listed[0]["provider"]["name"], pair.provider_name.as_str());
    assert!(listed[0]["course"].is_null());
}

#[tokio::test]
async fn deleting_the_account_removes_its_follows_and_the_export_lists_them() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let (token, id) = user(&app, "Parent", "Pat", None).await;
    app.post_as(
        &token,
        "/api/follows",
        &change("follow", None, Some(pair.provider)),
    )
    .await;
    // A week's digest, as the digest run leaves it (alerts.rs covers the settings).
    crate::common::reviewing::sql(
        &app,
        &format!("INSERT INTO digest_weeks (user_id, week) VALUES ({id}, 1795986000)"),
    )
    .await;
    let export = app
        .get_with(
            "/api/account/export",
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await
        .json();
    assert_eq!(
        export["follows"][0]["provider"],
        pair.provider_name.as_str()
    );
    assert!(export["follows"][0]["course"].is_null());
    assert_eq!(export["notificationSettings"], json!([]));
    assert_eq!(export["digests"][0]["week"], 1795986000, "{export}");

    reviewing::delete_account(&app, &token).await;
    let left: i64 = row(
        &app,
        format!(
            "SELECT (SELECT COUNT(*) FROM follows WHERE user_id = {id})
                  + (SELECT COUNT(*) FROM digest_weeks WHERE user_id = {id})"
        ),
    )
    .await;
    assert_eq!(left, 0, "follows and digest weeks go with the account");
}

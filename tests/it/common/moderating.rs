//! Helpers for the moderation tests: reviews waiting in the queue, the queue's filter, and the
//! admin's calls.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::{TestApp, reviewing::NamedPair};

/// An unactioned review written straight into the database, `age` days old; answers its id.
pub async fn review(
    app: &TestApp,
    user: &str,
    pair: &NamedPair,
    user_type: &str,
    title: &str,
    score_halves: i64,
    age: i64,
) -> String {
    let (user, course, provider, industry) = (
        user.parse::<i64>().unwrap(),
        pair.course,
        pair.provider,
        pair.industry,
    );
    let (user_type, title) = (user_type.to_owned(), title.to_owned());
    let id: i64 = app
        .state
        .db
        .write(move |tx| -> rusqlite::Result<_> {
            tx.execute(
                "INSERT INTO reviews (user_id, course_id, provider_id, industry_id, user_type, title, comment, score_halves, answers, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'The trainers knew their stuff.', ?7, '{\"completedCourse\":\"Yes\"}', unixepoch() - ?8 * 86400)",
                rusqlite::params![user, course, provider, industry, user_type, title, score_halves, age],
            )?;
            Ok(tx.last_insert_rowid())
        })
        .await
        .unwrap();
    id.to_string()
}

pub fn named(mut registration: Value, first: &str, last: &str) -> Value {
    registration["firstName"] = json!(first);
    registration["lastName"] = json!(last);
    registration
}

pub fn filter(changes: Value) -> Value {
    let mut body = json!({ "actioned": false, "approved": null, "sort": "Oldest", "userType": "All", "searchBy": "Course Name", "searchText": "" });
    for (k, v) in changes.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

/// The titles of one page of the queue, and the X-Total-Count header.
pub async fn titles(app: &TestApp, token: &str, changes: Value) -> (Vec<String>, i64) {
    let res = app
        .post_as(token, "/api/review/pullreviews", &filter(changes))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let total = res.header("x-total-count").parse().unwrap();
    let titles = res
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["title"].as_str().unwrap().to_owned())
        .collect();
    (titles, total)
}

/// The body of an admin's decision; a disapproval gives the reason 'offensive' (the reason
/// tests use [`decide_with`]).
pub fn decision(action: &str, id: &str) -> Value {
    json!({ "action": action, "id": id, "reason": "offensive" })
}

/// The admin's decision through the API, with [`decision`]'s body.
pub async fn decide(app: &TestApp, token: &str, action: &str, id: &str) -> Value {
    decide_with(app, token, decision(action, id)).await
}

/// A decision with the body as given (a disapproval's reason and note); asserts a 200.
pub async fn decide_with(app: &TestApp, token: &str, body: Value) -> Value {
    let res = app
        .post_as(token, "/api/review/approvedisapprove", &body)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

pub async fn unactioned(app: &TestApp, token: &str) -> Value {
    app.get_with(
        "/api/review/getunactioned",
        &[("authorization", &format!("Bearer {token}"))],
    )
    .await
    .json()
}

//! A vote moves its pair's version (V26), so the pair's kept review pages are looked at again
//! after it: a page whose reviews and their votes versions are the same is served as kept, and
//! any page the vote changed (its review's likes, or which reviews it lists) is fresh at once.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, reviewing::*};
use coursesource::reviews::ReviewerType;
use serde_json::{Value, json};

/// The page's items as (review id, likes).
async fn page(app: &TestApp, token: &str, pair: Pair, sort: &str, page: i64) -> Vec<(i64, Value)> {
    let res = app
        .post_as(
            token,
            "/api/getreviewsfor",
            &json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string(),
                     "sort": sort, "page": page }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            let review = &item["review"];
            let id = review["_id"].as_str().unwrap().parse().unwrap();
            (id, review["likes"].clone())
        })
        .collect()
}

async fn like(app: &TestApp, token: &str, review: i64) {
    let res = app
        .post_as(
            token,
            "/api/likeordislikereview",
            &json!({ "action": "like", "reviewId": review.to_string() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

#[tokio::test]
async fn a_vote_computes_again_only_the_pages_it_changes() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    // 21 approved reviews, ids[0] the newest: Most Recent lists 20, then 1.
    let mut ids = Vec::new();
    for n in 0..21_i64 {
        let (_, author) = user(&app, "Student", &format!("Author{n}"), None).await;
        ids.push(stored_review(&app, author, pair, ReviewerType::Student, 8, n, true).await);
    }
    let (reader, reader_id) = user(&app, "Student", "Reader", None).await;
    let first = page(&app, &reader, pair, "Most Recent", 1).await;
    let last = page(&app, &reader, pair, "Most Recent", 2).await;
    let liked = page(&app, &reader, pair, "Most Liked", 1).await;
    let listed = |items: &[(i64, Value)]| items.iter().map(|(id, _)| *id).collect::<Vec<_>>();
    assert_eq!(
        (listed(&first), listed(&last)),
        (ids[..20].to_vec(), ids[20..].to_vec())
    );
    assert_eq!(listed(&liked), ids[..20], "no likes: newest first");
    let computed = app.state.answers.computed();

    // A like of the review on the second page only.
    like(&app, &reader, ids[20]).await;
    assert_eq!(page(&app, &reader, pair, "Most Recent", 1).await, first);
    assert_eq!(
        app.state.answers.computed(),
        computed,
        "its reviews did not change"
    );
    let me = json!([reader_id.to_string()]);
    assert_eq!(
        page(&app, &reader, pair, "Most Recent", 2).await,
        vec![(ids[20], me.clone())]
    );
    // Its like takes the review onto the first page of Most Liked, none of whose reviews changed.
    let now_liked = page(&app, &reader, pair, "Most Liked", 1).await;
    assert_eq!(now_liked[0], (ids[20], me.clone()));
    assert_eq!(listed(&now_liked[1..]), ids[..19]);
    assert_eq!(app.state.answers.computed(), computed + 2);

    // A like of a review on the first page shows there at once.
    like(&app, &reader, ids[5]).await;
    let first_now = page(&app, &reader, pair, "Most Recent", 1).await;
    assert_eq!(first_now[5], (ids[5], me));
    assert_eq!(first_now[..5], first[..5]);
    assert_eq!(app.state.answers.computed(), computed + 3);
}

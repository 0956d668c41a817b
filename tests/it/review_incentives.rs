//! Disclosed incentives (DESIGN decision 19): the review form's required 'Did you receive
//! payment, a gift or a discount for this review?', stored with the review, shown as a flag
//! wherever the review is (the public list, the author's list, the moderation queue) and
//! counted in the figures like any other review.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp, counters::assert_counters_match_a_recount, moderating::*, reviewing::*, with,
};
use serde_json::json;

#[tokio::test]
async fn an_incentivised_review_is_flagged_everywhere_and_counts_like_any_other() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (sam_token, sam) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let (kim_token, kim) = user(&app, "Student", "Kim", Some("KimBakes")).await;
    let a = named_pair(&app, 0).await;
    let mut ids = Vec::new();
    for (token, id, incentivised) in [(&sam_token, sam, true), (&kim_token, kim, false)] {
        let body = with(
            submission(id, a.ids, "Student", best_student()),
            json!({ "incentivised": incentivised }),
        );
        let res = app.post_as(token, "/api/submitreview", &body).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        ids.push(res.json()["_id"].as_str().unwrap().to_owned());
    }
    let stored: Vec<bool> = app
        .state
        .db
        .read(|c| {
            c.prepare("SELECT incentivised FROM reviews ORDER BY id")?
                .query_map([], |r| r.get(0))?
                .collect()
        })
        .await
        .unwrap();
    assert_eq!(stored, [true, false]);

    let queue = app
        .post_as(&token, "/api/review/pullreviews", &filter(json!({})))
        .await
        .json();
    let flags: Vec<_> = queue
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["title"].clone(), r["incentivised"].clone()))
        .collect();
    assert_eq!(
        flags
            .iter()
            .filter(|(_, flag)| flag == &json!(true))
            .count(),
        1,
        "{flags:?}"
    );

    for id in &ids {
        decide(&app, &token, "approve", id).await;
    }
    assert_counters_match_a_recount(
        &app.state.settings.data_dir.database(),
        "after approving both",
    );
    let listed = app
        .post_as(
            &sam_token,
            "/api/getreviewsfor",
            &json!({ "courseId": a.course.to_string(), "providerId": a.provider.to_string() }),
        )
        .await
        .json();
    let mut by_author: Vec<(String, bool)> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            (
                item["user"]["name"].as_str().unwrap().to_owned(),
                item["review"]["incentivised"].as_bool().unwrap(),
            )
        })
        .collect();
    by_author.sort();
    assert_eq!(
        by_author,
        [
            ("KimBakes".to_owned(), false),
            ("SamCooks".to_owned(), true)
        ]
    );

    let provider = app
        .post_json(
            "/api/getproviderbyslug",
            &json!({ "providerSlug": a.provider_slug, "courseId": a.course.to_string() }),
        )
        .await
        .json();
    assert_eq!(
        provider["reviewCount"]["total"], 2,
        "an incentivised review counts like any other"
    );

    let mine = app
        .post_as(&sam_token, "/api/review/getuserreviews", &json!({}))
        .await
        .json();
    assert_eq!(mine[0]["incentivised"], true);
    let figures = app.get("/api/moderation/figures").await.json();
    assert_eq!(
        (figures["received"].clone(), figures["published"].clone()),
        (json!(2), json!(2))
    );
}

#[tokio::test]
async fn the_disclosure_must_be_true_or_false() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let body = with(
        submission(id, pair(&app, 0).await, "Student", best_student()),
        json!({ "incentivised": "yes" }),
    );
    let res = app.post_as(&token, "/api/submitreview", &body).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    let stored: i64 = row(&app, "SELECT COUNT(*) FROM reviews").await;
    assert_eq!(stored, 0);
}

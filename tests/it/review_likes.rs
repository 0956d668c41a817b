//! `POST /api/likeordislikereview`: likes and dislikes toggle and switch, and the counts hold.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, reviewing::*};
use coursesource::reviews::ReviewerType;
use serde_json::json;

#[tokio::test]
async fn likes_toggle_switch_and_keep_the_counts() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let (author_token, author) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let (token, me) = user(&app, "Parent", "Pat", None).await;
    let (other, other_id) = user(&app, "Employer", "Jane", None).await;
    let review = stored_review(&app, author, pair, ReviewerType::Student, 8, 1, true).await;
    let vote = |action: &str, user: i64| json!({ "action": action, "reviewId": review.to_string(), "userId": user.to_string() });
    let counts = || {
        row::<String>(
            &app,
            format!("SELECT like_count || '/' || dislike_count FROM reviews WHERE id = {review}"),
        )
    };

    let (me_s, other_s) = (me.to_string(), other_id.to_string());
    let steps = [
        ("like", json!([me_s]), json!([]), "1/0"),
        ("like", json!([]), json!([]), "0/0"),
        ("dislike", json!([]), json!([me_s]), "0/1"),
        ("like", json!([me_s]), json!([]), "1/0"),
        ("removedislike", json!([me_s]), json!([]), "1/0"),
        ("removelike", json!([]), json!([]), "0/0"),
        ("removelike", json!([]), json!([]), "0/0"),
        ("dislike", json!([]), json!([me_s]), "0/1"),
        ("dislike", json!([]), json!([]), "0/0"),
    ];
    for (action, likes, dislikes, count) in steps {
        let res = app
            .post_as(&token, "/api/likeordislikereview", &vote(action, me))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{action}: {}", res.text());
        assert_eq!(
            res.json(),
            json!({ "_id": review.to_string(), "likes": likes, "dislikes": dislikes }),
            "{action}"
        );
        assert_eq!(counts().await, count, "{action}");
    }
    app.post_as(&token, "/api/likeordislikereview", &vote("like", me))
        .await;
    let res = app
        .post_as(
            &other,
            "/api/likeordislikereview",
            &vote("dislike", other_id),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({ "_id": review.to_string(), "likes": [me_s], "dislikes": [other_s] })
    );
    assert_eq!(counts().await, "1/1");

    let own = app
        .post_as(
            &author_token,
            "/api/likeordislikereview",
            &vote("like", author),
        )
        .await;
    assert_error(
        &own,
        StatusCode::FORBIDDEN,
        None,
        "You cannot like or dislike your own review",
    );
    assert_eq!(
        app.post_as(&token, "/api/likeordislikereview", &vote("like", other_id))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_json("/api/likeordislikereview", &vote("like", me))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let bad = app
        .post_as(&token, "/api/likeordislikereview", &vote("love", me))
        .await;
    assert_eq!(
        (bad.status, bad.json()[0]["param"].as_str()),
        (StatusCode::BAD_REQUEST, Some("action"))
    );
    assert_eq!(
        bad.error_msg(),
        "action must be 'like', 'dislike', 'removelike' or 'removedislike'"
    );

    let (_, pending_author) = user(&app, "Student", "Kim", Some("KimBakes")).await;
    let pending = stored_review(
        &app,
        pending_author,
        pair,
        ReviewerType::Student,
        8,
        1,
        false,
    )
    .await;
    sql(
        &app,
        &format!("UPDATE reviews SET actioned = 0 WHERE id = {pending}"),
    )
    .await;
    for id in [pending, 999_999] {
        let res = app
            .post_as(
                &token,
                "/api/likeordislikereview",
                &json!({ "action": "like", "reviewId": id.to_string() }),
            )
            .await;
        assert_error(&res, StatusCode::NOT_FOUND, None, "Review not found");
    }
    assert_eq!(
        row::<i64>(
            &app,
            format!("SELECT COUNT(*) FROM review_votes WHERE review_id = {pending}")
        )
        .await,
        0
    );
}

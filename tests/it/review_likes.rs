//! `POST /api/likeordislikereview`: likes and dislikes toggle and switch, and the counts hold.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    reviewing::*,
    scenario::{Caller, Case},
};
use coursesource::reviews::ReviewerType;
use serde_json::{Value, json};

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
    let pat = Caller::bearer(&token);
    let step = |action: &str, likes: Value, dislikes: Value| {
        Case::post(action, "/api/likeordislikereview", vote(action, me))
            .by(&pat)
            .exactly(
                StatusCode::OK,
                json!({ "_id": review.to_string(), "likes": likes, "dislikes": dislikes }),
            )
    };
    // Each vote, its answer and the counts it leaves (likes/dislikes).
    #[rustfmt::skip]
    let steps = [
        (step("like", json!([me_s]), json!([])), "1/0"),
        (step("like", json!([]), json!([])), "0/0"),
        (step("dislike", json!([]), json!([me_s])), "0/1"),
        (step("like", json!([me_s]), json!([])), "1/0"),
        (step("removedislike", json!([me_s]), json!([])), "1/0"),
        (step("removelike", json!([]), json!([])), "0/0"),
        (step("removelike", json!([]), json!([])), "0/0"),
        (step("dislike", json!([]), json!([me_s])), "0/1"),
        (step("dislike", json!([]), json!([])), "0/0"),
        (step("like", json!([me_s]), json!([])), "1/0"),
        (Case::post("another user's dislike", "/api/likeordislikereview", vote("dislike", other_id))
            .by(&Caller::bearer(&other))
            .exactly(StatusCode::OK, json!({ "_id": review.to_string(), "likes": [me_s], "dislikes": [other_s] })),
         "1/1"),
    ];
    for (case, count) in &steps {
        app.run_case(case).await;
        assert_eq!(counts().await, *count, "{}", case.name);
    }

    let vote_as = |name: &str, caller: &Caller, body: Value| {
        Case::post(name, "/api/likeordislikereview", body).by(caller)
    };
    #[rustfmt::skip]
    let cases = [
        vote_as("the author's own", &Caller::bearer(&author_token), vote("like", author))
            .error(StatusCode::FORBIDDEN, None, "You cannot like or dislike your own review"),
        vote_as("for another user", &pat, vote("like", other_id)).status(StatusCode::FORBIDDEN),
        vote_as("anonymous", &Caller::Anonymous, vote("like", me)).status(StatusCode::UNAUTHORIZED),
        vote_as("love", &pat, vote("love", me)).error(StatusCode::BAD_REQUEST, Some("action"),
            "action must be 'like', 'dislike', 'removelike' or 'removedislike'"),
    ];
    app.run_cases(&cases).await;

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
    let like = |id: i64| json!({ "action": "like", "reviewId": id.to_string() });
    app.run_cases(&[
        vote_as("a pending review", &pat, like(pending)).error(
            StatusCode::NOT_FOUND,
            None,
            "Review not found",
        ),
        vote_as("an unknown review", &pat, like(999_999)).error(
            StatusCode::NOT_FOUND,
            None,
            "Review not found",
        ),
    ])
    .await;
    assert_eq!(
        row::<i64>(
            &app,
            format!("SELECT COUNT(*) FROM review_votes WHERE review_id = {pending}")
        )
        .await,
        0
    );
}

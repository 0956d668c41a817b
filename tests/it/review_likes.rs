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

/// A pair's list names each review's voters as they are after every kind of change (a like, a
/// switch, a take-back, a deleted account's votes). A popular review's voters come from memory
/// (V32's votes version) until a change touches them; a review with fewer than 16 votes carries
/// them on its card (V33) and is never read apart, and leaves it or comes back at that number.
#[tokio::test]
async fn a_list_reads_again_only_the_voters_a_change_touched() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let mut authors = Vec::new();
    for (first, nick) in [
        ("Sam", "SamCooks"),
        ("Kim", "KimBakes"),
        ("Ned", "NedPipes"),
        ("Lee", "LeeFixes"),
    ] {
        authors.push(user(&app, "Student", first, Some(nick)).await.1);
    }
    let (pat, pat_id) = user(&app, "Parent", "Pat", None).await;
    let (jo, jo_id) = user(&app, "Employer", "Jo", None).await;
    // Newest first: Sam's and Kim's, which a crowd likes and dislikes; Ned's, which Pat likes;
    // Lee's, which nobody votes on.
    let mut reviews = Vec::new();
    for (age, author) in authors.iter().enumerate() {
        reviews.push(
            stored_review(
                &app,
                *author,
                pair,
                ReviewerType::Student,
                8,
                age as i64 + 1,
                true,
            )
            .await,
        );
    }
    let kept_from = coursesource::reviews::voters::KEPT_FROM_VOTES;
    sql(
        &app,
        &format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {kept_from})
             INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type)
             SELECT 'crowd' || i || '@example.com', 'x', 'Crowd', 'Voter', 'Other', 'Student' FROM n;
             INSERT INTO review_votes (review_id, user_id, vote)
             SELECT {}, id, 'like' FROM users WHERE email LIKE 'crowd%' UNION ALL
             SELECT {}, id, 'dislike' FROM users WHERE email LIKE 'crowd%';",
            reviews[0], reviews[1]
        ),
    )
    .await;
    let crowd: Vec<String> = row::<String>(
        &app,
        "SELECT group_concat(id) FROM (SELECT id FROM users WHERE email LIKE 'crowd%' ORDER BY id)",
    )
    .await
    .split(',')
    .map(str::to_owned)
    .collect();
    let vote = |token: &str, user: i64, action: &'static str, review: i64| {
        let (app, token) = (&app, token.to_owned());
        async move {
            let body = json!({ "action": action, "reviewId": review.to_string(), "userId": user.to_string() });
            let res = app.post_as(&token, "/api/likeordislikereview", &body).await;
            assert_eq!(res.status, StatusCode::OK, "{}", res.text());
        }
    };
    vote(&pat, pat_id, "like", reviews[2]).await;
    // A sort no list asked before, so that a list with no change between is computed too.
    let sorts = ["Most Recent", "Most Liked", "Top Rated", "Most Helpful"];
    let mut asked = 0;
    let mut list = |read_again: u64, step: &'static str| {
        let (app, token, sort) = (&app, pat.clone(), sorts[asked % sorts.len()]);
        asked += 1;
        async move {
            let read = app.state.review_voters.read();
            let body = json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string(), "sort": sort });
            let res = app.post_as(&token, "/api/getreviewsfor", &body).await;
            assert_eq!(res.status, StatusCode::OK, "{}", res.text());
            let mut listed: Vec<(String, Value, Value)> = res
                .json()
                .as_array()
                .unwrap()
                .iter()
                .map(|item| {
                    let review = &item["review"];
                    (
                        review["_id"].as_str().unwrap().to_owned(),
                        review["likes"].clone(),
                        review["dislikes"].clone(),
                    )
                })
                .collect();
            listed.sort_by(|a, b| a.0.cmp(&b.0));
            assert_eq!(
                app.state.review_voters.read() - read,
                read_again,
                "{step}: the reviews whose voters were read"
            );
            listed
        }
    };
    let (p, j) = (pat_id.to_string(), jo_id.to_string());
    // Pat and Jo signed up before the crowd: their ids come first.
    let with = |first: &[&String]| json!(first.iter().copied().chain(&crowd).collect::<Vec<_>>());
    let ids: Vec<String> = reviews.iter().map(i64::to_string).collect();
    let expect = |sam: (Value, Value), kim: (Value, Value)| {
        let mut expected = vec![
            (ids[0].clone(), sam.0, sam.1),
            (ids[1].clone(), kim.0, kim.1),
            (ids[2].clone(), json!([p]), json!([])),
            (ids[3].clone(), json!([]), json!([])),
        ];
        expected.sort_by(|a, b| a.0.cmp(&b.0));
        expected
    };
    let crowd_only = expect((with(&[]), json!([])), (json!([]), with(&[])));

    assert_eq!(list(2, "the first list").await, crowd_only);
    assert_eq!(list(0, "nothing changed").await, crowd_only);
    vote(&pat, pat_id, "like", reviews[0]).await;
    assert_eq!(
        list(1, "Pat likes Sam's").await,
        expect((with(&[&p]), json!([])), (json!([]), with(&[])))
    );
    vote(&jo, jo_id, "dislike", reviews[1]).await;
    assert_eq!(
        list(1, "Jo dislikes Kim's").await,
        expect((with(&[&p]), json!([])), (json!([]), with(&[&j])))
    );
    vote(&jo, jo_id, "like", reviews[0]).await;
    vote(&pat, pat_id, "dislike", reviews[0]).await;
    assert_eq!(
        list(1, "Jo likes Sam's, Pat switches").await,
        expect((with(&[&j]), json!([p])), (json!([]), with(&[&j])))
    );
    vote(&pat, pat_id, "removedislike", reviews[0]).await;
    assert_eq!(
        list(1, "Pat takes it back").await,
        expect((with(&[&j]), json!([])), (json!([]), with(&[&j])))
    );
    delete_account(&app, &jo).await;
    assert_eq!(list(2, "Jo's account deleted").await, crowd_only);
    // One of the crowd's votes on Kim's goes: 15 left, which its card carries again.
    sql(
        &app,
        &format!(
            "DELETE FROM review_votes WHERE review_id = {} AND user_id = {}",
            reviews[1],
            crowd.last().unwrap()
        ),
    )
    .await;
    let fifteen = json!(crowd[..kept_from - 1]);
    assert_eq!(
        list(0, "Kim's down to 15 votes").await,
        expect((with(&[]), json!([])), (json!([]), fifteen))
    );
}

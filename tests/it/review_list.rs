//! `POST /api/getreviewsfor`: a pair's approved reviews, paged, sorted and filtered, each with
//! its author, votes and answers.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp, TestResponse,
    reviewing::*,
    scenario::{Caller, Case},
    with,
};
use coursesource::{
    reviews::{ReviewerType, sample_answers},
    vocabulary::Vocabulary,
};
use serde_json::{Value, json};

/// 25 approved reviews of one pair (12 by students) and one awaiting moderation.
async fn listed_pair(app: &TestApp) -> (Pair, Vec<i64>) {
    let pair = pair(app, 0).await;
    let mut ids = Vec::new();
    for n in 0..25_i64 {
        let reviewer = if n % 2 == 0 {
            ReviewerType::Employer
        } else {
            ReviewerType::Student
        };
        let (_, author) = user(
            app,
            reviewer.name(),
            &format!("Author{n}"),
            Some(&format!("Nick{n}")),
        )
        .await;
        // age n days; score (n * 7) % 11 half stars; n % 4 likes
        ids.push(stored_review(app, author, pair, reviewer, (n * 7) % 11, n, true).await);
    }
    let (_, pending) = user(app, "Student", "Pending", Some("Pending")).await;
    stored_review(app, pending, pair, ReviewerType::Student, 10, 0, false).await;
    for (n, id) in ids.iter().enumerate() {
        sql(
            app,
            &format!("UPDATE reviews SET like_count = {} WHERE id = {id}", n % 4),
        )
        .await;
    }
    (pair, ids)
}

fn review_ids(res: &TestResponse) -> Vec<i64> {
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["review"]["_id"].as_str().unwrap().parse().unwrap())
        .collect()
}

#[tokio::test]
async fn the_list_pages_sorts_and_filters_approved_reviews() {
    let app = TestApp::new().await;
    let (pair, ids) = listed_pair(&app).await;
    let (token, _) = user(&app, "Parent", "Pat", None).await;
    let query = |extra: Value| {
        with(
            json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() }),
            extra,
        )
    };

    // Most Recent by default: ids were stored newest first.
    let first = review_ids(
        &app.post_as(&token, "/api/getreviewsfor", &query(json!({})))
            .await,
    );
    let second = review_ids(
        &app.post_as(&token, "/api/getreviewsfor", &query(json!({ "page": 2 })))
            .await,
    );
    assert_eq!(
        (first.as_slice(), second.as_slice()),
        (&ids[..20], &ids[20..])
    );
    assert!(
        review_ids(
            &app.post_as(&token, "/api/getreviewsfor", &query(json!({ "page": 3 })))
                .await
        )
        .is_empty()
    );

    let expected = |key: &dyn Fn(i64) -> (i64, i64)| {
        let mut order: Vec<(usize, i64)> = ids.iter().copied().enumerate().collect();
        order.sort_by_key(|(n, _)| key(*n as i64));
        order.into_iter().map(|(_, id)| id).collect::<Vec<_>>()
    };
    // ties broken newest first, i.e. by age
    let liked = expected(&|n| (-(n % 4), n));
    let rated = expected(&|n| (-((n * 7) % 11), n));
    for (sort, order) in [("Most Liked", liked), ("Top Rated", rated)] {
        let page1 = review_ids(
            &app.post_as(
                &token,
                "/api/getreviewsfor",
                &query(json!({ "sort": sort })),
            )
            .await,
        );
        let page2 = review_ids(
            &app.post_as(
                &token,
                "/api/getreviewsfor",
                &query(json!({ "sort": sort, "page": 2 })),
            )
            .await,
        );
        assert_eq!([page1, page2].concat(), order, "{sort}");
    }
    let students = app
        .post_as(
            &token,
            "/api/getreviewsfor",
            &query(json!({ "userType": "Student", "sort": "Top Rated" })),
        )
        .await;
    let list = students.json();
    assert_eq!(list.as_array().unwrap().len(), 12);
    assert!(list.as_array().unwrap().iter().all(
        |item| item["review"]["userType"] == "Student" && item["user"]["userType"] == "Student"
    ));
    let employers = review_ids(
        &app.post_as(
            &token,
            "/api/getreviewsfor",
            &query(json!({ "userType": "Employer" })),
        )
        .await,
    );
    assert_eq!(
        employers,
        ids.iter().step_by(2).copied().collect::<Vec<_>>()
    );
    assert_eq!(
        review_ids(
            &app.post_as(
                &token,
                "/api/getreviewsfor",
                &query(json!({ "userType": "All" }))
            )
            .await
        ),
        first
    );

    let pat = Caller::bearer(&token);
    let refused = |field: &str, value: Value, msg: &str| {
        Case::post(
            format!("{field} {value}"),
            "/api/getreviewsfor",
            query(json!({ field: value })),
        )
        .by(&pat)
        .error(StatusCode::BAD_REQUEST, Some(field), msg)
    };
    #[rustfmt::skip]
    let cases = [
        Case::post("anonymous", "/api/getreviewsfor", query(json!({}))).status(StatusCode::UNAUTHORIZED),
        refused("sort", json!("Best"), "sort must be 'Most Recent', 'Most Liked', 'Top Rated' or 'Most Helpful'"),
        refused("userType", json!("Parent"), "userType must be 'Student' or 'Employer'"),
        refused("page", json!(0), "page must be a whole number from 1"),
    ];
    app.run_cases(&cases).await;
}

#[tokio::test]
async fn a_listed_review_shows_its_author_votes_and_answers() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let (_, jane) = user(&app, "Employer", "Jane", None).await;
    let (_, sam) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    sql(
        &app,
        &format!("UPDATE users SET profile_image = 'abc123.png' WHERE id = {sam}"),
    )
    .await;
    let employer_review = stored_review(&app, jane, pair, ReviewerType::Employer, 7, 2, true).await;
    stored_review(&app, sam, pair, ReviewerType::Student, 9, 1, true).await;
    let (liker, liker_id) = user(&app, "Parent", "Pat", None).await;
    let (disliker, disliker_id) = user(&app, "Other", "Oz", None).await;
    let vote = |action: &str| json!({ "action": action, "reviewId": employer_review.to_string() });
    app.post_as(&liker, "/api/likeordislikereview", &vote("like"))
        .await;
    app.post_as(&disliker, "/api/likeordislikereview", &vote("dislike"))
        .await;

    let list = app.post_as(&liker, "/api/getreviewsfor", &json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() })).await.json();
    assert_eq!(
        list[0]["user"],
        json!({ "_id": sam.to_string(), "name": "SamCooks", "image": "/media/abc123.png", "userType": "Student" })
    );
    assert_eq!(
        list[1]["user"],
        json!({ "_id": jane.to_string(), "name": "Jane D.", "image": "/assets/img/avatars/Employer-avatar-3.png", "userType": "Employer" })
    );
    let review = &list[1]["review"];
    assert_eq!(
        (review["score"].as_f64(), review["title"].as_str()),
        (Some(3.5), Some(format!("Review by {jane}").as_str()))
    );
    assert_eq!(review["createdAt"], "2023-11-12T22:13:20Z");
    assert_eq!(
        (review["likes"].clone(), review["dislikes"].clone()),
        (
            json!([liker_id.to_string()]),
            json!([disliker_id.to_string()])
        )
    );
    assert_eq!(
        review["questions"],
        Value::Object(sample_answers(ReviewerType::Employer, jane as u64))
    );
    assert_eq!(list[0]["review"]["likes"], json!([]));
}

//! 'Most Helpful' (issue 29): approved reviews ranked by the Wilson lower bound (95%) of likes
//! against likes plus dislikes, newest first among equals, checked against a brute-force sort
//! of the same votes; one account cannot vote twice and an author's own vote is refused.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResponse, reviewing::*, with};
use coursesource::{
    reviews::{ReviewerType, helpful, rescore},
    vocabulary::Vocabulary,
};
use serde_json::{Value, json};

/// The lower bound of the Wilson score interval, written again from the formula so the test
/// does not trust the code under test.
fn wilson(likes: usize, dislikes: usize) -> f64 {
    if likes == 0 {
        return 0.0;
    }
    let z = 1.959_963_984_540_054_f64;
    let n = (likes + dislikes) as f64;
    let p = likes as f64 / n;
    (p + z * z / (2.0 * n) - z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt())
        / (1.0 + z * z / n)
}

/// (id, age in days, likes, dislikes) of each listed review, in the list's order.
fn listed(res: &TestResponse) -> Vec<(i64, String, usize, usize)> {
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            let review = &item["review"];
            (
                review["_id"].as_str().unwrap().parse().unwrap(),
                review["createdAt"].as_str().unwrap().to_owned(),
                review["likes"].as_array().unwrap().len(),
                review["dislikes"].as_array().unwrap().len(),
            )
        })
        .collect()
}

/// Every review of the list, both pages, with its votes.
async fn whole_list(app: &TestApp, token: &str, query: &Value) -> Vec<(i64, String, usize, usize)> {
    let mut all = Vec::new();
    for page in 1..=3 {
        let res = app
            .post_as(
                token,
                "/api/getreviewsfor",
                &with(query.clone(), json!({ "page": page })),
            )
            .await;
        all.extend(listed(&res));
    }
    all
}

/// The same rows sorted by brute force: Wilson lower bound down, then newest first.
fn brute_force(mut rows: Vec<(i64, String, usize, usize)>) -> Vec<i64> {
    rows.sort_by(|a, b| {
        wilson(b.2, b.3)
            .partial_cmp(&wilson(a.2, a.3))
            .unwrap()
            .then_with(|| b.1.cmp(&a.1))
            .then_with(|| b.0.cmp(&a.0))
    });
    rows.into_iter().map(|row| row.0).collect()
}

async fn vote(
    app: &TestApp,
    (token, id): &(String, i64),
    review: i64,
    action: &str,
) -> TestResponse {
    app.post_as(
        token,
        "/api/likeordislikereview",
        &json!({ "action": action, "reviewId": review.to_string(), "userId": id.to_string() }),
    )
    .await
}

#[tokio::test]
async fn most_helpful_is_the_wilson_lower_bound_newest_first_among_equals() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let mut voters = Vec::new();
    for n in 0..8 {
        voters.push(user(&app, "Parent", &format!("Voter{n}"), None).await);
    }
    let mut reviews = Vec::new();
    for n in 0..25_i64 {
        let reviewer = [ReviewerType::Student, ReviewerType::Employer][n as usize % 2];
        let author = user(
            &app,
            reviewer.name(),
            &format!("Author{n}"),
            Some(&format!("Nick{n}")),
        )
        .await;
        // Reviews 0..5 are a day apart, the rest share days in pairs, so equal scores tie on age too.
        let age = if n < 5 { n } else { 5 + n / 2 };
        let id = stored_review(&app, author.1, pair, reviewer, 8, age, true).await;
        // 0 to 4 likes and 0 to 3 dislikes: no votes at all, dislikes only, and equal shares of
        // different sizes (1 of 1 against 4 of 4) all occur.
        let (likes, dislikes) = ((n % 5) as usize, ((n * 3) % 4) as usize);
        for voter in &voters[..likes] {
            assert_eq!(vote(&app, voter, id, "like").await.status, StatusCode::OK);
        }
        for voter in &voters[likes..likes + dislikes] {
            assert_eq!(
                vote(&app, voter, id, "dislike").await.status,
                StatusCode::OK
            );
        }
        reviews.push((id, author));
    }
    let reader = &voters[7];
    let query = json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string(), "sort": "Most Helpful" });

    let rows = whole_list(&app, &reader.0, &query).await;
    assert_eq!(rows.len(), 25);
    assert!(
        rows.iter().any(|row| row.2 == 0 && row.3 == 0),
        "a review without votes"
    );
    assert!(
        rows.iter().any(|row| row.2 == 0 && row.3 > 0),
        "a review with dislikes only"
    );
    let order: Vec<i64> = rows.iter().map(|row| row.0).collect();
    assert_eq!(
        order,
        brute_force(rows.clone()),
        "Most Helpful against a brute-force sort"
    );

    // One type alone is the same order restricted to it.
    let students = whole_list(
        &app,
        &reader.0,
        &with(query.clone(), json!({ "userType": "Student" })),
    )
    .await;
    let student_ids: Vec<i64> = students.iter().map(|row| row.0).collect();
    assert_eq!(student_ids.len(), 13);
    assert_eq!(student_ids, brute_force(students));

    // An author cannot vote on their own review; an account voting twice takes its vote back.
    let (bottom, author) = reviews
        .iter()
        .find(|(id, _)| Some(id) == order.last())
        .unwrap();
    let own = vote(&app, author, *bottom, "like").await;
    assert_error(
        &own,
        StatusCode::FORBIDDEN,
        None,
        "You cannot like or dislike your own review",
    );
    let again = whole_list(&app, &reader.0, &query).await;
    assert_eq!(
        again.iter().map(|row| row.0).collect::<Vec<_>>(),
        order,
        "nothing moved"
    );
    let top = order[0];
    for _ in 0..2 {
        vote(&app, &voters[7], *bottom, "like").await;
    }
    let twice = whole_list(&app, &reader.0, &query).await;
    assert_eq!(
        twice.iter().map(|row| row.0).collect::<Vec<_>>(),
        order,
        "a repeated like is taken back"
    );
    assert_eq!(twice, again);

    // Votes move the ranking at once: three more likes lift the review that had none to the top.
    for voter in &voters[5..8] {
        assert_eq!(
            vote(&app, voter, *bottom, "like").await.status,
            StatusCode::OK
        );
    }
    let moved = whole_list(&app, &reader.0, &query).await;
    let moved_ids: Vec<i64> = moved.iter().map(|row| row.0).collect();
    assert_eq!(moved_ids, brute_force(moved.clone()));
    assert_ne!(moved_ids, order);

    // Deleting a voter takes their votes out of the ranking in the same transaction.
    let admin = admin(&app).await;
    let deleted = app
        .send(
            Method::DELETE,
            &format!("/api/admin/user/{}", voters[0].1),
            &[("authorization", &format!("Bearer {admin}"))],
            "",
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
    let after = whole_list(&app, &reader.0, &query).await;
    let votes =
        |rows: &[(i64, String, usize, usize)]| rows.iter().map(|row| row.2 + row.3).sum::<usize>();
    assert!(
        votes(&after) < votes(&moved),
        "the deleted voter's votes are gone"
    );
    assert_eq!(
        after.iter().map(|row| row.0).collect::<Vec<_>>(),
        brute_force(after.clone())
    );
    let stored: f64 = row(
        &app,
        format!("SELECT helpful_score FROM reviews WHERE id = {top}"),
    )
    .await;
    let (likes, dislikes) = after
        .iter()
        .find(|row| row.0 == top)
        .map(|row| (row.2, row.3))
        .unwrap();
    assert_eq!(
        stored,
        helpful::wilson_lower_bound(likes as i64, dislikes as i64)
    );
    assert!((stored - wilson(likes, dislikes)).abs() < 1e-12);
}

#[tokio::test]
async fn the_upgrade_scores_the_votes_cast_before_it() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let author = user(&app, "Student", "Author", Some("Nick")).await;
    let voter = user(&app, "Parent", "Voter", None).await;
    let id = stored_review(&app, author.1, pair, ReviewerType::Student, 8, 1, true).await;
    vote(&app, &voter, id, "like").await;
    // As a database from before V10 would be: votes counted, no helpful score yet.
    sql(
        &app,
        &format!(
            "UPDATE reviews SET helpful_score = 0 WHERE id = {id};
                        INSERT INTO pending_data_steps (step) VALUES ('helpful-scores')"
        ),
    )
    .await;
    let path = app.state.settings.data_dir.database();
    let mut conn = rusqlite::Connection::open(&path).unwrap();
    rescore::helpful_pending(&mut conn).unwrap();
    let stored: f64 = conn
        .query_row(
            "SELECT helpful_score FROM reviews WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(stored, helpful::wilson_lower_bound(1, 0));
    let pending: i64 = conn
        .query_row("SELECT COUNT(*) FROM pending_data_steps", [], |r| r.get(0))
        .unwrap();
    assert_eq!(pending, 0);
}

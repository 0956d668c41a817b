//! A review submitted for moderation changes nothing a visitor sees until it is approved (V34):
//! the kept public answers stay, while the public moderation figures, the moderators' queue and
//! the reviewer's own reviews show it at once, and its approval shows everywhere at once.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    moderating::{decide, review, unactioned},
    reviewing::{
        admin, best_student, named_pair, providers_of, reviews_for, sql, submission, user,
    },
};
use serde_json::json;

async fn figures(app: &TestApp) -> (i64, i64, i64) {
    let figures = app.get("/api/moderation/figures").await.json();
    let n = |name: &str| figures[name].as_i64().unwrap();
    (n("received"), n("published"), n("awaiting"))
}

#[tokio::test]
async fn a_submission_awaiting_moderation_keeps_the_public_answers_until_approved() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let (_, first) = user(&app, "Student", "Ana", Some("ana")).await;
    let (writer, writer_id) = user(&app, "Student", "Ben", Some("ben")).await;
    let approved = review(&app, &first.to_string(), &pair, "Student", "First", 8, 1).await;
    decide(&app, &admin, "approve", &approved).await;

    let industries = app.get("/api/industries").await;
    let providers = providers_of(&app, pair.course).await;
    let listed = reviews_for(&app, &writer, pair.course, pair.provider).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(figures(&app).await, (1, 1, 0));
    assert_eq!(unactioned(&app, &admin).await, json!(0));
    let computed = app.state.answers.computed();

    let submitted = app
        .post_as(
            &writer,
            "/api/submitreview",
            &submission(writer_id, pair.ids, "Student", best_student()),
        )
        .await;
    assert_eq!(
        submitted.status,
        StatusCode::CREATED,
        "{}",
        submitted.text()
    );
    let id = submitted.json()["_id"].as_str().unwrap().to_owned();

    assert_eq!(app.get("/api/industries").await.body, industries.body);
    assert_eq!(providers_of(&app, pair.course).await, providers);
    assert_eq!(
        reviews_for(&app, &writer, pair.course, pair.provider).await,
        listed
    );
    assert_eq!(app.state.answers.computed(), computed, "all served as kept");
    // What counts the reviews awaiting shows the submission on the next request.
    assert_eq!(figures(&app).await, (2, 1, 1));
    assert_eq!(app.state.answers.computed(), computed + 1, "the figures");
    assert_eq!(unactioned(&app, &admin).await, json!(1));
    let mine = app
        .post_as(
            &writer,
            "/api/review/getuserreviews",
            &json!({ "userId": writer_id.to_string() }),
        )
        .await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.text());
    assert!(mine.text().contains(&id), "{}", mine.text());

    decide(&app, &admin, "approve", &id).await;
    assert_eq!(
        reviews_for(&app, &writer, pair.course, pair.provider)
            .await
            .len(),
        2
    );
    assert_ne!(providers_of(&app, pair.course).await, providers);
    assert_eq!(figures(&app).await, (2, 2, 0));
    assert_eq!(unactioned(&app, &admin).await, json!(0));
}

/// A review stored already approved (an import, another process) is public at once: it moves
/// the public version as it is inserted.
#[tokio::test]
async fn a_review_stored_approved_shows_on_the_next_request() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let (reader, first) = user(&app, "Student", "Ana", Some("ana")).await;
    let (_, second) = user(&app, "Student", "Ben", Some("ben")).await;
    let approved = review(&app, &first.to_string(), &pair, "Student", "First", 8, 1).await;
    decide(&app, &admin, "approve", &approved).await;
    assert_eq!(
        reviews_for(&app, &reader, pair.course, pair.provider)
            .await
            .len(),
        1
    );
    assert_eq!(figures(&app).await, (1, 1, 0));

    sql(
        &app,
        &format!(
            "INSERT INTO reviews (user_id, course_id, provider_id, industry_id, user_type, title, comment,
                                  score_halves, answers, actioned, approved, created_at, actioned_at)
             SELECT {second}, course_id, provider_id, industry_id, user_type, 'Imported', comment,
                    score_halves, answers, 1, 1, created_at, actioned_at
             FROM reviews WHERE id = {approved}"
        ),
    )
    .await;
    let listed = reviews_for(&app, &reader, pair.course, pair.provider).await;
    let titles: Vec<&str> = listed
        .iter()
        .map(|r| r["review"]["title"].as_str().unwrap())
        .collect();
    assert!(titles.contains(&"Imported"), "{titles:?}");
    assert_eq!(figures(&app).await, (2, 2, 0));
}

//! What happened after (issue 29 point 6): the optional, unscored question for students who
//! completed the course, its refusals, and the share who found work in the field, shown from 5
//! answers up with its count and note, on the course-provider page's details and the compare
//! table, kept equal to a recount.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    counters::assert_counters_match_a_recount,
    moderating::decide,
    reviewing::{NamedPair, admin, assert_error, best_student, named_pair, row, submission, user},
    with,
};
use coursesource::reviews::outcome;
use serde_json::{Value, json};

const QUESTION: &str = "Within six months of finishing, did you find work that used this course?";

fn answered(answer: &str) -> Value {
    with(
        best_student(),
        json!({ "foundWorkWithinSixMonths": answer }),
    )
}

async fn submit(app: &TestApp, pair: &NamedPair, answers: Value) -> common::TestResponse {
    let (token, id) = user(app, "Student", "Rae", None).await;
    app.post_as(
        &token,
        "/api/submitreview",
        &submission(id, pair.ids, "Student", answers),
    )
    .await
}

async fn details(app: &TestApp, pair: &NamedPair) -> Value {
    let res = app
        .post_json(
            "/api/getratingdetails",
            &json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

#[tokio::test]
async fn an_answer_outside_the_choices_or_not_asked_is_refused() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let res = submit(&app, &pair, answered("Maybe")).await;
    assert_error(
        &res,
        StatusCode::BAD_REQUEST,
        Some("foundWorkWithinSixMonths"),
        &format!("'Maybe' is not an answer to: {QUESTION}"),
    );
    // Only a student who finished is asked.
    let half = with(
        best_student(),
        json!({ "completedCourse": "No", "completedHalfCourse": "Yes", "foundWorkWithinSixMonths": "No" }),
    );
    let res = submit(&app, &pair, half).await;
    assert_error(
        &res,
        StatusCode::BAD_REQUEST,
        Some("foundWorkWithinSixMonths"),
        &format!("{QUESTION} was not asked"),
    );
    let stored: i64 = row(&app, "SELECT COUNT(*) FROM reviews").await;
    assert_eq!(stored, 0, "nothing was stored");

    // Optional and unscored: the same score with or without it, and every choice is taken.
    let without = submit(&app, &pair, best_student()).await;
    assert_eq!(without.status, StatusCode::CREATED, "{}", without.text());
    for answer in [
        "Yes, in the field of the course",
        "Yes, in another field",
        "No",
        "I was not looking for work",
        "I was already working in the field",
    ] {
        let res = submit(&app, &pair, answered(answer)).await;
        assert_eq!(res.status, StatusCode::CREATED, "{answer}: {}", res.text());
    }
    let scores: Vec<i64> = app
        .state
        .db
        .read(|c| {
            c.prepare("SELECT DISTINCT score_halves FROM reviews")?
                .query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()
        })
        .await
        .unwrap();
    assert_eq!(scores, vec![10], "the answer does not move the score");
}

#[tokio::test]
async fn the_share_who_found_work_in_the_field_shows_from_five_answers() {
    let app = TestApp::new().await;
    let ada = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let mut ids = Vec::new();
    for answer in [
        "Yes, in the field of the course",
        "Yes, in the field of the course",
        "Yes, in another field",
        "I was not looking for work",
        "Yes, in the field of the course",
    ] {
        let res = submit(&app, &pair, answered(answer)).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        ids.push(res.json()["_id"].as_str().unwrap().to_owned());
    }
    // One who did not answer counts nowhere.
    let quiet = submit(&app, &pair, best_student()).await;
    decide(&app, &ada, "approve", quiet.json()["_id"].as_str().unwrap()).await;

    for id in &ids[..4] {
        decide(&app, &ada, "approve", id).await;
    }
    let four = details(&app, &pair).await;
    assert_eq!(four["outcome"], Value::Null, "4 answers: no share");
    assert!(
        four["questions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["question"] != outcome::SLUG),
        "the outcome is not one of the question shares"
    );
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "four answers");

    decide(&app, &ada, "approve", &ids[4]).await;
    let five = details(&app, &pair).await;
    assert_eq!(
        five["outcome"],
        json!({ "inField": 3, "answered": 5, "note": "From reviewers' answers, not an official survey." })
    );
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "five answers");

    // The compare table carries it per provider.
    let compared = app
        .post_json(
            "/api/compareproviders",
            &json!({ "courseSlug": pair.course_slug, "providerSlugs": [pair.provider_slug] }),
        )
        .await;
    assert_eq!(compared.status, StatusCode::OK, "{}", compared.text());
    assert_eq!(
        compared.json()["providers"][0]["details"]["outcome"]["inField"],
        3
    );

    // Disapproving one hides it again.
    decide(&app, &ada, "disapprove", &ids[0]).await;
    assert_eq!(details(&app, &pair).await["outcome"], Value::Null);
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "after a disapproval");
}

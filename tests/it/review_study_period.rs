//! The study period of a review (issue 29): the optional month-year answers that say when the
//! reviewer (or an employer's staff) started and finished or left, their rules and messages,
//! and the period every listed review carries.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, reviewing::*, with};
use serde_json::{Value, json};
use time::OffsetDateTime;

fn month(offset_months: i32) -> Value {
    let today = OffsetDateTime::now_utc().date();
    let months = today.year() * 12 + i32::from(u8::from(today.month())) - 1 + offset_months;
    json!({ "month": format!("{:02}", months.rem_euclid(12) + 1), "year": months.div_euclid(12).to_string() })
}

fn left_early(extra: Value) -> Value {
    with(
        json!({ "completedCourse": "No", "completedHalfCourse": "No",
                "notCompletedBecause": "Personal or family reasons", "howLikelyYouRecommend": "Likely" }),
        extra,
    )
}

#[tokio::test]
async fn the_rules_of_a_study_period_and_their_messages() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let cases = [
        (
            left_early(json!({ "startedCourseIn": month(1) })),
            "startedCourseIn",
            "The start of your studies cannot be in the future",
        ),
        (
            left_early(json!({ "startedCourseIn": month(-6), "leftCourseIn": month(-7) })),
            "leftCourseIn",
            "The end of your studies cannot be before their start",
        ),
        (
            with(
                best_student(),
                json!({ "startedCourseIn": month(-6), "completedCourseIn": month(-12) }),
            ),
            "completedCourseIn",
            "The end of your studies cannot be before their start",
        ),
        (
            json!({ "completedCourse": "No", "completedHalfCourse": "No", "notCompletedBecause": "I am still doing the course",
                    "notCompletedBecauseStillDoing": month(-3), "startedCourseIn": month(-2), "howLikelyYouRecommend": "Likely" }),
            "notCompletedBecauseStillDoing",
            "The end of your studies cannot be before their start",
        ),
        (
            // Four years ahead is outside the month-year's years already.
            left_early(json!({ "leftCourseIn": month(48) })),
            "leftCourseIn",
            "is not an answer to: When did you leave the course?",
        ),
        (
            // Still studying: they have not left.
            json!({ "completedCourse": "No", "completedHalfCourse": "No", "notCompletedBecause": "I am still doing the course",
                    "notCompletedBecauseStillDoing": month(3), "leftCourseIn": month(-1), "howLikelyYouRecommend": "Likely" }),
            "leftCourseIn",
            "When did you leave the course? was not asked",
        ),
    ];
    for (answers, param, msg) in cases {
        let res = app
            .post_as(
                &token,
                "/api/submitreview",
                &submission(id, pair, "Student", answers),
            )
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{msg}: {}", res.text());
        let first = &res.json()[0];
        assert_eq!(first["param"], param, "{}", res.text());
        assert!(
            first["msg"].as_str().unwrap().ends_with(msg),
            "{}",
            res.text()
        );
    }
    let stored: i64 = row(&app, "SELECT COUNT(*) FROM reviews").await;
    assert_eq!(stored, 0, "nothing was stored");
}

/// Submits and approves a review; answers its listed `studyPeriod`.
async fn listed_period(
    app: &TestApp,
    admin: &str,
    n: i64,
    user_type: &str,
    answers: Value,
) -> Value {
    let pair = pair(app, n).await;
    let (token, id) = user(
        app,
        user_type,
        &format!("Reviewer{n}"),
        Some(&format!("Nick{n}")),
    )
    .await;
    let res = app
        .post_as(
            &token,
            "/api/submitreview",
            &submission(id, pair, user_type, answers),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let review = res.json()["_id"].as_str().unwrap().to_owned();
    let decided = app
        .post_as(
            admin,
            "/api/review/approvedisapprove",
            &json!({ "action": "approve", "id": review }),
        )
        .await;
    assert_eq!(decided.status, StatusCode::OK, "{}", decided.text());
    let list = app
        .post_as(
            &token,
            "/api/getreviewsfor",
            &json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() }),
        )
        .await;
    list.json()[0]["review"]["studyPeriod"].clone()
}

#[tokio::test]
async fn every_listed_review_carries_what_its_answers_say_about_when() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let finished = listed_period(
        &app,
        &admin,
        0,
        "Student",
        with(
            best_student(),
            json!({ "startedCourseIn": { "month": "03", "year": "2023" } }),
        ),
    )
    .await;
    assert_eq!(
        finished,
        json!({ "start": "2023-03", "end": "2024-06", "studying": false })
    );
    let studying = listed_period(
        &app,
        &admin,
        1,
        "Student",
        json!({ "completedCourse": "No", "completedHalfCourse": "No", "notCompletedBecause": "I am still doing the course",
                "notCompletedBecauseStillDoing": month(6), "startedCourseIn": { "month": "01", "year": "2025" },
                "howLikelyYouRecommend": "Likely" }),
    )
    .await;
    assert_eq!(
        studying,
        json!({ "start": "2025-01", "end": null, "studying": true })
    );
    let staff = listed_period(
        &app,
        &admin,
        2,
        "Employer",
        json!({ "completedCourse": "My employee(s) did not complete the course",
                "startedCourseIn": { "month": "02", "year": "2024" }, "leftCourseIn": { "month": "08", "year": "2024" } }),
    )
    .await;
    assert_eq!(
        staff,
        json!({ "start": "2024-02", "end": "2024-08", "studying": false })
    );
    // Without the optional months, as every review from before them: only what the answers say.
    let silent = listed_period(&app, &admin, 3, "Student", left_early(json!({}))).await;
    assert_eq!(silent, Value::Null);
}

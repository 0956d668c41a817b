//! The recent score (issue 29 point 2): beside the all-time average, the average of the rated
//! reviews whose study ended (or, without an end, which were written) in the last 24 months,
//! given from 3 such reviews and never below; kept in counters that the review transactions
//! and a daily step keep equal to a recount, and a sort of a course's provider list.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp,
    counters::assert_counters_match_a_recount,
    moderating::decide,
    reviewing::{Pair, admin, assert_error, best_student, named_pair, row, submission, user},
    with,
};
use coursesource::catalog::recent::{self, window_start};
use serde_json::{Value, json};
use time::{Date, Month, OffsetDateTime, Time};

/// Unix seconds on the 15th of the month `offset` months from this one: the test clock.
fn clock(offset: i32) -> i64 {
    let today = OffsetDateTime::now_utc().date();
    let months = today.year() * 12 + i32::from(u8::from(today.month())) - 1 + offset;
    let month = Month::try_from((months.rem_euclid(12) + 1) as u8).unwrap();
    Date::from_calendar_date(months.div_euclid(12), month, 15)
        .unwrap()
        .with_time(Time::MIDNIGHT)
        .assume_utc()
        .unix_timestamp()
}

/// A month-year answer `offset` months from this one.
fn month(offset: i32) -> Value {
    let today = OffsetDateTime::now_utc().date();
    let months = today.year() * 12 + i32::from(u8::from(today.month())) - 1 + offset;
    json!({ "month": format!("{:02}", months.rem_euclid(12) + 1), "year": months.div_euclid(12).to_string() })
}

/// A student who finished `ended` months from now, with the best answers but for the
/// recommendation (which sets the score).
fn finished(ended: i32, recommend: &str) -> Value {
    with(
        best_student(),
        json!({ "completedCourseIn": month(ended), "howLikelyYouRecommend": recommend }),
    )
}

/// Submits a student's review of `pair` through the API and approves it; answers its id.
async fn approved(app: &TestApp, admin: &str, pair: Pair, answers: Value) -> String {
    let (token, id) = user(app, "Student", "Rae", None).await;
    let res = app
        .post_as(
            &token,
            "/api/submitreview",
            &submission(id, pair, "Student", answers),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let review = res.json()["_id"].as_str().unwrap().to_owned();
    decide(app, admin, "approve", &review).await;
    review
}

async fn rating_on_page(app: &TestApp, slug: &str, course: i64) -> Value {
    let res = app
        .post_json(
            "/api/getproviderbyslug",
            &json!({ "providerSlug": slug, "courseId": course.to_string() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()["rating"].clone()
}

async fn listed(app: &TestApp, course: i64, sort: Option<&str>) -> Vec<Value> {
    let mut body = json!({ "courseId": course.to_string() });
    if let Some(sort) = sort {
        body["sort"] = json!(sort);
    }
    let res = app.post_json("/api/getprovidersbycourseid", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json().as_array().unwrap().clone()
}

fn db(app: &TestApp) -> std::path::PathBuf {
    app.dir.path().join("app.db")
}

#[tokio::test]
async fn the_recent_score_shows_from_three_rated_reviews_and_never_below() {
    let app = TestApp::new().await;
    let ada = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    // An old study end counts all-time only.
    approved(&app, &ada, pair.ids, finished(-40, "Very unlikely")).await;
    approved(&app, &ada, pair.ids, finished(-2, "Very likely")).await;
    approved(&app, &ada, pair.ids, finished(-23, "Very likely")).await;

    let two = rating_on_page(&app, &pair.provider_slug, pair.course).await;
    assert_eq!(two["ratedCount"]["total"], 3);
    assert_eq!(
        two["recent"],
        Value::Null,
        "2 recent reviews: no number, the page says '{}'",
        recent::NOT_ENOUGH
    );
    assert_eq!(two["recentRatedCount"], 2);
    let in_list = listed(&app, pair.course, None).await;
    let row = in_list
        .iter()
        .find(|p| p["slug"] == pair.provider_slug.as_str())
        .unwrap();
    assert_eq!(row["rating"]["recent"], Value::Null);
    assert_eq!(row["rating"]["recentRatedCount"], 2);

    let third = approved(&app, &ada, pair.ids, finished(0, "Likely")).await;
    let three = rating_on_page(&app, &pair.provider_slug, pair.course).await;
    assert_eq!(three["recentRatedCount"], 3);
    // Two best reviews (5 stars) and one with 'Likely' (27 of 28 points: 4.5 stars).
    let score = three["recent"].as_f64().unwrap();
    assert!((score - 29.0 / 6.0).abs() < 1e-9, "{score}");
    assert_ne!(
        three["overall"], three["recent"],
        "the all-time score keeps the old review"
    );
    let in_list = listed(&app, pair.course, None).await;
    let row = in_list
        .iter()
        .find(|p| p["slug"] == pair.provider_slug.as_str())
        .unwrap();
    assert_eq!(row["rating"]["recent"], three["recent"]);
    assert_counters_match_a_recount(&db(&app), "after three recent reviews");

    // Disapproving one takes the figure away again, in the same transaction.
    decide(&app, &ada, "disapprove", &third).await;
    let again = rating_on_page(&app, &pair.provider_slug, pair.course).await;
    assert_eq!(
        (again["recent"].clone(), again["recentRatedCount"].clone()),
        (Value::Null, json!(2))
    );
    assert_counters_match_a_recount(&db(&app), "after a disapproval");
}

/// The offerings' recent counters against a count of the reviews in the window at `now`.
async fn assert_recent_equals_a_count_at(app: &TestApp, now: i64, label: &str) {
    let start = window_start(now);
    let differing: i64 = row(
        app,
        format!(
            "SELECT COUNT(*) FROM offerings o WHERE recent_rated_count <> (SELECT COUNT(*) FROM reviews r
               WHERE r.course_id = o.course_id AND r.provider_id = o.provider_id AND r.approved = 1
                 AND r.score_halves > 0 AND r.recent_month >= {start})
             OR recent_score_half_sum <> (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r
               WHERE r.course_id = o.course_id AND r.provider_id = o.provider_id AND r.approved = 1
                 AND r.score_halves > 0 AND r.recent_month >= {start})"
        ),
    )
    .await;
    assert_eq!(differing, 0, "{label}: recent counters differ from a count");
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), label);
}

#[tokio::test]
async fn the_daily_step_moves_the_window_and_the_counters_equal_a_recount() {
    let app = TestApp::new().await;
    let ada = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let other = named_pair(&app, 1).await;
    for ended in [-23, -23, -22, -10, 0] {
        approved(&app, &ada, pair.ids, finished(ended, "Very likely")).await;
    }
    for ended in [-23, -5] {
        approved(&app, &ada, other.ids, finished(ended, "Likely")).await;
    }
    // Still studying: no end, so the month the review was written counts.
    approved(
        &app,
        &ada,
        other.ids,
        json!({ "completedCourse": "No", "completedHalfCourse": "No",
                "notCompletedBecause": "I am still doing the course",
                "notCompletedBecauseStillDoing": month(6), "howLikelyYouRecommend": "Likely" }),
    )
    .await;
    assert_recent_equals_a_count_at(&app, clock(0), "before the window moves").await;
    let before = rating_on_page(&app, &pair.provider_slug, pair.course).await;
    assert_eq!(before["recentRatedCount"], 5);

    // A month on: the two reviews that ended 23 months ago leave the window of the first pair,
    // one of the second.
    let changed = recent::move_window(&app.state.db, clock(1)).await.unwrap();
    assert_eq!(changed, 2, "both offerings lose a review");
    assert_recent_equals_a_count_at(&app, clock(1), "a month on").await;
    let after = rating_on_page(&app, &pair.provider_slug, pair.course).await;
    assert_eq!(after["recentRatedCount"], 3);
    assert_eq!(
        after["ratedCount"]["total"], 5,
        "the all-time count keeps them"
    );

    // Idempotent: the same day again, or an earlier one, changes nothing.
    assert_eq!(
        recent::move_window(&app.state.db, clock(1)).await.unwrap(),
        0
    );
    assert_eq!(
        recent::move_window(&app.state.db, clock(0)).await.unwrap(),
        0
    );
    assert_recent_equals_a_count_at(&app, clock(1), "run twice").await;

    // A decision after the move counts against the moved window.
    approved(&app, &ada, pair.ids, finished(-23, "Very likely")).await;
    approved(&app, &ada, pair.ids, finished(-21, "Very likely")).await;
    assert_recent_equals_a_count_at(&app, clock(1), "a decision after the move").await;

    // Months missed at once (the server was down): every month passed is subtracted.
    recent::move_window(&app.state.db, clock(14)).await.unwrap();
    assert_recent_equals_a_count_at(&app, clock(14), "fourteen months on").await;
    let later = rating_on_page(&app, &pair.provider_slug, pair.course).await;
    assert_eq!(
        later["recentRatedCount"], 1,
        "only the review that ended this month"
    );
    assert_eq!(later["recent"], Value::Null);

    // Deleting an author keeps them exact too.
    let author: i64 = row(&app, "SELECT MAX(user_id) FROM reviews").await;
    let res = app
        .send(
            Method::DELETE,
            &format!("/api/admin/user/{author}"),
            &[("authorization", &format!("Bearer {ada}"))],
            "",
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_recent_equals_a_count_at(&app, clock(14), "after deleting an author").await;
}

#[tokio::test]
async fn the_provider_list_sorts_by_the_recent_score_without_one_last() {
    let app = TestApp::new().await;
    let ada = admin(&app).await;
    // A course with at least three providers.
    let course: i64 = row(
        &app,
        "SELECT course_id FROM offerings GROUP BY course_id HAVING COUNT(*) >= 3 ORDER BY course_id LIMIT 1",
    )
    .await;
    let all = listed(&app, course, None).await;
    let industry: i64 = row(
        &app,
        format!(
            "SELECT ca.industry_id FROM course_careers cc JOIN careers ca ON ca.id = cc.career_id WHERE cc.course_id = {course} LIMIT 1"
        ),
    )
    .await;
    let pair_of = |p: &Value| Pair {
        course,
        provider: p["_id"].as_str().unwrap().parse().unwrap(),
        industry,
        career: 0,
    };
    let (last, middle, first) = (&all[0], &all[1], &all[2]);
    for recommend in ["Unlikely", "Unlikely", "Unlikely"] {
        approved(&app, &ada, pair_of(last), finished(-1, recommend)).await;
    }
    for recommend in ["Very likely", "Very likely", "Likely"] {
        approved(&app, &ada, pair_of(first), finished(-1, recommend)).await;
    }
    // The best score of all, but from two recent reviews: no recent score, so after the rest.
    for _ in 0..2 {
        approved(&app, &ada, pair_of(middle), finished(-1, "Very likely")).await;
    }
    approved(&app, &ada, pair_of(middle), finished(-30, "Very likely")).await;

    let sorted = listed(&app, course, Some("recent-score")).await;
    let names: Vec<&str> = sorted.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names[0], first["name"]);
    assert_eq!(names[1], last["name"]);
    let without: Vec<&str> = all
        .iter()
        .filter(|p| p["_id"] != first["_id"] && p["_id"] != last["_id"])
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names[2..],
        without,
        "providers without a recent score follow, A-Z"
    );
    assert!(sorted[0]["rating"]["recent"].as_f64() > sorted[1]["rating"]["recent"].as_f64());

    let res = app
        .post_json(
            "/api/getprovidersbycourseid",
            &json!({ "courseId": course.to_string(), "sort": "recent" }),
        )
        .await;
    assert_error(
        &res,
        StatusCode::BAD_REQUEST,
        Some("sort"),
        "sort must be 'lowest-fee' or 'recent-score'",
    );
}

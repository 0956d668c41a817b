//! What a retired offering and a suspended or cancelled provider mean for readers and reviewers
//! (DESIGN decision 28): no new review, the lists leave them out, the page says since when.

use axum::http::StatusCode;

use crate::common::{
    TestApp,
    reviewing::{self, assert_error, best_student, submission},
};

const NOT_OPEN: &str =
    "This provider is not currently registered to deliver this course, so it cannot be reviewed.";

#[tokio::test]
async fn a_retired_offering_or_a_suspended_provider_takes_no_new_review() {
    let app = TestApp::new().await;
    let pair = reviewing::named_pair(&app, 0).await;
    let (token, user) = reviewing::user(&app, "Student", "Sam", Some("Sam")).await;
    let body = submission(user, pair.ids, "Student", best_student());
    let (course, provider) = (pair.course, pair.provider);
    for (case, change) in [
        ("suspended", format!("UPDATE providers SET standing = 'suspended' WHERE id = {provider}")),
        ("cancelled", format!("UPDATE providers SET standing = 'cancelled' WHERE id = {provider}")),
        ("retired offering", format!("UPDATE providers SET standing = 'registered' WHERE id = {provider};
            UPDATE offerings SET retired_at = 1767225600 WHERE course_id = {course} AND provider_id = {provider}")),
    ] {
        reviewing::sql(&app, &change).await;
        let res = app.post_as(&token, "/api/submitreview", &body).await;
        assert_error(&res, StatusCode::BAD_REQUEST, None, NOT_OPEN);
        let _ = case;
    }
    // Out of the course's list, still on its own page with the retired label.
    let list = app
        .post_json(
            "/api/getprovidersbycourseid",
            &serde_json::json!({ "courseId": course.to_string() }),
        )
        .await
        .json();
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .all(|p| p["_id"] != provider.to_string().as_str())
    );
    let page = app
        .post_json(
            "/api/getproviderbyslug",
            &serde_json::json!({ "providerSlug": pair.provider_slug, "courseId": course.to_string() }),
        )
        .await
        .json();
    assert_eq!(
        page["retiredLabel"],
        "No longer registered to deliver this course since January 2026"
    );
    // Back on the register: reviewable again.
    reviewing::sql(&app, &format!("UPDATE offerings SET retired_at = NULL WHERE course_id = {course} AND provider_id = {provider}")).await;
    let res = app.post_as(&token, "/api/submitreview", &body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
}

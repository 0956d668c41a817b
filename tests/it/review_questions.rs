//! `GET /api/review/questions`: the question sets each reviewer type is asked.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, scenario::Case};
use serde_json::json;

#[tokio::test]
async fn question_sets_are_served_by_user_type() {
    let app = TestApp::new().await;
    let students = app.get("/api/review/questions?userType=Student").await;
    assert_eq!(students.status, StatusCode::OK);
    let list = students.json();
    // 14 of the spec, the study period's optional start and leaving, and what happened after
    // (issue 29).
    assert_eq!(list.as_array().unwrap().len(), 17);
    assert_eq!(
        list[0],
        json!({ "slug": "completedCourse", "label": "Completed the course", "question": "Did you complete the course?",
                "smallText": null, "points": false, "answersType": "trueFalse",
                "answers": [{ "answer": "Yes", "points": 0 }, { "answer": "No", "points": 0 }],
                "subQuestion": null, "subQuestions": [], "optional": false })
    );
    assert_eq!(
        list[3]["subQuestion"]["slug"],
        "notCompletedBecauseStillDoing"
    );
    assert_eq!(
        list[3]["subQuestions"][1]["slug"],
        "notCompletedBecauseOther"
    );
    assert_eq!(list[5]["answersType"], "month-year");
    assert_eq!(
        (&list[2]["slug"], &list[2]["optional"], &list[2]["points"]),
        (&json!("startedCourseIn"), &json!(true), &json!(false))
    );
    let employers = app
        .get("/api/review/questions?userType=Employer")
        .await
        .json();
    assert_eq!(employers.as_array().unwrap().len(), 12);
    assert_eq!(
        employers[5]["answers"][4],
        json!({ "answer": "Unsure", "points": 0 })
    );
    let refused = |name: &str, query: &str| {
        Case::get(name, &format!("/api/review/questions{query}")).error(
            StatusCode::BAD_REQUEST,
            Some("userType"),
            "userType must be 'Student' or 'Employer'",
        )
    };
    app.run_cases(&[
        refused("a parent", "?userType=Parent"),
        refused("no user type", ""),
    ])
    .await;
}

/// The UI's tests read their question definitions from a copy; it must be what the server serves.
#[tokio::test]
async fn the_ui_tests_copy_of_the_questions_is_what_the_server_serves() {
    let app = TestApp::new().await;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/ui/src/features/reviews/testing/questions.json"
    );
    let copy: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap())
        .expect("questions.json parses");
    for user_type in ["Student", "Employer"] {
        let served = app
            .get(&format!("/api/review/questions?userType={user_type}"))
            .await
            .json();
        assert_eq!(
            copy[user_type], served,
            "{user_type}: ui/src/features/reviews/testing/questions.json differs from GET /api/review/questions; copy the served answer into it"
        );
    }
}

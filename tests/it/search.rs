//! The search calls over the shipped catalogue: type-ahead, options and results.

use crate::common;

use axum::http::StatusCode;
use common::TestApp;
use serde_json::json;

fn codes(body: &serde_json::Value) -> Vec<String> {
    body.as_array()
        .unwrap()
        .iter()
        .map(|e| e["courseCode"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn typeahead_finds_courses_by_name_prefix_typo_and_code() {
    let app = TestApp::new().await;
    let found = app.get("/api/search/typeahead?q=comm%20coo").await;
    assert_eq!(found.status, StatusCode::OK);
    assert_eq!(codes(&found.json())[0], "SIT30821");
    let entry = &found.json()[0];
    assert_eq!(entry["name"], "Certificate III in Commercial Cookery");
    assert_eq!(entry["slug"], "certificate-iii-in-commercial-cookery");
    assert!(entry["_id"].is_string());

    assert!(
        codes(
            &app.get("/api/search/typeahead?q=commercial%20cookary")
                .await
                .json()
        )
        .contains(&"SIT30821".to_owned())
    );
    let sit = codes(
        &app.get("/api/search/typeahead?q=sit30&mode=code&limit=50")
            .await
            .json(),
    );
    assert!(
        sit.len() > 1 && sit.iter().all(|c| c.starts_with("SIT30")),
        "{sit:?}"
    );
    assert_eq!(
        codes(
            &app.get("/api/search/typeahead?q=SHB30416&mode=code")
                .await
                .json()
        )[0],
        "SHB30416",
        "exact code first"
    );
    assert_eq!(
        app.get("/api/search/typeahead?q=certificate&limit=3")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        3
    );
    assert_eq!(
        app.get("/api/search/typeahead?q=%20%20").await.json(),
        json!([])
    );
    assert_eq!(app.get("/api/search/typeahead").await.json(), json!([]));
}

#[tokio::test]
async fn typeahead_rejects_bad_parameters() {
    let app = TestApp::new().await;
    let long = "a".repeat(101);
    for (query, msg) in [
        (
            format!("q={long}"),
            "q must not be longer than 100 characters",
        ),
        (
            "q=cook&mode=title".into(),
            "mode must be 'qualification' or 'code'",
        ),
        (
            "q=cook&limit=0".into(),
            "limit must be a whole number from 1 to 50",
        ),
        (
            "q=cook&limit=51".into(),
            "limit must be a whole number from 1 to 50",
        ),
        (
            "q=cook&limit=ten".into(),
            "limit must be a whole number from 1 to 50",
        ),
    ] {
        let res = app.get(&format!("/api/search/typeahead?{query}")).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(res.error_msg(), msg);
    }
}

#[tokio::test]
async fn search_options_list_every_course() {
    let app = TestApp::new().await;
    let options = app.get("/api/search/searchoptions").await.json();
    let count = app
        .post_json("/api/getcoursecount", &json!({}))
        .await
        .json()["count"]
        .clone();
    assert_eq!(
        options.as_array().unwrap().len() as i64,
        count.as_i64().unwrap()
    );
    assert!(
        options[0]["_id"].is_string()
            && options[0]["courseCode"].is_string()
            && options[0]["name"].is_string()
    );
}

#[tokio::test]
async fn results_for_a_chosen_course_or_typed_name_or_code() {
    let app = TestApp::new().await;
    let option = app.get("/api/search/typeahead?q=hairdressing").await.json()[0].clone();
    let by_id = app
        .post_json(
            "/api/search/getsearchresults",
            &json!({ "searchBy": "qualification", "courseId": option["_id"] }),
        )
        .await;
    assert_eq!(by_id.status, StatusCode::OK, "{}", by_id.text());
    let body = by_id.json();
    assert_eq!(body["course"]["courseCode"], option["courseCode"]);
    assert_eq!(
        body["providers"].as_array().unwrap().len() as i64,
        body["course"]["providers"].as_i64().unwrap()
    );

    for (by, typed) in [
        ("code", "sit30821"),
        ("qualification", "Certificate III in Commercial Cookery"),
        ("code", "certificate iii in commercial cookery"),
        ("qualification", "commercial cookery"),
    ] {
        let res = app
            .post_json(
                "/api/search/getsearchresults",
                &json!({ "searchBy": by, "qualification": typed }),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{typed}");
        assert_eq!(res.json()["course"]["courseCode"], "SIT30821");
    }
}

#[tokio::test]
async fn no_match_gets_the_spec_sentence() {
    let app = TestApp::new().await;
    let sentence = "Sorry, course you've entered doesn't match any listings in our database.";
    let ambiguous = json!({ "qualification": "certificate" });
    for body in [
        json!({ "qualification": "Diploma of Underwater Basket Weaving" }),
        json!({ "courseId": "99999" }),
        ambiguous,
    ] {
        let res = app.post_json("/api/search/getsearchresults", &body).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
        assert_eq!(res.error_msg(), sentence);
    }
    let res = app
        .post_json("/api/search/getsearchresults", &json!({}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = app
        .post_json(
            "/api/search/getsearchresults",
            &json!({ "searchBy": "title", "qualification": "x" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
}

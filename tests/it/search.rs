//! The search calls over the shipped catalogue: type-ahead, options and results.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, scenario::Case};
use serde_json::{Value, json};

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
    let refused = |name: &str, query: &str, msg: &str| {
        Case::get(name, &format!("/api/search/typeahead?{query}"))
            .errors(StatusCode::BAD_REQUEST, &[msg])
    };
    let limit = "limit must be a whole number from 1 to 50";
    #[rustfmt::skip]
    let cases = [
        refused("a long query", &format!("q={}", "a".repeat(101)), "q must not be longer than 100 characters"),
        refused("another mode", "q=cook&mode=title", "mode must be 'qualification' or 'code'"),
        refused("limit 0", "q=cook&limit=0", limit),
        refused("limit 51", "q=cook&limit=51", limit),
        refused("limit ten", "q=cook&limit=ten", limit),
    ];
    app.run_cases(&cases).await;
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

    let cookery = json!({ "course": { "courseCode": "SIT30821" } });
    let typed = |by: &str, typed: &str| {
        Case::post(
            format!("{by} {typed:?}"),
            "/api/search/getsearchresults",
            json!({ "searchBy": by, "qualification": typed }),
        )
        .expect(StatusCode::OK, cookery.clone())
    };
    app.run_cases(&[
        typed("code", "sit30821"),
        typed("qualification", "Certificate III in Commercial Cookery"),
        typed("code", "certificate iii in commercial cookery"),
        typed("qualification", "commercial cookery"),
    ])
    .await;
}

#[tokio::test]
async fn no_match_gets_the_spec_sentence() {
    let app = TestApp::new().await;
    let sentence = "Sorry, course you've entered doesn't match any listings in our database.";
    let search = |name: &str, body: Value| Case::post(name, "/api/search/getsearchresults", body);
    #[rustfmt::skip]
    let cases = [
        search("an unknown name", json!({ "qualification": "Diploma of Underwater Basket Weaving" }))
            .errors(StatusCode::NOT_FOUND, &[sentence]),
        search("an unknown id", json!({ "courseId": "99999" })).errors(StatusCode::NOT_FOUND, &[sentence]),
        search("an ambiguous name", json!({ "qualification": "certificate" })).errors(StatusCode::NOT_FOUND, &[sentence]),
        search("nothing", json!({})).status(StatusCode::BAD_REQUEST),
        search("another way to search", json!({ "searchBy": "title", "qualification": "x" })).status(StatusCode::BAD_REQUEST),
    ];
    app.run_cases(&cases).await;
}

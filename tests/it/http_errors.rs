//! The API's error shape for every way a request can go wrong, and the health call.

use crate::common;

use axum::{
    Router,
    http::{Method, StatusCode},
    routing::get,
};
use common::{TestApp, scenario::Case};
use coursesource::{error::AppError, http::BODY_LIMIT};
use serde_json::{Value, json};

#[tokio::test]
async fn health_reports_the_schema_version() {
    let app = TestApp::new().await;
    let res = app.get("/api/health").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(
        res.json(),
        json!({ "status": "ok", "schemaVersion": common::latest_schema_version() })
    );
    assert_eq!(res.header("cache-control"), "no-store");
}

#[tokio::test]
async fn every_client_error_has_the_error_shape() {
    let app = TestApp::new().await;
    let big = format!(r#"{{"email":"{}"}}"#, "a".repeat(BODY_LIMIT + 1));
    let call = |name: &str, method: Method, path: &str, content_type: &str, body: &str| Case {
        method,
        ..Case::get(name, path)
            .header("content-type", content_type)
            .raw(body)
    };
    let json = "application/json";
    let login = "/api/auth/login";
    let send_json = "Send the request body as JSON (Content-Type: application/json).";
    #[rustfmt::skip]
    let cases = [
        call("unknown api path", Method::GET, "/api/no-such-thing", json, "")
            .errors(StatusCode::NOT_FOUND, &["Not found"]),
        call("unknown nested api path", Method::POST, "/api/a/b/c", json, "{}")
            .errors(StatusCode::NOT_FOUND, &["Not found"]),
        call("wrong method", Method::DELETE, "/api/health", json, "")
            .errors(StatusCode::METHOD_NOT_ALLOWED, &["Method not allowed."]),
        call("malformed json", Method::POST, login, json, "{\"email\":")
            .errors(StatusCode::BAD_REQUEST, &["The request body is not valid JSON."]),
        call("wrong type", Method::POST, login, json, r#"{"email": 5, "password": "x"}"#)
            .errors(StatusCode::BAD_REQUEST, &["Invalid request body: email: invalid type: integer `5`, expected a string at line 1 column 11"]),
        call("not an object", Method::POST, login, json, "5")
            .errors(StatusCode::BAD_REQUEST, &["Invalid request body: invalid type: integer `5`, expected struct LoginRequest at line 1 column 1"]),
        call("wrong content type", Method::POST, login, "text/plain", "{}")
            .errors(StatusCode::UNSUPPORTED_MEDIA_TYPE, &[send_json]),
        call("form post", Method::POST, login, "application/x-www-form-urlencoded", "email=a")
            .errors(StatusCode::UNSUPPORTED_MEDIA_TYPE, &[send_json]),
        call("oversized body", Method::POST, login, json, &big)
            .errors(StatusCode::PAYLOAD_TOO_LARGE, &["The request body is too large."]),
        call("not logged in", Method::GET, "/api/notifications/unread-count", json, "")
            .errors(StatusCode::UNAUTHORIZED, &["Please log in to continue."]),
    ];
    for case in &cases {
        let res = app.run_case(case).await;
        assert!(
            res.header("content-type").starts_with("application/json"),
            "{}: content type",
            case.name
        );
    }
}

#[tokio::test]
async fn unknown_fields_are_ignored() {
    let app = TestApp::new().await;
    app.run_case(
        &Case::post(
            "isAdmin in a login",
            "/api/auth/login",
            json!({ "email": "", "password": "", "isAdmin": true }),
        )
        .exactly(
            StatusCode::BAD_REQUEST,
            json!([
                { "msg": "Email is required", "param": "email" },
                { "msg": "Password is required", "param": "password" }
            ]),
        ),
    )
    .await;
}

/// The production layers around handlers that fail: the cause stays in the log.
fn failing_app() -> Router {
    coursesource::http::layers(
        Router::new()
            .route(
                "/api/boom",
                get(|| async {
                    Err::<(), _>(AppError::Internal(anyhow::anyhow!(
                        "secret table xyz is corrupt"
                    )))
                }),
            )
            .route(
                "/api/panic",
                get(|| async {
                    if true {
                        panic!("secret panic detail")
                    }
                    "unreachable"
                }),
            ),
        false,
    )
}

#[tokio::test]
async fn server_errors_hide_the_cause_and_carry_the_request_id() {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    for path in ["/api/boom", "/api/panic"] {
        let request = axum::http::Request::get(path)
            .body(axum::body::Body::empty())
            .unwrap();
        let response = failing_app().oneshot(request).await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::INTERNAL_SERVER_ERROR,
            "{path}"
        );
        let request_id = response.headers()["x-request-id"]
            .to_str()
            .unwrap()
            .to_owned();
        assert_eq!(request_id.len(), 36, "a UUID request id");
        let body = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&body);
        assert!(!text.contains("secret"), "{path} leaked: {text}");
        let items: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(
            items,
            json!([{ "msg": "Something went wrong. Please try again later.", "requestId": request_id }])
        );
    }
}

#[tokio::test]
async fn a_client_request_id_is_kept() {
    let app = TestApp::new().await;
    let res = app
        .get_with("/api/health", &[("x-request-id", "abc-123")])
        .await;
    assert_eq!(res.header("x-request-id"), "abc-123");
}

#[tokio::test]
async fn the_openapi_document_lists_the_calls() {
    let app = TestApp::new().await;
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status, StatusCode::OK);
    let doc = res.json();
    for path in [
        "/api/health",
        "/api/auth/login",
        "/api/logout",
        "/api/userinfo",
        "/api/updateindustry",
        "/api/updatecareer",
        "/api/updatecourse",
        "/api/admin/staticcontent",
        "/api/admin/staticcontent/{contentName}",
        "/api/admin/exportcsv",
        "/api/admin/exportcsv/{token}",
        "/api/admin/searchuser",
        "/api/admin/user/{_id}",
        "/api/staging/login",
        "/api/notifications",
        "/api/notifications/unread-count",
        "/api/notifications/read",
        "/api/getratingdetails",
        "/api/compareproviders",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is documented");
    }
    // Bodies whose missing field is a 400 say it is required.
    let required = |schema: &str| doc["components"]["schemas"][schema]["required"].clone();
    assert_eq!(required("DescriptionUpdate"), serde_json::json!(["id"]));
    assert_eq!(
        required("PairBody"),
        serde_json::json!(["courseId", "providerId"])
    );
    assert_eq!(
        required("CompareBody"),
        serde_json::json!(["courseSlug", "providerSlugs"])
    );
    // The CSV download is text, the staging login takes the lock screen's form too.
    assert!(doc["paths"]["/api/admin/exportcsv/{token}"]["get"]["responses"]["200"]["content"]["text/csv"].is_object());
    let login = &doc["paths"]["/api/staging/login"]["post"]["requestBody"]["content"];
    assert!(
        login["application/x-www-form-urlencoded"].is_object()
            && login["application/json"].is_object()
    );
    assert!(doc["components"]["schemas"]["ErrorItem"].is_object());
    // A logged-out visitor's session check answers null, and the document says so.
    let userinfo = &doc["paths"]["/api/userinfo"]["get"]["responses"]["200"]["content"]["application/json"]
        ["schema"];
    assert_eq!(
        userinfo["oneOf"],
        serde_json::json!([{"$ref": "#/components/schemas/UserInfo"}, {"type": "null"}])
    );
}

#[tokio::test]
async fn every_json_call_documents_the_shared_error_answers() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").await.json();
    let mut json_calls = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let responses = &operation["responses"];
            let errors = |status: &str| {
                responses[status]["content"]["application/json"]["schema"]["items"]["$ref"]
                    == "#/components/schemas/ErrorItem"
            };
            if operation["requestBody"]["content"]["application/json"].is_object() {
                json_calls += 1;
                for status in ["400", "413", "415"] {
                    assert!(errors(status), "{method} {path} documents {status}");
                }
            }
            let session = operation["security"]
                .as_array()
                .is_some_and(|all| all.iter().any(|r| r.get("session").is_some()));
            if session {
                assert!(errors("401"), "{method} {path} documents 401");
            }
            for (status, answer) in responses.as_object().unwrap() {
                assert!(
                    answer["content"].get("text/plain").is_none(),
                    "{method} {path} {status} is JSON, not text"
                );
            }
        }
    }
    assert!(json_calls > 30, "{json_calls} JSON calls");
    let abn = &doc["components"]["schemas"]["AbnCheck"]["oneOf"];
    assert_eq!(abn[1]["type"], "boolean", "check-abn's false is documented");
}

#[tokio::test]
async fn ids_are_strings_of_digits_and_anything_else_is_a_400() {
    let app = TestApp::new().await;
    let mut cases = Vec::new();
    for id in [
        json!(5),
        json!("05"),
        json!(" 5"),
        json!("5.0"),
        json!(null),
    ] {
        for path in [
            "/api/search/getsearchresults",
            "/api/getprovidersbycourseid",
        ] {
            cases.push(
                Case::post(
                    format!("{path} courseId {id}"),
                    path,
                    json!({ "courseId": id }),
                )
                .status(StatusCode::BAD_REQUEST),
            );
        }
    }
    cases.push(
        Case::post(
            "a number's message",
            "/api/getprovidersbycourseid",
            json!({ "courseId": 5 }),
        )
        .errors(
            StatusCode::BAD_REQUEST,
            &["Invalid request body: courseId: expected an id (a string of digits) at line 1 column 14"],
        ),
    );
    app.run_cases(&cases).await;
}

#[tokio::test]
async fn a_body_must_be_a_json_object_not_an_array() {
    let app = TestApp::new().await;
    let check =
        |name: &str, body: &str| Case::post(name, "/api/check-email", Value::Null).raw(body);
    let not_an_object = "Invalid request body: expected a JSON object, not an array";
    #[rustfmt::skip]
    let cases = [
        check("an empty array", "[]").errors(StatusCode::BAD_REQUEST, &[not_an_object]),
        check("an array", r#" ["someone@example.com"]"#).errors(StatusCode::BAD_REQUEST, &[not_an_object]),
        check("a JSON merge patch", r#"{"email": "free@example.com"}"#)
            .header("content-type", "application/merge-patch+json"),
    ];
    app.run_cases(&cases).await;
}

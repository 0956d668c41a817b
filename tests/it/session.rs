//! The minimal session of the appliance: login, who is logged in, logout, and the rules for
//! tokens (Bearer or cookie, invalid is 401, logout ends old tokens, JSON for cookie writes).

use crate::common;

use axum::http::{Method, StatusCode};
use common::TestApp;
use serde_json::json;

const EMAIL: &str = "ada@example.com";
const PASSWORD: &str = "Secret123";

async fn logged_in(app: &TestApp) -> (String, String) {
    app.create_admin(EMAIL, PASSWORD).await;
    let res = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": " ADA@example.com ", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let token = res.json()["token"].as_str().unwrap().to_owned();
    let cookie = res
        .header("set-cookie")
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    (token, cookie)
}

#[tokio::test]
async fn login_answers_a_token_the_user_and_a_session_cookie() {
    let app = TestApp::new().await;
    app.create_admin(EMAIL, PASSWORD).await;
    let res = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": EMAIL, "password": PASSWORD, "keepLoggedIn": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    let body = res.json();
    assert!(
        body["token"].as_str().unwrap().split('.').count() == 3,
        "a JWT"
    );
    assert_eq!(body["email"], EMAIL);
    assert_eq!(body["isAdmin"], true);
    assert_eq!(body["firstName"], "Ada");
    assert!(body.get("password_hash").is_none() && body.get("passwordHash").is_none());
    let cookie = res.header("set-cookie");
    for part in [
        "cs_session=",
        "HttpOnly",
        "SameSite=Strict",
        "Path=/",
        "Max-Age=2592000",
    ] {
        assert!(cookie.contains(part), "{cookie} lacks {part}");
    }
}

#[tokio::test]
async fn wrong_credentials_and_unverified_accounts_are_refused() {
    let app = TestApp::new().await;
    app.create_admin(EMAIL, PASSWORD).await;
    let wrong = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": EMAIL, "password": "Secret124" }),
        )
        .await;
    assert_eq!(
        (wrong.status, wrong.error_msg().as_str()),
        (StatusCode::UNAUTHORIZED, "Incorrect email or password")
    );
    let unknown = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": "nobody@example.com", "password": PASSWORD }),
        )
        .await;
    assert_eq!(
        (unknown.status, unknown.error_msg()),
        (wrong.status, wrong.error_msg()),
        "no account enumeration"
    );

    app.state
        .db
        .write(|tx| tx.execute("UPDATE users SET verified_at = NULL", []))
        .await
        .unwrap();
    let unverified = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": EMAIL, "password": PASSWORD }),
        )
        .await;
    assert_eq!(
        (unverified.status, unverified.error_msg().as_str()),
        (StatusCode::FORBIDDEN, "Account unactivated")
    );
}

#[tokio::test]
async fn userinfo_accepts_a_bearer_token_or_the_cookie() {
    let app = TestApp::new().await;
    let (token, cookie) = logged_in(&app).await;
    for header in [
        ("authorization", format!("Bearer {token}")),
        ("cookie", cookie),
    ] {
        let res = app
            .get_with("/api/userinfo", &[(header.0, &header.1)])
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", header.0);
        let body = res.json();
        assert_eq!(body["email"], EMAIL);
        assert_eq!(body["isAdmin"], true);
        assert_eq!(body["hasFavourites"], false);
        assert!(body["_id"].is_string());
    }
}

#[tokio::test]
async fn userinfo_without_a_session_is_null_not_an_error() {
    let app = TestApp::new().await;
    let res = app.get("/api/userinfo").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert!(res.header("content-type").starts_with("application/json"));
    assert_eq!(res.json(), serde_json::Value::Null);
    assert_eq!(
        res.header("cache-control"),
        "no-store",
        "who is logged in is never kept by a cache"
    );
    let other_cookie = app
        .get_with("/api/userinfo", &[("cookie", "theme=dark")])
        .await;
    assert_eq!(
        (other_cookie.status, other_cookie.json()),
        (StatusCode::OK, serde_json::Value::Null)
    );
}

#[tokio::test]
async fn a_present_but_invalid_token_is_401_never_anonymous() {
    let app = TestApp::new().await;
    let (token, _) = logged_in(&app).await;
    let tampered = format!("{}x", token);
    for (name, value) in [
        ("authorization", format!("Bearer {tampered}")),
        ("authorization", "Basic abc".to_owned()),
        ("authorization", "Bearer ".to_owned()),
        ("cookie", format!("cs_session={tampered}")),
    ] {
        let res = app.get_with("/api/userinfo", &[(name, &value)]).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{name}: {value}");
        assert!(res.json()[0]["msg"].is_string());
    }
    let res = app
        .get_with(
            "/api/userinfo",
            &[("cookie", &format!("cs_session={tampered}"))],
        )
        .await;
    assert!(
        res.header("set-cookie").contains("Max-Age=0"),
        "a refused cookie is cleared"
    );
}

#[tokio::test]
async fn logout_ends_every_older_token() {
    let app = TestApp::new().await;
    let (token, cookie) = logged_in(&app).await;
    let bearer = format!("Bearer {token}");
    let res = app
        .send(Method::POST, "/api/logout", &[("cookie", &cookie)], "")
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert!(res.header("set-cookie").contains("Max-Age=0"));
    let after = app
        .get_with("/api/userinfo", &[("authorization", &bearer)])
        .await;
    assert_eq!(after.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn cookie_authenticated_writes_must_be_json() {
    let app = TestApp::new().await;
    let (_, cookie) = logged_in(&app).await;
    let res = app
        .send(
            Method::POST,
            "/api/logout",
            &[("cookie", &cookie), ("content-type", "text/plain")],
            "",
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let still = app.get_with("/api/userinfo", &[("cookie", &cookie)]).await;
    assert_eq!(
        still.status,
        StatusCode::OK,
        "the refused logout changed nothing"
    );
}

#[tokio::test]
async fn logout_needs_a_session() {
    let app = TestApp::new().await;
    let res = app.post_json("/api/logout", &json!({})).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

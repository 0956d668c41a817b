//! The minimal session of the appliance: login, who is logged in, logout, and the rules for
//! tokens (Bearer or cookie, invalid is 401, logout ends old tokens, JSON for cookie writes).

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    scenario::{Caller, Case},
};
use serde_json::{Value, json};

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
    let refused = StatusCode::UNAUTHORIZED;
    let incorrect = "Incorrect email or password";
    #[rustfmt::skip]
    app.run_cases(&[
        Case::post("a wrong password", "/api/auth/login", json!({ "email": EMAIL, "password": "Secret124" }))
            .errors(refused, &[incorrect]),
        // No account enumeration: the same answer as a wrong password.
        Case::post("an unknown email", "/api/auth/login", json!({ "email": "nobody@example.com", "password": PASSWORD }))
            .errors(refused, &[incorrect]),
    ])
    .await;

    app.state
        .db
        .write(|tx| tx.execute("UPDATE users SET verified_at = NULL", []))
        .await
        .unwrap();
    app.run_case(
        &Case::post(
            "an unverified account",
            "/api/auth/login",
            json!({ "email": EMAIL, "password": PASSWORD }),
        )
        .errors(StatusCode::FORBIDDEN, &["Account unactivated"]),
    )
    .await;
}

#[tokio::test]
async fn userinfo_accepts_a_bearer_token_or_the_cookie() {
    let app = TestApp::new().await;
    let (token, cookie) = logged_in(&app).await;
    let me = json!({ "email": EMAIL, "isAdmin": true, "hasFavourites": false });
    for case in [
        Case::get("a bearer token", "/api/userinfo").by(&Caller::bearer(&token)),
        Case::get("the cookie", "/api/userinfo").header("cookie", &cookie),
    ] {
        let case = case.expect(StatusCode::OK, me.clone());
        let res = app.run_case(&case).await;
        assert!(res.json()["_id"].is_string(), "{}", case.name);
    }
}

#[tokio::test]
async fn userinfo_without_a_session_is_null_not_an_error() {
    let app = TestApp::new().await;
    let res = app
        .run_case(&Case::get("no cookie", "/api/userinfo").exactly(StatusCode::OK, Value::Null))
        .await;
    assert!(res.header("content-type").starts_with("application/json"));
    assert_eq!(
        res.header("cache-control"),
        "no-store",
        "who is logged in is never kept by a cache"
    );
    app.run_case(
        &Case::get("another cookie", "/api/userinfo")
            .header("cookie", "theme=dark")
            .exactly(StatusCode::OK, Value::Null),
    )
    .await;
}

#[tokio::test]
async fn a_present_but_invalid_token_is_401_never_anonymous() {
    let app = TestApp::new().await;
    let (token, _) = logged_in(&app).await;
    let tampered = format!("{}x", token);
    let userinfo = |name: &str, header: &str, value: &str, msg: &str| {
        Case::get(name, "/api/userinfo")
            .header(header, value)
            .errors(StatusCode::UNAUTHORIZED, &[msg])
    };
    let expired = "Your session has expired. Please log in again.";
    let not_bearer = "The Authorization header must be 'Bearer <token>'.";
    #[rustfmt::skip]
    app.run_cases(&[
        userinfo("a tampered bearer token", "authorization", &format!("Bearer {tampered}"), expired),
        userinfo("basic authorization", "authorization", "Basic abc", not_bearer),
        userinfo("an empty bearer token", "authorization", "Bearer ", not_bearer),
    ])
    .await;
    let res = app
        .run_case(&userinfo(
            "a tampered cookie",
            "cookie",
            &format!("cs_session={tampered}"),
            expired,
        ))
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
    let logout = Case::post("log out", "/api/logout", Value::Null)
        .raw("")
        .header("cookie", &cookie)
        .status(StatusCode::NO_CONTENT);
    let res = app.run_case(&logout).await;
    assert!(res.header("set-cookie").contains("Max-Age=0"));
    app.run_case(
        &Case::get("an older bearer token", "/api/userinfo")
            .by(&Caller::bearer(&token))
            .status(StatusCode::UNAUTHORIZED),
    )
    .await;
}

#[tokio::test]
async fn cookie_authenticated_writes_must_be_json() {
    let app = TestApp::new().await;
    let (_, cookie) = logged_in(&app).await;
    app.run_cases(&[
        Case::post("a text logout", "/api/logout", Value::Null)
            .raw("")
            .header("cookie", &cookie)
            .header("content-type", "text/plain")
            .status(StatusCode::FORBIDDEN),
        // The refused logout changed nothing.
        Case::get("the session after", "/api/userinfo").header("cookie", &cookie),
    ])
    .await;
}

#[tokio::test]
async fn logout_needs_a_session() {
    let app = TestApp::new().await;
    let res = app.post_json("/api/logout", &json!({})).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

/// A session's user is kept between requests, yet a change to the account is seen by the next
/// request, whichever process makes it: here an operator's sqlite3 session makes the account
/// an admin, then ends its tokens.
#[tokio::test]
async fn a_change_to_the_account_by_another_process_is_seen_at_once() {
    let app = TestApp::new().await;
    let (token, id) = common::reviewing::user(&app, "Student", "Bea", None).await;
    let bea = Caller::bearer(&token);
    let catalogue = || Case::get("the admins' catalogue", "/api/admin/catalogue").by(&bea);
    app.run_case(&catalogue().status(StatusCode::FORBIDDEN))
        .await;
    let other = rusqlite::Connection::open(app.state.db.path()).unwrap();
    other
        .execute("UPDATE users SET is_admin = 1 WHERE id = ?1", [id])
        .unwrap();
    app.run_case(&catalogue().status(StatusCode::OK)).await;
    other
        .execute(
            "UPDATE users SET token_version = token_version + 1 WHERE id = ?1",
            [id],
        )
        .unwrap();
    app.run_case(
        &Case::get("the ended token", "/api/userinfo")
            .by(&bea)
            .status(StatusCode::UNAUTHORIZED),
    )
    .await;
}

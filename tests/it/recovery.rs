//! Verification and password recovery with valid, used, expired and forged tokens; the
//! email forms that reveal nothing; session revocation; and the login limits.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    scenario::{Caller, Case},
    student,
};
use serde_json::json;

const SAM: &str = "sam@example.com";

async fn expire_tokens(app: &TestApp) {
    app.state
        .db
        .write(|tx| tx.execute("UPDATE one_time_tokens SET expires_at = 0", []))
        .await
        .unwrap();
}

fn reset(token: &str, password: &str) -> serde_json::Value {
    json!({ "password": password, "passwordConfirm": password, "resetToken": token })
}

#[tokio::test]
async fn a_forgotten_password_is_reset_once_and_old_sessions_end() {
    let app = TestApp::new().await;
    let (old_session, _) = app.signed_up(&student(SAM, "SamCooks")).await;
    let res = app
        .post_json(
            "/api/forgotpassword",
            &json!({ "email": " SAM@example.com" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    let token = app.token_from_mail(SAM, "/reset-password/").await;
    let expiry: i64 = token.rsplit('.').next().unwrap().parse().unwrap();
    let now = coursesource::mail::sender::unix_now();
    assert!(
        (now + 3590..=now + 3600).contains(&expiry),
        "the link says when it expires (an hour)"
    );

    let check = |name: &str, token: &str, valid: bool| {
        Case::post(
            name,
            "/api/check-token",
            json!({ "tokenFor": "forgot", "token": token }),
        )
        .exactly(StatusCode::OK, json!(valid))
    };
    let login = json!({ "email": SAM, "password": "NewSecret9" });
    #[rustfmt::skip]
    let cases = [
        check("the mailed token", &token, true),
        check("a forged token", &format!("{token}x"), false),
        Case::post("a weak password", "/api/resetpassword", reset(&token, "weakpass")).status(StatusCode::BAD_REQUEST),
        Case::post("the reset", "/api/resetpassword", reset(&token, "NewSecret9"))
            .exactly(StatusCode::OK, json!({ "msg": "Password reset successful" })),
        Case::post("the reset again", "/api/resetpassword", reset(&token, "NewSecret9"))
            .errors(StatusCode::BAD_REQUEST, &["Invalid or expired password reset link"]),
        check("the used token", &token, false),
        // Sessions from before the reset are over.
        Case::get("a session from before", "/api/userinfo")
            .by(&Caller::bearer(&old_session))
            .status(StatusCode::UNAUTHORIZED),
        Case::post("a login with the new password", "/api/auth/login", login),
    ];
    app.run_cases(&cases).await;
}

#[tokio::test]
async fn expired_and_forged_tokens_are_refused() {
    let app = TestApp::new().await;
    app.signed_up(&student(SAM, "SamCooks")).await;
    app.post_json("/api/forgotpassword", &json!({ "email": SAM }))
        .await;
    let token = app.token_from_mail(SAM, "/reset-password/").await;
    expire_tokens(&app).await;
    let link_invalid = "Invalid or expired account verification link";
    let mut cases = vec![
        Case::post(
            "an expired reset token",
            "/api/resetpassword",
            reset(&token, "NewSecret9"),
        )
        .errors(
            StatusCode::BAD_REQUEST,
            &["Invalid or expired password reset link"],
        ),
    ];
    let long = "a".repeat(200);
    for forged in [
        "",
        "abc",
        &long,
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.9999999999",
    ] {
        cases.push(
            Case::post(
                format!("reset with {forged:?}"),
                "/api/resetpassword",
                reset(forged, "NewSecret9"),
            )
            .status(StatusCode::BAD_REQUEST),
        );
        cases.push(
            Case::post(
                format!("verify with {forged:?}"),
                "/api/verifyaccount",
                json!({ "token": forged, "password": "Secret123" }),
            )
            .errors(StatusCode::BAD_REQUEST, &[link_invalid]),
        );
    }
    cases.push(
        Case::post(
            "a reset token checked as a verification token",
            "/api/check-token",
            json!({ "tokenFor": "verify", "token": token }),
        )
        .status(StatusCode::BAD_REQUEST),
    );
    app.run_cases(&cases).await;
}

#[tokio::test]
async fn an_expired_verification_link_can_be_sent_again() {
    let app = TestApp::new().await;
    app.post_json("/api/register", &student(SAM, "SamCooks"))
        .await;
    let first = app.token_from_mail(SAM, "/verify-account/").await;
    expire_tokens(&app).await;
    assert_eq!(
        app.post_json(
            "/api/verifyaccount",
            &json!({ "token": first, "password": "Secret123" })
        )
        .await
        .status,
        StatusCode::BAD_REQUEST
    );

    assert_eq!(
        app.post_json("/api/verifyaccountform", &json!({ "email": SAM }))
            .await
            .status,
        StatusCode::OK
    );
    let second = app.token_from_mail(SAM, "/verify-account/").await;
    assert_ne!(first, second);
    assert_eq!(
        app.post_json(
            "/api/verifyaccount",
            &json!({ "token": second, "password": "Secret123" })
        )
        .await
        .status,
        StatusCode::OK
    );
    // A verified account gets no more verification mails.
    let mails = app.mails_to(SAM).await;
    app.post_json("/api/verifyaccountform", &json!({ "email": SAM }))
        .await;
    assert_eq!(app.mails_to(SAM).await, mails);
}

#[tokio::test]
async fn the_email_forms_answer_the_same_for_unknown_addresses() {
    let app = TestApp::new().await;
    app.signed_up(&student(SAM, "SamCooks")).await;
    for path in ["/api/forgotpassword", "/api/verifyaccountform"] {
        let known = app.post_json(path, &json!({ "email": SAM })).await;
        let unknown = app
            .post_json(path, &json!({ "email": "nobody@example.com" }))
            .await;
        assert_eq!(
            (known.status, known.body),
            (unknown.status, unknown.body),
            "{path}"
        );
        let invalid = app.post_json(path, &json!({ "email": "nobody" })).await;
        assert_eq!(invalid.error_msg(), "Please enter a valid email");
    }
    assert_eq!(app.mails_to("nobody@example.com").await, 0);
}

#[tokio::test]
async fn five_mails_an_hour_per_email_then_told_to_wait() {
    let app = TestApp::new().await;
    app.signed_up(&student(SAM, "SamCooks")).await;
    let before = app.mails_to(SAM).await;
    let forgot = json!({ "email": SAM });
    for _ in 0..5 {
        let res = app.post_json("/api/forgotpassword", &forgot).await;
        assert_eq!(res.status, StatusCode::OK);
    }
    for _ in 0..2 {
        let res = app.post_json("/api/forgotpassword", &forgot).await;
        assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    }
    assert_eq!(app.mails_to(SAM).await, before + 5);
}

#[tokio::test]
async fn fifty_email_form_requests_an_hour_per_address() {
    let app = TestApp::new().await;
    for n in 0..50 {
        let res = app
            .post_json(
                "/api/forgotpassword",
                &json!({ "email": format!("u{n}@example.com") }),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK);
    }
    let res = app
        .post_json(
            "/api/verifyaccountform",
            &json!({ "email": "x@example.com" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn ten_wrong_passwords_hold_the_account_back_at_new_addresses() {
    let app = TestApp::with_settings(|s| s.trust_proxy = true).await;
    app.signed_up(&student(SAM, "SamCooks")).await;
    let from = |address: &'static str, password: &'static str| {
        let app = &app;
        async move {
            app.send(
                axum::http::Method::POST,
                "/api/auth/login",
                &[("x-forwarded-for", address)],
                json!({ "email": SAM, "password": password }).to_string(),
            )
            .await
        }
    };
    for _ in 0..10 {
        let res = from("203.0.113.5", "Wrong1234").await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    let res = from("192.0.2.8", "Secret123").await;
    assert_eq!(
        (res.status, res.error_msg().as_str()),
        (
            StatusCode::TOO_MANY_REQUESTS,
            "Too many attempts. Please try again later."
        ),
        "an address that never logged in to the account"
    );
    let other = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": "kim@example.com", "password": "Wrong1234" }),
        )
        .await;
    assert_eq!(
        other.status,
        StatusCode::UNAUTHORIZED,
        "other accounts are not held back"
    );
}

#[tokio::test]
async fn a_hundred_login_attempts_per_address() {
    let app = TestApp::new().await;
    // The allowance refills one attempt every 9 s, so a slow run may fit in one or two more.
    let mut first_refused = None;
    for n in 0..110 {
        let res = app
            .post_json(
                "/api/auth/login",
                &json!({ "email": format!("u{n}@example.com"), "password": "Wrong1234" }),
            )
            .await;
        if res.status == StatusCode::TOO_MANY_REQUESTS {
            first_refused = Some(n);
            break;
        }
        assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    }
    let first_refused = first_refused.expect("refused within 110 attempts");
    assert!(
        first_refused >= 100,
        "at least 100 attempts allowed, refused at {first_refused}"
    );
}

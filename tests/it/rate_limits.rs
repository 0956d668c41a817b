//! Every call that hashes a password or sends mail is limited per address (an IPv6 /64 is
//! one address) and, where it names an account, per account: each answers 429 with
//! `Retry-After` after its budget while another address or account is still served; a
//! stranger's failures never lock the owner out; a full hashing queue answers 503.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, TestResponse, employer, reviewing, student};
use coursesource::auth::password::Lane;
use serde_json::{Value, json};

const SAM: &str = "sam@example.com";
const KIM: &str = "kim@example.com";
const TOO_MANY: &str = "Too many attempts. Please try again later.";

/// A site behind a trusted proxy, so each request names its address in `X-Forwarded-For`.
async fn proxied() -> TestApp {
    TestApp::with_settings(|s| s.trust_proxy = true).await
}

/// A JSON POST from `address`, with a session `token` when given.
async fn post_from(
    app: &TestApp,
    address: &str,
    token: Option<&str>,
    path: &str,
    body: &Value,
) -> TestResponse {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("x-forwarded-for", address)];
    if let Some(bearer) = &bearer {
        headers.push(("authorization", bearer));
    }
    app.send(Method::POST, path, &headers, body.to_string())
        .await
}

/// The answer is the limit's: 429, the error shape and a `Retry-After` of at least a second.
fn assert_limited(res: &TestResponse, what: &str) {
    assert_eq!(
        (res.status, res.error_msg().as_str()),
        (StatusCode::TOO_MANY_REQUESTS, TOO_MANY),
        "{what}"
    );
    let wait: u64 = res
        .header("retry-after")
        .parse()
        .unwrap_or_else(|_| panic!("{what}: Retry-After is {:?}", res.header("retry-after")));
    assert!(wait >= 1, "{what}: Retry-After {wait}");
}

/// Sends `body` from `address` until refused: the first `budget` are answered `allowed`, and
/// a 429 follows within a few more (a slow run may see the allowance refill by one or two).
async fn spend(
    app: &TestApp,
    address: &str,
    path: &str,
    body: impl Fn(usize) -> Value,
    budget: usize,
    allowed: StatusCode,
) {
    for n in 0..budget + 10 {
        let res = post_from(app, address, None, path, &body(n)).await;
        if n >= budget && res.status == StatusCode::TOO_MANY_REQUESTS {
            assert_limited(&res, path);
            return;
        }
        assert_eq!(res.status, allowed, "{path} attempt {n}: {}", res.text());
    }
    panic!("{path}: never refused after {budget} attempts");
}

#[tokio::test]
async fn login_is_limited_per_address() {
    let app = proxied().await;
    let wrong = |n: usize| json!({ "email": format!("u{n}@example.com"), "password": "Wrong1234" });
    spend(
        &app,
        "203.0.113.1",
        "/api/auth/login",
        wrong,
        100,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    let other = post_from(&app, "203.0.113.2", None, "/api/auth/login", &wrong(0)).await;
    assert_eq!(other.status, StatusCode::UNAUTHORIZED, "another address");
}

#[tokio::test]
async fn a_strangers_wrong_passwords_do_not_lock_the_owner_out() {
    let app = proxied().await;
    // Sam signs up and logs in from home (the helper's requests come from no proxy hop).
    app.signed_up(&student(SAM, "SamCooks")).await;
    let home = "198.51.100.7";
    let right = json!({ "email": SAM, "password": "Secret123" });
    let res = post_from(&app, home, None, "/api/auth/login", &right).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    let wrong = json!({ "email": SAM, "password": "Guess1234" });
    for n in 0..10 {
        let res = post_from(&app, "203.0.113.9", None, "/api/auth/login", &wrong).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "stranger's try {n}");
    }
    // The stranger, even with the right password, and any other new address are held back...
    for address in ["203.0.113.9", "192.0.2.44"] {
        let res = post_from(&app, address, None, "/api/auth/login", &right).await;
        assert_limited(&res, address);
    }
    // ...while the owner, at an address that logged in to this account before, gets in.
    let res = post_from(&app, home, None, "/api/auth/login", &right).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    // Other accounts are not held back.
    let kim = json!({ "email": KIM, "password": "Wrong1234" });
    let res = post_from(&app, "192.0.2.44", None, "/api/auth/login", &kim).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_ipv6_64_counts_as_one_address() {
    let app = proxied().await;
    let message =
        json!({ "name": "Mia Chen", "email": "mia@example.com", "message": "Hello there" });
    for n in 0..10 {
        let address = format!("2001:db8:5:6:{n:x}::{}", n + 1);
        let res = post_from(&app, &address, None, "/api/contactform", &message).await;
        assert_eq!(res.status, StatusCode::OK, "{address}: {}", res.text());
    }
    let res = post_from(
        &app,
        "2001:db8:5:6:ffff:ffff:ffff:ffff",
        None,
        "/api/contactform",
        &message,
    )
    .await;
    assert_limited(&res, "the same /64");
    let res = post_from(&app, "2001:db8:5:7::1", None, "/api/contactform", &message).await;
    assert_eq!(res.status, StatusCode::OK, "the next /64");
}

#[tokio::test]
async fn contact_is_limited_per_address() {
    let app = proxied().await;
    let message = |_| json!({ "name": "Mia Chen", "email": "mia@example.com", "message": "Hello" });
    spend(
        &app,
        "203.0.113.3",
        "/api/contactform",
        message,
        10,
        StatusCode::OK,
    )
    .await;
    let res = post_from(&app, "203.0.113.4", None, "/api/contactform", &message(0)).await;
    assert_eq!(res.status, StatusCode::OK, "another address");
}

/// A complaint about a published review, from `email`.
async fn complaint_body(app: &TestApp) -> impl Fn(&str) -> Value {
    let ours = reviewing::pair(app, 0).await;
    let (_, author) = reviewing::user(app, "Student", "Sam", Some("sam")).await;
    let review = reviewing::stored_review(
        app,
        author,
        ours,
        coursesource::reviews::ReviewerType::Student,
        8,
        3,
        true,
    )
    .await;
    move |email: &str| {
        json!({ "name": "Kim", "email": email, "onBehalf": "myself", "link": format!("/c#review-{review}"),
                "words": "w", "imputations": "i", "harm": "h", "declaration": true })
    }
}

#[tokio::test]
async fn complaints_are_limited_per_address_and_per_email() {
    let app = proxied().await;
    let body = complaint_body(&app).await;
    spend(
        &app,
        "203.0.113.40",
        "/api/complaints",
        |n| body(&format!("k{n}@example.com")),
        10,
        StatusCode::CREATED,
    )
    .await;
    let res = post_from(&app, "203.0.113.41", None, "/api/complaints", &body(KIM)).await;
    assert_eq!(res.status, StatusCode::CREATED, "another address");
    // One email from many addresses: 5 an hour, so nobody floods a mailbox.
    for n in 2..6 {
        let res = post_from(
            &app,
            &format!("203.0.113.{}", 41 + n),
            None,
            "/api/complaints",
            &body(KIM),
        )
        .await;
        assert_eq!(
            res.status,
            StatusCode::CREATED,
            "complaint {n} for one email"
        );
    }
    let res = post_from(&app, "203.0.113.60", None, "/api/complaints", &body(KIM)).await;
    assert_limited(&res, "a sixth complaint for one email");
}

#[tokio::test]
async fn register_is_limited_per_address() {
    let app = proxied().await;
    let form = |n: usize| employer(&format!("boss{n}@example.com"));
    spend(
        &app,
        "203.0.113.5",
        "/api/register",
        form,
        50,
        StatusCode::CREATED,
    )
    .await;
    let res = post_from(&app, "203.0.113.6", None, "/api/register", &form(99)).await;
    assert_eq!(res.status, StatusCode::CREATED, "another address");
}

#[tokio::test]
async fn forgot_and_verify_form_are_limited_per_address() {
    let app = proxied().await;
    for path in ["/api/forgotpassword", "/api/verifyaccountform"] {
        let app = &app;
        let first = if path.contains("forgot") {
            "203.0.113.10"
        } else {
            "203.0.113.11"
        };
        let email = |n: usize| json!({ "email": format!("u{n}@example.com") });
        spend(app, first, path, email, 50, StatusCode::OK).await;
        let res = post_from(app, "203.0.113.12", None, path, &email(0)).await;
        assert_eq!(res.status, StatusCode::OK, "{path} from another address");
    }
}

#[tokio::test]
async fn a_stranger_cannot_use_up_the_owners_reset_mails() {
    let app = proxied().await;
    app.signed_up(&student(SAM, "SamCooks")).await;
    // The owner logged in from home once: that address is known for the account.
    let home = "198.51.100.7";
    let login = json!({ "email": SAM, "password": "Secret123" });
    let res = post_from(&app, home, None, "/api/auth/login", &login).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let before = app.mails_to(SAM).await;
    let forgot = json!({ "email": SAM });
    let ask = |address: &'static str| {
        let forgot = forgot.clone();
        let app = &app;
        async move { post_from(app, address, None, "/api/forgotpassword", &forgot).await }
    };
    for _ in 0..5 {
        assert_eq!(ask("203.0.113.20").await.status, StatusCode::OK);
    }
    assert_eq!(
        app.mails_to(SAM).await,
        before + 5,
        "5 mails per address and email"
    );
    // Over a limit, the answer says so: it never claims a mail that is not sent.
    let over = ask("203.0.113.20").await;
    assert_eq!(over.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        over.json(),
        json!([{ "msg": "Too many attempts. Please try again later." }])
    );
    assert!(over.header("retry-after").parse::<u64>().unwrap() > 0);
    // Many addresses together send at most 20 an hour to one mailbox...
    for address in ["192.0.2.1", "192.0.2.2", "192.0.2.3"] {
        for _ in 0..5 {
            assert_eq!(ask(address).await.status, StatusCode::OK);
        }
    }
    assert_eq!(app.mails_to(SAM).await, before + 20);
    assert_eq!(ask("192.0.2.4").await.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(app.mails_to(SAM).await, before + 20);
    // ...but the strangers have not used up the owner's: from home, a mail still goes.
    let owner = ask(home).await;
    assert_eq!(owner.status, StatusCode::OK, "{}", owner.text());
    assert_eq!(app.mails_to(SAM).await, before + 21);
    // An address with no account behind it is answered the same way at each limit.
    let nobody = json!({ "email": "nobody@example.com" });
    for _ in 0..5 {
        let res = post_from(&app, "203.0.113.20", None, "/api/forgotpassword", &nobody).await;
        assert_eq!(res.status, StatusCode::OK);
    }
    let res = post_from(&app, "203.0.113.20", None, "/api/forgotpassword", &nobody).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
}

fn reset(token: &str) -> Value {
    json!({ "password": "NewSecret9", "passwordConfirm": "NewSecret9", "resetToken": token })
}

/// A reset token for the account `email`, issued as the forgot-password form does.
async fn reset_token(app: &TestApp, email: &str) -> String {
    let email = email.to_owned();
    app.state
        .db
        .write(move |tx| {
            let id: i64 = tx.query_row("SELECT id FROM users WHERE email = ?1", [&email], |r| {
                r.get(0)
            })?;
            coursesource::accounts::tokens::issue(
                tx,
                coursesource::accounts::tokens::Purpose::Reset,
                id,
                None,
            )
        })
        .await
        .unwrap()
}

#[tokio::test]
async fn reset_is_limited_per_address_and_per_account() {
    let app = proxied().await;
    let wrong = |n: usize| reset(&format!("{n}wrong-token.1"));
    spend(
        &app,
        "203.0.113.30",
        "/api/resetpassword",
        wrong,
        20,
        StatusCode::BAD_REQUEST,
    )
    .await;
    let res = post_from(&app, "203.0.113.31", None, "/api/resetpassword", &wrong(0)).await;
    assert_eq!(
        (res.status, res.error_msg().as_str()),
        (
            StatusCode::BAD_REQUEST,
            "Invalid or expired password reset link"
        ),
        "another address"
    );

    app.signed_up(&student(SAM, "SamCooks")).await;
    app.signed_up(&student(KIM, "KimBakes")).await;
    for n in 0..5 {
        let token = reset_token(&app, SAM).await;
        let address = format!("192.0.2.{n}");
        let res = post_from(&app, &address, None, "/api/resetpassword", &reset(&token)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    let token = reset_token(&app, SAM).await;
    let res = post_from(
        &app,
        "192.0.2.50",
        None,
        "/api/resetpassword",
        &reset(&token),
    )
    .await;
    assert_limited(&res, "the sixth reset of one account");
    let token = reset_token(&app, KIM).await;
    let res = post_from(
        &app,
        "192.0.2.51",
        None,
        "/api/resetpassword",
        &reset(&token),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "another account");
}

#[tokio::test]
async fn update_password_is_limited_per_account() {
    let app = proxied().await;
    // Written straight in: signing up through the mailed link would spend one of the
    // account's ten password checks on the verification.
    let (mut token, id) = reviewing::user(&app, "Student", "Sam", Some("SamCooks")).await;
    let id = id.to_string();
    let change = |id: &str| json!({ "userId": id, "currentPassword": "Secret123", "newPassword": "Secret123", "newPasswordConfirm": "Secret123" });
    for n in 0..10 {
        let address = format!("192.0.2.{n}");
        let res = post_from(
            &app,
            &address,
            Some(&token),
            "/api/updatepassword",
            &change(&id),
        )
        .await;
        assert_eq!(res.status, StatusCode::OK, "{n}: {}", res.text());
        token = res.json()["token"].as_str().unwrap().to_owned();
    }
    let res = post_from(
        &app,
        "192.0.2.99",
        Some(&token),
        "/api/updatepassword",
        &change(&id),
    )
    .await;
    assert_limited(&res, "the eleventh change of one account");
    let (kim, kim_id) = app.signed_up(&student(KIM, "KimBakes")).await;
    let res = post_from(
        &app,
        "192.0.2.99",
        Some(&kim),
        "/api/updatepassword",
        &change(&kim_id),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "another account");
}

#[tokio::test]
async fn delete_account_is_limited_per_account() {
    let app = proxied().await;
    let (token, _) = reviewing::user(&app, "Student", "Sam", Some("SamCooks")).await;
    let wrong = json!({ "password": "Wrong1234" });
    for n in 0..10 {
        let address = format!("192.0.2.{n}");
        let res = post_from(&app, &address, Some(&token), "/api/account/delete", &wrong).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{n}: {}", res.text());
    }
    let right = json!({ "password": "Secret123" });
    let res = post_from(
        &app,
        "192.0.2.99",
        Some(&token),
        "/api/account/delete",
        &right,
    )
    .await;
    assert_limited(&res, "the eleventh try on one account");
    let (kim, _) = app.signed_up(&student(KIM, "KimBakes")).await;
    let res = post_from(
        &app,
        "192.0.2.99",
        Some(&kim),
        "/api/account/delete",
        &wrong,
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "another account");
}

#[tokio::test]
async fn mailed_links_are_limited_per_address() {
    let app = proxied().await;
    let made_up = json!({ "token": "AAAA.9999999999", "password": "Secret123" });
    for n in 0..100 {
        let res = post_from(&app, "192.0.2.1", None, "/api/verifyaccount", &made_up).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{n}: {}", res.text());
    }
    let res = post_from(&app, "192.0.2.1", None, "/api/verifyaccount", &made_up).await;
    assert_limited(&res, "the 101st verification link of the hour");
    let res = post_from(
        &app,
        "192.0.2.1",
        None,
        "/api/representation/verify",
        &made_up,
    )
    .await;
    assert_limited(&res, "a work-email link from the same address");
    let res = post_from(&app, "192.0.2.2", None, "/api/verifyaccount", &made_up).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "another address");
}

#[tokio::test]
async fn verify_account_is_limited_per_account() {
    let app = proxied().await;
    for (email, nick) in [(SAM, "SamCooks"), (KIM, "KimBakes")] {
        app.post_json("/api/register", &student(email, nick)).await;
    }
    let sam = app.token_from_mail(SAM, "/verify-account/").await;
    let verify = |token: &str, password: &str| json!({ "token": token, "password": password });
    for n in 0..10 {
        let address = format!("192.0.2.{n}");
        let res = post_from(
            &app,
            &address,
            None,
            "/api/verifyaccount",
            &verify(&sam, "Wrong1234"),
        )
        .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{n}: {}", res.text());
    }
    let res = post_from(
        &app,
        "192.0.2.99",
        None,
        "/api/verifyaccount",
        &verify(&sam, "Secret123"),
    )
    .await;
    assert_limited(&res, "the eleventh try on one account");
    let kim = app.token_from_mail(KIM, "/verify-account/").await;
    let res = post_from(
        &app,
        "192.0.2.99",
        None,
        "/api/verifyaccount",
        &verify(&kim, "Secret123"),
    )
    .await;
    assert_eq!(
        res.status,
        StatusCode::OK,
        "another account: {}",
        res.text()
    );
}

#[tokio::test]
async fn staging_login_is_limited_per_address() {
    let app = TestApp::with_settings(|s| {
        s.trust_proxy = true;
        s.staging_user = Some("stage".into());
        s.staging_password = Some("a-long-staging-password".into());
    })
    .await;
    let wrong = |_| json!({ "username": "stage", "password": "nope" });
    spend(
        &app,
        "203.0.113.40",
        "/api/staging/login",
        wrong,
        100,
        StatusCode::UNAUTHORIZED,
    )
    .await;
    let right = json!({ "username": "stage", "password": "a-long-staging-password" });
    let res = post_from(&app, "203.0.113.41", None, "/api/staging/login", &right).await;
    assert_eq!(res.status, StatusCode::OK, "another address");
}

/// The answer of a full hashing queue: 503, the error shape and `Retry-After: 1`.
fn assert_busy(res: &TestResponse, what: &str) {
    assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE, "{what}");
    assert_eq!(
        res.json()[0]["msg"],
        "The server is busy. Please try again in a moment.",
        "{what}"
    );
    assert_eq!(res.header("retry-after"), "1", "{what}");
}

#[tokio::test]
async fn a_full_hashing_queue_answers_503_with_retry_after() {
    let app = TestApp::with_settings(|s| s.hash_queue = Some(1)).await;
    let (token, _) = app.signed_up(&student(SAM, "SamCooks")).await;
    let login = json!({ "email": SAM, "password": "Secret123" });

    // The lane of sign-ups, resets, password changes and deletions is full...
    let other = app.state.hashing.enter(Lane::Other).expect("a free place");
    let res = app
        .post_json("/api/register", &employer("boss@example.com"))
        .await;
    assert_busy(&res, "register");
    let res = app
        .post_as(
            &token,
            "/api/account/delete",
            &json!({ "password": "Secret123" }),
        )
        .await;
    assert_busy(&res, "delete account");
    // ...and logins keep their own places.
    let res = app.post_json("/api/auth/login", &login).await;
    assert_eq!(res.status, StatusCode::OK, "a login is still served");

    let logins = app.state.hashing.enter(Lane::Login).expect("a free place");
    assert_busy(&app.post_json("/api/auth/login", &login).await, "login");
    drop((other, logins));
    let res = app.post_json("/api/auth/login", &login).await;
    assert_eq!(
        res.status,
        StatusCode::OK,
        "served once the places are free"
    );
}

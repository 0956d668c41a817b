//! The staging lock (DESIGN decision 11): on when both settings are set, every page shows the
//! lock screen and every API call answers 401 until a right login sets a signed cookie; a
//! wrong, forged or expired cookie is the lock screen, never the site.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, scenario::Case};
use serde_json::json;

const USER: &str = "stage";
const PASSWORD: &str = "a-long-staging-password";

async fn locked() -> TestApp {
    TestApp::with_settings(|s| {
        s.staging_user = Some(USER.into());
        s.staging_password = Some(PASSWORD.into());
        s.production_url = Some("https://coursesource.example".into());
    })
    .await
}

fn cookie_of(res: &common::TestResponse) -> String {
    let set = res.header("set-cookie");
    assert!(set.starts_with("cs_staging="), "{set}");
    assert!(
        set.contains("HttpOnly") && set.contains("Max-Age=86400"),
        "{set}"
    );
    set.split(';').next().unwrap().to_owned()
}

#[tokio::test]
async fn a_locked_site_shows_the_lock_screen_and_answers_401() {
    let app = locked().await;
    for page in [
        "/",
        "/industries",
        "/admin",
        "/assets/does-not-matter.js",
        "/media/x.png",
    ] {
        let res = app.get(page).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{page}");
        let html = res.text();
        for part in [
            "Username",
            "Password",
            ">Login<",
            "href=\"https:&#x2f;&#x2f;coursesource.example\"",
            "name=\"next\"",
        ] {
            assert!(html.contains(part), "{page}: lock screen lacks {part}");
        }
    }
    let locked = "This site is locked. Log in on the lock screen.";
    app.run_cases(&[
        Case::get("health", "/api/health").errors(StatusCode::UNAUTHORIZED, &[locked]),
        Case::get("industries", "/api/industries").errors(StatusCode::UNAUTHORIZED, &[locked]),
        Case::get("the API document", "/api/openapi.json")
            .errors(StatusCode::UNAUTHORIZED, &[locked]),
    ])
    .await;
}

#[tokio::test]
async fn a_wrong_login_is_refused_and_the_right_one_opens_the_site_for_a_day() {
    let app = locked().await;
    let login = |name: &str, user: &str, password: &str| {
        Case::post(
            name,
            "/api/staging/login",
            json!({ "username": user, "password": password }),
        )
    };
    let refused = |name: &str, user: &str, password: &str| {
        login(name, user, password).errors(StatusCode::UNAUTHORIZED, &["invalid login details"])
    };
    for case in [
        refused("a wrong password", USER, "wrong"),
        refused("a wrong user", "someone", PASSWORD),
        refused("nothing", "", ""),
    ] {
        let res = app.run_case(&case).await;
        assert_eq!(res.header("set-cookie"), "", "{}", case.name);
    }
    let res = app
        .run_case(
            &login("the right login", USER, PASSWORD)
                .exactly(StatusCode::OK, json!({ "msg": "Logged in" })),
        )
        .await;
    let cookie = cookie_of(&res);
    let health = app.get_with("/api/health", &[("cookie", &cookie)]).await;
    assert_eq!(health.status, StatusCode::OK);
    let home = app.get_with("/", &[("cookie", &cookie)]).await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(
        !home.text().contains("name=\"next\""),
        "the real site, not the lock screen"
    );

    let value = cookie.strip_prefix("cs_staging=").unwrap();
    let (expires, signature) = value.split_once('.').unwrap();
    let later: i64 = expires.parse::<i64>().unwrap() + 3600;
    let stale = "cs_staging=1.".to_owned() + signature;
    let forged = |name: &str, cookie: String| {
        Case::get(name, "/api/health")
            .header("cookie", &cookie)
            .status(StatusCode::UNAUTHORIZED)
    };
    app.run_cases(&[
        forged("a later expiry", format!("cs_staging={later}.{signature}")),
        forged("a stale cookie", stale),
        forged(
            "another signature",
            format!("cs_staging={expires}.{}", "A".repeat(43)),
        ),
        forged("garbage", "cs_staging=garbage".to_owned()),
    ])
    .await;
}

#[tokio::test]
async fn the_lock_screen_s_form_logs_in_without_javascript() {
    let app = locked().await;
    let form =
        |password: &str| format!("username={USER}&password={password}&next=%2Findustries%3Fx%3D1");
    let form_type = [("content-type", "application/x-www-form-urlencoded")];
    // A wrong login goes back to the page asked for (its address stays in the address bar),
    // whose lock screen says why and keeps the username typed, once.
    let wrong = app
        .send(Method::POST, "/api/staging/login", &form_type, form("nope"))
        .await;
    assert_eq!(wrong.status, StatusCode::SEE_OTHER);
    assert_eq!(wrong.header("location"), "/industries?x=1");
    let retry = wrong.header("set-cookie");
    assert!(
        retry.starts_with(&format!("cs_staging_retry={USER};")) && retry.contains("HttpOnly"),
        "{retry}"
    );
    let retry = retry.split(';').next().unwrap();
    let again = app.get_with("/industries?x=1", &[("cookie", retry)]).await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
    let screen = again.text();
    assert!(screen.contains("invalid login details"), "{screen}");
    assert!(
        screen.contains(&format!("name=\"username\" value=\"{USER}\"")),
        "the username stays typed: {screen}"
    );
    assert!(
        screen.contains("value=\"&#x2f;industries?x=1\""),
        "the page to return to is kept"
    );
    assert!(again.header("set-cookie").starts_with("cs_staging_retry=;"));
    assert!(again.header("set-cookie").contains("Max-Age=0"));
    let fresh = app.get("/industries?x=1").await.text();
    assert!(!fresh.contains("invalid login details"), "{fresh}");
    assert!(fresh.contains("name=\"username\" value=\"\""), "{fresh}");

    let right = app
        .send(
            Method::POST,
            "/api/staging/login",
            &form_type,
            form(PASSWORD),
        )
        .await;
    assert_eq!(right.status, StatusCode::SEE_OTHER);
    assert_eq!(right.header("location"), "/industries?x=1");
    cookie_of(&right);

    let elsewhere = app
        .send(
            Method::POST,
            "/api/staging/login",
            &form_type,
            format!("username={USER}&password={PASSWORD}&next=%2F%2Fevil.example"),
        )
        .await;
    assert_eq!(elsewhere.header("location"), "/");
}

#[tokio::test]
async fn staging_logins_are_rate_limited_like_logins() {
    let app = locked().await;
    let mut statuses = Vec::new();
    for _ in 0..101 {
        let res = app
            .post_json(
                "/api/staging/login",
                &json!({ "username": USER, "password": "guess" }),
            )
            .await;
        statuses.push(res.status);
    }
    assert!(
        statuses[..100]
            .iter()
            .all(|s| *s == StatusCode::UNAUTHORIZED)
    );
    assert_eq!(statuses[100], StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn without_the_two_settings_nothing_is_locked() {
    let app = TestApp::with_settings(|s| s.staging_user = Some(USER.into())).await;
    assert_eq!(app.get("/api/health").await.status, StatusCode::OK);
    assert_eq!(app.get("/").await.status, StatusCode::OK);
    let res = app
        .post_json(
            "/api/staging/login",
            &json!({ "username": USER, "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

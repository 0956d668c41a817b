//! Sign-up and the checks made while typing: every rule's message, duplicates, the
//! verification mail, the unverified login, and the limits.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, employer, png_base64, scenario::Case, student, with};
use serde_json::{Value, json};

async fn users(app: &TestApp) -> i64 {
    app.state
        .db
        .read(|c| c.query_row("SELECT COUNT(*) FROM users", [], |r| r.get(0)))
        .await
        .unwrap()
}

#[tokio::test]
async fn a_student_signs_up_verifies_and_logs_in() {
    let app = TestApp::new().await;
    let registration = with(
        student(" Sam@Example.com ", "SamCooks"),
        json!({ "emailConfirm": "sam@example.com", "profileImage": png_base64(220) }),
    );
    let res = app.post_json("/api/register", &registration).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    let login = json!({ "email": "sam@example.com", "password": "Secret123" });
    app.run_case(
        &Case::post("log in before verifying", "/api/auth/login", login.clone())
            .errors(StatusCode::FORBIDDEN, &["Account unactivated"]),
    )
    .await;

    let token = app
        .token_from_mail("sam@example.com", "/verify-account/")
        .await;
    let verify = json!({ "token": token, "password": "Secret123" });
    app.run_cases(&[
        Case::post("verify", "/api/verifyaccount", verify.clone()).exactly(
            StatusCode::OK,
            json!({ "msg": "Account verified successfully" }),
        ),
        Case::post("verify again: single use", "/api/verifyaccount", verify).errors(
            StatusCode::BAD_REQUEST,
            &["Invalid or expired account verification link"],
        ),
    ])
    .await;

    let login = app
        .run_case(&Case::post("log in", "/api/auth/login", login))
        .await;
    let user = login.json();
    assert_eq!(
        (
            user["userType"].as_str(),
            user["nickName"].as_str(),
            user["dateOfBirth"].as_str()
        ),
        (Some("Student"), Some("SamCooks"), Some("04 March 2004"))
    );
    assert_eq!(user["avatar"], 2);
    let image = user["profileImage"].as_str().unwrap();
    let media = app.get(&format!("/media/{image}")).await;
    assert_eq!(
        (media.status, media.header("content-type")),
        (StatusCode::OK, "image/png")
    );
    assert!(app.state.settings.data_dir.uploads().join(image).exists());
}

#[tokio::test]
async fn employers_and_other_types_sign_up_with_their_fields() {
    let app = TestApp::new().await;
    let (token, _) = app.signed_up(&employer("jo@example.com")).await;
    let me = app
        .get_with(
            "/api/userinfo",
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await
        .json();
    assert_eq!(
        (
            me["businessName"].as_str(),
            me["jobTitle"].as_str(),
            me["abn"].as_str()
        ),
        (
            Some("Harbourside Kitchen"),
            Some("Head Chef"),
            Some("51824753556")
        )
    );
    assert!(me["nickName"].is_null());

    let parent = json!({
        "firstName": "Robin", "lastName": "Taylor", "email": "robin@example.com", "emailConfirm": "robin@example.com",
        "password": "Secret123", "passwordConfirm": "Secret123", "userType": "Parent", "gender": "Other",
        "nickName": "ignored", "businessName": "ignored"
    });
    let (token, _) = app.signed_up(&parent).await;
    let me = app
        .get_with(
            "/api/userinfo",
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await
        .json();
    assert_eq!(
        (me["userType"].as_str(), me["optIn"].as_bool()),
        (Some("Parent"), Some(true))
    );
    assert!(
        me["nickName"].is_null() && me["businessName"].is_null(),
        "other types keep no student or employer fields"
    );
}

#[tokio::test]
async fn every_registration_rule_has_its_message() {
    let app = TestApp::new().await;
    let base = student("sam@example.com", "SamCooks");
    let rule = |name: &str, changes: Value, msgs: &[&str]| {
        Case::post(name, "/api/register", with(base.clone(), changes))
            .errors(StatusCode::BAD_REQUEST, msgs)
    };
    let employer_rule = |name: &str, changes: Value, msg: &str| {
        Case::post(
            name,
            "/api/register",
            with(employer("jo@example.com"), changes),
        )
        .errors(StatusCode::BAD_REQUEST, &[msg])
    };
    let long_password = format!("A1{}", "x".repeat(127));
    let weak = "Password must be at least 8 characters long, contain at least one capital letter and one number";
    let date_range = "Date of Birth must be a date between 1 January 1900 and today";
    let image = "Profile image must be a PNG image of at most 220 x 220 pixels and 300 KB";
    #[rustfmt::skip]
    let cases = [
        rule("no first name", json!({ "firstName": "" }), &["First name is required"]),
        rule("a short first name", json!({ "firstName": "S" }), &["First name must be at least 2 characters long"]),
        rule("a long last name", json!({ "lastName": "x".repeat(51) }), &["Last name must not be longer than 50 characters"]),
        rule("no email", json!({ "email": "", "emailConfirm": "" }), &["Email is required", "Confirm email is required"]),
        rule("a bad email", json!({ "email": "sam@", "emailConfirm": "sam@" }), &["Please enter a valid email"]),
        rule("another confirmed email", json!({ "emailConfirm": "other@example.com" }), &["Email does not match"]),
        rule("no password", json!({ "password": "", "passwordConfirm": "" }), &["Password is required"]),
        rule("a weak password", json!({ "password": "secret12", "passwordConfirm": "secret12" }), &[weak]),
        rule("another confirmed password", json!({ "passwordConfirm": "Secret124" }), &["Password does not match"]),
        rule("a long password", json!({ "password": long_password, "passwordConfirm": long_password }),
             &["Password must not be longer than 128 characters"]),
        rule("no gender", json!({ "gender": "" }), &["Please select your gender"]),
        rule("no user type", json!({ "userType": "" }), &["User Type is required"]),
        rule("the Admin type", json!({ "userType": "Admin" }), &["User Type is required"]),
        rule("no nickname", json!({ "nickName": "" }), &["Nick name is required"]),
        rule("a short nickname", json!({ "nickName": "S" }), &["Nick name must be at least 2 characters long"]),
        rule("no birth date", json!({ "dateOfBirth": "" }), &["Date of Birth is required"]),
        rule("born in 1899", json!({ "dateOfBirth": "31 December 1899" }), &[date_range]),
        rule("born in 2999", json!({ "dateOfBirth": "01 January 2999" }), &[date_range]),
        rule("avatar -1", json!({ "avatar": -1 }), &["Avatar must be a number from 0 to 5"]),
        rule("a big picture", json!({ "profileImage": png_base64(300) }), &[image]),
        rule("a GIF", json!({ "profileImage": "R0lGODlhAQABAAAAACw=" }), &[image]),
        employer_rule("no business name", json!({ "businessName": "" }), "Business Name is required"),
        employer_rule("a blank job title", json!({ "jobTitle": " " }), "Job Title is required"),
        employer_rule("no ABN", json!({ "abn": "" }), "ABN is required"),
        employer_rule("an ABN with a letter", json!({ "abn": "5182475355a" }), "Please enter a valid ABN"),
        employer_rule("a bad check digit", json!({ "abn": "51824753557" }), "Please enter a valid ABN"),
        Case::post("an avatar of the wrong type", "/api/register", with(base.clone(), json!({ "avatar": "two" })))
            .status(StatusCode::BAD_REQUEST),
    ];
    app.run_cases(&cases).await;
    assert_eq!(users(&app).await, 0, "nothing was stored");
    assert_eq!(app.mails_to("sam@example.com").await, 0);
}

#[tokio::test]
async fn duplicates_are_refused_with_their_messages() {
    let app = TestApp::new().await;
    app.run_cases(&[
        Case::post("the first", "/api/register", student("sam@example.com", "SamCooks"))
            .status(StatusCode::CREATED),
        Case::post("the email again", "/api/register", student("SAM@example.com", "Other"))
            .exactly(
                StatusCode::CONFLICT,
                json!([{ "msg": "This email address is already in use.", "param": "email", "code": 11000 }]),
            ),
        Case::post("the nickname again", "/api/register", student("kim@example.com", "samcooks"))
            .exactly(
                StatusCode::CONFLICT,
                json!([{ "msg": "This Nick name is taken.", "param": "nickName" }]),
            ),
    ])
    .await;
    assert_eq!(users(&app).await, 1);
}

/// A check-as-you-type call and its exact answer.
fn check(name: &str, path: &str, body: Value, answer: Value) -> Case {
    Case::post(name, path, body).exactly(StatusCode::OK, answer)
}

#[tokio::test]
async fn availability_checks() {
    let app = TestApp::new().await;
    let free = json!({ "EntityName": null });
    #[rustfmt::skip]
    let cases = [
        Case::post("sign up", "/api/register", student("sam@example.com", "SamCooks")).status(StatusCode::CREATED),
        check("a taken email", "/api/check-email", json!({ "email": " Sam@Example.com" }), json!(false)),
        check("a free email", "/api/check-email", json!({ "email": "new@example.com" }), json!(true)),
        check("a taken nickname", "/api/check-nickname", json!({ "nickName": "SAMCOOKS" }), json!(false)),
        check("a free nickname", "/api/check-nickname", json!({ "nickName": "Chef Kim" }), json!(true)),
        check("a valid ABN", "/api/check-abn", json!({ "abn": "51824753556" }), free),
        check("a bad check digit", "/api/check-abn", json!({ "abn": "51824753557" }), json!(false)),
        check("not an ABN", "/api/check-abn", json!({ "abn": "abc" }), json!(false)),
    ];
    app.run_cases(&cases).await;
}

/// A stand-in for the Australian Business Register's JSONP lookup: one known ABN, the
/// register's "no record" message for the others, and a 500 for the GUID "broken".
async fn stand_in_register() -> String {
    use axum::{extract::Query, http::StatusCode as Status, routing::get};
    use std::collections::HashMap;
    let lookup = |Query(query): Query<HashMap<String, String>>| async move {
        if query.get("guid").map(String::as_str) == Some("broken") {
            return (Status::INTERNAL_SERVER_ERROR, String::new());
        }
        let callback = query.get("callback").cloned().unwrap_or_default();
        let details = match query.get("abn").map(String::as_str) {
            Some("51824753556") => {
                json!({ "Abn": "51824753556", "AbnStatus": "Active", "EntityName": "Bright Future (Training) Pty Ltd", "Message": "" })
            }
            _ => json!({ "Abn": "", "EntityName": "", "Message": "No records found" }),
        };
        (Status::OK, format!("{callback}({details})"))
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!(
        "http://{}/json/AbnDetails.aspx",
        listener.local_addr().unwrap()
    );
    tokio::spawn(async move {
        axum::serve(
            listener,
            axum::Router::new().route("/json/AbnDetails.aspx", get(lookup)),
        )
        .await
    });
    url
}

#[tokio::test]
async fn check_abn_names_the_entity_when_the_register_is_configured() {
    let url = stand_in_register().await;
    let app = TestApp::with_settings(|settings| {
        settings.abr_guid = Some("test-guid".into());
        settings.abr_url = url.clone();
    })
    .await;
    let name = json!({ "EntityName": "Bright Future (Training) Pty Ltd" });
    let abn = |case: &str, abn: &str, answer: Value| {
        check(case, "/api/check-abn", json!({ "abn": abn }), answer)
    };
    #[rustfmt::skip]
    let cases = [
        abn("a known ABN", "51824753556", name.clone()),
        abn("spaces are not sent to the register", "51 824 753 556", name),
        // Valid by the check-digit rule but unknown to the register: valid, without a name.
        abn("an unknown ABN", "53004085616", json!({ "EntityName": null })),
        // The check-digit rule still decides validity before any lookup.
        abn("a bad check digit", "51824753557", json!(false)),
    ];
    app.run_cases(&cases).await;

    // A failing register leaves sign-up working: valid, without a name.
    let broken = TestApp::with_settings(|settings| {
        settings.abr_guid = Some("broken".into());
        settings.abr_url = url.clone();
    })
    .await;
    broken
        .run_case(&abn(
            "the register failing",
            "51824753556",
            json!({ "EntityName": null }),
        ))
        .await;
}

#[tokio::test]
async fn checks_are_limited_to_sixty_a_minute_per_address() {
    let app = TestApp::new().await;
    for _ in 0..60 {
        assert_eq!(
            app.post_json("/api/check-email", &json!({ "email": "a@example.com" }))
                .await
                .status,
            StatusCode::OK
        );
    }
    let res = app
        .post_json("/api/check-abn", &json!({ "abn": "51824753556" }))
        .await;
    assert_eq!(
        (res.status, res.error_msg().as_str()),
        (
            StatusCode::TOO_MANY_REQUESTS,
            "Too many attempts. Please try again later."
        )
    );
}

#[tokio::test]
async fn sign_up_is_limited_to_fifty_an_hour_per_address() {
    let app = TestApp::new().await;
    for n in 0..50 {
        let res = app
            .post_json(
                "/api/register",
                &with(
                    employer(&format!("e{n}@example.com")),
                    json!({ "password": "", "passwordConfirm": "" }),
                ),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "invalid forms do not count"
        );
    }
    for n in 0..50 {
        let res = app.post_json("/api/register", &json!({ "firstName": "Ab", "lastName": "Cd", "email": format!("u{n}@example.com"), "emailConfirm": format!("u{n}@example.com"),
            "password": "Secret123", "passwordConfirm": "Secret123", "userType": "Other", "gender": "Other" })).await;
        assert_eq!(res.status, StatusCode::CREATED);
    }
    let res = app
        .post_json("/api/register", &student("last@example.com", "Last"))
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
}

//! Sign-up and the checks made while typing: every rule's message, duplicates, the
//! verification mail, the unverified login, and the limits.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, employer, png_base64, student, with};
use serde_json::json;

fn messages(res: &common::TestResponse) -> Vec<String> {
    res.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["msg"].as_str().unwrap().to_owned())
        .collect()
}

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

    let login = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": "sam@example.com", "password": "Secret123" }),
        )
        .await;
    assert_eq!(
        (login.status, login.error_msg().as_str()),
        (StatusCode::FORBIDDEN, "Account unactivated")
    );

    let token = app
        .token_from_mail("sam@example.com", "/verify-account/")
        .await;
    let verified = app
        .post_json(
            "/api/verifyaccount",
            &json!({ "token": token, "password": "Secret123" }),
        )
        .await;
    assert_eq!(
        verified.json(),
        json!({ "msg": "Account verified successfully" })
    );
    let again = app
        .post_json(
            "/api/verifyaccount",
            &json!({ "token": token, "password": "Secret123" }),
        )
        .await;
    assert_eq!(
        (again.status, again.error_msg().as_str()),
        (
            StatusCode::BAD_REQUEST,
            "Invalid or expired account verification link"
        ),
        "single use"
    );

    let login = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": "sam@example.com", "password": "Secret123" }),
        )
        .await;
    assert_eq!(login.status, StatusCode::OK);
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
    let long = "x".repeat(51);
    let cases = [
        (json!({ "firstName": "" }), vec!["First name is required"]),
        (
            json!({ "firstName": "S" }),
            vec!["First name must be at least 2 characters long"],
        ),
        (
            json!({ "lastName": long }),
            vec!["Last name must not be longer than 50 characters"],
        ),
        (
            json!({ "email": "", "emailConfirm": "" }),
            vec!["Email is required", "Confirm email is required"],
        ),
        (
            json!({ "email": "sam@", "emailConfirm": "sam@" }),
            vec!["Please enter a valid email"],
        ),
        (
            json!({ "emailConfirm": "other@example.com" }),
            vec!["Email does not match"],
        ),
        (
            json!({ "password": "", "passwordConfirm": "" }),
            vec!["Password is required"],
        ),
        (
            json!({ "password": "secret12", "passwordConfirm": "secret12" }),
            vec![
                "Password must be at least 8 characters long, contain at least one capital letter and one number",
            ],
        ),
        (
            json!({ "passwordConfirm": "Secret124" }),
            vec!["Password does not match"],
        ),
        (
            json!({ "password": format!("A1{}", "x".repeat(127)), "passwordConfirm": format!("A1{}", "x".repeat(127)) }),
            vec!["Password must not be longer than 128 characters"],
        ),
        (json!({ "gender": "" }), vec!["Please select your gender"]),
        (json!({ "userType": "" }), vec!["User Type is required"]),
        (
            json!({ "userType": "Admin" }),
            vec!["User Type is required"],
        ),
        (json!({ "nickName": "" }), vec!["Nick name is required"]),
        (
            json!({ "nickName": "S" }),
            vec!["Nick name must be at least 2 characters long"],
        ),
        (
            json!({ "dateOfBirth": "" }),
            vec!["Date of Birth is required"],
        ),
        (
            json!({ "dateOfBirth": "31 December 1899" }),
            vec!["Date of Birth must be a date between 1 January 1900 and today"],
        ),
        (
            json!({ "dateOfBirth": "01 January 2999" }),
            vec!["Date of Birth must be a date between 1 January 1900 and today"],
        ),
        (
            json!({ "avatar": -1 }),
            vec!["Avatar must be a number from 0 to 5"],
        ),
        (
            json!({ "profileImage": png_base64(300) }),
            vec!["Profile image must be a PNG image of at most 220 x 220 pixels and 300 KB"],
        ),
        (
            json!({ "profileImage": "R0lGODlhAQABAAAAACw=" }),
            vec!["Profile image must be a PNG image of at most 220 x 220 pixels and 300 KB"],
        ),
    ];
    for (changes, expected) in cases {
        let res = app
            .post_json("/api/register", &with(base.clone(), changes.clone()))
            .await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{changes}: {}",
            res.text()
        );
        assert_eq!(messages(&res), expected, "{changes}");
    }
    let employer_cases = [
        (
            json!({ "businessName": "" }),
            vec!["Business Name is required"],
        ),
        (json!({ "jobTitle": " " }), vec!["Job Title is required"]),
        (json!({ "abn": "" }), vec!["ABN is required"]),
        (
            json!({ "abn": "5182475355a" }),
            vec!["Please enter a valid ABN"],
        ),
        (
            json!({ "abn": "51824753557" }),
            vec!["Please enter a valid ABN"],
        ),
    ];
    for (changes, expected) in employer_cases {
        let res = app
            .post_json(
                "/api/register",
                &with(employer("jo@example.com"), changes.clone()),
            )
            .await;
        assert_eq!(messages(&res), expected, "{changes}");
    }
    let wrong_type = app
        .post_json(
            "/api/register",
            &with(base.clone(), json!({ "avatar": "two" })),
        )
        .await;
    assert_eq!(wrong_type.status, StatusCode::BAD_REQUEST);
    assert_eq!(users(&app).await, 0, "nothing was stored");
    assert_eq!(app.mails_to("sam@example.com").await, 0);
}

#[tokio::test]
async fn duplicates_are_refused_with_their_messages() {
    let app = TestApp::new().await;
    assert_eq!(
        app.post_json("/api/register", &student("sam@example.com", "SamCooks"))
            .await
            .status,
        StatusCode::CREATED
    );
    let email = app
        .post_json("/api/register", &student("SAM@example.com", "Other"))
        .await;
    assert_eq!(email.status, StatusCode::CONFLICT);
    assert_eq!(
        email.json(),
        json!([{ "msg": "This email address is already in use.", "param": "email", "code": 11000 }])
    );
    let nick = app
        .post_json("/api/register", &student("kim@example.com", "samcooks"))
        .await;
    assert_eq!(nick.status, StatusCode::CONFLICT);
    assert_eq!(
        nick.json(),
        json!([{ "msg": "This Nick name is taken.", "param": "nickName" }])
    );
    assert_eq!(users(&app).await, 1);
}

#[tokio::test]
async fn availability_checks() {
    let app = TestApp::new().await;
    app.post_json("/api/register", &student("sam@example.com", "SamCooks"))
        .await;
    assert_eq!(
        app.post_json("/api/check-email", &json!({ "email": " Sam@Example.com" }))
            .await
            .json(),
        json!(false)
    );
    assert_eq!(
        app.post_json("/api/check-email", &json!({ "email": "new@example.com" }))
            .await
            .json(),
        json!(true)
    );
    assert_eq!(
        app.post_json("/api/check-nickname", &json!({ "nickName": "SAMCOOKS" }))
            .await
            .json(),
        json!(false)
    );
    assert_eq!(
        app.post_json("/api/check-nickname", &json!({ "nickName": "Chef Kim" }))
            .await
            .json(),
        json!(true)
    );
    assert_eq!(
        app.post_json("/api/check-abn", &json!({ "abn": "51824753556" }))
            .await
            .json(),
        json!({ "EntityName": null })
    );
    assert_eq!(
        app.post_json("/api/check-abn", &json!({ "abn": "51824753557" }))
            .await
            .json(),
        json!(false)
    );
    assert_eq!(
        app.post_json("/api/check-abn", &json!({ "abn": "abc" }))
            .await
            .json(),
        json!(false)
    );
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
    assert_eq!(
        app.post_json("/api/check-abn", &json!({ "abn": "51824753556" }))
            .await
            .json(),
        name
    );
    assert_eq!(
        app.post_json("/api/check-abn", &json!({ "abn": "51 824 753 556" }))
            .await
            .json(),
        name,
        "spaces are not sent to the register"
    );
    // Valid by the check-digit rule but unknown to the register: valid, without a name.
    assert_eq!(
        app.post_json("/api/check-abn", &json!({ "abn": "53004085616" }))
            .await
            .json(),
        json!({ "EntityName": null })
    );
    // The check-digit rule still decides validity before any lookup.
    assert_eq!(
        app.post_json("/api/check-abn", &json!({ "abn": "51824753557" }))
            .await
            .json(),
        json!(false)
    );

    // A failing register leaves sign-up working: valid, without a name.
    let broken = TestApp::with_settings(|settings| {
        settings.abr_guid = Some("broken".into());
        settings.abr_url = url.clone();
    })
    .await;
    assert_eq!(
        broken
            .post_json("/api/check-abn", &json!({ "abn": "51824753556" }))
            .await
            .json(),
        json!({ "EntityName": null })
    );
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

//! The profile calls, favourites, notifications, data export and account deletion,
//! including every attempt on another user's account.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp, employer,
    scenario::{Caller, Case},
    student, with,
};
use serde_json::{Value, json};

const SAM: &str = "sam@example.com";

fn details(id: &str) -> Value {
    json!({ "userId": id, "firstName": "Samantha", "lastName": "Nguyen", "gender": "Female", "avatar": 3,
            "nickName": "SamTheCook", "dateOfBirth": "05 April 2003", "optIn": false })
}

async fn me(app: &TestApp, token: &str) -> Value {
    app.get_with(
        "/api/userinfo",
        &[("authorization", &format!("Bearer {token}"))],
    )
    .await
    .json()
}

#[tokio::test]
async fn details_are_updated_with_the_type_specific_fields() {
    let app = TestApp::new().await;
    let (token, id) = app.signed_up(&student(SAM, "SamCooks")).await;
    // Read first, so the answer kept for this user must give way to the update.
    assert_eq!(me(&app, &token).await["nickName"], "SamCooks");
    let res = app
        .post_as(&token, "/api/updatedetails", &details(&id))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["msg"], "Details updated successfully");
    let user = me(&app, &token).await;
    assert_eq!(
        (
            user["firstName"].as_str(),
            user["nickName"].as_str(),
            user["dateOfBirth"].as_str()
        ),
        (Some("Samantha"), Some("SamTheCook"), Some("05 April 2003"))
    );
    assert_eq!(
        (user["avatar"].as_i64(), user["optIn"].as_bool()),
        (Some(3), Some(false))
    );

    let (boss, boss_id) = app.signed_up(&employer("jo@example.com")).await;
    let changes = json!({ "userId": boss_id, "firstName": "Jordan", "lastName": "Blake", "gender": "Male", "avatar": 0,
                          "businessName": "Dockside Diner", "jobTitle": "Owner", "abn": "53 004 085 616" });
    assert_eq!(
        app.post_as(&boss, "/api/updatedetails", &changes)
            .await
            .status,
        StatusCode::OK
    );
    let user = me(&app, &boss).await;
    assert_eq!(
        (user["businessName"].as_str(), user["abn"].as_str()),
        (Some("Dockside Diner"), Some("53004085616"))
    );
}

#[tokio::test]
async fn details_rules_and_the_taken_nickname() {
    let app = TestApp::new().await;
    let (token, id) = app.signed_up(&student(SAM, "SamCooks")).await;
    app.signed_up(&student("kim@example.com", "KimBakes")).await;
    let sam = Caller::bearer(&token);
    let rule = |name: &str, change: Value, msg: &str| {
        Case::post(name, "/api/updatedetails", with(details(&id), change))
            .by(&sam)
            .errors(StatusCode::BAD_REQUEST, &[msg])
    };
    #[rustfmt::skip]
    let cases = [
        rule("no first name", json!({ "firstName": "" }), "First name is required"),
        rule("a short last name", json!({ "lastName": "N" }), "Last name must be at least 2 characters long"),
        rule("a gender not offered", json!({ "gender": "Robot" }), "Please select your gender"),
        rule("no nickname", json!({ "nickName": "" }), "Nick name is required"),
        rule("30 February", json!({ "dateOfBirth": "30 February 2000" }),
             "Date of Birth must be a date between 1 January 1900 and today"),
        rule("not an image", json!({ "profileImage": "bm90IGFuIGltYWdl" }),
             "Profile image must be a PNG image of at most 220 x 220 pixels and 300 KB"),
        // The caller's own nickname is free for them.
        Case::post("the own nickname", "/api/check-nickname", json!({ "nickName": "samcooks" }))
            .by(&sam)
            .exactly(StatusCode::OK, json!(true)),
        Case::post("a taken nickname", "/api/updatedetails", with(details(&id), json!({ "nickName": "kimbakes" })))
            .by(&sam)
            .errors(StatusCode::CONFLICT, &["This Nick name is taken."]),
    ];
    app.run_cases(&cases).await;
    assert_eq!(
        me(&app, &token).await["nickName"],
        "SamCooks",
        "nothing changed"
    );
}

#[tokio::test]
async fn another_users_id_is_forbidden_everywhere() {
    let app = TestApp::new().await;
    let (token, _) = app.signed_up(&student(SAM, "SamCooks")).await;
    let (_, kim) = app.signed_up(&student("kim@example.com", "KimBakes")).await;
    let sam = Caller::bearer(&token);
    #[rustfmt::skip]
    let calls = [
        Case::post("details", "/api/updatedetails", details(&kim)),
        Case::post("email", "/api/updateemail",
            json!({ "userId": kim, "email": "new@example.com", "emailConfirm": "new@example.com", "currentPassword": "Secret123" })),
        Case::post("password", "/api/updatepassword",
            json!({ "userId": kim, "currentPassword": "Secret123", "newPassword": "Secret999", "newPasswordConfirm": "Secret999" })),
        Case::post("favourite", "/api/addorremovefavourite",
            json!({ "action": "add", "userId": kim, "courseId": "1", "providerId": "1" })),
    ];
    let cases: Vec<Case> = calls
        .iter()
        .flat_map(|call| {
            [
                call.clone().by(&sam).status(StatusCode::FORBIDDEN),
                call.clone().status(StatusCode::UNAUTHORIZED),
            ]
        })
        .collect();
    app.run_cases(&cases).await;
    let kim_now = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": "kim@example.com", "password": "Secret123" }),
        )
        .await;
    assert_eq!(
        kim_now.json()["firstName"],
        "Sam",
        "Kim's account is unchanged"
    );
}

#[tokio::test]
async fn an_email_change_waits_for_the_new_address_to_be_verified() {
    let app = TestApp::new().await;
    let (token, id) = app.signed_up(&student(SAM, "SamCooks")).await;
    app.signed_up(&student("kim@example.com", "KimBakes")).await;
    let change = |email: &str, confirm: &str| json!({ "userId": id, "email": email, "emailConfirm": confirm, "currentPassword": "Secret123" });
    let sam = Caller::bearer(&token);
    #[rustfmt::skip]
    let cases = [
        Case::post("a taken address", "/api/updateemail", change("KIM@example.com", "kim@example.com"))
            .by(&sam)
            .exactly(StatusCode::CONFLICT,
                json!([{ "msg": "This email address is unavailable.", "param": "email", "code": 11000 }])),
        Case::post("another confirmed address", "/api/updateemail", change("new@example.com", "neu@example.com"))
            .by(&sam)
            .errors(StatusCode::BAD_REQUEST, &["Email does not match"]),
        Case::post("a new address", "/api/updateemail", change("New@Example.com", "new@example.com"))
            .by(&sam)
            .exactly(StatusCode::OK,
                json!({ "msg": "Email updated successfully", "pendingEmail": "new@example.com" })),
    ];
    app.run_cases(&cases).await;
    assert_eq!(
        me(&app, &token).await["email"],
        SAM,
        "the old address stays until the new one is verified"
    );
    assert_eq!(
        app.post_json("/api/check-email", &json!({ "email": "new@example.com" }))
            .await
            .json(),
        json!(false),
        "the pending address is reserved"
    );

    let link = app
        .token_from_mail("new@example.com", "/verify-account/")
        .await;
    assert_eq!(
        app.post_json(
            "/api/verifyaccount",
            &json!({ "token": link, "password": "Secret123" })
        )
        .await
        .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get_with(
            "/api/userinfo",
            &[("authorization", &format!("Bearer {token}"))]
        )
        .await
        .status,
        StatusCode::UNAUTHORIZED,
        "an email change ends old sessions"
    );
    let login = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": "new@example.com", "password": "Secret123" }),
        )
        .await;
    assert_eq!(login.status, StatusCode::OK);
}

#[tokio::test]
async fn a_password_change_renews_this_session_and_ends_the_others() {
    let app = TestApp::new().await;
    let (token, id) = app.signed_up(&student(SAM, "SamCooks")).await;
    let other_device = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": SAM, "password": "Secret123" }),
        )
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let change = |new: &str, confirm: &str| json!({ "userId": id, "currentPassword": "Secret123", "newPassword": new, "newPasswordConfirm": confirm });
    let sam = Caller::bearer(&token);
    let weak = "Password must be at least 8 characters long, contain at least one capital letter and one number";
    #[rustfmt::skip]
    let cases = [
        Case::post("a weak password", "/api/updatepassword", change("short", "short"))
            .by(&sam)
            .errors(StatusCode::BAD_REQUEST, &[weak]),
        Case::post("another confirmed password", "/api/updatepassword", change("Secret999", "Secret998"))
            .by(&sam)
            .errors(StatusCode::BAD_REQUEST, &["Password does not match"]),
    ];
    app.run_cases(&cases).await;

    let res = app
        .run_case(
            &Case::post(
                "a new password",
                "/api/updatepassword",
                change("Secret999", "Secret999"),
            )
            .by(&sam)
            .expect(
                StatusCode::OK,
                json!({ "msg": "Password updated successfully" }),
            ),
        )
        .await;
    let renewed = res.json()["token"].as_str().unwrap().to_owned();
    assert!(res.header("set-cookie").starts_with("cs_session="));
    for old in [&token, &other_device] {
        assert_eq!(
            app.get_with(
                "/api/userinfo",
                &[("authorization", &format!("Bearer {old}"))]
            )
            .await
            .status,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(me(&app, &renewed).await["email"], SAM);
}

#[tokio::test]
async fn favourites_are_added_listed_and_removed() {
    let app = TestApp::new().await;
    let (token, id) = app.signed_up(&student(SAM, "SamCooks")).await;
    let course = app
        .post_json(
            "/api/getcoursebyslug",
            &json!({ "courseSlug": "certificate-iii-in-commercial-cookery" }),
        )
        .await
        .json();
    let provider = app
        .post_json(
            "/api/getprovidersbycourseid",
            &json!({ "courseId": course["_id"] }),
        )
        .await
        .json()[0]
        .clone();
    let pair = json!({ "action": "add", "userId": id, "courseId": course["_id"], "providerId": provider["_id"] });

    assert_eq!(me(&app, &token).await["hasFavourites"], false);
    let sam = Caller::bearer(&token);
    let favourite = |name: &str, changes: Value| {
        Case::post(
            name,
            "/api/addorremovefavourite",
            with(pair.clone(), changes),
        )
        .by(&sam)
    };
    app.run_cases(&[
        favourite("add", json!({})).exactly(
            StatusCode::OK,
            json!({ "msg": "Added to favourites", "hasFavourites": true }),
        ),
        // Adding twice is harmless.
        favourite("add again", json!({})).status(StatusCode::OK),
    ])
    .await;
    assert_eq!(me(&app, &token).await["hasFavourites"], true);

    let list = app
        .post_as(&token, "/api/favourites/getfavourites", &json!({}))
        .await
        .json();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(
        list[0]["course"],
        json!({ "_id": course["_id"], "courseCode": "SIT30821", "name": course["name"], "slug": course["slug"] })
    );
    assert_eq!(list[0]["provider"]["slug"], provider["slug"]);
    assert_eq!(
        list[0]["scores"],
        json!({ "student": null, "employer": null })
    );

    #[rustfmt::skip]
    let cases = [
        favourite("remove", json!({ "action": "remove" }))
            .exactly(StatusCode::OK, json!({ "msg": "Removed from favourites", "hasFavourites": false })),
        Case::post("the list after", "/api/favourites/getfavourites", json!({}))
            .by(&sam)
            .exactly(StatusCode::OK, json!([])),
        favourite("an unknown action", json!({ "action": "toggle" }))
            .errors(StatusCode::BAD_REQUEST, &["action must be 'add' or 'remove'"]),
        favourite("an unknown provider", json!({ "providerId": "99999" })).status(StatusCode::NOT_FOUND),
    ];
    app.run_cases(&cases).await;
}

#[tokio::test]
async fn notifications_list_the_users_own() {
    let app = TestApp::new().await;
    let (token, id) = app.signed_up(&student(SAM, "SamCooks")).await;
    let empty = app
        .get_with(
            "/api/notifications",
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await;
    assert_eq!(empty.json(), json!([]));
    let user_id: i64 = id.parse().unwrap();
    app.state
        .db
        .write(move |tx| tx.execute("INSERT INTO notifications (user_id, kind, message) VALUES (?1, 'review-approved', 'Your review is live.')", [user_id]))
        .await
        .unwrap();
    let list = app
        .get_with(
            "/api/notifications",
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await
        .json();
    assert_eq!(list[0]["message"], "Your review is live.");
    assert_eq!(list[0]["read"], false);
}

#[tokio::test]
async fn a_user_downloads_their_data_and_deletes_the_account() {
    let app = TestApp::new().await;
    let (token, _) = app.signed_up(&student(SAM, "SamCooks")).await;
    let bearer = format!("Bearer {token}");
    let export = app
        .get_with("/api/account/export", &[("authorization", &bearer)])
        .await;
    assert_eq!(export.status, StatusCode::OK);
    assert!(export.header("content-disposition").contains("attachment"));
    let data = export.json();
    assert_eq!(data["account"]["email"], SAM);
    assert_eq!(data["account"]["nick_name"], "SamCooks");
    assert!(
        data["account"].get("password_hash").is_none(),
        "never the password hash"
    );
    for list in [
        "favourites",
        "reviews",
        "votes",
        "notifications",
        "contactMessages",
    ] {
        assert!(data[list].is_array(), "{list}");
    }

    let sam = Caller::bearer(&token);
    let login = json!({ "email": SAM, "password": "Secret123" });
    #[rustfmt::skip]
    let cases = [
        Case::post("a wrong password", "/api/account/delete", json!({ "password": "Wrong1234" }))
            .by(&sam)
            .errors(StatusCode::BAD_REQUEST, &["The password is not correct"]),
        Case::post("the password", "/api/account/delete", json!({ "password": "Secret123" })).by(&sam),
        Case::get("the session after", "/api/userinfo").by(&sam).status(StatusCode::UNAUTHORIZED),
        Case::post("a login after", "/api/auth/login", login).status(StatusCode::UNAUTHORIZED),
        // The address is free again.
        Case::post("the address", "/api/check-email", json!({ "email": SAM })).exactly(StatusCode::OK, json!(true)),
    ];
    app.run_cases(&cases).await;
}

#[tokio::test]
async fn the_last_admin_cannot_delete_their_account() {
    let app = TestApp::new().await;
    app.create_admin("boss@example.com", "Secret123").await;
    let token = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": "boss@example.com", "password": "Secret123" }),
        )
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let res = app
        .send(
            Method::POST,
            "/api/account/delete",
            &[("authorization", &format!("Bearer {token}"))],
            json!({ "password": "Secret123" }).to_string(),
        )
        .await;
    assert_eq!(
        (res.status, res.error_msg().as_str()),
        (
            StatusCode::FORBIDDEN,
            "The last admin account cannot be deleted."
        )
    );
}

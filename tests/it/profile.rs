//! The profile calls, favourites, notifications, data export and account deletion,
//! including every attempt on another user's account.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, employer, student};
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
    let cases = [
        (json!({ "firstName": "" }), "First name is required"),
        (
            json!({ "lastName": "N" }),
            "Last name must be at least 2 characters long",
        ),
        (json!({ "gender": "Robot" }), "Please select your gender"),
        (json!({ "nickName": "" }), "Nick name is required"),
        (
            json!({ "dateOfBirth": "30 February 2000" }),
            "Date of Birth must be a date between 1 January 1900 and today",
        ),
        (
            json!({ "profileImage": "bm90IGFuIGltYWdl" }),
            "Profile image must be a PNG image of at most 220 x 220 pixels and 300 KB",
        ),
    ];
    for (change, msg) in cases {
        let mut body = details(&id);
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let res = app.post_as(&token, "/api/updatedetails", &body).await;
        assert_eq!(
            (res.status, res.error_msg()),
            (StatusCode::BAD_REQUEST, msg.to_owned()),
            "{change}"
        );
    }
    let own = app
        .post_as(
            &token,
            "/api/check-nickname",
            &json!({ "nickName": "samcooks" }),
        )
        .await;
    assert_eq!(
        own.json(),
        json!(true),
        "the caller's own nickname is free for them"
    );
    let mut taken = details(&id);
    taken["nickName"] = json!("kimbakes");
    let res = app.post_as(&token, "/api/updatedetails", &taken).await;
    assert_eq!(
        (res.status, res.error_msg().as_str()),
        (StatusCode::CONFLICT, "This Nick name is taken.")
    );
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
    let calls = [
        ("/api/updatedetails", details(&kim)),
        (
            "/api/updateemail",
            json!({ "userId": kim, "email": "new@example.com", "emailConfirm": "new@example.com", "currentPassword": "Secret123" }),
        ),
        (
            "/api/updatepassword",
            json!({ "userId": kim, "currentPassword": "Secret123", "newPassword": "Secret999", "newPasswordConfirm": "Secret999" }),
        ),
        (
            "/api/addorremovefavourite",
            json!({ "action": "add", "userId": kim, "courseId": "1", "providerId": "1" }),
        ),
    ];
    for (path, body) in calls {
        let res = app.post_as(&token, path, &body).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{path}");
        let anonymous = app.post_json(path, &body).await;
        assert_eq!(
            anonymous.status,
            StatusCode::UNAUTHORIZED,
            "{path} without a session"
        );
    }
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
    let taken = app
        .post_as(
            &token,
            "/api/updateemail",
            &json!({ "userId": id, "email": "KIM@example.com", "emailConfirm": "kim@example.com", "currentPassword": "Secret123" }),
        )
        .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    assert_eq!(
        taken.json(),
        json!([{ "msg": "This email address is unavailable.", "param": "email", "code": 11000 }])
    );
    let mismatch = app
        .post_as(
            &token,
            "/api/updateemail",
            &json!({ "userId": id, "email": "new@example.com", "emailConfirm": "neu@example.com", "currentPassword": "Secret123" }),
        )
        .await;
    assert_eq!(mismatch.error_msg(), "Email does not match");

    let res = app
        .post_as(
            &token,
            "/api/updateemail",
            &json!({ "userId": id, "email": "New@Example.com", "emailConfirm": "new@example.com", "currentPassword": "Secret123" }),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({ "msg": "Email updated successfully", "pendingEmail": "new@example.com" })
    );
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
    let weak = app
        .post_as(
            &token,
            "/api/updatepassword",
            &json!({ "userId": id, "currentPassword": "Secret123", "newPassword": "short", "newPasswordConfirm": "short" }),
        )
        .await;
    assert_eq!(
        weak.error_msg(),
        "Password must be at least 8 characters long, contain at least one capital letter and one number"
    );
    let mismatch = app
        .post_as(
            &token,
            "/api/updatepassword",
            &json!({ "userId": id, "currentPassword": "Secret123", "newPassword": "Secret999", "newPasswordConfirm": "Secret998" }),
        )
        .await;
    assert_eq!(mismatch.error_msg(), "Password does not match");

    let res = app
        .post_as(
            &token,
            "/api/updatepassword",
            &json!({ "userId": id, "currentPassword": "Secret123", "newPassword": "Secret999", "newPasswordConfirm": "Secret999" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.json()["msg"], "Password updated successfully");
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
    let added = app
        .post_as(&token, "/api/addorremovefavourite", &pair)
        .await;
    assert_eq!(
        added.json(),
        json!({ "msg": "Added to favourites", "hasFavourites": true })
    );
    assert_eq!(
        app.post_as(&token, "/api/addorremovefavourite", &pair)
            .await
            .status,
        StatusCode::OK,
        "adding twice is harmless"
    );
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

    let mut remove = pair.clone();
    remove["action"] = json!("remove");
    assert_eq!(
        app.post_as(&token, "/api/addorremovefavourite", &remove)
            .await
            .json(),
        json!({ "msg": "Removed from favourites", "hasFavourites": false })
    );
    assert_eq!(
        app.post_as(&token, "/api/favourites/getfavourites", &json!({}))
            .await
            .json(),
        json!([])
    );

    let mut bad = pair.clone();
    bad["action"] = json!("toggle");
    assert_eq!(
        app.post_as(&token, "/api/addorremovefavourite", &bad)
            .await
            .error_msg(),
        "action must be 'add' or 'remove'"
    );
    let mut unknown = pair.clone();
    unknown["providerId"] = json!("99999");
    assert_eq!(
        app.post_as(&token, "/api/addorremovefavourite", &unknown)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
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

    let wrong = app
        .send(
            Method::POST,
            "/api/account/delete",
            &[("authorization", &bearer)],
            json!({ "password": "Wrong1234" }).to_string(),
        )
        .await;
    assert_eq!(
        (wrong.status, wrong.error_msg().as_str()),
        (StatusCode::BAD_REQUEST, "The password is not correct")
    );
    let done = app
        .send(
            Method::POST,
            "/api/account/delete",
            &[("authorization", &bearer)],
            json!({ "password": "Secret123" }).to_string(),
        )
        .await;
    assert_eq!(done.status, StatusCode::OK);
    assert_eq!(
        app.get_with("/api/userinfo", &[("authorization", &bearer)])
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let login = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": SAM, "password": "Secret123" }),
        )
        .await;
    assert_eq!(login.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.post_json("/api/check-email", &json!({ "email": SAM }))
            .await
            .json(),
        json!(true),
        "the address is free again"
    );
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

//! Search Users and deleting an account: who may, every message, and everything of DESIGN
//! decision 12 gone in one transaction with the counters still equal to a recount.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp,
    counters::assert_counters_match_a_recount,
    reviewing::{ADMIN, admin, pair, row, sql, stored_review, user},
    scenario::{Caller, Case, admin_only},
};
use coursesource::reviews::ReviewerType;
use serde_json::json;

fn delete(name: &str, id: impl std::fmt::Display) -> Case {
    Case {
        method: Method::DELETE,
        body: None,
        ..Case::post(name, &format!("/api/admin/user/{id}"), json!(null))
    }
}

#[tokio::test]
async fn only_admins_search_and_delete_users() {
    let app = TestApp::new().await;
    let (student, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let calls = [
        Case::post(
            "search",
            "/api/admin/searchuser",
            json!({ "searchText": "user0@example.com" }),
        ),
        delete("delete", id),
    ];
    app.run_cases(&admin_only(&calls, &Caller::bearer(&student)))
        .await;
    let users: i64 = row(&app, "SELECT COUNT(*) FROM users").await;
    assert_eq!(users, 1, "nobody was deleted");
}

#[tokio::test]
async fn an_admin_finds_a_user_by_email_in_any_case() {
    let app = TestApp::new().await;
    let ada = Caller::bearer(&admin(&app).await);
    let (_, id) = user(&app, "Employer", "Eve", None).await;
    sql(&app, &format!("UPDATE users SET business_name = 'Eve''s Kitchen', abn = '51824753556', profile_image = 'abc.png' WHERE id = {id}")).await;
    let email: String = row(&app, format!("SELECT email FROM users WHERE id = {id}")).await;
    let search = |name: &str, text: &str| {
        Case::post(name, "/api/admin/searchuser", json!({ "searchText": text })).by(&ada)
    };
    app.run_cases(&[
        search("empty", "  ").error(
            StatusCode::BAD_REQUEST,
            Some("searchText"),
            "Email is required",
        ),
        search("not an email", "eve").error(
            StatusCode::BAD_REQUEST,
            Some("searchText"),
            "Email is invalid",
        ),
        search("nobody", "nobody@example.com").error(
            StatusCode::NOT_FOUND,
            None,
            "No user found with that email",
        ),
        search("found", &format!("  {}  ", email.to_uppercase())).expect(
            StatusCode::OK,
            json!({
                "_id": id.to_string(), "firstName": "Eve", "lastName": "Doe", "email": email,
                "gender": "Other", "userType": "Employer", "avatar": 3, "profileImage": "abc.png",
                "picture": "/media/abc.png", "businessName": "Eve's Kitchen", "abn": "51824753556",
                "isAdmin": false
            }),
        ),
        search("an admin", ADMIN).expect(
            StatusCode::OK,
            json!({ "isAdmin": true, "businessName": null }),
        ),
    ])
    .await;
}

#[tokio::test]
async fn deleting_a_user_removes_everything_of_theirs_and_keeps_the_counters_exact() {
    let app = TestApp::new().await;
    let ada_token = admin(&app).await;
    let ada = Caller::bearer(&ada_token);
    let (sam_token, sam) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let (_, eve) = user(&app, "Employer", "Eve", None).await;
    let (p0, p1) = (pair(&app, 0).await, pair(&app, 1).await);
    let sams = stored_review(&app, sam, p0, ReviewerType::Student, 9, 3, true).await;
    stored_review(&app, sam, p1, ReviewerType::Student, 4, 2, false).await;
    let eves = stored_review(&app, eve, p0, ReviewerType::Employer, 6, 1, true).await;
    sql(
        &app,
        &format!(
            "INSERT INTO review_votes (review_id, user_id, vote) VALUES ({eves}, {sam}, 'like'), ({sams}, {eve}, 'dislike');
             UPDATE reviews SET like_count = 1 WHERE id = {eves};
             UPDATE reviews SET dislike_count = 1 WHERE id = {sams};
             INSERT INTO favourites (user_id, course_id, provider_id) VALUES ({sam}, {}, {});
             INSERT INTO notifications (user_id, kind, message) VALUES ({sam}, 'approved', 'Live');
             INSERT INTO one_time_tokens (purpose, token_hash, user_id, expires_at) VALUES ('reset', x'01', {sam}, unixepoch() + 60);",
            p0.course, p0.provider
        ),
    )
    .await;
    let uploads = app.dir.path().join("uploads");
    std::fs::create_dir_all(&uploads).unwrap();
    let picture = format!("{}.png", "ab".repeat(16));
    std::fs::write(uploads.join(&picture), b"png").unwrap();
    sql(
        &app,
        &format!("UPDATE users SET profile_image = '{picture}' WHERE id = {sam}"),
    )
    .await;
    let ada_id: i64 = row(
        &app,
        format!("SELECT id FROM users WHERE email = '{ADMIN}'"),
    )
    .await;

    app.run_cases(&[
        delete("nobody", 999_999)
            .by(&ada)
            .error(StatusCode::NOT_FOUND, None, "User not found"),
        delete("not an id", "abc")
            .by(&ada)
            .error(StatusCode::NOT_FOUND, None, "User not found"),
        delete("yourself", ada_id).by(&ada).error(
            StatusCode::FORBIDDEN,
            None,
            "You cannot delete your own account here. Use Delete account on your profile.",
        ),
        delete("sam", sam).by(&ada).expect(
            StatusCode::OK,
            json!([{ "msg": "User deleted successfully" }]),
        ),
        delete("sam again", sam)
            .by(&ada)
            .error(StatusCode::NOT_FOUND, None, "User not found"),
        // Sam's session ends with the account.
        Case::get("sam's session", "/api/userinfo")
            .by(&Caller::bearer(&sam_token))
            .status(StatusCode::UNAUTHORIZED),
    ])
    .await;

    for (what, table) in [
        ("account", "users WHERE id = ?"),
        ("reviews", "reviews WHERE user_id = ?"),
        ("votes", "review_votes WHERE user_id = ?"),
        ("favourites", "favourites WHERE user_id = ?"),
        ("notifications", "notifications WHERE user_id = ?"),
        ("tokens", "one_time_tokens WHERE user_id = ?"),
    ] {
        let left: i64 = row(
            &app,
            format!(
                "SELECT COUNT(*) FROM {}",
                table.replace('?', &sam.to_string())
            ),
        )
        .await;
        assert_eq!(left, 0, "Sam's {what} are gone");
    }
    assert!(!uploads.join(&picture).exists(), "the picture file is gone");
    let eve_likes: i64 = row(
        &app,
        format!("SELECT like_count FROM reviews WHERE id = {eves}"),
    )
    .await;
    assert_eq!(eve_likes, 0, "Sam's like no longer counts");
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "after deleting a user");
}

/// An admin may remove another admin; the only admin left can remove nobody's admin rights by
/// deleting themselves (the own-account rule), so the site always keeps an admin.
#[tokio::test]
async fn another_admin_can_be_deleted_and_their_session_dies_with_them() {
    let app = TestApp::new().await;
    let ada = Caller::bearer(&admin(&app).await);
    let (_, bob) = user(&app, "Other", "Bob", None).await;
    sql(
        &app,
        &format!("UPDATE users SET is_admin = 1 WHERE id = {bob}"),
    )
    .await;
    let bob_token = app.state.sessions.issue(bob, 0, true, false).unwrap().token;
    let ada_id: i64 = row(
        &app,
        format!("SELECT id FROM users WHERE email = '{ADMIN}'"),
    )
    .await;
    app.run_cases(&[
        delete("bob, one of two admins", bob)
            .by(&ada)
            .status(StatusCode::OK),
        delete("ada by bob's old session", ada_id)
            .by(&Caller::bearer(&bob_token))
            .status(StatusCode::UNAUTHORIZED),
    ])
    .await;
    let admins: i64 = row(&app, "SELECT COUNT(*) FROM users WHERE is_admin = 1").await;
    assert_eq!(admins, 1);
}

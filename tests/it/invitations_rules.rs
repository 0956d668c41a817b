//! Invitations' rules (issue 30 point 1): every field's message, who may invite or read the
//! history (a representative of another provider, a revoked one, anyone else: 403), and the
//! links: used twice, expired, another address's or unknown, each refused in plain words; a
//! refusal works without a login, for a used link too.

use crate::common;
use crate::invitations::{Inviting, email_of, link};

use axum::http::{Method, StatusCode};
use common::{TestApp, representing, reviewing::*, with};
use coursesource::invitations::rules;
use serde_json::json;

#[tokio::test]
async fn every_field_has_its_message() {
    let app = TestApp::new().await;
    let inv = Inviting::new(&app).await;
    let post = |body| {
        let (app, inv) = (&app, &inv);
        async move { app.post_as(&inv.rep, &inv.path(), &body).await }
    };
    let res = post(json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!([
            { "msg": "Choose the course you invite its students to review", "param": "offeringId" },
            { "msg": "Enter the first month of the period you invite", "param": "periodFrom" },
            { "msg": "Enter the last month of the period you invite", "param": "periodTo" },
            { "msg": "Please confirm that you invite everyone who finished or left the course in this period", "param": "attested" },
            { "msg": "Paste or upload at least one email address", "param": "addresses" },
        ])
    );
    for (changes, param, msg) in [
        (
            json!({ "periodFrom": "2025-13" }),
            "periodFrom",
            "Enter the first month of the period you invite",
        ),
        (
            json!({ "periodTo": "June" }),
            "periodTo",
            "Enter the last month of the period you invite",
        ),
        (
            json!({ "periodFrom": "2025-07" }),
            "periodTo",
            "The period must end in or after the month it starts",
        ),
        (
            json!({ "periodTo": "2999-01" }),
            "periodTo",
            "The period cannot end after this month",
        ),
        (
            json!({ "attested": false }),
            "attested",
            "Please confirm that you invite everyone who finished or left the course in this period",
        ),
        (
            json!({ "addresses": "  \n " }),
            "addresses",
            "Paste or upload at least one email address",
        ),
        (
            json!({ "addresses": "a@b.example\n".repeat(2001) }),
            "addresses",
            "A list can have at most 2000 lines",
        ),
        (
            json!({ "offeringId": "abc" }),
            "offeringId",
            "Choose the course you invite its students to review",
        ),
    ] {
        let res = post(with(inv.body("a@example.org"), changes.clone())).await;
        assert_error(&res, StatusCode::BAD_REQUEST, Some(param), msg);
        assert_eq!(
            res.json().as_array().unwrap().len(),
            1,
            "{changes}: {}",
            res.text()
        );
    }
    // Another provider's course.
    let other: i64 = row(
        &app,
        format!(
            "SELECT id FROM offerings WHERE provider_id <> {} LIMIT 1",
            inv.pair.ids.provider
        ),
    )
    .await;
    let res = post(with(
        inv.body("a@example.org"),
        json!({ "offeringId": other.to_string() }),
    ))
    .await;
    assert_error(
        &res,
        StatusCode::BAD_REQUEST,
        Some("offeringId"),
        rules::NOT_OFFERED,
    );
    // A wrong type is a 400, never a 500.
    let res = post(with(
        inv.body("a@example.org"),
        json!({ "attested": "yes" }),
    ))
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert_eq!(app.mails_to("a@example.org").await, 0);
}

#[tokio::test]
async fn only_the_providers_approved_representative_invites_and_admins_read_the_history() {
    let app = TestApp::new().await;
    let inv = Inviting::new(&app).await;
    let other = pair(&app, 1).await;
    assert_ne!(other.provider, inv.pair.ids.provider);
    let (elsewhere, _, _) =
        representing::representative(&app, &inv.admin, other.provider, "Otto").await;
    let (student, _) = user(&app, "Student", "Stu", Some("Stu")).await;
    let (revoked, _, claim) =
        representing::representative(&app, &inv.admin, inv.pair.ids.provider, "Rex").await;
    assert_eq!(
        representing::decide_claim(&app, &inv.admin, &claim, "revoke").await,
        StatusCode::OK
    );
    let body = inv.body("a@example.org");
    for (token, status, msg) in [
        (&elsewhere, StatusCode::FORBIDDEN, rules::OTHER_PROVIDER),
        (&revoked, StatusCode::FORBIDDEN, rules::NOT_A_REPRESENTATIVE),
        (&student, StatusCode::FORBIDDEN, rules::NOT_A_REPRESENTATIVE),
        (
            &inv.admin,
            StatusCode::FORBIDDEN,
            rules::NOT_A_REPRESENTATIVE,
        ),
    ] {
        let res = app.post_as(token, &inv.path(), &body).await;
        assert_error(&res, status, None, msg);
        let history = app
            .send(
                Method::GET,
                &inv.path(),
                &[("authorization", &format!("Bearer {token}"))],
                String::new(),
            )
            .await;
        let expected = if token == &inv.admin {
            StatusCode::OK
        } else {
            StatusCode::FORBIDDEN
        };
        assert_eq!(history.status, expected, "{}", history.text());
        if expected == StatusCode::FORBIDDEN {
            assert_error(&history, expected, None, rules::HISTORY_FORBIDDEN);
        }
    }
    assert_eq!(
        app.post_json(&inv.path(), &body).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.get(&inv.path()).await.status, StatusCode::UNAUTHORIZED);
    let missing = app
        .post_as(&inv.rep, "/api/providers/999999/invitations", &body)
        .await;
    assert_error(
        &missing,
        StatusCode::NOT_FOUND,
        None,
        rules::PROVIDER_NOT_FOUND,
    );
    assert_eq!(app.mails_to("a@example.org").await, 0);
}

#[tokio::test]
async fn a_link_works_once_for_its_address_within_30_days() {
    let app = TestApp::new().await;
    let inv = Inviting::new(&app).await;
    let (sam_token, sam) = user(&app, "Student", "Sam", Some("Sam")).await;
    let (kim_token, kim) = user(&app, "Student", "Kim", Some("Kim")).await;
    let (parent_token, parent) = user(&app, "Parent", "Pat", None).await;
    let (sam_email, kim_email, parent_email) = (
        email_of(&app, sam).await,
        email_of(&app, kim).await,
        email_of(&app, parent).await,
    );
    let list = format!("{sam_email}\n{kim_email}\n{parent_email}");
    assert_eq!(inv.send(&app, &list).await.status, StatusCode::CREATED);
    let (sams, kims, parents) = (
        link(&app, &sam_email).await,
        link(&app, &kim_email).await,
        link(&app, &parent_email).await,
    );
    let accept = |token: &str, link: &str| {
        let (app, token, path) = (
            &app,
            token.to_owned(),
            format!("/api/invitations/{link}/accept"),
        );
        async move { app.post_as(&token, &path, &json!({})).await }
    };
    // Another address's link.
    assert_error(
        &accept(&kim_token, &sams).await,
        StatusCode::FORBIDDEN,
        None,
        rules::OTHER_ADDRESS,
    );
    // An account that cannot review.
    assert_error(
        &accept(&parent_token, &parents).await,
        StatusCode::FORBIDDEN,
        None,
        rules::NOT_A_REVIEWER,
    );
    // Used once, then refused.
    assert_eq!(accept(&sam_token, &sams).await.status, StatusCode::OK);
    assert_error(
        &accept(&sam_token, &sams).await,
        StatusCode::CONFLICT,
        None,
        rules::LINK_USED,
    );
    assert_error(
        &app.get(&format!("/api/invitations/{sams}")).await,
        StatusCode::CONFLICT,
        None,
        rules::LINK_USED,
    );
    // Expired after 30 days.
    sql(
        &app,
        "UPDATE invitations SET expires_at = unixepoch() - 1 WHERE used_at IS NULL",
    )
    .await;
    assert_error(
        &accept(&kim_token, &kims).await,
        StatusCode::CONFLICT,
        None,
        rules::LINK_EXPIRED,
    );
    assert_error(
        &app.get(&format!("/api/invitations/{kims}")).await,
        StatusCode::CONFLICT,
        None,
        rules::LINK_EXPIRED,
    );
    let lifetime: i64 = row(
        &app,
        "SELECT MIN(expires_at - created_at) FROM invitations WHERE used_at IS NOT NULL",
    )
    .await;
    assert_eq!(lifetime, 30 * 86_400);
    // Unknown.
    assert_error(
        &app.get("/api/invitations/nope").await,
        StatusCode::NOT_FOUND,
        None,
        rules::LINK_UNKNOWN,
    );
    assert_error(
        &accept(&kim_token, "nope").await,
        StatusCode::NOT_FOUND,
        None,
        rules::LINK_UNKNOWN,
    );
    assert_error(
        &app.post_json("/api/invitations/nope/refuse", &json!({}))
            .await,
        StatusCode::NOT_FOUND,
        None,
        rules::LINK_UNKNOWN,
    );
    assert_eq!(
        app.post_json(&format!("/api/invitations/{kims}/accept"), &json!({}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    // A refusal works without a login, for a used or expired link too, and again.
    for link in [&sams, &kims, &kims] {
        let res = app
            .post_json(&format!("/api/invitations/{link}/refuse"), &json!({}))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    }
    let refusals: i64 = row(&app, "SELECT COUNT(*) FROM invitation_refusals").await;
    assert_eq!(refusals, 2);
}

#[tokio::test]
async fn an_invitee_who_already_reviewed_is_told_and_a_review_without_the_link_is_not_labelled() {
    let app = TestApp::new().await;
    let inv = Inviting::new(&app).await;
    let (sam_token, sam) = user(&app, "Student", "Sam", Some("Sam")).await;
    let sam_email = email_of(&app, sam).await;
    let res = app
        .post_as(
            &sam_token,
            "/api/submitreview",
            &submission(sam, inv.pair.ids, "Student", best_student()),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    assert_eq!(inv.send(&app, &sam_email).await.status, StatusCode::CREATED);
    let token = link(&app, &sam_email).await;
    let res = app
        .post_as(
            &sam_token,
            &format!("/api/invitations/{token}/accept"),
            &json!({}),
        )
        .await;
    assert_error(&res, StatusCode::CONFLICT, None, rules::ALREADY_REVIEWED);
    let invited: i64 = row(&app, "SELECT SUM(invited) FROM reviews").await;
    assert_eq!(invited, 0);
}

#[tokio::test]
async fn invitation_sendings_are_limited() {
    let app = TestApp::new().await;
    let inv = Inviting::new(&app).await;
    for n in 0..20 {
        let res = inv.send(&app, &format!("s{n}@example.org")).await;
        assert_eq!(
            res.status,
            StatusCode::CREATED,
            "sending {n}: {}",
            res.text()
        );
    }
    let res = inv.send(&app, "late@example.org").await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{}", res.text());
    assert!(!res.header("retry-after").is_empty());
    assert_eq!(app.mails_to("late@example.org").await, 0);
}

//! Claims to represent a provider: `GET`/`POST /api/representation`, the work email's link
//! (`POST /api/representation/verify`), and the admins' Providers page calls (list, pending
//! count, approve, refuse, revoke) with their warnings, notifications and mails.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    representing::{verified_claim, website_domain},
    reviewing::*,
    scenario::{Caller, Case, admin_only},
};
use coursesource::representation::{
    CLAIM_VERIFIED, COURSE_PROVIDERS_ONLY, LINK_INVALID, WORK_EMAIL_INVALID, WORK_EMAIL_REQUIRED,
    claim_rules::{ALREADY_APPROVED, ALREADY_PENDING, NOT_APPROVED, NOT_WAITING},
};
use serde_json::{Value, json};

/// The provider of the catalogue's first offering: (id, name, its website's domain).
async fn provider(app: &TestApp) -> (i64, String, String) {
    let pair = named_pair(app, 0).await;
    let domain = website_domain(app, pair.provider).await;
    (pair.provider, pair.provider_name.clone(), domain)
}

async fn my_claim(app: &TestApp, token: &str) -> Value {
    app.get_with(
        "/api/representation",
        &[("authorization", &format!("Bearer {token}"))],
    )
    .await
    .json()
}

#[tokio::test]
async fn a_course_provider_claims_with_a_work_email_that_a_mailed_link_confirms() {
    let app = TestApp::new().await;
    let (provider_id, name, domain) = provider(&app).await;
    let (rep, _) = user(&app, "Course Provider", "Pat", None).await;
    let (student, _) = user(&app, "Student", "Sam", Some("sam")).await;
    let (parent, _) = user(&app, "Parent", "Pia", None).await;
    let work = format!("pat@{domain}");
    let rep_c = Caller::bearer(&rep);
    let claim = |email: &str| json!({ "providerId": provider_id.to_string(), "workEmail": email });

    assert_eq!(my_claim(&app, &rep).await, Value::Null);
    let first_word = name.split(' ').next().unwrap().to_lowercase();
    let search = format!("/api/representation/providers?q={first_word}");
    app.run_cases(&[
        Case::get("anonymous searches providers", &search).status(StatusCode::UNAUTHORIZED),
        Case::get("the claim form's provider search", &search)
            .by(&rep_c)
            .expect(
                StatusCode::OK,
                json!([{ "_id": provider_id.to_string(), "name": name, "websiteUrl": format!("https://www.{domain}") }]),
            ),
        Case::get("a search that finds nothing", "/api/representation/providers?q=zzzz%25")
            .by(&rep_c)
            .expect(StatusCode::OK, json!([])),

        Case::get("anonymous reads", "/api/representation").status(StatusCode::UNAUTHORIZED),
        Case::post("anonymous claims", "/api/representation", claim(&work))
            .status(StatusCode::UNAUTHORIZED),
        Case::post("a student", "/api/representation", claim(&work))
            .by(&Caller::bearer(&student))
            .error(StatusCode::FORBIDDEN, None, COURSE_PROVIDERS_ONLY),
        Case::post("a parent", "/api/representation", claim(&work))
            .by(&Caller::bearer(&parent))
            .error(StatusCode::FORBIDDEN, None, COURSE_PROVIDERS_ONLY),
        Case::post(
            "no provider",
            "/api/representation",
            json!({ "workEmail": work }),
        )
        .by(&rep_c)
        .error(
            StatusCode::BAD_REQUEST,
            Some("providerId"),
            "providerId is required",
        ),
        Case::post("no email", "/api/representation", claim(" "))
            .by(&rep_c)
            .error(
                StatusCode::BAD_REQUEST,
                Some("workEmail"),
                WORK_EMAIL_REQUIRED,
            ),
        Case::post("bad email", "/api/representation", claim("pat@nowhere"))
            .by(&rep_c)
            .error(
                StatusCode::BAD_REQUEST,
                Some("workEmail"),
                WORK_EMAIL_INVALID,
            ),
        Case::post(
            "unknown provider",
            "/api/representation",
            json!({ "providerId": "999999", "workEmail": work }),
        )
        .by(&rep_c)
        .error(StatusCode::NOT_FOUND, None, "Provider not found"),
    ])
    .await;
    assert_eq!(app.mails_to(&work).await, 0);

    // A mistyped address is replaced by a new claim while it is unverified.
    let typo = app
        .run_case(
            &Case::post(
                "typo",
                "/api/representation",
                claim(&format!("pta@{domain}")),
            )
            .by(&rep_c)
            .expect(StatusCode::CREATED, json!({ "status": "unverified" })),
        )
        .await;
    assert_eq!(typo.json()["provider"]["name"], name.as_str());
    app.run_case(
        &Case::post(
            "corrected",
            "/api/representation",
            claim(&work.to_uppercase()),
        )
        .by(&rep_c)
        .expect(
            StatusCode::CREATED,
            json!({ "status": "unverified", "workEmail": work }),
        ),
    )
    .await;
    let claims: i64 = row(&app, "SELECT COUNT(*) FROM provider_claims").await;
    assert_eq!(claims, 1);
    assert_eq!(app.mails_to(&work).await, 1);

    // The first link was for the mistyped address: it no longer works.
    let stale = app
        .token_from_mail(&format!("pta@{domain}"), "/represent/verify/")
        .await;
    let link = app.token_from_mail(&work, "/represent/verify/").await;
    app.run_cases(&[
        Case::post(
            "stale link",
            "/api/representation/verify",
            json!({ "token": stale, "password": "Secret123" }),
        )
        .error(StatusCode::BAD_REQUEST, Some("token"), LINK_INVALID),
        Case::post(
            "made-up link",
            "/api/representation/verify",
            json!({ "token": "nope", "password": "Secret123" }),
        )
        .error(StatusCode::BAD_REQUEST, Some("token"), LINK_INVALID),
        Case::post(
            "the link without the password",
            "/api/representation/verify",
            json!({ "token": link }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("password"),
            "Password is required",
        ),
        // Someone who holds the work mailbox but not the claiming account: a claim made with
        // their address is not confirmed by their click.
        Case::post(
            "the link with another password",
            "/api/representation/verify",
            json!({ "token": link, "password": "NotTheirs1" }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("password"),
            "The password is not correct",
        ),
        Case::post(
            "the link",
            "/api/representation/verify",
            json!({ "token": link, "password": "Secret123" }),
        )
        .expect(
            StatusCode::OK,
            json!({ "msg": CLAIM_VERIFIED, "claim": { "status": "pending" } }),
        ),
        Case::post(
            "the link again",
            "/api/representation/verify",
            json!({ "token": link, "password": "Secret123" }),
        )
        .error(StatusCode::BAD_REQUEST, Some("token"), LINK_INVALID),
        Case::post("claim while pending", "/api/representation", claim(&work))
            .by(&rep_c)
            .error(StatusCode::CONFLICT, None, ALREADY_PENDING),
    ])
    .await;
    assert_eq!(my_claim(&app, &rep).await["status"], "pending");
}

#[tokio::test]
async fn admins_decide_claims_and_see_warnings_for_a_second_representative_or_a_foreign_domain() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let (provider_id, name, domain) = provider(&app).await;
    let (student, _) = user(&app, "Student", "Sam", Some("sam")).await;
    let (first, first_id) = user(&app, "Course Provider", "Pat", None).await;
    let (second, _) = user(&app, "Course Provider", "Kim", None).await;
    let admin_c = Caller::bearer(&admin);

    let calls = [
        Case::get("list", "/api/admin/provider-claims"),
        Case::get("count", "/api/admin/provider-claims/pending-count"),
        Case::post(
            "decide",
            "/api/admin/provider-claims/1/decision",
            json!({ "action": "approve" }),
        ),
    ];
    app.run_cases(&admin_only(&calls, &Caller::bearer(&student)))
        .await;

    let pat = verified_claim(&app, &first, provider_id, &format!("pat@{domain}")).await;
    let pat_id = pat["_id"].as_str().unwrap().to_owned();
    app.run_cases(&[
        Case::get("one pending", "/api/admin/provider-claims/pending-count")
            .by(&admin_c)
            .expect(StatusCode::OK, json!(1)),
        Case::get(
            "the pending list",
            "/api/admin/provider-claims?status=pending",
        )
        .by(&admin_c)
        .expect(
            StatusCode::OK,
            json!([{ "_id": pat_id, "workEmail": format!("pat@{domain}"), "warnings": [],
                         "user": { "_id": first_id.to_string(), "firstName": "Pat" },
                         "provider": { "name": name } }]),
        ),
        Case::get("a wrong status", "/api/admin/provider-claims?status=maybe")
            .by(&admin_c)
            .error(
                StatusCode::BAD_REQUEST,
                Some("status"),
                "status must be 'pending', 'approved', 'refused', 'revoked' or 'unverified'",
            ),
        Case::post(
            "a wrong action",
            &format!("/api/admin/provider-claims/{pat_id}/decision"),
            json!({ "action": "bless" }),
        )
        .by(&admin_c)
        .error(
            StatusCode::BAD_REQUEST,
            Some("action"),
            "action must be 'approve', 'refuse' or 'revoke'",
        ),
        Case::post(
            "an unknown claim",
            "/api/admin/provider-claims/999/decision",
            json!({ "action": "approve" }),
        )
        .by(&admin_c)
        .error(StatusCode::NOT_FOUND, None, "Claim not found"),
        Case::post(
            "revoke a pending claim",
            &format!("/api/admin/provider-claims/{pat_id}/decision"),
            json!({ "action": "revoke" }),
        )
        .by(&admin_c)
        .error(StatusCode::CONFLICT, None, NOT_APPROVED),
        Case::post(
            "approve",
            &format!("/api/admin/provider-claims/{pat_id}/decision"),
            json!({ "action": "approve" }),
        )
        .by(&admin_c)
        .expect(
            StatusCode::OK,
            json!({ "_id": pat_id, "status": "approved" }),
        ),
        Case::post(
            "approve again",
            &format!("/api/admin/provider-claims/{pat_id}/decision"),
            json!({ "action": "approve" }),
        )
        .by(&admin_c)
        .error(StatusCode::CONFLICT, None, NOT_WAITING),
        Case::post(
            "claim while approved",
            "/api/representation",
            json!({ "providerId": provider_id.to_string(), "workEmail": format!("pat@{domain}") }),
        )
        .by(&Caller::bearer(&first))
        .error(StatusCode::CONFLICT, None, ALREADY_APPROVED),
    ])
    .await;
    let told: String = row(
        &app,
        format!("SELECT message FROM notifications WHERE user_id = {first_id} AND kind = 'representative-decision'"),
    )
    .await;
    assert_eq!(
        told,
        format!(
            "You now represent {name}: you can reply to its published reviews on each course page."
        )
    );
    let mailed: i64 = row(
        &app,
        format!("SELECT COUNT(*) FROM mail_outbox WHERE to_address = 'user{}@example.com' AND subject = 'Your CourseSource provider representation'", first_id - 1),
    )
    .await;
    assert_eq!(mailed, 1);

    // A second claim for a represented provider, from a free-mail address: both warnings.
    let kim = verified_claim(&app, &second, provider_id, "kim@gmail.com").await;
    let kim_id = kim["_id"].as_str().unwrap().to_owned();
    let list = app
        .run_case(&Case::get("pending again", "/api/admin/provider-claims").by(&admin_c))
        .await
        .json();
    assert_eq!(
        list[0]["warnings"],
        json!([
            format!("{name} is already represented by Pat Doe (pat@{domain})."),
            format!(
                "The work email is on gmail.com, not on the provider's website domain {domain}."
            ),
        ])
    );
    app.run_cases(&[
        Case::post(
            "refuse",
            &format!("/api/admin/provider-claims/{kim_id}/decision"),
            json!({ "action": "refuse" }),
        )
        .by(&admin_c)
        .expect(StatusCode::OK, json!({ "status": "refused" })),
        Case::get("none pending", "/api/admin/provider-claims/pending-count")
            .by(&admin_c)
            .expect(StatusCode::OK, json!(0)),
        Case::post(
            "revoke",
            &format!("/api/admin/provider-claims/{pat_id}/decision"),
            json!({ "action": "revoke" }),
        )
        .by(&admin_c)
        .expect(StatusCode::OK, json!({ "status": "revoked" })),
        Case::get(
            "the revoked list",
            "/api/admin/provider-claims?status=revoked",
        )
        .by(&admin_c)
        .expect(StatusCode::OK, json!([{ "_id": pat_id }])),
    ])
    .await;
    assert_eq!(my_claim(&app, &second).await["status"], "refused");
    // A refused claimant may try again.
    app.run_case(
        &Case::post(
            "claim after a refusal",
            "/api/representation",
            json!({ "providerId": provider_id.to_string(), "workEmail": format!("kim@{domain}") }),
        )
        .by(&Caller::bearer(&second))
        .status(StatusCode::CREATED),
    )
    .await;
}

//! Helpers for the provider-reply tests: a provider's website domain, a claim confirmed through
//! its mailed link, and an approved representative.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::{TestApp, reviewing};

/// The domain of `provider`'s website, without `www.` ('harbourlight-skills.example').
pub async fn website_domain(app: &TestApp, provider: i64) -> String {
    let website: String = reviewing::row(
        app,
        format!("SELECT website_url FROM providers WHERE id = {provider}"),
    )
    .await;
    website
        .split("://")
        .nth(1)
        .unwrap()
        .trim_start_matches("www.")
        .trim_end_matches('/')
        .to_owned()
}

/// Claims `provider` for the user with `token` and follows the mailed link; answers the claim.
pub async fn verified_claim(app: &TestApp, token: &str, provider: i64, email: &str) -> Value {
    let res = app
        .post_as(
            token,
            "/api/representation",
            &json!({ "providerId": provider.to_string(), "workEmail": email }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let link = app.token_from_mail(email, "/represent/verify/").await;
    let res = app
        .post_json(
            "/api/representation/verify",
            &json!({ "token": link, "password": "Secret123" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()["claim"].clone()
}

/// Sends an admin's decision on a claim; answers the response's status.
pub async fn decide_claim(app: &TestApp, admin: &str, claim: &Value, action: &str) -> StatusCode {
    let path = format!(
        "/api/admin/provider-claims/{}/decision",
        claim["_id"].as_str().unwrap()
    );
    app.post_as(admin, &path, &json!({ "action": action }))
        .await
        .status
}

/// A new Course Provider user approved to represent `provider`: (session token, user id, claim).
pub async fn representative(
    app: &TestApp,
    admin: &str,
    provider: i64,
    first_name: &str,
) -> (String, i64, Value) {
    let (token, id) = reviewing::user(app, "Course Provider", first_name, None).await;
    let domain = website_domain(app, provider).await;
    let email = format!("{}@{domain}", first_name.to_lowercase());
    let claim = verified_claim(app, &token, provider, &email).await;
    assert_eq!(
        decide_claim(app, admin, &claim, "approve").await,
        StatusCode::OK
    );
    (token, id, claim)
}

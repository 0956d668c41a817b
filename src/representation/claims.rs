//! A Course Provider user's side of representing a provider: their claim, asking to represent
//! a provider with a work email, and following the link mailed to that address.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Query, State},
    http::StatusCode,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    claim_rules,
    claims_store::{self, ClaimedProvider, MyClaim},
};
use crate::{
    accounts::{self, tokens::Purpose},
    auth::{AuthUser, UserType},
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, is_valid_email, normalise_email, required},
    limits::ClientIp,
    mail::outbox::Outbox,
    state::AppState,
};

pub const COURSE_PROVIDERS_ONLY: &str = "Only Course Provider accounts can represent a provider.";
pub const WORK_EMAIL_REQUIRED: &str = "Work email is required";
pub const WORK_EMAIL_INVALID: &str = "Work email is invalid";
pub const LINK_INVALID: &str = "This link is invalid or has expired.";
pub const CLAIM_VERIFIED: &str = "Thank you: your work email is confirmed. An admin will check your claim and you will be notified.";

/// The caller's latest claim to represent a provider; null when they never made one.
#[utoipa::path(get, path = "/representation", tag = "representation", security(("session" = [])), responses(
    (status = 200, body = Option<MyClaim>), (status = 401, body = [ErrorItem])))]
pub async fn mine(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
) -> AppResult<Json<Option<MyClaim>>> {
    Ok(Json(
        db.read(move |conn| claims_store::my_claim(conn, user.id))
            .await?,
    ))
}

#[derive(Deserialize, IntoParams, Default)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ProviderSearch {
    /// A part of the provider's name, any case; empty lists the first ten by name.
    q: String,
}

/// Up to 10 providers whose name holds `q`, for the claim form's picker.
#[utoipa::path(get, path = "/representation/providers", tag = "representation", security(("session" = [])), params(ProviderSearch), responses(
    (status = 200, body = [ClaimedProvider]), (status = 401, body = [ErrorItem])))]
pub async fn providers(
    State(db): State<Db>,
    _caller: AuthUser,
    Query(query): Query<ProviderSearch>,
) -> AppResult<Json<Vec<ClaimedProvider>>> {
    let text = query.q.trim().chars().take(100).collect::<String>();
    Ok(Json(
        db.read(move |conn| claims_store::find_providers(conn, &text))
            .await?,
    ))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ClaimRequest {
    /// The provider to represent.
    #[schema(required = true, nullable = false)]
    provider_id: Option<Id>,
    /// An address on the provider's website work_email; a link is mailed to it.
    #[schema(required = true)]
    work_email: String,
}

/// Asks to represent a provider (Course Provider accounts only): mails a link to the work
/// email; once it is followed, an admin approves or refuses the claim.
#[utoipa::path(post, path = "/representation", tag = "representation", security(("session" = [])), request_body = ClaimRequest, responses(
    (status = 201, body = MyClaim), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn claim(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<ClaimRequest>,
) -> AppResult<(StatusCode, Json<MyClaim>)> {
    if user.user_type != UserType::CourseProvider {
        return Err(AppError::Forbidden(COURSE_PROVIDERS_ONLY.into()));
    }
    let Id(provider_id) = required(body.provider_id, "providerId")?;
    let email = normalise_email(&body.work_email);
    if email.is_empty() {
        return Err(AppError::invalid(Some("workEmail"), WORK_EMAIL_REQUIRED));
    }
    if !is_valid_email(&email) {
        return Err(AppError::invalid(Some("workEmail"), WORK_EMAIL_INVALID));
    }
    let settings = settings.clone();
    let claim = db
        .write(move |tx| claim_rules::start(tx, &settings, user.id, provider_id, &email))
        .await?;
    outbox.wake();
    Ok((StatusCode::CREATED, Json(claim)))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct VerifyRequest {
    /// The token from the mailed link.
    #[schema(required = true)]
    token: String,
    /// The claiming account's password: the link alone proves only that the reader holds the
    /// work mailbox, and someone who claims a provider with another person's work email must
    /// not have that person's click confirm it.
    #[schema(required = true, min_length = 1)]
    password: String,
}

#[derive(Serialize, ToSchema)]
pub struct Verified {
    msg: &'static str,
    claim: MyClaim,
}

/// Follows the link mailed to a work email with the claiming account's password: the claim
/// then waits for an admin. The token and the password are the credentials, so no session is
/// needed. A wrong password leaves the link good.
#[utoipa::path(post, path = "/representation/verify", tag = "representation", request_body = VerifyRequest, responses(
    (status = 200, body = Verified), (status = 400, body = [ErrorItem]),
    (status = 429, description = "Too many password checks from this address or on this account", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
    (status = 503, description = "Password hashing is saturated", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds to wait before trying again")))))]
pub async fn verify(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<VerifyRequest>,
) -> AppResult<Json<Verified>> {
    let token = body.token.trim().to_owned();
    accounts::check_mailed_link(
        &state,
        ip,
        Purpose::Represent,
        &token,
        body.password,
        LINK_INVALID,
    )
    .await?;
    let claim = state
        .db
        .write(move |tx| claim_rules::verify(tx, &token))
        .await?
        .ok_or_else(|| AppError::invalid(Some("token"), LINK_INVALID))?;
    Ok(Json(Verified {
        msg: CLAIM_VERIFIED,
        claim,
    }))
}

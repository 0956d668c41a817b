//! The admins' Providers page: claims to represent a provider (with warnings), the pending
//! count for the side menu, and approving, refusing or revoking a representative.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    claim_rules::{self, CLAIM_NOT_FOUND, Decision},
    claims_store::{self, AdminClaim, Status},
};
use crate::{
    auth::AdminUser,
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    mail::outbox::Outbox,
    vocabulary::{self, Vocabulary},
};

#[derive(Deserialize, IntoParams, Default)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ClaimsQuery {
    /// 'pending' (default), 'approved', 'refused', 'revoked' or 'unverified'.
    #[param(schema_with = claim_states)]
    status: Option<String>,
}

fn claim_states() -> utoipa::openapi::Object {
    crate::contract::one_of(
        &[
            "",
            "pending",
            "approved",
            "refused",
            "revoked",
            "unverified",
        ],
        false,
    )
}

fn claim_actions() -> utoipa::openapi::Object {
    vocabulary::schema::<Decision>(false)
}

/// The claims in one status (at most 200, oldest first), each with its warnings.
#[utoipa::path(get, path = "/admin/provider-claims", tag = "representation", security(("session" = [])), params(ClaimsQuery), responses(
    (status = 200, body = [AdminClaim]), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem])))]
pub async fn list(
    State(db): State<Db>,
    _admin: AdminUser,
    Query(query): Query<ClaimsQuery>,
) -> AppResult<Json<Vec<AdminClaim>>> {
    let status = match query.status.as_deref() {
        None | Some("") => Status::Pending,
        Some(text) => Status::parse(text).ok_or_else(|| {
            AppError::invalid(
                Some("status"),
                "status must be 'pending', 'approved', 'refused', 'revoked' or 'unverified'",
            )
        })?,
    };
    Ok(Json(
        db.read(move |conn| claim_rules::list(conn, status)).await?,
    ))
}

/// How many verified claims wait for an admin (the Providers menu badge).
#[utoipa::path(get, path = "/admin/provider-claims/pending-count", tag = "representation", security(("session" = [])), responses(
    (status = 200, body = i64, content_type = "application/json"), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn pending_count(State(db): State<Db>, _admin: AdminUser) -> AppResult<Json<i64>> {
    Ok(Json(db.read(claims_store::pending_count).await?))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct ClaimDecisionBody {
    /// 'approve' or 'refuse' a pending claim, 'revoke' an approved one.
    #[schema(required = true, schema_with = claim_actions)]
    action: String,
}

#[derive(Serialize, ToSchema)]
pub struct Decided {
    #[serde(rename = "_id")]
    id: String,
    status: Status,
}

/// Approves or refuses a pending claim, or revokes an approved representative (whose replies
/// stay, marked); the claimant is notified and mailed.
#[utoipa::path(post, path = "/admin/provider-claims/{_id}/decision", tag = "representation", security(("session" = [])),
    params(("_id" = String, Path, description = "The claim's id")), request_body = ClaimDecisionBody, responses(
    (status = 200, body = Decided), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn decide(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    AdminUser(admin): AdminUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ClaimDecisionBody>,
) -> AppResult<Json<Decided>> {
    let decision: Decision = vocabulary::parse_word(&body.action, "action")?;
    let id = crate::fields::path_id(&id, CLAIM_NOT_FOUND)?;
    let settings = settings.clone();
    let status = db
        .write(move |tx| claim_rules::decide(tx, &settings, id, decision, admin.id))
        .await?;
    outbox.wake();
    Ok(Json(Decided {
        id: id.to_string(),
        status,
    }))
}

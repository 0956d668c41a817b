//! A provider's regulatory decisions as the National Training Register records them (DESIGN
//! decision 28): those in force and the historic ones, each in the register's words with its
//! dates and a link to the register. Shown as the register's record, never as our judgement.

use axum::{
    extract::{Path, State},
    response::Response,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::register::store;
use crate::{
    cache::Cached,
    db::Db,
    error::{AppResult, ErrorItem, not_found},
};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegulatoryDecision {
    /// 'decision' or 'restriction'
    pub source: String,
    /// The register's words: 'Condition', 'Suspension of registration', ...
    pub kind: String,
    /// The register's text, with e-mail addresses and phone numbers removed.
    pub description: String,
    /// `YYYY-MM-DD`
    pub starts_on: Option<String>,
    pub ends_on: Option<String>,
    /// The provider's page on the register.
    pub url: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegulatoryDecisions {
    /// 'registered', 'suspended' or 'cancelled', from the decisions in force.
    pub standing: String,
    pub in_force: Vec<RegulatoryDecision>,
    pub historic: Vec<RegulatoryDecision>,
}

/// The regulator's decisions about a provider, in force first, newest first.
#[utoipa::path(get, path = "/regulatory-decisions/{providerSlug}", tag = "catalogue",
    params(("providerSlug" = String, Path)), responses(
    (status = 200, body = RegulatoryDecisions), (status = 404, body = [ErrorItem]),
    (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn provider_decisions(
    State(db): State<Db>,
    cached: Cached,
    Path(slug): Path<String>,
) -> AppResult<Response> {
    cached
        .public(
            format!("provider decisions {slug}"),
            db.read(move |conn| {
                let (standing, rows) = store::decisions_of_provider(conn, &slug)
                    .map_err(not_found("Provider not found"))?;
                let (in_force, historic): (Vec<_>, Vec<_>) =
                    rows.into_iter().partition(|(in_force, _)| *in_force);
                let list = |rows: Vec<(bool, store::DecisionRow)>| {
                    rows.into_iter()
                        .map(|(_, d)| RegulatoryDecision {
                            source: d.source,
                            kind: d.kind,
                            description: d.description,
                            starts_on: d.starts_on,
                            ends_on: d.ends_on,
                            url: d.url,
                        })
                        .collect()
                };
                Ok::<_, crate::error::AppError>(RegulatoryDecisions {
                    standing,
                    in_force: list(in_force),
                    historic: list(historic),
                })
            }),
        )
        .await
}

//! CourseSource: reviews of Australian vocational courses as delivered by their providers.
//! [`app`] builds the whole HTTP application; the binary in `main.rs` and the tests both use it.

pub mod accounts;
pub mod admin;
pub mod auth;
pub mod backup;
pub mod cache;
pub mod catalog;
pub mod cli;
pub mod complaints;
pub mod config;
pub mod contact;
pub mod content;
pub mod contract;
pub mod dates;
pub mod db;
pub mod error;
pub mod fields;
pub mod housekeeping;
pub mod http;
pub mod invitations;
pub mod limits;
pub mod mail;
pub mod memory;
pub mod moderation;
pub mod pages;
pub mod prose;
pub mod reports;
pub mod representation;
pub mod reviews;
pub mod search;
pub mod seed;
pub mod server;
pub mod staging;
pub mod state;
pub mod vocabulary;
pub mod web;

use std::sync::Arc;

use axum::{Json, Router, extract::State, http::header, routing::get};
use serde::Serialize;
use utoipa::{
    OpenApi, ToSchema,
    openapi::security::{Http, HttpAuthScheme, SecurityScheme},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{AppError, ErrorItem};
pub use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(title = "CourseSource API", description = "Errors are a JSON array of `{msg, param?}`."),
    components(schemas(ErrorItem, reviews::questions::ReviewerType)),
    modifiers(&BearerSession)
)]
struct ApiDoc;

/// API clients send the login token as `Authorization: Bearer`; browsers use the session cookie.
struct BearerSession;

impl utoipa::Modify for BearerSession {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

/// The whole application: the API under `/api`, the embedded UI everywhere else.
pub fn app(state: AppState) -> Router {
    let api = OpenApiRouter::new()
        .routes(routes!(health))
        .merge(accounts::routes())
        .merge(catalog::routes())
        .merge(search::routes())
        .merge(contact::routes())
        .merge(reviews::routes())
        .merge(moderation::routes())
        .merge(representation::routes())
        .merge(reports::routes())
        .merge(complaints::routes())
        .merge(invitations::routes())
        .merge(mail::routes())
        .merge(admin::routes())
        .merge(content::routes())
        .merge(staging::routes())
        .fallback(api_not_found);
    let (router, mut doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .nest("/api", api)
        .split_for_parts();
    contract::complete(&mut doc);
    let conditions = [
        accounts::conditions(),
        moderation::conditions(),
        reports::conditions(),
    ];
    let doc = Arc::new(contract::to_json(&doc, conditions.into_iter().flatten()));
    let router = router
        .merge(pages::routes())
        .route("/media/{name}", get(accounts::images::serve))
        .route(
            "/api/openapi.json",
            get(move || async move {
                (
                    [(header::CONTENT_TYPE, "application/json")],
                    doc.as_str().to_owned(),
                )
            }),
        );
    let https = state.settings.public_url().starts_with("https://");
    let router = router
        .fallback(pages::static_or_spa)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            staging::lock,
        ))
        .with_state(state);
    http::layers(router, https)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Health {
    status: &'static str,
    schema_version: i64,
}

/// Whether the server is up, and the schema version of its database.
#[utoipa::path(get, path = "/health", tag = "system", responses((status = 200, body = Health)))]
async fn health(State(state): State<AppState>) -> Json<Health> {
    Json(Health {
        status: "ok",
        schema_version: state.schema_version,
    })
}

async fn api_not_found() -> AppError {
    AppError::NotFound("Not found".into())
}

//! CourseSource: reviews of Australian vocational courses as delivered by their providers.
//! [`app`] builds the whole HTTP application; the binary in `main.rs` and the tests both use it.

pub mod accounts;
pub mod auth;
pub mod cli;
pub mod config;
pub mod db;
pub mod error;
pub mod http;
pub mod mail;
pub mod server;
pub mod web;

use std::sync::Arc;

use axum::{Json, Router, extract::State, routing::get};
use serde_json::{Value, json};

use crate::{auth::SessionKeys, config::Settings, db::Db, error::AppError, mail::Outbox};

/// Everything a handler may need, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub settings: Arc<Settings>,
    pub sessions: Arc<SessionKeys>,
    pub outbox: Outbox,
    /// The schema version the migrations left, read once at start-up.
    pub schema_version: i64,
}

impl AppState {
    /// Opens the data directory's database (migrating it) and reads or creates the session key.
    pub async fn open(settings: Settings) -> anyhow::Result<Self> {
        settings.data_dir.ensure()?;
        let db = Db::open(&settings.data_dir.database())?;
        let secret = settings.data_dir.secret("session.key")?;
        let secure = settings.public_url.as_deref().is_some_and(|url| url.starts_with("https://"));
        let schema_version = db.schema_version().await?;
        Ok(Self {
            db,
            sessions: Arc::new(SessionKeys::new(&secret, secure)),
            settings: Arc::new(settings),
            outbox: Outbox::default(),
            schema_version,
        })
    }
}

/// The whole application: the API under `/api`, the embedded UI everywhere else.
pub fn app(state: AppState) -> Router {
    let api = Router::new()
        .route("/health", get(health))
        .merge(accounts::routes())
        .fallback(api_not_found)
        .with_state(state);
    http::layers(Router::new().nest("/api", api).fallback(web::static_or_spa))
}

async fn health(State(state): State<AppState>) -> Json<Value> {
    Json(json!({ "status": "ok", "schemaVersion": state.schema_version }))
}

async fn api_not_found() -> AppError {
    AppError::NotFound("Not found".into())
}

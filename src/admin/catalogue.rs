//! The 'Catalogue' admin page's call: the last syncs from the National Training Register with
//! their counts and errors, and whether the daily sync is on (DESIGN decision 28).

use axum::{Json, extract::State};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    auth::AdminUser,
    catalog::register::runs_store as store,
    db::Db,
    error::{AppResult, ErrorItem},
};

/// How many runs the page shows.
const RUNS: i64 = 20;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncRun {
    /// Unix seconds.
    pub started_at: i64,
    pub finished_at: Option<i64>,
    pub dry_run: bool,
    /// 'all' or one step, with 'since DAY' for an incremental run.
    pub plan: String,
    /// What each step added, changed and retired, and the requests it took.
    pub summary: String,
    /// Why the run stopped, naming the record and the field for bad input.
    pub error: Option<String>,
    pub requests: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueStatus {
    pub runs: Vec<SyncRun>,
    pub courses: i64,
    pub providers: i64,
    pub offerings: i64,
    pub retired_offerings: i64,
}

/// The last syncs, newest first, and what the catalogue holds.
#[utoipa::path(get, path = "/admin/catalogue", tag = "admin", security(("session" = [])), responses(
    (status = 200, body = CatalogueStatus), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn status(State(db): State<Db>, _admin: AdminUser) -> AppResult<Json<CatalogueStatus>> {
    let (runs, (courses, providers, offerings, retired_offerings)) = db
        .read(|conn| {
            Ok::<_, rusqlite::Error>((
                store::last_runs(conn, RUNS)?,
                store::catalogue_counts(conn)?,
            ))
        })
        .await?;
    let runs = runs
        .into_iter()
        .map(|run| SyncRun {
            started_at: run.started_at,
            finished_at: run.finished_at,
            dry_run: run.dry_run,
            plan: run.steps.split('@').next().unwrap_or_default().to_owned(),
            summary: run.summary,
            error: run.error,
            requests: run.requests,
        })
        .collect();
    Ok(Json(CatalogueStatus {
        runs,
        courses,
        providers,
        offerings,
        retired_offerings,
    }))
}

//! Finding a course: the tantivy type-ahead, the search page's options and results, and
//! keeping the index in step with the catalogue (also when `app import` ran in another process).

pub mod index;
mod routes;

use std::{collections::HashMap, sync::Arc, time::Duration};

use utoipa_axum::{router::OpenApiRouter, routes};

pub use index::{CourseIndex, Entry, Mode};

use crate::{
    catalog::{store, succession_store},
    db::Db,
    error::AppError,
    state::AppState,
};

/// How often a running server looks for catalogue changes made by another process.
const WATCH_INTERVAL: Duration = Duration::from_secs(5);

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::typeahead))
        .routes(routes!(routes::search_options))
        .routes(routes!(routes::search_results))
}

/// Reads the catalogue's courses and its version in one snapshot.
async fn load(db: &Db) -> Result<(Vec<Entry>, i64), AppError> {
    db.read(|conn| -> rusqlite::Result<_> {
        let mut replaced: HashMap<i64, Vec<(String, String)>> = HashMap::new();
        for (successor, code, name) in succession_store::replaced_courses(conn)? {
            replaced.entry(successor).or_default().push((code, name));
        }
        let entries = store::search_entries(conn)?
            .into_iter()
            .map(|(id, code, name, slug)| Entry {
                id,
                code,
                name,
                slug,
                replaces: replaced.remove(&id).unwrap_or_default(),
            })
            .collect();
        Ok((entries, store::catalogue_version(conn)?))
    })
    .await
}

pub async fn build(db: &Db) -> anyhow::Result<CourseIndex> {
    let (entries, version) = load(db).await?;
    CourseIndex::new(entries, version)
}

/// Rebuilds the index when the catalogue's version moved on since it was built.
pub async fn refresh(db: &Db, index: &CourseIndex) -> anyhow::Result<bool> {
    let version = db.read(store::catalogue_version).await?;
    if version == index.version() {
        return Ok(false);
    }
    let (entries, version) = load(db).await?;
    index.rebuild(entries, version)?;
    Ok(true)
}

/// Checks for catalogue changes every few seconds for as long as the server runs.
pub async fn watch(db: Db, index: Arc<CourseIndex>) {
    loop {
        tokio::time::sleep(WATCH_INTERVAL).await;
        match refresh(&db, &index).await {
            Ok(true) => tracing::info!(
                version = index.version(),
                "catalogue changed: search index rebuilt"
            ),
            Ok(false) => {}
            Err(err) => tracing::warn!(error = %err, "cannot refresh the search index"),
        }
    }
}

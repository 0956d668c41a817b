//! `GET /api/search/typeahead`, `GET /api/search/searchoptions`, `POST /api/search/getsearchresults`.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Query, State},
    response::Response,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema, openapi::Object};

use super::{Entry, Mode};
use crate::{
    cache::Cached,
    catalog::{
        model::{Course, Provider},
        store, succession,
    },
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::Id,
    search::index::CourseIndex,
    vocabulary::{self, Vocabulary},
};

/// The spec's sentence when no course matches.
pub const NO_MATCH: &str =
    "Sorry, course you've entered doesn't match any listings in our database.";
const MAX_QUERY_CHARS: usize = 100;
const MAX_LIMIT: usize = 50;
const DEFAULT_LIMIT: usize = 10;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchOption {
    #[serde(rename = "_id")]
    id: String,
    course_code: String,
    name: String,
    slug: String,
    /// 'Replaces SIT30816 Certificate III in Commercial Cookery' when the course replaced
    /// earlier ones, so a reader who typed an old code or title sees why it came up.
    replaces: Option<String>,
}

impl From<Entry> for SearchOption {
    fn from(entry: Entry) -> Self {
        Self {
            id: entry.id.to_string(),
            replaces: succession::replaces_note(&entry.replaces),
            course_code: entry.code,
            name: entry.name,
            slug: entry.slug,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TypeaheadParams {
    /// What the user typed so far.
    #[param(max_length = 100)]
    q: Option<String>,
    /// `qualification` (course name, the default) or `code`.
    #[param(schema_with = modes)]
    mode: Option<String>,
    /// At most this many results, 1 to 50 (default 10).
    #[param(value_type = Option<u8>, minimum = 1, maximum = 50)]
    limit: Option<String>,
}

fn modes() -> Object {
    vocabulary::schema::<Mode>(false)
}

fn modes_or_null() -> Object {
    vocabulary::schema::<Mode>(true)
}

/// Courses whose name or code starts with what the user typed, best first.
#[utoipa::path(get, path = "/search/typeahead", tag = "search", params(TypeaheadParams), responses(
    (status = 200, body = [SearchOption]), (status = 400, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn typeahead(
    State(search): State<Arc<CourseIndex>>,
    cached: Cached,
    Query(params): Query<TypeaheadParams>,
) -> AppResult<Response> {
    let text = params.q.unwrap_or_default();
    if text.chars().count() > MAX_QUERY_CHARS {
        return Err(AppError::invalid(
            Some("q"),
            format!("q must not be longer than {MAX_QUERY_CHARS} characters"),
        ));
    }
    let mode =
        vocabulary::optional_word(params.mode.as_deref(), "mode")?.unwrap_or(Mode::Qualification);
    let limit = match params.limit.as_deref() {
        None => DEFAULT_LIMIT,
        Some(raw) => raw
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_LIMIT).contains(n))
            .ok_or_else(|| {
                AppError::invalid(
                    Some("limit"),
                    format!("limit must be a whole number from 1 to {MAX_LIMIT}"),
                )
            })?,
    };
    let index = search.clone();
    let key = format!("typeahead {mode:?} {limit} {text}");
    let found = async move {
        let found = tokio::task::spawn_blocking(move || index.search(&text, mode, limit)).await??;
        Ok(found
            .into_iter()
            .map(SearchOption::from)
            .collect::<Vec<_>>())
    };
    cached.public_at(search.version(), key, found).await
}

/// Every course, by name.
#[utoipa::path(get, path = "/search/searchoptions", tag = "search", responses((status = 200, body = [SearchOption])))]
pub async fn search_options(State(search): State<Arc<CourseIndex>>) -> Json<Vec<SearchOption>> {
    Json(search.all().into_iter().map(SearchOption::from).collect())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchRequest {
    /// `qualification` or `code`: which box the user typed in.
    #[schema(schema_with = modes_or_null)]
    search_by: Option<String>,
    /// The course chosen from the type-ahead.
    course_id: Option<Id>,
    /// What the user typed, used when no course was chosen: an exact name or code, or
    /// text that finds exactly one course.
    #[schema(max_length = 100)]
    qualification: Option<String>,
    /// Accepted for compatibility; not used.
    #[allow(dead_code)]
    careers: Option<serde_json::Value>,
}

#[derive(Serialize, ToSchema)]
pub struct SearchResults {
    course: Course,
    providers: Vec<Provider>,
}

/// The chosen course and its providers (A-Z, with their review counts for the course).
#[utoipa::path(post, path = "/search/getsearchresults", tag = "search", request_body = SearchRequest, responses(
    (status = 200, body = SearchResults), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn search_results(
    State(search): State<Arc<CourseIndex>>,
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<SearchRequest>,
) -> AppResult<Response> {
    if let Some(by) = body
        .search_by
        .as_deref()
        .filter(|by| !matches!(*by, "qualification" | "code"))
    {
        return Err(AppError::invalid(
            Some("searchBy"),
            format!("searchBy must be 'qualification' or 'code', not '{by}'"),
        ));
    }
    let text = body.qualification.unwrap_or_default();
    if text.chars().count() > MAX_QUERY_CHARS {
        return Err(AppError::invalid(
            Some("qualification"),
            format!("qualification must not be longer than {MAX_QUERY_CHARS} characters"),
        ));
    }
    if body.course_id.is_none() && text.trim().is_empty() {
        return Err(AppError::invalid(
            Some("qualification"),
            "Choose a course or type its name or code",
        ));
    }
    let key = format!(
        "getsearchresults {} {:?} {:?} {text}",
        search.version(),
        body.search_by,
        body.course_id.map(|Id(id)| id)
    );
    let results = async move {
        // Typed text with no course chosen: an exact name or code, else the one course it finds.
        let course_id = match body.course_id {
            Some(Id(id)) => Some(id),
            None => {
                let (index, typed) = (search.clone(), text.clone());
                // Anything but 'code' searches names, as the spec's client sends either.
                let mode = match body.search_by.as_deref().and_then(Mode::parse) {
                    Some(Mode::Code) => Mode::Code,
                    _ => Mode::Qualification,
                };
                // A course's own name or code first; else a course it replaced.
                let found =
                    tokio::task::spawn_blocking(move || match index.search_own(&typed, mode, 2) {
                        Ok(own) if own.is_empty() => index.search(&typed, mode, 2),
                        own => own,
                    })
                    .await??;
                match found.as_slice() {
                    [only] => Some(only.id),
                    _ => None,
                }
            }
        };
        db.read(move |conn| -> Result<_, AppError> {
            let course = match course_id {
                Some(id) => match store::course_by_id(conn, id) {
                    Ok(course) => Some(course),
                    Err(rusqlite::Error::QueryReturnedNoRows) => None,
                    Err(err) => return Err(err.into()),
                },
                None => store::course_by_name_or_code(conn, &text)?,
            };
            let course = course.ok_or_else(|| AppError::NotFound(NO_MATCH.into()))?;
            let providers = store::providers_of_course(
                conn,
                course.id.parse().unwrap_or_default(),
                &store::ProviderFilter::default(),
            )?;
            Ok(SearchResults { course, providers })
        })
        .await
    };
    cached.public(key, results).await
}

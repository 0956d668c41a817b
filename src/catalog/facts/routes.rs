//! The calls that read and change offering facts and campuses: the editor's list of a
//! provider's offerings, saving an offering's facts, adding, changing and removing campuses,
//! the funding-note list, one pair's public facts and the admins' history.

use axum::{
    Json,
    extract::{Path, Query, State},
    http::StatusCode,
    response::Response,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    check::{self, CampusBody, FactsBody, Month},
    model::{Campus, HistoryRow, OfferingFacts},
    rules::{self, CAMPUS_NOT_FOUND, OFFERING_NOT_FOUND, PROVIDER_NOT_FOUND},
    store,
};
use crate::{
    auth::{AdminUser, AuthUser},
    cache::Cached,
    db::Db,
    error::{ApiJson, AppResult, ErrorItem},
    fields::{Id, path_id, required},
};

/// A provider's offerings with their facts, its campuses and the funding-note list: what the
/// 'Courses we offer' page and the admin's editor show.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderFacts {
    pub provider_id: String,
    pub campuses: Vec<Campus>,
    pub offerings: Vec<OfferingFacts>,
    pub funding_notes: Vec<String>,
}

/// The offerings of a provider with their facts, for its representative or an admin.
#[utoipa::path(get, path = "/providers/{_id}/offerings", tag = "offering facts", security(("session" = [])),
    params(("_id" = String, Path, description = "The provider's id")), responses(
    (status = 200, body = ProviderFacts), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]),
    (status = 404, body = [ErrorItem])))]
pub async fn provider_offerings(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<ProviderFacts>> {
    let provider = path_id(&id, PROVIDER_NOT_FOUND)?;
    let answer = db
        .read(move |conn| {
            rules::editable_provider(conn, &user, provider)?;
            Ok::<_, crate::error::AppError>(ProviderFacts {
                provider_id: provider.to_string(),
                campuses: store::campuses_of(conn, provider)?,
                offerings: store::facts_of_provider(conn, provider)?,
                funding_notes: store::funding_notes(conn)?,
            })
        })
        .await?;
    Ok(Json(answer))
}

#[derive(Serialize, ToSchema)]
pub struct Confirmed {
    /// How many offerings' facts were confirmed (those not confirmed for 12 months).
    confirmed: usize,
}

/// Confirms as still correct the provider's facts not confirmed for 12 months (the reminder
/// mail's 'Still correct'), for its representative or an admin; each leaves a history row.
#[utoipa::path(post, path = "/providers/{_id}/offerings/confirm", tag = "offering facts", security(("session" = [])),
    params(("_id" = String, Path, description = "The provider's id")), responses(
    (status = 200, body = Confirmed), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]),
    (status = 404, body = [ErrorItem])))]
pub async fn confirm_facts(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<Confirmed>> {
    let provider = path_id(&id, PROVIDER_NOT_FOUND)?;
    let confirmed = db
        .write(move |tx| super::reminders::confirm_stale(tx, &user, provider))
        .await?;
    Ok(Json(Confirmed { confirmed }))
}

/// Saves the facts of an offering made from the `version` the editor loaded: 409 'These
/// details changed since you opened them' when someone saved in between.
#[utoipa::path(put, path = "/offerings/{_id}/facts", tag = "offering facts", security(("session" = [])),
    params(("_id" = String, Path, description = "The offering's id")), request_body = FactsBody, responses(
    (status = 200, body = OfferingFacts), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn save_facts(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<FactsBody>,
) -> AppResult<Json<OfferingFacts>> {
    let offering = path_id(&id, OFFERING_NOT_FOUND)?;
    let (version, values) = check::facts(body, Month::now())?;
    Ok(Json(
        db.write(move |tx| rules::save_facts(tx, &user, offering, version, values))
            .await?,
    ))
}

/// Adds a campus to a provider.
#[utoipa::path(post, path = "/providers/{_id}/campuses", tag = "offering facts", security(("session" = [])),
    params(("_id" = String, Path, description = "The provider's id")), request_body = CampusBody, responses(
    (status = 201, body = Campus), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn add_campus(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CampusBody>,
) -> AppResult<(StatusCode, Json<Campus>)> {
    let provider = path_id(&id, PROVIDER_NOT_FOUND)?;
    let (_, values) = check::campus(body)?;
    let campus = db
        .write(move |tx| rules::add_campus(tx, &user, provider, values))
        .await?;
    Ok((StatusCode::CREATED, Json(campus)))
}

/// Changes a campus made from the `version` the editor loaded (409 when it changed since).
#[utoipa::path(put, path = "/campuses/{_id}", tag = "offering facts", security(("session" = [])),
    params(("_id" = String, Path, description = "The campus's id")), request_body = CampusBody, responses(
    (status = 200, body = Campus), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn change_campus(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CampusBody>,
) -> AppResult<Json<Campus>> {
    let campus = path_id(&id, CAMPUS_NOT_FOUND)?;
    let (version, values) = check::campus(body)?;
    Ok(Json(
        db.write(move |tx| rules::change_campus(tx, &user, campus, version, values))
            .await?,
    ))
}

#[derive(Serialize, ToSchema)]
pub struct Removed {
    msg: &'static str,
}

pub const CAMPUS_REMOVED: &str = "Campus removed";

/// Removes a campus; the offerings that ran there no longer name it.
#[utoipa::path(delete, path = "/campuses/{_id}", tag = "offering facts", security(("session" = [])),
    params(("_id" = String, Path, description = "The campus's id")), responses(
    (status = 200, body = Removed), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]),
    (status = 404, body = [ErrorItem])))]
pub async fn remove_campus(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<Removed>> {
    let campus = path_id(&id, CAMPUS_NOT_FOUND)?;
    db.write(move |tx| rules::remove_campus(tx, &user, campus))
        .await?;
    Ok(Json(Removed {
        msg: CAMPUS_REMOVED,
    }))
}

/// The funding notes an offering may carry, in order (the operator extends the list).
#[utoipa::path(get, path = "/funding-notes", tag = "offering facts", responses(
    (status = 200, body = [String]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn funding_notes(State(db): State<Db>, cached: Cached) -> AppResult<Response> {
    cached
        .public("funding-notes".into(), db.read(store::funding_notes))
        .await
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct FundingNoteBody {
    /// The note as readers see it, such as 'JobTrainer'; at most 60 characters once trimmed,
    /// not blank, and no control or invisible characters (the pattern states exactly this).
    #[schema(required = true, schema_with = funding_note_schema)]
    name: String,
}

fn funding_note_schema() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .pattern(Some(check::funding_note_pattern()))
        .build()
}

/// Adds a funding note to the end of the list editors choose from (the operator's admins
/// extend it; existing notes are never renamed, so offerings keep theirs). 409 when the list
/// has the note already.
#[utoipa::path(post, path = "/admin/funding-notes", tag = "offering facts", security(("session" = [])),
    request_body = FundingNoteBody, responses(
    (status = 201, body = [String]), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn add_funding_note(
    State(db): State<Db>,
    _admin: AdminUser,
    ApiJson(body): ApiJson<FundingNoteBody>,
) -> AppResult<(StatusCode, Json<Vec<String>>)> {
    let name = check::funding_note(&body.name)?;
    let notes = db
        .write(move |tx| {
            if !store::add_funding_note(tx, &name)? {
                return Err(crate::error::AppError::Conflict(ErrorItem::field(
                    "name",
                    check::FUNDING_NOTE_TAKEN,
                )));
            }
            Ok(store::funding_notes(tx)?)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(notes)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PairBody {
    #[schema(required = true, nullable = false)]
    course_id: Option<Id>,
    #[schema(required = true, nullable = false)]
    provider_id: Option<Id>,
}

/// The facts of a course at a provider, with who said them and when; 404 when the provider
/// does not offer the course.
#[utoipa::path(post, path = "/getofferingfacts", tag = "offering facts", request_body = PairBody, responses(
    (status = 200, body = OfferingFacts), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]),
    (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn offering_facts(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<PairBody>,
) -> AppResult<Response> {
    let Id(course) = required(body.course_id, "courseId")?;
    let Id(provider) = required(body.provider_id, "providerId")?;
    cached
        .public(
            format!("getofferingfacts {course} {provider}"),
            db.read(move |conn| {
                store::facts_of_pair(conn, course, provider)?
                    .ok_or_else(|| crate::error::AppError::NotFound(OFFERING_NOT_FOUND.into()))
            }),
        )
        .await
}

#[derive(Deserialize, IntoParams, Default)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Only this provider's changes; every provider's when left out.
    #[param(value_type = Option<String>, pattern = "^[1-9][0-9]{0,17}$")]
    provider_id: Option<Id>,
}

/// How many history rows one call answers, newest first.
const HISTORY_LIMIT: i64 = 200;

/// The newest changes to offering facts and campuses: who, when, before and after.
#[utoipa::path(get, path = "/admin/fact-history", tag = "offering facts", security(("session" = [])), params(HistoryQuery), responses(
    (status = 200, body = [HistoryRow]), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem])))]
pub async fn history(
    State(db): State<Db>,
    _admin: AdminUser,
    Query(query): Query<HistoryQuery>,
) -> AppResult<Json<Vec<HistoryRow>>> {
    let provider = query.provider_id.map(|Id(id)| id);
    Ok(Json(
        db.read(move |conn| store::history(conn, provider, HISTORY_LIMIT))
            .await?,
    ))
}

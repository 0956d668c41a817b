//! The public browsing calls: industries, careers, courses and the providers of a course.

use axum::{Json, extract::State, response::Response};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    facts::{check::Month, model::DeliveryMode},
    model::{
        Career, ContentItem, Count, Course, Industry, OverallRating, Provider, ProviderSort,
        RandomProvider,
    },
    store,
};
use crate::{
    cache::Cached,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem, not_found},
    fields::{Id, required, required_slug},
    vocabulary::optional_word,
};

const INDUSTRY_NOT_FOUND: &str = "Industry not found";
const CAREER_NOT_FOUND: &str = "Career not found";
const COURSE_NOT_FOUND: &str = "Course not found";
const PROVIDER_NOT_FOUND: &str = "Provider not found";

/// Every industry with its career and review counts, by name.
#[utoipa::path(get, path = "/industries", tag = "catalogue", responses((status = 200, body = [Industry]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn industries(State(db): State<Db>, cached: Cached) -> AppResult<Response> {
    cached
        .public("industries".into(), db.read(store::industries))
        .await
}

/// Industries for editing lists.
#[utoipa::path(get, path = "/industrieslist", tag = "catalogue", responses((status = 200, body = [ContentItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn industry_list(State(db): State<Db>, cached: Cached) -> AppResult<Response> {
    cached
        .public("industrieslist".into(), db.read(store::industry_items))
        .await
}

/// Careers for editing lists (copy is HTML).
#[utoipa::path(get, path = "/careers", tag = "catalogue", responses((status = 200, body = [ContentItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn career_list(State(db): State<Db>, cached: Cached) -> AppResult<Response> {
    cached
        .public("careers".into(), db.read(store::career_items))
        .await
}

/// Courses for editing lists.
#[utoipa::path(get, path = "/courses", tag = "catalogue", responses((status = 200, body = [ContentItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn course_list(State(db): State<Db>, cached: Cached) -> AppResult<Response> {
    cached
        .public("courses".into(), db.read(store::course_items))
        .await
}

/// A random course at a provider for the home page's featured card (a list of one).
#[utoipa::path(get, path = "/getrandomprovider", tag = "catalogue", responses((status = 200, body = [RandomProvider])))]
pub async fn random_provider(State(db): State<Db>) -> AppResult<Json<Vec<RandomProvider>>> {
    Ok(Json(db.read(store::random_provider).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IndustryIdBody {
    #[schema(required = true, nullable = false)]
    industry_id: Option<Id>,
}

/// The careers of an industry, by name.
#[utoipa::path(post, path = "/getcareersbyindustryid", tag = "catalogue", request_body = IndustryIdBody, responses(
    (status = 200, body = [Career]), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn careers_by_industry(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<IndustryIdBody>,
) -> AppResult<Response> {
    let Id(id) = required(body.industry_id, "industryId")?;
    cached
        .public(
            format!("getcareersbyindustryid {id}"),
            db.read(move |conn| {
                store::careers_of_industry(conn, id).map_err(not_found(INDUSTRY_NOT_FOUND))
            }),
        )
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareerSlugBody {
    #[schema(required = true, schema_with = crate::contract::slug)]
    career_slug: Option<String>,
}

#[utoipa::path(post, path = "/getcareerbyslug", tag = "catalogue", request_body = CareerSlugBody, responses(
    (status = 200, body = Career), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn career_by_slug(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<CareerSlugBody>,
) -> AppResult<Response> {
    let slug = required_slug(body.career_slug, "careerSlug")?;
    cached
        .public(
            format!("getcareerbyslug {slug}"),
            db.read(move |conn| {
                store::career_by_slug(conn, &slug).map_err(not_found(CAREER_NOT_FOUND))
            }),
        )
        .await
}

/// How many courses the catalogue holds.
#[utoipa::path(post, path = "/getcoursecount", tag = "catalogue", responses((status = 200, body = Count)))]
pub async fn course_count(State(db): State<Db>) -> AppResult<Json<Count>> {
    let count = db.read(store::course_count).await?;
    Ok(Json(Count { count }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareerIdBody {
    #[schema(required = true, nullable = false)]
    career_id: Option<Id>,
}

/// The courses leading to a career, by name.
#[utoipa::path(post, path = "/getcoursesbycareerid", tag = "catalogue", request_body = CareerIdBody, responses(
    (status = 200, body = [Course]), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn courses_by_career(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<CareerIdBody>,
) -> AppResult<Response> {
    let Id(id) = required(body.career_id, "careerId")?;
    cached
        .public(
            format!("getcoursesbycareerid {id}"),
            db.read(move |conn| {
                store::courses_of_career(conn, id).map_err(not_found(CAREER_NOT_FOUND))
            }),
        )
        .await
}

/// The industry of a career (the spec's name says course; its payload is a career id).
#[utoipa::path(post, path = "/getindustryidforcourse", tag = "catalogue", request_body = CareerIdBody, responses(
    (status = 200, body = Industry), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn industry_for_career(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<CareerIdBody>,
) -> AppResult<Response> {
    let Id(id) = required(body.career_id, "careerId")?;
    cached
        .public(
            format!("getindustryidforcourse {id}"),
            db.read(move |conn| {
                store::industry_of_career(conn, id).map_err(not_found(CAREER_NOT_FOUND))
            }),
        )
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseSlugBody {
    #[schema(required = true, schema_with = crate::contract::slug)]
    course_slug: Option<String>,
}

#[utoipa::path(post, path = "/getcoursebyslug", tag = "catalogue", request_body = CourseSlugBody, responses(
    (status = 200, body = Course), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn course_by_slug(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<CourseSlugBody>,
) -> AppResult<Response> {
    let slug = required_slug(body.course_slug, "courseSlug")?;
    cached
        .public(
            format!("getcoursebyslug {slug}"),
            db.read(move |conn| {
                store::course_by_slug(conn, &slug).map_err(not_found(COURSE_NOT_FOUND))
            }),
        )
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProvidersBody {
    #[schema(required = true, nullable = false)]
    course_id: Option<Id>,
    /// Only providers delivering the course this way.
    #[schema(schema_with = delivery_modes)]
    delivery_mode: Option<String>,
    /// Only providers whose lowest fee (the subsidised fee where one is set, else the full fee:
    /// what an eligible student pays) is at most this many whole dollars. Read as a number so
    /// that 12.5 gets the field's own message rather than a type error.
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 100000)]
    max_fee: Option<f64>,
    /// Only providers whose offering carries this funding note, one of
    /// `GET /api/funding-notes` (the operator extends the list, so it is not an enum here);
    /// a note not on the list is 404, as an unknown course is.
    funding_note: Option<String>,
    /// Only providers with an intake in this month or the next 3 or 6 months.
    #[schema(schema_with = intake_windows)]
    intake_within_months: Option<i64>,
    /// 'lowest-fee': by lowest fee (as `maxFee` compares it), unknown fees last;
    /// 'recent-score': by the recent score (`rating.recent`), highest first, providers without
    /// one last; A-Z when left out.
    #[schema(schema_with = provider_sorts)]
    sort: Option<String>,
}

fn delivery_modes() -> utoipa::openapi::Object {
    crate::vocabulary::schema::<DeliveryMode>(true)
}

fn intake_windows() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{SchemaType, Type};
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .enum_values(Some([
            serde_json::json!(3),
            serde_json::json!(6),
            serde_json::Value::Null,
        ]))
        .build()
}

fn provider_sorts() -> utoipa::openapi::Object {
    crate::vocabulary::schema::<ProviderSort>(true)
}

pub const MAX_FEE_INVALID: &str = "maxFee must be a whole number of dollars from 0 to 100,000";
pub const INTAKE_WINDOW_INVALID: &str = "intakeWithinMonths must be 3 or 6";
pub const FUNDING_NOTE_NOT_FOUND: &str = "No such funding note";

impl ProvidersBody {
    /// The reader's filters, or the field's 400.
    fn filter(&self) -> AppResult<store::ProviderFilter> {
        let delivery =
            optional_word::<DeliveryMode>(self.delivery_mode.as_deref(), "deliveryMode")?;
        let max_fee = match self.max_fee {
            Some(fee) if fee.fract() != 0.0 || !(0.0..=100_000.0).contains(&fee) => {
                return Err(AppError::invalid(Some("maxFee"), MAX_FEE_INVALID));
            }
            fee => fee.map(|f| f as i64),
        };
        let intake_between = match self.intake_within_months {
            None => None,
            Some(months @ (3 | 6)) => {
                let now = Month::now();
                Some((now.text(), now.plus(months).text()))
            }
            Some(_) => {
                return Err(AppError::invalid(
                    Some("intakeWithinMonths"),
                    INTAKE_WINDOW_INVALID,
                ));
            }
        };
        let sort =
            optional_word::<ProviderSort>(self.sort.as_deref().filter(|s| !s.is_empty()), "sort")?;
        Ok(store::ProviderFilter {
            delivery_bit: delivery.map(DeliveryMode::bit),
            max_fee,
            funding_note: self.funding_note.clone().filter(|n| !n.is_empty()),
            intake_between,
            sort,
        })
    }
}

/// The providers of a course with that course's review counts, ratings and facts, A-Z or by
/// fee, narrowed by the reader's filters (delivery mode, most fee, funding note, intake soon).
#[utoipa::path(post, path = "/getprovidersbycourseid", tag = "catalogue", request_body = ProvidersBody, responses(
    (status = 200, body = [Provider]), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn providers_by_course(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<ProvidersBody>,
) -> AppResult<Response> {
    let Id(id) = required(body.course_id, "courseId")?;
    let filter = body.filter()?;
    // The default list keeps its old key, so the page's first data and the kept answer agree.
    let key = if filter == store::ProviderFilter::default() {
        format!("getprovidersbycourseid {id}")
    } else {
        format!("getprovidersbycourseid {id} {filter:?}")
    };
    cached
        .public(
            key,
            db.read(move |conn| {
                if let Some(note) = &filter.funding_note
                    && !super::facts::store::funding_notes(conn)?.contains(note)
                {
                    return Err(AppError::NotFound(FUNDING_NOTE_NOT_FOUND.into()));
                }
                store::providers_of_course(conn, id, &filter).map_err(not_found(COURSE_NOT_FOUND))
            }),
        )
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderSlugBody {
    #[schema(required = true, schema_with = crate::contract::slug)]
    provider_slug: Option<String>,
    /// Optional: count only the reviews of this course at the provider.
    course_id: Option<Id>,
}

#[utoipa::path(post, path = "/getproviderbyslug", tag = "catalogue", request_body = ProviderSlugBody, responses(
    (status = 200, body = Provider), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn provider_by_slug(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<ProviderSlugBody>,
) -> AppResult<Response> {
    let slug = required_slug(body.provider_slug, "providerSlug")?;
    let course = body.course_id.map(|Id(id)| id);
    cached
        .public(
            format!("getproviderbyslug {slug} {course:?}"),
            db.read(move |conn| {
                store::provider_by_slug(conn, &slug, course).map_err(not_found(PROVIDER_NOT_FOUND))
            }),
        )
        .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderIdBody {
    #[schema(required = true, nullable = false)]
    provider_id: Option<Id>,
}

/// The provider's rating across all its courses.
#[utoipa::path(post, path = "/getoverallproviderrating", tag = "catalogue", request_body = ProviderIdBody, responses(
    (status = 200, body = OverallRating), (status = 400, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn overall_provider_rating(
    State(db): State<Db>,
    cached: Cached,
    ApiJson(body): ApiJson<ProviderIdBody>,
) -> AppResult<Response> {
    let Id(id) = required(body.provider_id, "providerId")?;
    cached
        .public(
            format!("getoverallproviderrating {id}"),
            db.read(move |conn| {
                store::overall_rating(conn, id).map_err(not_found(PROVIDER_NOT_FOUND))
            }),
        )
        .await
}

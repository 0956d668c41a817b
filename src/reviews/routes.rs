//! The review calls of docs/reviews-api.md (moderation aside): question definitions,
//! submission, the already-reviewed check, a pair's list, likes, and the author's own list.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Query, State},
    http::{HeaderName, HeaderValue, StatusCode},
    response::Response,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema, openapi::Object};

use super::{
    flow::Answers,
    listing,
    model::{ListedReview, UserReview, Votes},
    questions::{Question, ReviewerType, Reviewers},
    rules,
    score::stars,
    search, search_store,
    store::{self, ListQuery, NewReview, Sort},
    voters::KeptVoters,
    votes_store::{self, VoteAction},
};
use crate::{
    auth::AuthUser,
    cache::{Cached, UntilNextCommit},
    config::Settings,
    dates::unix_now,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, required},
    invitations,
    limits::ClientIp,
    moderation::signals,
    vocabulary::{self, Vocabulary},
};

static TOTAL_COUNT: HeaderName = HeaderName::from_static("x-total-count");

pub const THANK_YOU: &str =
    "Thank you for your review! You'll be notified when your review is live.";
pub const NOT_OFFERED: &str = "This provider does not offer this course";
/// A retired offering, or a provider the regulator suspended or cancelled (DESIGN decision 28).
pub const NOT_OPEN: &str =
    "This provider is not currently registered to deliver this course, so it cannot be reviewed.";

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QuestionsParams {
    /// 'Student' or 'Employer'.
    #[serde(rename = "userType", default)]
    #[param(required = true, value_type = ReviewerType)]
    user_type: String,
}

fn reviewer_types() -> Object {
    vocabulary::schema::<ReviewerType>(false)
}

fn reviewer_types_or_all() -> Object {
    vocabulary::schema::<Reviewers>(true)
}

fn list_sorts() -> Object {
    vocabulary::schema::<Sort>(true)
}

fn vote_actions() -> Object {
    vocabulary::schema::<VoteAction>(false)
}

/// The question set of a reviewer type, in display order.
#[utoipa::path(get, path = "/review/questions", tag = "reviews", params(QuestionsParams), responses(
    (status = 200, body = [Question]), (status = 400, body = [ErrorItem])))]
pub async fn questions(
    Query(params): Query<QuestionsParams>,
) -> AppResult<Json<&'static [Question]>> {
    Ok(Json(
        vocabulary::parse_word::<ReviewerType>(&params.user_type, "userType")?.questions(),
    ))
}

/// A review form: every answer is a top-level field named by its question's slug.
#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ReviewSubmission {
    /// The caller's own type.
    #[schema(required = true, schema_with = reviewer_types)]
    user_type: Option<String>,
    user: Option<Id>,
    #[schema(required = true, nullable = false)]
    provider: Option<Id>,
    #[schema(required = true, nullable = false)]
    course: Option<Id>,
    industry: Option<Id>,
    /// Ignored: the server scores the answers.
    #[schema(value_type = Option<f64>)]
    #[allow(dead_code)]
    score: Option<Value>,
    title: Option<String>,
    comment: Option<String>,
    /// Required: whether the reviewer received payment, a gift or a discount for the review.
    incentivised: Option<bool>,
    /// The answers, `<slug>: <answer>`.
    #[serde(flatten)]
    #[schema(value_type = Object)]
    answers: Answers,
}

#[derive(Serialize, ToSchema)]
pub struct Submitted {
    #[serde(rename = "_id")]
    id: String,
    /// The server's score of the answers, in stars; null when no scored question was asked.
    score: Option<f64>,
    msg: &'static str,
}

/// Stores a Student's or Employer's review of a course at a provider, awaiting moderation.
#[utoipa::path(post, path = "/submitreview", tag = "reviews", security(("session" = [])), request_body = ReviewSubmission, responses(
    (status = 201, body = Submitted), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn submit(
    State(db): State<Db>,
    State(settings): State<Arc<Settings>>,
    ClientIp(ip): ClientIp,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<ReviewSubmission>,
) -> AppResult<(StatusCode, Json<Submitted>)> {
    let reviewer = user.user_type.reviewer().ok_or_else(|| {
        AppError::Forbidden(format!(
            "As a {} user, you do not have the ability to leave a review.",
            user.user_type
        ))
    })?;
    user.ensure_own(body.user)?;
    if required(body.user_type, "userType")? != reviewer.name() {
        let msg = format!(
            "userType must be '{}', the type of your account",
            reviewer.name()
        );
        return Err(AppError::invalid(Some("userType"), msg));
    }
    let Id(provider_id) = required(body.provider, "provider")?;
    let Id(course_id) = required(body.course, "course")?;
    let today = OffsetDateTime::now_utc().date();
    let review = rules::check_review(
        reviewer,
        body.title.as_deref(),
        body.comment.as_deref(),
        &body.answers,
        today,
    );
    // Every problem at once, the disclosure's last as the form asks it last.
    let (review, incentivised) = match (review, rules::check_incentive(body.incentivised)) {
        (Ok(review), Ok(incentivised)) => (review, incentivised),
        (review, incentive) => {
            let mut errors = review.err().unwrap_or_default();
            errors.extend(incentive.err());
            return Err(AppError::Validation(errors));
        }
    };
    let wanted_industry = body.industry.map(|Id(id)| id);
    let score_halves = review.score_halves;
    let network = signals::network_hash(&settings, ip);
    let duplicate = {
        let (settings, text) = (
            settings.clone(),
            (review.title.clone(), review.comment.clone()),
        );
        db.read(move |conn| {
            signals::closest(
                conn,
                &settings.signals,
                provider_id,
                None,
                (&text.0, &text.1),
            )
        })
        .await?
    };
    let id = db
        .write(move |tx| {
            if !store::offering_exists(tx, course_id, provider_id)? {
                return Err(AppError::NotFound(NOT_OFFERED.into()));
            }
            if !store::offering_open(tx, course_id, provider_id)? {
                return Err(AppError::invalid(None, NOT_OPEN));
            }
            let industry_id = store::industry_for(tx, course_id, wanted_industry)?;
            let id = store::insert(
                tx,
                &NewReview {
                    user_id: user.id,
                    course_id,
                    provider_id,
                    industry_id,
                    reviewer,
                    title: &review.title,
                    comment: &review.comment,
                    score_halves: review.score_halves,
                    answers: &review.answers,
                    created_at: None,
                    decision: None,
                    decided_at: None,
                    incentivised,
                },
            )?;
            // Only the label: moderation, score and order are the same for an invited review.
            invitations::store::label_if_invited(tx, id, (user.id, course_id, provider_id))?;
            // Signals for the moderators only; they never decide anything themselves.
            signals::check(
                tx,
                &settings.signals,
                id,
                network.as_deref(),
                duplicate,
                unix_now(),
            )?;
            Ok(id)
        })
        .await?;
    let answer = Submitted {
        id: id.to_string(),
        score: stars(score_halves),
        msg: THANK_YOU,
    };
    Ok((StatusCode::CREATED, Json(answer)))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ReviewedQuery {
    user_id: Option<Id>,
    #[schema(required = true, nullable = false)]
    course_id: Option<Id>,
    #[schema(required = true, nullable = false)]
    provider_id: Option<Id>,
}

/// Whether the caller has reviewed this course at this provider (whatever the review's status).
#[utoipa::path(post, path = "/review/checkifuserreviewed", tag = "reviews", security(("session" = [])), request_body = ReviewedQuery, responses(
    (status = 200, body = bool, content_type = "application/json"), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn check_if_user_reviewed(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<ReviewedQuery>,
) -> AppResult<Json<bool>> {
    user.ensure_own(body.user_id)?;
    let Id(course_id) = required(body.course_id, "courseId")?;
    let Id(provider_id) = required(body.provider_id, "providerId")?;
    let reviewed = db
        .read(move |conn| store::has_reviewed(conn, user.id, course_id, provider_id))
        .await?;
    Ok(Json(reviewed))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ReviewsForQuery {
    #[schema(required = true, nullable = false)]
    course_id: Option<Id>,
    #[schema(required = true, nullable = false)]
    provider_id: Option<Id>,
    /// 'Most Recent' (default), 'Most Liked', 'Top Rated' or 'Most Helpful' (the Wilson lower
    /// bound of likes against votes, newest first among equals).
    #[schema(schema_with = list_sorts)]
    sort: Option<String>,
    /// 'All' (default), 'Student' or 'Employer'.
    #[schema(schema_with = reviewer_types_or_all)]
    user_type: Option<String>,
    /// Only reviews of this many whole stars (1 to 5, halves rounded down), as the rating
    /// distribution's bars count them.
    #[serde(deserialize_with = "crate::fields::optional_whole")]
    #[schema(minimum = 1, maximum = 5)]
    stars: Option<i64>,
    /// 1-based, 20 reviews a page.
    #[serde(deserialize_with = "crate::fields::optional_whole")]
    #[schema(minimum = 1, maximum = 9007199254740991_i64)]
    page: Option<i64>,
    /// Only the reviews whose title or comment holds these words, in this order (case and
    /// accents ignored; quotes and search operators are plain text): at least 3 letters or
    /// numbers, at most 200 characters; blank is no search. Each review then carries `highlight`.
    #[schema(max_length = 200)]
    search: Option<String>,
}

/// A page of a course-provider pair's approved reviews; only for logged-in users. With a
/// search, `X-Total-Count` says how many reviews it finds.
#[utoipa::path(post, path = "/getreviewsfor", tag = "reviews", security(("session" = [])), request_body = ReviewsForQuery, responses(
    (status = 200, body = [ListedReview], headers(("X-Total-Count" = i64, description = "With a search: how many reviews it finds"))),
    (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn reviews_for(
    State(db): State<Db>,
    State(search_counts): State<Arc<UntilNextCommit<String, i64>>>,
    State(voters): State<Arc<KeptVoters>>,
    _caller: AuthUser,
    cached: Cached,
    ApiJson(body): ApiJson<ReviewsForQuery>,
) -> AppResult<Response> {
    let sort = vocabulary::optional_word(body.sort.as_deref(), "sort")?.unwrap_or(Sort::MostRecent);
    // Any other word is refused naming the reviewer types, as it always was.
    let user_type = match body.user_type.as_deref() {
        None | Some("All") => None,
        Some(text) => Some(vocabulary::parse_word::<ReviewerType>(text, "userType")?),
    };
    let page = body.page.unwrap_or(1);
    if page < 1 {
        return Err(AppError::invalid(
            Some("page"),
            "page must be a whole number from 1",
        ));
    }
    if body.stars.is_some_and(|stars| !(1..=5).contains(&stars)) {
        return Err(AppError::invalid(
            Some("stars"),
            "stars must be a whole number from 1 to 5",
        ));
    }
    let search = search::check(body.search.as_deref())?;
    let query = ListQuery {
        course_id: required(body.course_id, "courseId")?.0,
        provider_id: required(body.provider_id, "providerId")?.0,
        sort,
        user_type,
        stars: body.stars,
        page,
        search,
    };
    // A search's count, kept until the next commit so paging through its results reuses it.
    let total = match query.expression() {
        Some(expression) => {
            let (pair, filters) = (
                (query.course_id, query.provider_id),
                (query.user_type, query.stars),
            );
            let key = format!("{filters:?} {expression}");
            let count = search_counts.get_or_read(cached.data_version()?, key, || {
                db.read(move |conn| search_store::count(conn, pair, filters, &expression))
            });
            Some(count.await?)
        }
        None => None,
    };
    // The same for every logged-in reader, so one kept answer serves them all.
    let key = format!("getreviewsfor {query:?}");
    let pair = (query.course_id, query.provider_id);
    // A search's page is computed again after a vote rather than searched twice.
    let members = query.search.is_none().then(|| {
        let (db, query) = (db.clone(), query.clone());
        async move { db.read(move |conn| store::page_members(conn, &query)).await }
    });
    let mut response = cached
        .members_of_pair(
            pair,
            key,
            db.read(move |conn| listing::page(conn, &voters, &query)),
            members,
        )
        .await?;
    if let Some(total) = total {
        response
            .headers_mut()
            .insert(TOTAL_COUNT.clone(), HeaderValue::from(total));
    }
    Ok(response)
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct VoteRequest {
    /// 'like', 'dislike', 'removelike' or 'removedislike'.
    #[schema(required = true, schema_with = vote_actions)]
    action: String,
    #[schema(required = true, nullable = false)]
    review_id: Option<Id>,
    user_id: Option<Id>,
}

/// Likes or dislikes someone else's approved review; repeating a vote takes it back.
#[utoipa::path(post, path = "/likeordislikereview", tag = "reviews", security(("session" = [])), request_body = VoteRequest, responses(
    (status = 200, body = Votes), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem])))]
pub async fn like_or_dislike(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<VoteRequest>,
) -> AppResult<Json<Votes>> {
    user.ensure_own(body.user_id)?;
    let action = vocabulary::parse_word(&body.action, "action")?;
    let Id(review_id) = required(body.review_id, "reviewId")?;
    Ok(Json(
        db.write(move |tx| votes_store::vote(tx, review_id, user.id, action))
            .await?,
    ))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct UserReviewsQuery {
    user_id: Option<Id>,
}

/// The caller's own reviews with their moderation status, newest first.
#[utoipa::path(post, path = "/review/getuserreviews", tag = "reviews", security(("session" = [])), request_body = UserReviewsQuery, responses(
    (status = 200, body = [UserReview]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]), (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one")))]
pub async fn user_reviews(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    cached: Cached,
    ApiJson(body): ApiJson<UserReviewsQuery>,
) -> AppResult<Response> {
    user.ensure_own(body.user_id)?;
    let id = user.id;
    cached
        .private(
            format!("getuserreviews {id}"),
            db.read(move |conn| store::of_user(conn, id)),
        )
        .await
}

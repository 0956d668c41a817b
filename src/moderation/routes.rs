//! The admins' moderation calls: the unactioned count, the filtered queue and the decision.

use std::sync::Arc;

use axum::{
    Json,
    extract::State,
    http::{HeaderName, HeaderValue},
    response::Response,
};
use serde::{Deserialize, Serialize};
use utoipa::{ToSchema, openapi::Object};

use super::{
    reasons,
    store::{self, Filter, Matches, ModerationReview, SearchBy},
};
use crate::{
    auth::AdminUser,
    cache::{Cached, UntilNextCommit},
    config::Settings,
    contract,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, required},
    mail::outbox::Outbox,
    reviews::questions::Reviewers,
    vocabulary::{self, vocabulary},
};

const REVIEW_NOT_FOUND: &str = "Review not found";
static TOTAL_COUNT: HeaderName = HeaderName::from_static("x-total-count");
static TOTAL_CAPPED: HeaderName = HeaderName::from_static("x-total-capped");

/// How many reviews wait for a decision (the admin menu's badge).
#[utoipa::path(get, path = "/review/getunactioned", tag = "moderation", security(("session" = [])), responses(
    (status = 200, body = i64, content_type = "application/json"), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn unactioned(State(db): State<Db>, _admin: AdminUser) -> AppResult<Json<i64>> {
    Ok(Json(db.read(store::count_unactioned).await?))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ReviewFilter {
    actioned: bool,
    /// Narrows actioned reviews; null (or unactioned) means both.
    approved: Option<bool>,
    /// 'Oldest' (default) or 'Latest'.
    #[schema(schema_with = sorts)]
    sort: Option<String>,
    /// 'All' (default), 'Student' or 'Employer'.
    #[schema(schema_with = user_types)]
    user_type: Option<String>,
    /// 'Course Name' (default), 'Course Code', 'User Name' or 'Review Title'.
    #[schema(schema_with = search_fields)]
    search_by: Option<String>,
    /// A case-insensitive part of the chosen field; empty matches everything.
    search_text: String,
    /// Only the reviews that raised a signal of a fake review ('Flagged').
    flagged: bool,
    /// 1-based, default 1.
    #[serde(deserialize_with = "crate::fields::optional_whole")]
    #[schema(minimum = 1, maximum = 9007199254740991_i64)]
    page: Option<i64>,
}

vocabulary! {
    /// The queue's orders: by submission date, oldest or latest first.
    enum QueueSort {
        Oldest = "Oldest",
        Latest = "Latest",
    }
}

vocabulary! {
    /// What a moderator does with a review.
    enum DecisionAction {
        Approve = "approve",
        Disapprove = "disapprove",
    }
}

fn sorts() -> Object {
    vocabulary::schema::<QueueSort>(true)
}

fn user_types() -> Object {
    vocabulary::schema::<Reviewers>(true)
}

fn search_fields() -> Object {
    contract::one_of(
        &["Course Name", "Course Code", "User Name", "Review Title"],
        true,
    )
}

fn decisions() -> Object {
    vocabulary::schema::<DecisionAction>(false)
}

impl ReviewFilter {
    fn check(self) -> AppResult<Filter> {
        let sort = vocabulary::optional_word(self.sort.as_deref(), "sort")?;
        let latest_first = sort == Some(QueueSort::Latest);
        let user_type = vocabulary::optional_word(self.user_type.as_deref(), "userType")?
            .and_then(Reviewers::only);
        let search_by = match self.search_by.as_deref().unwrap_or("Course Name") {
            "Course Name" => SearchBy::CourseName,
            "Course Code" => SearchBy::CourseCode,
            "User Name" => SearchBy::UserName,
            "Review Title" => SearchBy::ReviewTitle,
            _ => {
                return Err(AppError::invalid(
                    Some("searchBy"),
                    "searchBy must be 'Course Name', 'Course Code', 'User Name' or 'Review Title'",
                ));
            }
        };
        let page = self.page.unwrap_or(1);
        if page < 1 {
            return Err(AppError::invalid(Some("page"), "page must be 1 or more"));
        }
        let text = self.search_text.trim();
        Ok(Filter {
            actioned: self.actioned,
            approved: self.approved,
            latest_first,
            user_type,
            search: (!text.is_empty()).then(|| (search_by, text.to_owned())),
            flagged: self.flagged,
            page,
        })
    }
}

/// One page (10) of the moderation queue; `X-Total-Count` says how many match in all. A title
/// search lists at most the newest 1,000 reviews of the asked state whose title holds its text;
/// `X-Total-Capped: true` says more do.
#[utoipa::path(post, path = "/review/pullreviews", tag = "moderation", security(("session" = [])), request_body = ReviewFilter, responses(
    (status = 200, body = [ModerationReview], headers(("X-Total-Count" = i64, description = "How many reviews match the filter (for a title search, among the newest 1,000 of the asked state whose title holds its text)"),
        ("X-Total-Capped" = String, description = "'true' when more than 1,000 reviews of the asked state have the search text in their title: only the newest 1,000 are listed"))),
    (status = 304, description = "Not modified: the `If-None-Match` ETag is the current one"),
    (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn pull_reviews(
    State(queue_matches): State<Arc<UntilNextCommit<Filter, Arc<Matches>>>>,
    State(db): State<Db>,
    _admin: AdminUser,
    cached: Cached,
    ApiJson(body): ApiJson<ReviewFilter>,
) -> AppResult<Response> {
    let filter = body.check()?;
    // What each filter matches is kept until the next commit, so paging through the list
    // reuses it; the page itself is a kept answer like any other.
    let whole = Filter {
        page: 1,
        ..filter.clone()
    };
    let matches = queue_matches
        .get_or_read(cached.data_version()?, whole.clone(), || {
            db.read(move |conn| store::matches(conn, &whole).map(Arc::new))
        })
        .await?;
    let total = matches.total;
    let mut response = cached
        .private(
            format!("pullreviews {filter:?}"),
            db.read(move |conn| store::page(conn, &filter, &matches)),
        )
        .await?;
    let headers = response.headers_mut();
    headers.insert(TOTAL_COUNT.clone(), HeaderValue::from(total.count));
    if total.capped {
        headers.insert(TOTAL_CAPPED.clone(), HeaderValue::from_static("true"));
    }
    Ok(response)
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct DecisionBody {
    /// 'approve' or 'disapprove'.
    #[schema(required = true, schema_with = decisions)]
    action: String,
    /// The review's id.
    #[schema(required = true, nullable = false)]
    id: Option<Id>,
    /// Required to disapprove: a key of `GET /api/review/reasons`.
    #[schema(schema_with = reasons::key_or_null_schema)]
    reason: Option<String>,
    /// An optional note to the author (at most 500 characters); required when the reason is 'other'.
    note: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Decision {
    #[serde(rename = "_id")]
    id: String,
    actioned: bool,
    approved: bool,
    /// Why it is not published; null when approved.
    refusal: Option<reasons::Refusal>,
}

/// Approves or disapproves a review (a disapproval needs a reason of the list, told to the
/// author with the note); a changed decision updates the counters and tells the author. A review
/// an open legal complaint keeps hidden cannot be approved (409).
#[utoipa::path(post, path = "/review/approvedisapprove", tag = "moderation", security(("session" = [])), request_body = DecisionBody, responses(
    (status = 200, body = Decision), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]),
    (status = 409, description = "A legal complaint keeps the review hidden", body = [ErrorItem])))]
pub async fn approve_disapprove(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<DecisionBody>,
) -> AppResult<Json<Decision>> {
    let action = vocabulary::parse_word(&body.action, "action")?;
    let refusal = match action {
        DecisionAction::Approve => {
            reasons::unneeded(body.reason.as_deref(), "reason")?;
            None
        }
        DecisionAction::Disapprove => Some(reasons::choose(
            body.reason.as_deref(),
            body.note.as_deref(),
            "reason",
            "note",
        )?),
    };
    let approve = refusal.is_none();
    let Id(id) = required(body.id, "id")?;
    let settings = settings.clone();
    let chosen = refusal.clone();
    let mailed = db
        .write(move |tx| store::decide(tx, &settings, id, chosen.as_ref(), admin.id))
        .await?
        .ok_or_else(|| AppError::NotFound(REVIEW_NOT_FOUND.into()))?;
    if mailed {
        outbox.wake();
    }
    Ok(Json(Decision {
        id: id.to_string(),
        actioned: true,
        approved: approve,
        refusal: refusal.as_ref().map(reasons::Refusal::from),
    }))
}

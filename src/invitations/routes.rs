//! The invitation calls: a provider's history and a sending (its representative; the history
//! also for admins), an invitation's page, its acceptance and its refusal (no login: the link
//! is the credential), and a pair's invited share (public).

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
    response::Response,
};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::{
    DAILY_LIMIT, DAY,
    model::{Batch, Invitation, InvitedShare},
    rules::{self, PROVIDER_NOT_FOUND, REFUSED, Sending},
    store,
};
use crate::{
    auth::AuthUser,
    cache::Cached,
    config::Settings,
    dates::unix_now,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::path_id,
    limits::{self, ClientIp, Limits},
    mail::outbox::Outbox,
};

pub const OFFERING_REQUIRED: &str = "Choose the course you invite its students to review";
pub const FROM_REQUIRED: &str = "Enter the first month of the period you invite";
pub const TO_REQUIRED: &str = "Enter the last month of the period you invite";
pub const PERIOD_ORDER: &str = "The period must end in or after the month it starts";
pub const PERIOD_FUTURE: &str = "The period cannot end after this month";
pub const ATTEST_REQUIRED: &str =
    "Please confirm that you invite everyone who finished or left the course in this period";
pub const ADDRESSES_REQUIRED: &str = "Paste or upload at least one email address";
pub const TOO_MANY_LINES: &str = "A list can have at most 2000 lines";
const MAX_LINES: usize = 2000;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct History {
    provider_name: String,
    /// Invitations the provider may send in any 24 hours.
    daily_limit: i64,
    /// How many it may still send now.
    remaining_today: i64,
    /// Its sendings, newest first.
    batches: Vec<Batch>,
}

/// A provider's invitation history: every sending with its period, attestation and count.
/// For its approved representative and admins.
#[utoipa::path(get, path = "/providers/{_id}/invitations", tag = "invitations", security(("session" = [])),
    params(("_id" = String, Path, description = "The provider's id")), responses(
    (status = 200, body = History), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]),
    (status = 404, body = [ErrorItem])))]
pub async fn history(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<History>> {
    let provider = path_id(&id, PROVIDER_NOT_FOUND)?;
    let now = unix_now();
    Ok(Json(
        db.read(move |conn| {
            rules::may_see_history(conn, &user, provider)?;
            Ok::<_, AppError>(History {
                provider_name: store::provider_name(conn, provider)?.unwrap_or_default(),
                daily_limit: DAILY_LIMIT,
                remaining_today: (DAILY_LIMIT - store::sent_since(conn, provider, now - DAY)?)
                    .max(0),
                batches: store::batches(conn, provider)?,
            })
        })
        .await?,
    ))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct SendBody {
    /// The offering (of the caller's provider) whose students are invited.
    #[schema(required = true)]
    offering_id: String,
    /// The period's first month, 'YYYY-MM'.
    #[schema(required = true, pattern = r"^\d{4}-\d{2}$")]
    period_from: String,
    /// The period's last month, 'YYYY-MM', not after this month.
    #[schema(required = true, pattern = r"^\d{4}-\d{2}$")]
    period_to: String,
    /// The representative attests that they invite everyone who finished or left the course
    /// in the period, not a selection.
    #[schema(required = true)]
    attested: bool,
    /// One address a line, or a CSV's text (the first field with an '@' of each line).
    #[schema(required = true)]
    addresses: String,
}

/// A month 'YYYY-MM' from 1900 on.
fn month(text: &str) -> Option<String> {
    let (year, month) = text.trim().split_once('-')?;
    let (year, month) = (year.parse::<i32>().ok()?, month.parse::<u8>().ok()?);
    ((1900..=9999).contains(&year) && (1..=12).contains(&month))
        .then(|| format!("{year:04}-{month:02}"))
}

fn check(body: SendBody, this_month: &str) -> Result<Sending, AppError> {
    let mut errors = Vec::new();
    let offering = body
        .offering_id
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0);
    if offering.is_none() {
        errors.push(ErrorItem::field("offeringId", OFFERING_REQUIRED));
    }
    let from = month(&body.period_from);
    let to = month(&body.period_to);
    if from.is_none() {
        errors.push(ErrorItem::field("periodFrom", FROM_REQUIRED));
    }
    match (&from, &to) {
        (_, None) => errors.push(ErrorItem::field("periodTo", TO_REQUIRED)),
        (Some(from), Some(to)) if to < from => {
            errors.push(ErrorItem::field("periodTo", PERIOD_ORDER))
        }
        (_, Some(to)) if to.as_str() > this_month => {
            errors.push(ErrorItem::field("periodTo", PERIOD_FUTURE))
        }
        _ => {}
    }
    if !body.attested {
        errors.push(ErrorItem::field("attested", ATTEST_REQUIRED));
    }
    if body.addresses.trim().is_empty() {
        errors.push(ErrorItem::field("addresses", ADDRESSES_REQUIRED));
    } else if body.addresses.lines().count() > MAX_LINES {
        errors.push(ErrorItem::field("addresses", TOO_MANY_LINES));
    }
    match (offering, from, to, errors.is_empty()) {
        (Some(offering), Some(from), Some(to), true) => Ok(Sending {
            offering,
            period: (from, to),
            list: body.addresses,
        }),
        _ => Err(AppError::Validation(errors)),
    }
}

fn this_month() -> String {
    let now = OffsetDateTime::now_utc();
    format!("{:04}-{:02}", now.year(), u8::from(now.month()))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sent {
    msg: String,
    sent: i64,
    /// Each line not sent, with its reason ('Line 3: ...'), in the error shape.
    not_sent: Vec<ErrorItem>,
}

/// Sends invitations to the students of one of the provider's courses, for its approved
/// representative, after the attestation: each address valid, new for this course, not
/// refused and within the day's limit is mailed; every other line is reported and not sent.
#[utoipa::path(post, path = "/providers/{_id}/invitations", tag = "invitations", security(("session" = [])),
    params(("_id" = String, Path, description = "The provider's id")), request_body = SendBody, responses(
    (status = 201, body = Sent),
    (status = 400, description = "A field is missing or wrong, or no line could be sent (each line's reason is listed)", body = [ErrorItem]),
    (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]),
    (status = 429, description = "Too many sendings from this address or this representative", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed")))))]
// The extractors are the call's inputs; bundling them would only hide what it needs.
#[allow(clippy::too_many_arguments)]
pub async fn send(
    State(db): State<Db>,
    State(settings): State<Arc<Settings>>,
    State(outbox): State<Outbox>,
    State(limits): State<Arc<Limits>>,
    ClientIp(ip): ClientIp,
    AuthUser(user): AuthUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<SendBody>,
) -> AppResult<(StatusCode, Json<Sent>)> {
    let provider = path_id(&id, PROVIDER_NOT_FOUND)?;
    // Who may comes before what was sent, so a stranger learns nothing from the messages.
    let who = user.clone();
    db.read(move |conn| rules::representative(conn, &who, provider))
        .await?;
    let sending = check(body, &this_month())?;
    limits::check(&limits.invitations, &ip)?;
    limits::check(&limits.invitations_per_account, &user.id)?;
    let outcome = db
        .write(move |tx| rules::send(tx, &settings, &user, provider, &sending, unix_now()))
        .await?;
    outbox.wake();
    let msg = match outcome.sent {
        1 => "1 invitation sent.".to_owned(),
        n => format!("{n} invitations sent."),
    };
    Ok((
        StatusCode::CREATED,
        Json(Sent {
            msg,
            sent: outcome.sent,
            not_sent: outcome.not_sent,
        }),
    ))
}

/// What an invitation link offers: the course and provider to review, while it can be used.
/// No login needed; a used, expired or unknown link is refused in plain words.
#[utoipa::path(get, path = "/invitations/{token}", tag = "invitations",
    params(("token" = String, Path, description = "The link's token")), responses(
    (status = 200, body = Invitation), (status = 404, body = [ErrorItem]),
    (status = 409, description = "Used or expired", body = [ErrorItem])))]
pub async fn open(State(db): State<Db>, Path(token): Path<String>) -> AppResult<Json<Invitation>> {
    Ok(Json(
        db.read(move |conn| rules::open(conn, &token, unix_now()))
            .await?,
    ))
}

/// Uses an invitation for the logged-in account, whose email must be the invited address; its
/// review of the pair will carry 'Invited by the provider'.
#[utoipa::path(post, path = "/invitations/{token}/accept", tag = "invitations", security(("session" = [])),
    params(("token" = String, Path, description = "The link's token")), responses(
    (status = 200, body = Invitation), (status = 401, body = [ErrorItem]),
    (status = 403, description = "Another address's link, or an account that cannot review", body = [ErrorItem]),
    (status = 404, body = [ErrorItem]),
    (status = 409, description = "Used, expired, or the pair already reviewed", body = [ErrorItem])))]
pub async fn accept(
    State(db): State<Db>,
    State(settings): State<Arc<Settings>>,
    AuthUser(user): AuthUser,
    Path(token): Path<String>,
) -> AppResult<Json<Invitation>> {
    Ok(Json(
        db.write(move |tx| rules::accept(tx, &settings, &user, &token, unix_now()))
            .await?,
    ))
}

#[derive(Serialize, ToSchema)]
pub struct Refused {
    msg: &'static str,
}

/// Refuses every further invitation to the link's address: the page's button and RFC 8058's
/// one-click POST (`List-Unsubscribe`). No login; works for a used or expired link too.
#[utoipa::path(post, path = "/invitations/{token}/refuse", tag = "invitations",
    params(("token" = String, Path, description = "The link's token")), responses(
    (status = 200, body = Refused), (status = 404, body = [ErrorItem])))]
pub async fn refuse(State(db): State<Db>, Path(token): Path<String>) -> AppResult<Json<Refused>> {
    db.write(move |tx| rules::refuse(tx, &token, unix_now()))
        .await?;
    Ok(Json(Refused { msg: REFUSED }))
}

/// Of a pair's published reviews, how many came through an invitation, with the periods its
/// provider attested. Public.
#[utoipa::path(get, path = "/offering-invitations/{course}/{provider}", tag = "invitations",
    params(("course" = String, Path, description = "The course's id"), ("provider" = String, Path, description = "The provider's id")),
    responses((status = 200, body = InvitedShare), (status = 304, description = "Not modified"),
    (status = 404, body = [ErrorItem])))]
pub async fn share(
    State(db): State<Db>,
    cached: Cached,
    Path((course, provider)): Path<(String, String)>,
) -> AppResult<Response> {
    const NOT_FOUND: &str = "Course offering not found";
    let (course, provider) = (path_id(&course, NOT_FOUND)?, path_id(&provider, NOT_FOUND)?);
    cached
        .public(
            format!("invitedshare {course} {provider}"),
            db.read(move |conn| store::pair_share(conn, course, provider)),
        )
        .await
}

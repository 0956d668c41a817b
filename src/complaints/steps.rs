//! The admin page 'Complaints': the open (or latest closed) complaints with the days left of
//! the seven, their count for the menu, and the steps an admin records: hide while considered,
//! ask the author to respond within a period, keep with a reason, remove with a reason. Each
//! step is stored with its time and mailed in its transaction.

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    DAY, DAYS_TO_ACT, URGENT_FROM_DAY,
    mails::{self, long_date},
    model::{Complaint, OnBehalf, Part, Status, Step, StepKind},
    reference, store,
};
use crate::{
    auth::AdminUser,
    config::Settings,
    dates::{iso_date, unix_now},
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{Id, multi_line, path_id},
    mail::outbox::Outbox,
    vocabulary::{self, vocabulary},
};

pub const NOT_FOUND: &str = "Complaint not found";
pub const CLOSED: &str = "This complaint is closed.";
pub const ALREADY_HIDDEN: &str = "It is already hidden.";
pub const ALREADY_ASKED: &str = "The author has already been asked to respond.";
pub const NO_AUTHOR: &str = "Its author can no longer be reached.";
pub const REASON_REQUIRED: &str = "Give a reason";
pub const DAYS_RANGE: &str = "Give the author between 1 and 28 days to respond";
const REASON_LIMIT: usize = 1000;

#[derive(Deserialize, IntoParams, Default)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// 'closed' for the 50 latest closed complaints; the open ones otherwise.
    status: Option<String>,
}

fn statuses() -> utoipa::openapi::Object {
    vocabulary::schema::<Status>(false)
}

fn parts() -> utoipa::openapi::Object {
    vocabulary::schema::<Part>(false)
}

fn on_behalf() -> utoipa::openapi::Object {
    vocabulary::schema::<OnBehalf>(false)
}

/// A complaint as the admin page shows it: the clock, the complainant, what they say, what it
/// is about (with its author, whom the complainant never sees) and every step.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminComplaint {
    #[serde(rename = "_id")]
    id: Id,
    reference: String,
    #[schema(schema_with = statuses)]
    status: Status,
    #[schema(schema_with = parts)]
    part: Part,
    /// Whether what is complained of is hidden by this complaint.
    hidden: bool,
    /// ISO 8601, UTC.
    received_at: String,
    /// The day of the seven it is (the first day is 1); past 7 the complaint is overdue.
    day: i64,
    /// Whole days left of the seven (0 or less when overdue).
    days_left: i64,
    /// Whether the clock is shown in red (from day 5).
    urgent: bool,
    /// ISO 8601, UTC: the end of the seventh day.
    due_at: String,
    name: String,
    email: String,
    #[schema(schema_with = on_behalf)]
    on_behalf: OnBehalf,
    organisation: Option<String>,
    link: String,
    words: String,
    imputations: String,
    harm: String,
    review_id: Option<Id>,
    review_title: Option<String>,
    review_comment: Option<String>,
    reply_text: Option<String>,
    course_name: Option<String>,
    provider_name: Option<String>,
    /// Who wrote what is complained of; never shown to the complainant.
    author_name: Option<String>,
    author_email: Option<String>,
    response_due_at: Option<String>,
    response: Option<String>,
    responded_at: Option<String>,
    closed_at: Option<String>,
    steps: Vec<Step>,
}

/// The day of the seven and the days left, at `now`.
pub fn clock(created_at: i64, now: i64) -> (i64, i64) {
    let elapsed = (now - created_at).max(0);
    let day = elapsed / DAY + 1;
    (day, DAYS_TO_ACT - day + 1)
}

fn admin_view(complaint: Complaint, steps: Vec<Step>, now: i64) -> AdminComplaint {
    let (day, days_left) = clock(complaint.created_at, now);
    AdminComplaint {
        id: Id(complaint.id),
        reference: reference(complaint.id),
        status: complaint.status,
        part: complaint.part,
        hidden: complaint.hidden,
        received_at: iso_date(complaint.created_at),
        day,
        days_left,
        urgent: day >= URGENT_FROM_DAY,
        due_at: iso_date(complaint.created_at + DAYS_TO_ACT * DAY),
        name: complaint.name,
        email: complaint.email,
        on_behalf: complaint.on_behalf,
        organisation: complaint.organisation,
        link: complaint.link,
        words: complaint.words,
        imputations: complaint.imputations,
        harm: complaint.harm,
        review_id: complaint.review_id.map(Id),
        review_title: complaint.review_title,
        review_comment: complaint.review_comment,
        reply_text: complaint.reply_text,
        course_name: complaint.course_name,
        provider_name: complaint.provider_name,
        author_name: complaint
            .author
            .as_ref()
            .map(|a| format!("{} {}", a.first_name, a.last_name)),
        author_email: complaint.author.map(|a| a.email),
        response_due_at: complaint.response_due_at.map(iso_date),
        response: complaint.response,
        responded_at: complaint.responded_at.map(iso_date),
        closed_at: complaint.closed_at.map(iso_date),
        steps,
    }
}

/// The open complaints, the least time left first, or (`status=closed`) the 50 latest closed.
#[utoipa::path(get, path = "/admin/complaints", tag = "complaints", security(("session" = [])), params(ListQuery), responses(
    (status = 200, body = [AdminComplaint]), (status = 400, body = [ErrorItem]),
    (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn list(
    State(db): State<Db>,
    _admin: AdminUser,
    Query(query): Query<ListQuery>,
) -> AppResult<Json<Vec<AdminComplaint>>> {
    let open = match query.status.as_deref() {
        None | Some("open") => true,
        Some("closed") => false,
        Some(_) => {
            return Err(AppError::invalid(
                Some("status"),
                "status must be 'open' or 'closed'",
            ));
        }
    };
    let now = unix_now();
    let views = db
        .read(move |conn| {
            let complaints = store::list(conn, open)?;
            let ids: Vec<i64> = complaints.iter().map(|c| c.id).collect();
            let mut steps = store::steps_of(conn, &ids)?;
            Ok::<_, rusqlite::Error>(
                complaints
                    .into_iter()
                    .map(|c| {
                        let own = steps.remove(&c.id).unwrap_or_default();
                        admin_view(c, own, now)
                    })
                    .collect::<Vec<_>>(),
            )
        })
        .await?;
    Ok(Json(views))
}

/// How many complaints are open (the admin menu's badge).
#[utoipa::path(get, path = "/admin/complaints/open-count", tag = "complaints", security(("session" = [])), responses(
    (status = 200, body = i64, content_type = "application/json"), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn open_count(State(db): State<Db>, _admin: AdminUser) -> AppResult<Json<i64>> {
    Ok(Json(db.read(store::open_count).await?))
}

vocabulary! {
    /// What an admin does with a complaint.
    pub enum Action {
        Hide = "hide",
        AskAuthor = "ask-author",
        Keep = "keep",
        Remove = "remove",
    }
}

fn actions() -> utoipa::openapi::Object {
    vocabulary::schema::<Action>(false)
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct StepBody {
    /// 'hide', 'ask-author', 'keep' or 'remove'.
    #[schema(required = true, schema_with = actions)]
    action: String,
    /// With 'keep' and 'remove', required: the reason, which the complainant and the author read.
    reason: Option<String>,
    /// With 'ask-author', required: the days the author has to respond (1 to 28).
    #[schema(minimum = 1, maximum = 28)]
    days: Option<i64>,
}

/// A checked step.
enum Taken {
    Hide,
    AskAuthor { days: i64 },
    Keep { reason: String },
    Remove { reason: String },
}

fn check(body: StepBody) -> AppResult<Taken> {
    let action = vocabulary::parse_word::<Action>(&body.action, "action")?;
    let reason = || -> AppResult<String> {
        let reason = multi_line(body.reason.as_deref().unwrap_or_default())
            .trim()
            .to_owned();
        if reason.is_empty() {
            return Err(AppError::invalid(Some("reason"), REASON_REQUIRED));
        }
        if reason.chars().count() > REASON_LIMIT {
            return Err(AppError::invalid(
                Some("reason"),
                format!("The reason must not be longer than {REASON_LIMIT} characters"),
            ));
        }
        Ok(reason)
    };
    Ok(match action {
        Action::Hide => Taken::Hide,
        Action::AskAuthor => match body.days {
            Some(days @ 1..=28) => Taken::AskAuthor { days },
            _ => return Err(AppError::invalid(Some("days"), DAYS_RANGE)),
        },
        Action::Keep => Taken::Keep { reason: reason()? },
        Action::Remove => Taken::Remove { reason: reason()? },
    })
}

/// Records a step of an open complaint and mails it: hide while considered, ask the author to
/// respond within `days`, keep or remove with a reason (which closes it).
#[utoipa::path(post, path = "/admin/complaints/{_id}/steps", tag = "complaints", security(("session" = [])),
    params(("_id" = String, Path, description = "The complaint's id")), request_body = StepBody, responses(
    (status = 200, body = AdminComplaint), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 404, body = [ErrorItem]), (status = 409, body = [ErrorItem])))]
pub async fn take(
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    AdminUser(admin): AdminUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<StepBody>,
) -> AppResult<Json<AdminComplaint>> {
    let id = path_id(&id, NOT_FOUND)?;
    let taken = check(body)?;
    let view = db
        .write(move |tx| -> AppResult<AdminComplaint> {
            let complaint =
                store::one(tx, id)?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
            if complaint.status != Status::Open {
                return Err(AppError::Conflict(ErrorItem::new(CLOSED)));
            }
            record(tx, &settings, &complaint, &taken, admin.id)?;
            let complaint =
                store::one(tx, id)?.ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
            let steps = store::steps_of(tx, &[id])?.remove(&id).unwrap_or_default();
            Ok(admin_view(complaint, steps, unix_now()))
        })
        .await?;
    outbox.wake();
    Ok(Json(view))
}

fn record(
    tx: &rusqlite::Transaction,
    settings: &Settings,
    complaint: &Complaint,
    taken: &Taken,
    admin: i64,
) -> AppResult<()> {
    let author = complaint.author.as_ref();
    let it = match complaint.part {
        Part::Review => "the review",
        Part::Reply => "the reply",
    };
    match taken {
        Taken::Hide => {
            if complaint.hidden {
                return Err(AppError::Conflict(ErrorItem::new(ALREADY_HIDDEN)));
            }
            store::hide(tx, complaint)?;
            store::add_step(tx, complaint.id, StepKind::Hidden, None, Some(admin))?;
            let step = format!("We have hidden {it} while we consider the complaint.");
            mails::tell_complainant(tx, settings, complaint, &step)?;
            if let Some(author) = author {
                mails::tell_author(tx, settings, complaint, author, &step, false)?;
            }
        }
        Taken::AskAuthor { days } => {
            let Some(author) = author else {
                return Err(AppError::Conflict(ErrorItem::new(NO_AUTHOR)));
            };
            if complaint.response_due_at.is_some() {
                return Err(AppError::Conflict(ErrorItem::new(ALREADY_ASKED)));
            }
            let due = unix_now() + days * DAY;
            store::ask_author(tx, complaint.id, due)?;
            let note = format!("{days} days, until {}", long_date(due));
            store::add_step(
                tx,
                complaint.id,
                StepKind::AskedAuthor,
                Some(&note),
                Some(admin),
            )?;
            mails::tell_complainant(
                tx,
                settings,
                complaint,
                &format!(
                    "We have asked the author of {it} to respond by {}.",
                    long_date(due)
                ),
            )?;
            mails::tell_author(
                tx,
                settings,
                complaint,
                author,
                &format!(
                    "Please tell us your side by {}: you can respond from your profile.",
                    long_date(due)
                ),
                true,
            )?;
        }
        Taken::Keep { reason } => {
            if complaint.hidden {
                store::restore(tx, complaint)?;
            }
            store::close(tx, complaint.id, Status::Kept)?;
            store::add_step(tx, complaint.id, StepKind::Kept, Some(reason), Some(admin))?;
            let step = format!("We have decided to keep {it} published. Reason: {reason}");
            mails::tell_complainant(tx, settings, complaint, &step)?;
            if let Some(author) =
                author.filter(|_| complaint.hidden || complaint.response_due_at.is_some())
            {
                mails::tell_author(tx, settings, complaint, author, &step, false)?;
            }
        }
        Taken::Remove { reason } => {
            store::remove(
                tx,
                complaint,
                &format!("Removed after a legal complaint: {reason}"),
            )?;
            store::close(tx, complaint.id, Status::Removed)?;
            store::add_step(
                tx,
                complaint.id,
                StepKind::Removed,
                Some(reason),
                Some(admin),
            )?;
            let step = format!("We have removed {it}. Reason: {reason}");
            mails::tell_complainant(tx, settings, complaint, &step)?;
            if let Some(author) = author {
                let step = match complaint.part {
                    Part::Review => step,
                    Part::Reply => format!("{step} You can write a new reply to the review."),
                };
                mails::tell_author(tx, settings, complaint, author, &step, false)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_seven_days_from_receipt() {
        let at = 1_000_000;
        assert_eq!(clock(at, at), (1, 7));
        assert_eq!(clock(at, at + DAY - 1), (1, 7));
        assert_eq!(clock(at, at + 4 * DAY), (5, 3));
        assert_eq!(clock(at, at + 7 * DAY), (8, 0));
    }
}

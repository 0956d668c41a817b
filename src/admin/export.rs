//! Export CSV (DESIGN decision 13): `POST /api/admin/exportcsv` answers a one-time link valid
//! for five minutes; following it streams every review as CSV, row by row from SQLite, so a
//! million reviews never sit in memory. Cells that a spreadsheet would run as a formula are
//! defused with a leading apostrophe.

use std::io::{self, Write};

use axum::{
    Json,
    body::{Body, Bytes},
    extract::{Path, State},
    http::header,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use time::OffsetDateTime;
use tokio::sync::mpsc;
use utoipa::ToSchema;

use super::store::{self, ExportedReview};
use crate::{
    accounts::tokens::{self, Purpose},
    auth::AdminUser,
    dates::iso_date,
    db::Db,
    error::{AppError, AppResult, ErrorItem},
    moderation::reasons,
    reviews::{model::status, questions::ReviewerType},
};

pub const LINK_EXPIRED: &str = "This download link has expired. Export the CSV again.";
const FIXED_COLUMNS: [&str; 17] = [
    "id",
    "created",
    "decided",
    "status",
    "userType",
    "firstName",
    "lastName",
    "email",
    "courseCode",
    "courseName",
    "provider",
    "score",
    "title",
    "comment",
    "incentivised",
    "reason",
    "moderatorNote",
];
/// Bytes gathered before a chunk goes to the client.
const CHUNK: usize = 64 * 1024;

#[derive(Serialize, ToSchema)]
pub struct ExportLink {
    /// A one-time download, valid for five minutes.
    url: String,
}

/// A one-time link to the CSV of every review.
#[utoipa::path(post, path = "/admin/exportcsv", tag = "admin", security(("session" = [])), responses(
    (status = 200, body = ExportLink), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn link(
    State(db): State<Db>,
    AdminUser(admin): AdminUser,
) -> AppResult<Json<ExportLink>> {
    let token = db
        .write(move |tx| tokens::issue(tx, Purpose::Export, admin.id, None))
        .await?;
    Ok(Json(ExportLink {
        url: format!("/api/admin/exportcsv/{token}"),
    }))
}

/// The CSV of every review, once per link (the link is the credential).
#[utoipa::path(get, path = "/admin/exportcsv/{token}", tag = "admin",
    params(("token" = String, Path, description = "The token of the link that POST /admin/exportcsv answered")),
    responses((status = 200, content_type = "text/csv", body = String), (status = 404, body = [ErrorItem])))]
pub async fn download(State(db): State<Db>, Path(token): Path<String>) -> AppResult<Response> {
    let used = db
        .write(move |tx| tokens::consume(tx, Purpose::Export, &token))
        .await?;
    if used.is_none() {
        return Err(AppError::NotFound(LINK_EXPIRED.into()));
    }
    let (sender, mut receiver) = mpsc::channel::<io::Result<Bytes>>(4);
    let db = db.clone();
    tokio::spawn(async move {
        let failed = sender.clone();
        let written = db
            .read(move |conn| write_csv(conn, ChannelWriter::new(sender)))
            .await;
        if let Err(error) = written {
            tracing::error!(?error, "the CSV export stopped");
            // The client sees a broken download rather than a short file that looks whole.
            let _ = failed
                .send(Err(io::Error::other("the export failed")))
                .await;
        }
    });
    let body = Body::from_stream(futures_util::stream::poll_fn(move |cx| {
        receiver.poll_recv(cx)
    }));
    let day = OffsetDateTime::now_utc().date();
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"coursesource-reviews-{day}.csv\""),
            ),
        ],
        body,
    )
        .into_response())
}

/// Every question slug of both flows, follow-ups included, each once, in form order.
fn question_slugs() -> Vec<&'static str> {
    let mut slugs = Vec::new();
    for reviewer in [ReviewerType::Student, ReviewerType::Employer] {
        for question in reviewer.questions() {
            let follow_ups = question.sub_questions.iter().map(|sub| sub.slug);
            for slug in std::iter::once(question.slug).chain(follow_ups) {
                if !slugs.contains(&slug) {
                    slugs.push(slug);
                }
            }
        }
    }
    slugs
}

fn write_csv(conn: &rusqlite::Connection, out: impl Write) -> Result<(), AppError> {
    let slugs = question_slugs();
    // Every cell quoted (OWASP's CSV injection guidance): a separator inside a cell can never
    // start a new cell, whichever separator the spreadsheet's locale uses.
    let mut csv = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::Always)
        .from_writer(out);
    csv.write_record(FIXED_COLUMNS.iter().chain(&slugs))
        .map_err(anyhow::Error::from)?;
    let mut failure = None;
    store::each_review(conn, |review| {
        match csv.write_record(row(&review, &slugs)) {
            Ok(()) => true,
            Err(error) => {
                failure = Some(error);
                false
            }
        }
    })?;
    if let Some(error) = failure {
        return Err(anyhow::Error::from(error).into());
    }
    csv.flush().map_err(anyhow::Error::from)?;
    Ok(())
}

fn row(review: &ExportedReview, slugs: &[&str]) -> Vec<String> {
    let answers: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&review.answers).unwrap_or_default();
    let answer = |slug: &str| match answers.get(slug) {
        Some(serde_json::Value::String(text)) => text.clone(),
        Some(serde_json::Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    };
    let score = review.score_halves as f64 / 2.0;
    let fixed = [
        review.id.to_string(),
        iso_date(review.created_at),
        review.actioned_at.map(iso_date).unwrap_or_default(),
        status(review.actioned, review.approved).to_owned(),
        review.user_type.clone(),
        review.first_name.clone(),
        review.last_name.clone(),
        review.email.clone(),
        review.course_code.clone(),
        review.course_name.clone(),
        review.provider.clone(),
        score.to_string(),
        review.title.clone(),
        review.comment.clone(),
        if review.incentivised { "yes" } else { "no" }.to_owned(),
        review
            .decision_reason
            .as_deref()
            .map(reasons::label)
            .unwrap_or_default()
            .to_owned(),
        review.decision_note.clone().unwrap_or_default(),
    ];
    fixed
        .into_iter()
        .chain(slugs.iter().map(|slug| answer(slug)))
        .map(defuse)
        .collect()
}

/// A cell a spreadsheet would read as a formula, or that starts with a control character or a
/// list separator that could hide one, gets a leading apostrophe, so it is shown as text and
/// never run (OWASP's CSV injection guidance; the full-width signs some spreadsheets read too).
fn defuse(cell: String) -> String {
    match cell.chars().next() {
        Some(
            '=' | '+' | '-' | '@' | '\t' | '\r' | '\n' | '\0' | ';' | ',' | '|' | '＝' | '＋'
            | '－' | '＠',
        ) => format!("'{cell}"),
        _ => cell,
    }
}

/// Hands the CSV to the response body in chunks; stops the export when the client has gone.
struct ChannelWriter {
    sender: mpsc::Sender<io::Result<Bytes>>,
    buffer: Vec<u8>,
}

impl ChannelWriter {
    fn new(sender: mpsc::Sender<io::Result<Bytes>>) -> Self {
        Self {
            sender,
            buffer: Vec::with_capacity(CHUNK),
        }
    }

    fn send_buffer(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::replace(
            &mut self.buffer,
            Vec::with_capacity(CHUNK),
        ));
        self.sender
            .blocking_send(Ok(chunk))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the download was cancelled"))
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= CHUNK {
            self.send_buffer()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.send_buffer()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_defused_and_plain_text_is_kept() {
        for risky in [
            "=SUM(A1)", "+61", "-1", "@cmd", "\tx", "\rx", "\nx", ";=1+1", ",=1", "|x", "＝1+1",
        ] {
            assert_eq!(defuse(risky.into()), format!("'{risky}"));
        }
        for plain in ["Great course", "", "4.5", "a=b"] {
            assert_eq!(defuse(plain.into()), plain);
        }
    }

    #[test]
    fn every_question_has_one_column() {
        let slugs = question_slugs();
        assert!(slugs.contains(&"completedCourse") && slugs.contains(&"metYourExpectations"));
        assert!(slugs.contains(&"notCompletedBecauseOther"));
        let mut unique = slugs.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), slugs.len());
    }
}

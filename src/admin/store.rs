//! The admin area's SQL: description edits, finding a user by email, and reading every
//! review for the CSV export one row at a time.

use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    catalog::{self, model::ContentItem},
    fields::Id,
    reviews::model::picture,
};

/// What an admin may describe: each kind's table and description column.
#[derive(Debug, Clone, Copy)]
pub enum Described {
    Industry,
    Career,
    Course,
}

impl Described {
    fn table(self) -> &'static str {
        match self {
            Self::Industry => "industries",
            Self::Career => "careers",
            Self::Course => "courses",
        }
    }

    /// Careers keep HTML copy; industries and courses plain text.
    fn column(self) -> &'static str {
        match self {
            Self::Career => "copy_html",
            Self::Industry | Self::Course => "copy",
        }
    }
}

/// Stores a new description and answers the item as the editing lists show it; `None` when
/// there is no such item.
pub fn update_description(
    tx: &Transaction,
    kind: Described,
    id: i64,
    description: &str,
) -> rusqlite::Result<Option<ContentItem>> {
    let (table, column) = (kind.table(), kind.column());
    let code = match kind {
        Described::Course => "code",
        Described::Industry | Described::Career => "NULL",
    };
    tx.query_row(
        &format!("UPDATE {table} SET {column} = ?2 WHERE id = ?1 RETURNING id, slug, name, {column}, {code}"),
        params![id, description],
        |row| {
            Ok(ContentItem {
                id: catalog::model::id_string(row.get(0)?),
                slug: row.get(1)?,
                name: row.get(2)?,
                copy: row.get(3)?,
                course_code: row.get(4)?,
            })
        },
    )
    .optional()
}

/// A user as the admin's Search Users page shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoundUser {
    #[serde(rename = "_id")]
    pub id: Id,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub gender: String,
    pub user_type: String,
    /// The chosen default avatar's number (as `GET /api/userinfo` answers it).
    pub avatar: i64,
    /// The uploaded picture's file name, if any (as `GET /api/userinfo` answers it).
    pub profile_image: Option<String>,
    /// What to show: the uploaded picture's address, else the default avatar's.
    pub picture: String,
    pub business_name: Option<String>,
    pub abn: Option<String>,
    pub is_admin: bool,
}

fn found_user(row: &Row) -> rusqlite::Result<FoundUser> {
    let user_type: String = row.get("user_type")?;
    let avatar: i64 = row.get("avatar")?;
    let profile_image: Option<String> = row.get("profile_image")?;
    Ok(FoundUser {
        picture: picture(&user_type, avatar, profile_image.as_deref()),
        id: row.get("id")?,
        first_name: row.get("first_name")?,
        last_name: row.get("last_name")?,
        email: row.get("email")?,
        gender: row.get("gender")?,
        avatar,
        profile_image,
        user_type,
        business_name: row.get("business_name")?,
        abn: row.get("abn")?,
        is_admin: row.get("is_admin")?,
    })
}

/// The user with this (normalised) email.
pub fn user_by_email(conn: &Connection, email: &str) -> rusqlite::Result<Option<FoundUser>> {
    conn.query_row(
        "SELECT id, first_name, last_name, email, gender, user_type, avatar, profile_image,
                business_name, abn, is_admin
         FROM users WHERE email = ?1",
        [email],
        found_user,
    )
    .optional()
}

pub fn user_exists(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM users WHERE id = ?1)",
        [id],
        |row| row.get(0),
    )
}

/// One review as the CSV export writes it.
pub struct ExportedReview {
    pub id: i64,
    pub created_at: i64,
    pub actioned_at: Option<i64>,
    pub actioned: bool,
    pub approved: bool,
    pub user_type: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub course_code: String,
    pub course_name: String,
    pub provider: String,
    pub score_halves: i64,
    pub title: String,
    pub comment: String,
    /// The answers as stored: a JSON object of question slug to answer.
    pub answers: String,
    pub incentivised: bool,
    /// The key of the reason it was not published, if any.
    pub decision_reason: Option<String>,
    pub decision_note: Option<String>,
}

/// Calls `each` with every review, oldest first, without holding them all in memory; stops
/// early (and answers false) when `each` answers false.
pub fn each_review(
    conn: &Connection,
    mut each: impl FnMut(ExportedReview) -> bool,
) -> rusqlite::Result<bool> {
    let mut stmt = conn.prepare(
        "SELECT r.id, r.created_at, r.actioned_at, r.actioned, r.approved, r.user_type,
                u.first_name, u.last_name, u.email, c.code, c.name, p.name,
                r.score_halves, r.title, r.comment, r.answers,
                r.incentivised, r.decision_reason, r.decision_note
         FROM reviews r
         JOIN users u ON u.id = r.user_id
         JOIN courses c ON c.id = r.course_id
         JOIN providers p ON p.id = r.provider_id
         ORDER BY r.id",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let review = ExportedReview {
            id: row.get(0)?,
            created_at: row.get(1)?,
            actioned_at: row.get(2)?,
            actioned: row.get(3)?,
            approved: row.get(4)?,
            user_type: row.get(5)?,
            first_name: row.get(6)?,
            last_name: row.get(7)?,
            email: row.get(8)?,
            course_code: row.get(9)?,
            course_name: row.get(10)?,
            provider: row.get(11)?,
            score_halves: row.get(12)?,
            title: row.get(13)?,
            comment: row.get(14)?,
            answers: row.get(15)?,
            incentivised: row.get(16)?,
            decision_reason: row.get(17)?,
            decision_note: row.get(18)?,
        };
        if !each(review) {
            return Ok(false);
        }
    }
    Ok(true)
}

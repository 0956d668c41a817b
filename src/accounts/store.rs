//! Users in SQLite: the queries the accounts area needs, nothing HTTP-shaped.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

/// What an account needs when it is created.
pub struct NewUser<'a> {
    pub email: &'a str,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub gender: &'a str,
    pub user_type: &'a str,
    pub is_admin: bool,
    pub verified: bool,
    pub is_demo: bool,
}

pub fn insert(conn: &Connection, user: &NewUser) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type, is_admin, is_demo, verified_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, CASE WHEN ?9 THEN unixepoch() END)",
        params![
            user.email,
            user.password_hash,
            user.first_name,
            user.last_name,
            user.gender,
            user.user_type,
            user.is_admin,
            user.is_demo,
            user.verified
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The current user as the UI sees it (`GET /api/userinfo`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub gender: String,
    pub user_type: String,
    pub is_admin: bool,
    pub avatar: i64,
    pub profile_image: Option<String>,
    pub opt_in: bool,
    pub nick_name: Option<String>,
    pub date_of_birth: Option<String>,
    pub business_name: Option<String>,
    pub job_title: Option<String>,
    pub abn: Option<String>,
    pub has_favourites: bool,
}

impl UserInfo {
    fn from_row(row: &Row) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get::<_, i64>("id")?.to_string(),
            first_name: row.get("first_name")?,
            last_name: row.get("last_name")?,
            email: row.get("email")?,
            gender: row.get("gender")?,
            user_type: row.get("user_type")?,
            is_admin: row.get("is_admin")?,
            avatar: row.get("avatar")?,
            profile_image: row.get("profile_image")?,
            opt_in: row.get("opt_in")?,
            nick_name: row.get("nick_name")?,
            date_of_birth: row.get("date_of_birth")?,
            business_name: row.get("business_name")?,
            job_title: row.get("job_title")?,
            abn: row.get("abn")?,
            has_favourites: row.get("has_favourites")?,
        })
    }
}

pub fn user_info(conn: &Connection, user_id: i64) -> rusqlite::Result<UserInfo> {
    conn.query_row(
        "SELECT u.*, EXISTS (SELECT 1 FROM favourites f WHERE f.user_id = u.id) AS has_favourites
         FROM users u WHERE u.id = ?1",
        [user_id],
        UserInfo::from_row,
    )
}

/// What a login attempt checks.
pub struct LoginRecord {
    pub id: i64,
    pub password_hash: String,
    pub verified: bool,
    pub is_admin: bool,
    pub token_version: i64,
}

pub fn login_record(conn: &Connection, email: &str) -> rusqlite::Result<Option<LoginRecord>> {
    conn.query_row(
        "SELECT id, password_hash, verified_at IS NOT NULL, is_admin, token_version FROM users WHERE email = ?1",
        [email],
        |row| {
            Ok(LoginRecord {
                id: row.get(0)?,
                password_hash: row.get(1)?,
                verified: row.get(2)?,
                is_admin: row.get(3)?,
                token_version: row.get(4)?,
            })
        },
    )
    .optional()
}

/// Ends every session of the user (logout, password or email change).
pub fn bump_token_version(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.execute("UPDATE users SET token_version = token_version + 1 WHERE id = ?1", [user_id])?;
    Ok(())
}

/// Makes an existing, verified account an admin; false when there is no such account.
pub fn promote(conn: &Connection, email: &str) -> rusqlite::Result<bool> {
    let changed = conn.execute(
        "UPDATE users SET is_admin = 1, verified_at = COALESCE(verified_at, unixepoch()), updated_at = unixepoch()
         WHERE email = ?1",
        [email],
    )?;
    Ok(changed == 1)
}

pub fn email_exists(conn: &Connection, email: &str) -> rusqlite::Result<bool> {
    conn.query_row("SELECT EXISTS (SELECT 1 FROM users WHERE email = ?1)", [email], |row| row.get(0))
}

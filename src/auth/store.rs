//! The auth area's queries: who a session token belongs to, as stored now.

use rusqlite::{Connection, OptionalExtension};

use super::UserType;

/// The calling user as stored now.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: i64,
    pub is_admin: bool,
    pub user_type: UserType,
    pub token_version: i64,
}

/// The user a session names, with the role and token version stored now (so a demoted admin
/// or a logged-out token is refused); None when the account is gone or not verified (login
/// never gives an unverified account a session, so one that names it is not ours to honour).
pub fn session_user(conn: &Connection, user_id: i64) -> rusqlite::Result<Option<CurrentUser>> {
    conn.query_row(
        "SELECT id, is_admin, user_type, token_version FROM users WHERE id = ?1 AND verified_at IS NOT NULL",
        [user_id],
        |row| {
            Ok(CurrentUser {
                id: row.get(0)?,
                is_admin: row.get(1)?,
                user_type: row.get(2)?,
                token_version: row.get(3)?,
            })
        },
    )
    .optional()
}

//! Users in SQLite: the queries the accounts area needs (accounts, the privacy export,
//! notifications), nothing HTTP-shaped.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use serde_json::{Value, json};

use crate::auth::UserType;

/// What an account needs when it is created.
pub struct NewUser<'a> {
    pub email: &'a str,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub gender: &'a str,
    pub user_type: UserType,
    pub is_admin: bool,
    pub verified: bool,
    pub is_demo: bool,
}

pub fn insert(conn: &Connection, user: &NewUser) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type, is_admin, is_demo, verified_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, CASE WHEN ?9 THEN unixepoch() END)",
    )?
    .execute(params![
        user.email,
        user.password_hash,
        user.first_name,
        user.last_name,
        user.gender,
        user.user_type,
        user.is_admin,
        user.is_demo,
        user.verified
    ])?;
    Ok(conn.last_insert_rowid())
}

/// The current user as the UI sees it (`GET /api/userinfo`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    #[serde(rename = "_id")]
    pub id: String,
    pub email: String,
    #[schema(value_type = String)]
    pub user_type: UserType,
    pub is_admin: bool,
    pub profile_image: Option<String>,
    pub has_favourites: bool,
    #[serde(flatten)]
    pub profile: Profile,
}

impl UserInfo {
    fn from_row(row: &Row) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get::<_, i64>("id")?.to_string(),
            email: row.get("email")?,
            user_type: row.get("user_type")?,
            is_admin: row.get("is_admin")?,
            profile_image: row.get("profile_image")?,
            has_favourites: row.get("has_favourites")?,
            profile: Profile {
                first_name: row.get("first_name")?,
                last_name: row.get("last_name")?,
                gender: row.get("gender")?,
                avatar: row.get("avatar")?,
                opt_in: row.get("opt_in")?,
                nick_name: row.get("nick_name")?,
                date_of_birth: row.get("date_of_birth")?,
                business_name: row.get("business_name")?,
                job_title: row.get("job_title")?,
                abn: row.get("abn")?,
            },
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
    /// A `serve --demo` account (not a bench one), whose password is published: it logs in
    /// only in demo mode.
    pub is_demo: bool,
}

/// A `serve --demo` account, as an SQL condition: flagged, and its address ends in the demo's
/// domain (the demo's reviewers' `reviewers.demo.coursesource.local` too), in the form of V35's
/// index of a flagged address's last 23 characters.
macro_rules! demo_account {
    () => {
        "is_demo = 1 AND substr(email, -23) = 'demo.coursesource.local'"
    };
}

pub fn login_record(conn: &Connection, email: &str) -> rusqlite::Result<Option<LoginRecord>> {
    conn.query_row(
        concat!(
            "SELECT id, password_hash, verified_at IS NOT NULL, is_admin, token_version, ",
            demo_account!(),
            " FROM users WHERE email = ?1"
        ),
        [email],
        |row| {
            Ok(LoginRecord {
                id: row.get(0)?,
                password_hash: row.get(1)?,
                verified: row.get(2)?,
                is_admin: row.get(3)?,
                token_version: row.get(4)?,
                is_demo: row.get(5)?,
            })
        },
    )
    .optional()
}

/// Ends every session of the user (logout, password or email change).
pub fn bump_token_version(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET token_version = token_version + 1 WHERE id = ?1",
        [user_id],
    )?;
    Ok(())
}

/// Ends every session of the demo accounts: run at a start without `--demo`, so a session
/// from an earlier demo run (an admin's, with the published password) stops working too.
/// (Only `serve --demo`'s accounts, on its domain: the bench data set's generated accounts
/// have their own password and keep their sessions.)
pub fn end_demo_sessions(conn: &Connection) -> rusqlite::Result<usize> {
    conn.execute(END_DEMO_SESSIONS, [])
}

const END_DEMO_SESSIONS: &str = concat!(
    "UPDATE users SET token_version = token_version + 1 WHERE ",
    demo_account!()
);

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
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM users WHERE email = ?1)",
        [email],
        |row| row.get(0),
    )
}

/// Whether an address is in use, as a current email or as a pending (unverified new) one
/// whose verification link is still good: a pending address expires with its link, so
/// nobody can hold somebody else's address back from sign-up for longer than a day.
pub fn email_taken(
    conn: &Connection,
    email: &str,
    except_user: Option<i64>,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM users u WHERE u.id IS NOT ?2 AND (u.email = ?1 OR (u.pending_email = ?1
           AND EXISTS (SELECT 1 FROM one_time_tokens t WHERE t.user_id = u.id AND t.purpose = 'verify'
                         AND t.email = ?1 AND t.used_at IS NULL AND t.expires_at > unixepoch()))))",
    )?
    .query_row(params![email, except_user], |row| row.get(0))
}

pub fn nickname_taken(
    conn: &Connection,
    nick_name: &str,
    except_user: Option<i64>,
) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM users WHERE nick_name = ?1 COLLATE NOCASE AND id IS NOT ?2)",
        params![nick_name.trim(), except_user],
        |row| row.get(0),
    )
}

/// The fields a user edits in the profile (and sets at sign-up).
#[derive(Debug, Default, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub first_name: String,
    pub last_name: String,
    pub gender: String,
    pub avatar: i64,
    pub opt_in: bool,
    pub nick_name: Option<String>,
    pub date_of_birth: Option<String>,
    pub business_name: Option<String>,
    pub job_title: Option<String>,
    pub abn: Option<String>,
}

pub fn set_profile(conn: &Connection, user_id: i64, profile: &Profile) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET first_name = ?2, last_name = ?3, gender = ?4, avatar = ?5, opt_in = ?6, nick_name = ?7,
           date_of_birth = ?8, business_name = ?9, job_title = ?10, abn = ?11, updated_at = unixepoch()
         WHERE id = ?1",
        params![
            user_id, profile.first_name, profile.last_name, profile.gender, profile.avatar, profile.opt_in,
            profile.nick_name, profile.date_of_birth, profile.business_name, profile.job_title, profile.abn
        ],
    )?;
    Ok(())
}

/// Replaces the profile image's file name; answers the previous one, to delete its file.
pub fn set_profile_image(
    conn: &Connection,
    user_id: i64,
    file: Option<&str>,
) -> rusqlite::Result<Option<String>> {
    let previous = conn.query_row(
        "SELECT profile_image FROM users WHERE id = ?1",
        [user_id],
        |row| row.get(0),
    )?;
    conn.execute(
        "UPDATE users SET profile_image = ?2 WHERE id = ?1",
        params![user_id, file],
    )?;
    Ok(previous)
}

/// Id, user type and whether verified, for an account found by its current email.
pub fn account_by_email(conn: &Connection, email: &str) -> rusqlite::Result<Option<(i64, bool)>> {
    conn.query_row(
        "SELECT id, verified_at IS NOT NULL FROM users WHERE email = ?1",
        [email],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
    .optional()
}

/// Marks the account verified. When the token was for a new address, that address
/// becomes the email and every older session ends.
pub fn verify(conn: &Connection, user_id: i64, email: Option<&str>) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET verified_at = COALESCE(verified_at, unixepoch()) WHERE id = ?1",
        [user_id],
    )?;
    if let Some(email) = email {
        let changed = conn.execute(
            "UPDATE users SET email = pending_email, pending_email = NULL, token_version = token_version + 1, updated_at = unixepoch()
             WHERE id = ?1 AND pending_email = ?2 AND email <> ?2",
            params![user_id, email],
        )?;
        if changed == 0 {
            conn.execute(
                "UPDATE users SET pending_email = NULL WHERE id = ?1 AND pending_email = ?2",
                params![user_id, email],
            )?;
        }
    }
    Ok(())
}

pub fn set_pending_email(conn: &Connection, user_id: i64, email: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET pending_email = ?2, updated_at = unixepoch() WHERE id = ?1",
        params![user_id, email],
    )?;
    Ok(())
}

/// Stores a new password hash and ends every older session.
pub fn set_password(conn: &Connection, user_id: i64, hash: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET password_hash = ?2, token_version = token_version + 1, updated_at = unixepoch() WHERE id = ?1",
        params![user_id, hash],
    )?;
    Ok(())
}

pub fn password_hash(conn: &Connection, user_id: i64) -> rusqlite::Result<String> {
    conn.query_row(
        "SELECT password_hash FROM users WHERE id = ?1",
        [user_id],
        |row| row.get(0),
    )
}

/// Everything stored about a user, as one JSON document (the privacy export): the account,
/// favourites, follows, notification settings and digests, reviews, votes, notifications and the contact messages sent from its address.
pub fn export(conn: &Connection, user_id: i64) -> rusqlite::Result<Value> {
    let rows = |sql: &str, param: &dyn rusqlite::ToSql| -> rusqlite::Result<Vec<Value>> {
        let mut stmt = conn.prepare(sql)?;
        let names: Vec<String> = stmt.column_names().map(str::to_owned).collect();
        let rows = stmt.query_map([param], |row| {
            let mut object = serde_json::Map::new();
            for (i, name) in names.iter().enumerate() {
                let value = match row.get_ref(i)? {
                    rusqlite::types::ValueRef::Null => Value::Null,
                    rusqlite::types::ValueRef::Integer(n) => json!(n),
                    rusqlite::types::ValueRef::Real(f) => json!(f),
                    rusqlite::types::ValueRef::Text(t) => json!(String::from_utf8_lossy(t)),
                    rusqlite::types::ValueRef::Blob(_) => Value::Null,
                };
                object.insert(name.clone(), value);
            }
            Ok(Value::Object(object))
        })?;
        rows.collect()
    };
    let account = rows(
        "SELECT id, email, pending_email, first_name, last_name, gender, user_type, avatar, profile_image, opt_in,
                nick_name, date_of_birth, business_name, job_title, abn, is_admin, verified_at, created_at, updated_at
         FROM users WHERE id = ?1",
        &user_id,
    )?;
    let email = account
        .first()
        .and_then(|a| a["email"].as_str())
        .unwrap_or_default()
        .to_owned();
    Ok(json!({
        "account": account.into_iter().next(),
        "favourites": rows("SELECT c.code AS courseCode, c.name AS course, p.name AS provider, f.created_at
            FROM favourites f JOIN courses c ON c.id = f.course_id JOIN providers p ON p.id = f.provider_id WHERE f.user_id = ?1", &user_id)?,
        "reviews": rows("SELECT r.id, c.code AS courseCode, c.name AS course, p.name AS provider, r.user_type, r.title, r.comment,
            r.score_halves / 2.0 AS score, r.answers, r.actioned, r.approved, r.created_at
            FROM reviews r JOIN courses c ON c.id = r.course_id JOIN providers p ON p.id = r.provider_id WHERE r.user_id = ?1", &user_id)?,
        "votes": rows("SELECT review_id, vote, created_at FROM review_votes WHERE user_id = ?1", &user_id)?,
        "notifications": rows("SELECT kind, message, read_at, created_at FROM notifications WHERE user_id = ?1", &user_id)?,
        "follows": rows("SELECT c.code AS courseCode, c.name AS course, p.name AS provider, f.created_at
            FROM follows f LEFT JOIN courses c ON c.id = f.course_id LEFT JOIN providers p ON p.id = f.provider_id WHERE f.user_id = ?1", &user_id)?,
        "notificationSettings": rows("SELECT kind, choice FROM notification_settings WHERE user_id = ?1", &user_id)?,
        "timeZone": rows("SELECT time_zone FROM notification_time_zones WHERE user_id = ?1", &user_id)?.into_iter().next(),
        "digests": rows("SELECT week, claimed_at FROM digest_weeks WHERE user_id = ?1", &user_id)?,
        "contactMessages": rows("SELECT reason, name, email, message, technical_type, technical_type_other, device_type, browser_type, created_at
            FROM contact_messages WHERE email = ?1", &email)?,
    }))
}

pub fn token_version(conn: &Connection, user_id: i64) -> rusqlite::Result<(i64, bool)> {
    conn.query_row(
        "SELECT token_version, is_admin FROM users WHERE id = ?1",
        [user_id],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
}

/// Deletes the account with everything that hangs off it (favourites, votes, tokens,
/// notifications and its reviews, whose free text may hold personal details; the mails to
/// its addresses and the contact messages sent from them), keeping the review counters right. Answers the profile image to delete, and refuses the last admin.
/// What a deleted account leaves outside the database, for the caller to remove after the
/// commit: its profile image and the addresses whose mail files go too.
pub struct Deleted {
    pub image: Option<String>,
    pub addresses: Vec<String>,
}

pub fn delete_user(
    tx: &rusqlite::Transaction,
    user_id: i64,
) -> Result<Deleted, crate::error::AppError> {
    let (is_admin, image, email, pending): (bool, Option<String>, String, Option<String>) = tx
        .query_row(
            "SELECT is_admin, profile_image, email, pending_email FROM users WHERE id = ?1",
            [user_id],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?)),
        )?;
    if is_admin {
        let admins: i64 =
            tx.query_row("SELECT COUNT(*) FROM users WHERE is_admin = 1", [], |row| {
                row.get(0)
            })?;
        if admins <= 1 {
            return Err(crate::error::AppError::Forbidden(
                "The last admin account cannot be deleted.".into(),
            ));
        }
    }
    let (pairs, industries) = {
        let mut stmt = tx.prepare(
            "SELECT course_id, provider_id, industry_id FROM reviews WHERE user_id = ?1",
        )?;
        let rows = stmt.query_map([user_id], |row| {
            Ok(((row.get(0)?, row.get(1)?), row.get::<_, Option<i64>>(2)?))
        })?;
        let rows: Vec<((i64, i64), Option<i64>)> = rows.collect::<Result<_, _>>()?;
        let industries: Vec<i64> = rows.iter().filter_map(|(_, industry)| *industry).collect();
        (
            rows.into_iter().map(|(pair, _)| pair).collect::<Vec<_>>(),
            industries,
        )
    };
    // Votes cast on this user's reviews and by this user change the other reviews' like counts
    // and with them their helpful scores.
    let voted: Vec<i64> = tx
        .prepare("SELECT review_id FROM review_votes WHERE user_id = ?1")?
        .query_map([user_id], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    tx.execute(
        "UPDATE reviews SET
           like_count = like_count - (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = reviews.id AND v.user_id = ?1 AND v.vote = 'like'),
           dislike_count = dislike_count - (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = reviews.id AND v.user_id = ?1 AND v.vote = 'dislike')
         WHERE id IN (SELECT review_id FROM review_votes WHERE user_id = ?1)",
        [user_id],
    )?;
    for review_id in voted {
        crate::reviews::votes_store::set_helpful(tx, review_id)?;
    }
    tx.execute("DELETE FROM users WHERE id = ?1", [user_id])?;
    // The address and the links mailed to it, and the messages sent from it, go too.
    for address in std::iter::once(&email).chain(pending.as_ref()) {
        tx.execute(
            "DELETE FROM mail_outbox WHERE to_address = ?1 COLLATE NOCASE OR reply_to = ?1 COLLATE NOCASE",
            [address],
        )?;
        tx.execute(
            "DELETE FROM contact_messages WHERE email = ?1 COLLATE NOCASE",
            [address],
        )?;
    }
    crate::catalog::counters_store::recount_offerings(tx, &pairs, &industries)?;
    Ok(Deleted {
        image,
        addresses: std::iter::once(email).chain(pending).collect(),
    })
}

#[cfg(test)]
mod store_tests {
    #[test]
    fn ending_the_demo_sessions_finds_the_demo_accounts_by_their_index() {
        let plan = crate::db::query_plan(super::END_DEMO_SESSIONS, []);
        assert!(
            plan.contains("SEARCH users USING INDEX users_demo_by_domain"),
            "{plan}"
        );
    }
}

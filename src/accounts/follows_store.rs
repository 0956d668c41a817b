//! Follows in SQLite: a user's followed pairs, providers and courses, following and
//! unfollowing, and who follows what a review is about.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use utoipa::ToSchema;

use crate::fields::Id;

/// What a follow names: a course, a provider, or both (a course-provider pair).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub course_id: Option<i64>,
    pub provider_id: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowedCourse {
    #[serde(rename = "_id")]
    pub id: Id,
    pub course_code: String,
    pub name: String,
    pub slug: String,
}

#[derive(Serialize, ToSchema)]
pub struct FollowedProvider {
    #[serde(rename = "_id")]
    pub id: Id,
    pub name: String,
    pub slug: String,
}

/// One thing a user follows: a course, a provider, or both for a pair.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Follow {
    /// Null for the provider a representative follows because they represent it.
    #[serde(rename = "_id")]
    pub id: Option<Id>,
    pub course: Option<FollowedCourse>,
    pub provider: Option<FollowedProvider>,
    /// True for the provider the user represents: followed while they represent it.
    pub automatic: bool,
    /// Unix seconds.
    pub created_at: i64,
}

/// A user's follows, the represented provider first, then newest first.
pub fn of_user(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<Follow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT NULL, NULL, NULL, NULL, NULL, p.id, p.name, p.slug, 1, pc.decided_at, 0 AS rank
         FROM provider_claims pc JOIN providers p ON p.id = pc.provider_id
         WHERE pc.user_id = ?1 AND pc.status = 'approved'
         UNION ALL
         SELECT f.id, c.id, c.code, c.name, c.slug, p.id, p.name, p.slug, 0, f.created_at, 1
         FROM follows f LEFT JOIN courses c ON c.id = f.course_id
         LEFT JOIN providers p ON p.id = f.provider_id
         WHERE f.user_id = ?1
         ORDER BY rank, 10 DESC, 1 DESC",
    )?;
    stmt.query_map([user_id], |row| {
        let course = match row.get::<_, Option<i64>>(1)? {
            Some(id) => Some(FollowedCourse {
                id: Id(id),
                course_code: row.get(2)?,
                name: row.get(3)?,
                slug: row.get(4)?,
            }),
            None => None,
        };
        let provider = match row.get::<_, Option<i64>>(5)? {
            Some(id) => Some(FollowedProvider {
                id: Id(id),
                name: row.get(6)?,
                slug: row.get(7)?,
            }),
            None => None,
        };
        Ok(Follow {
            id: row.get::<_, Option<i64>>(0)?.map(Id),
            course,
            provider,
            automatic: row.get(8)?,
            created_at: row.get::<_, Option<i64>>(9)?.unwrap_or_default(),
        })
    })?
    .collect()
}

/// Follows `target`; following it twice is the same as once.
pub fn follow(conn: &Connection, user_id: i64, target: Target) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT OR IGNORE INTO follows (user_id, course_id, provider_id) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![user_id, target.course_id, target.provider_id])?;
    Ok(())
}

/// Stops following `target`, if it was followed.
pub fn unfollow(conn: &Connection, user_id: i64, target: Target) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "DELETE FROM follows WHERE user_id = ?1
         AND IFNULL(course_id, 0) = IFNULL(?2, 0) AND IFNULL(provider_id, 0) = IFNULL(?3, 0)",
    )?
    .execute(params![user_id, target.course_id, target.provider_id])?;
    Ok(())
}

/// Whether the user follows exactly `target`.
pub fn follows(conn: &Connection, user_id: i64, target: Target) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM follows WHERE user_id = ?1
         AND IFNULL(course_id, 0) = IFNULL(?2, 0) AND IFNULL(provider_id, 0) = IFNULL(?3, 0))",
    )?
    .query_row(
        params![user_id, target.course_id, target.provider_id],
        |row| row.get(0),
    )
}

/// Whether the course and the provider exist, each when named.
pub fn target_exists(conn: &Connection, target: Target) -> rusqlite::Result<bool> {
    let course = match target.course_id {
        Some(id) => conn
            .prepare_cached("SELECT 1 FROM courses WHERE id = ?1")?
            .query_row([id], |_| Ok(()))
            .optional()?
            .is_some(),
        None => true,
    };
    let provider = match target.provider_id {
        Some(id) => conn
            .prepare_cached("SELECT 1 FROM providers WHERE id = ?1")?
            .query_row([id], |_| Ok(()))
            .optional()?
            .is_some(),
        None => true,
    };
    Ok(course && provider)
}

/// The users who follow the pair, its course or its provider (each once), but not `except`
/// (the review's author).
pub fn followers_of(
    conn: &Connection,
    course_id: i64,
    provider_id: i64,
    except: i64,
) -> rusqlite::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT user_id FROM follows WHERE course_id = ?1 AND (provider_id = ?2 OR provider_id IS NULL)
         UNION
         SELECT user_id FROM follows WHERE course_id IS NULL AND provider_id = ?2
         EXCEPT SELECT ?3",
    )?;
    stmt.query_map(params![course_id, provider_id, except], |row| row.get(0))?
        .collect()
}

/// The approved representatives of a provider, but not `except`.
pub fn representatives_of(
    conn: &Connection,
    provider_id: i64,
    except: i64,
) -> rusqlite::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT user_id FROM provider_claims WHERE provider_id = ?1 AND status = 'approved' AND user_id <> ?2",
    )?;
    stmt.query_map(params![provider_id, except], |row| row.get(0))?
        .collect()
}

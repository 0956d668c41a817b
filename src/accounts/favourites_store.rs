//! Favourites in SQLite: the caller's pairs with their scores, adding and removing.

use rusqlite::{Connection, params};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{catalog::model::average, fields::Id};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavouriteCourse {
    #[serde(rename = "_id")]
    pub id: Id,
    pub course_code: String,
    pub name: String,
    pub slug: String,
}

#[derive(Serialize, ToSchema)]
pub struct FavouriteLocation {
    #[serde(rename = "Latitude")]
    pub latitude: Option<f64>,
    #[serde(rename = "Longitude")]
    pub longitude: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct FavouriteProvider {
    #[serde(rename = "_id")]
    pub id: Id,
    pub name: String,
    pub slug: String,
    pub location: FavouriteLocation,
}

/// Average scores out of 5 at this course and provider; null without reviews.
#[derive(Serialize, ToSchema)]
pub struct FavouriteScores {
    pub student: Option<f64>,
    pub employer: Option<f64>,
}

#[derive(Serialize, ToSchema)]
pub struct Favourite {
    pub course: FavouriteCourse,
    pub provider: FavouriteProvider,
    pub scores: FavouriteScores,
}

/// A user's favourite course-provider pairs with the pair's average scores, newest first.
pub fn of_user(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<Favourite>> {
    let mut stmt = conn.prepare_cached(
        "SELECT c.id, c.code, c.name, c.slug, p.id, p.name, p.slug, p.latitude, p.longitude,
                o.student_rated_count, o.student_score_half_sum,
                o.employer_rated_count, o.employer_score_half_sum
         FROM favourites f
         JOIN courses c ON c.id = f.course_id JOIN providers p ON p.id = f.provider_id
         JOIN offerings o ON o.course_id = f.course_id AND o.provider_id = f.provider_id
         WHERE f.user_id = ?1 ORDER BY f.created_at DESC, c.name",
    )?;
    stmt.query_map([user_id], |row| {
        Ok(Favourite {
            course: FavouriteCourse {
                id: row.get(0)?,
                course_code: row.get(1)?,
                name: row.get(2)?,
                slug: row.get(3)?,
            },
            provider: FavouriteProvider {
                id: row.get(4)?,
                name: row.get(5)?,
                slug: row.get(6)?,
                location: FavouriteLocation {
                    latitude: row.get(7)?,
                    longitude: row.get(8)?,
                },
            },
            scores: FavouriteScores {
                student: average(row.get(10)?, row.get(9)?),
                employer: average(row.get(12)?, row.get(11)?),
            },
        })
    })?
    .collect()
}

/// Marks a pair as a favourite; adding it twice is the same as once.
pub fn add(
    conn: &Connection,
    user_id: i64,
    course_id: i64,
    provider_id: i64,
) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT OR IGNORE INTO favourites (user_id, course_id, provider_id) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![user_id, course_id, provider_id])?;
    Ok(())
}

/// Removes a pair from the favourites, if it was one.
pub fn remove(
    conn: &Connection,
    user_id: i64,
    course_id: i64,
    provider_id: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM favourites WHERE user_id = ?1 AND course_id = ?2 AND provider_id = ?3",
        params![user_id, course_id, provider_id],
    )?;
    Ok(())
}

/// Whether the user has any favourite left (the header's heart).
pub fn has_any(conn: &Connection, user_id: i64) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM favourites WHERE user_id = ?1)",
        [user_id],
        |row| row.get(0),
    )
}

//! The SQL the bench data set needs beyond the areas' own store functions: what a data
//! directory holds before seeding, the bulk load's pragmas, and the rows the seeding reads back.

use rusqlite::{Connection, OptionalExtension};

/// Whether the database has a users table yet.
pub fn has_users_table(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'users')",
        [],
        |r| r.get(0),
    )
}

/// How many real and how many generated accounts there are.
pub fn account_counts(conn: &Connection) -> rusqlite::Result<(i64, i64)> {
    conn.query_row(
        "SELECT COUNT(*) FILTER (WHERE is_demo = 0), COUNT(*) FILTER (WHERE is_demo = 1) FROM users",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// A bulk load into a new directory: nothing to protect if it stops half way (the next run
/// refuses the directory), so no journal and no syncs until it is done.
pub fn prepare_bulk_load(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute_batch(
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON;
         PRAGMA cache_size = -1000000; PRAGMA temp_store = MEMORY;",
    )
}

fn strings(conn: &Connection, sql: &str) -> rusqlite::Result<Vec<String>> {
    conn.prepare(sql)?.query_map([], |r| r.get(0))?.collect()
}

pub fn course_codes(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    strings(conn, "SELECT code FROM courses ORDER BY id")
}

pub fn career_slugs(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    strings(conn, "SELECT slug FROM careers ORDER BY id")
}

/// The slug of row `id` of `table` (courses or providers).
pub fn slug(conn: &Connection, table: &str, id: i64) -> rusqlite::Result<String> {
    conn.query_row(
        &format!("SELECT slug FROM {table} WHERE id = ?1"),
        [id],
        |r| r.get(0),
    )
}

/// The first career of a course, with its industry.
pub fn first_career(conn: &Connection, course_id: i64) -> rusqlite::Result<Option<(i64, i64)>> {
    conn.query_row(
        "SELECT ca.id, ca.industry_id FROM course_careers cc JOIN careers ca ON ca.id = cc.career_id
         WHERE cc.course_id = ?1 ORDER BY ca.id LIMIT 1",
        [course_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

/// Every offering as (course, provider), in order.
pub fn offerings(conn: &Connection) -> rusqlite::Result<Vec<(i64, i64)>> {
    conn.prepare("SELECT course_id, provider_id FROM offerings ORDER BY course_id, provider_id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

pub fn course_id(conn: &Connection, code: &str) -> rusqlite::Result<i64> {
    conn.query_row("SELECT id FROM courses WHERE code = ?1", [code], |r| {
        r.get(0)
    })
}

/// The approved reviews written in `(from, to]`.
pub fn approved_between(conn: &Connection, from: i64, to: i64) -> rusqlite::Result<Vec<i64>> {
    conn.prepare(
        "SELECT id FROM reviews WHERE approved = 1 AND created_at > ?1 AND created_at <= ?2 ORDER BY id",
    )?
    .query_map([from, to], |r| r.get(0))?
    .collect()
}

//! The SQL of supersession: which course replaced which (`course_supersessions`).

use rusqlite::{Connection, Row, Transaction, params};

use super::model::CourseLink;

fn link(row: &Row) -> rusqlite::Result<CourseLink> {
    Ok(CourseLink {
        id: row.get::<_, i64>(0)?.to_string(),
        slug: row.get(1)?,
        course_code: row.get(2)?,
        name: row.get(3)?,
    })
}

/// The courses `course_id` replaced, by code.
pub fn replaces(conn: &Connection, course_id: i64) -> rusqlite::Result<Vec<CourseLink>> {
    let mut stmt = conn.prepare_cached(
        "SELECT c.id, c.slug, c.code, c.name FROM course_supersessions s
         JOIN courses c ON c.id = s.replaces_id WHERE s.course_id = ?1 ORDER BY c.code",
    )?;
    stmt.query_map([course_id], link)?.collect()
}

/// The courses that replaced `course_id`, by code.
pub fn replaced_by(conn: &Connection, course_id: i64) -> rusqlite::Result<Vec<CourseLink>> {
    let mut stmt = conn.prepare_cached(
        "SELECT c.id, c.slug, c.code, c.name FROM course_supersessions s
         JOIN courses c ON c.id = s.course_id WHERE s.replaces_id = ?1 ORDER BY c.code",
    )?;
    stmt.query_map([course_id], link)?.collect()
}

/// Every link as (code, replaced code).
pub fn codes(conn: &Connection) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare(
        "SELECT n.code, o.code FROM course_supersessions s
         JOIN courses n ON n.id = s.course_id JOIN courses o ON o.id = s.replaces_id",
    )?;
    stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect()
}

/// Every replaced course as (successor id, its code, its name), for the type-ahead.
pub fn replaced_courses(conn: &Connection) -> rusqlite::Result<Vec<(i64, String, String)>> {
    let mut stmt = conn.prepare(
        "SELECT s.course_id, o.code, o.name FROM course_supersessions s
         JOIN courses o ON o.id = s.replaces_id ORDER BY s.course_id, o.code",
    )?;
    stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect()
}

/// Makes the course with `code` replace exactly the courses with `replaced` codes.
pub fn set_replaces(tx: &Transaction, code: &str, replaced: &[String]) -> rusqlite::Result<()> {
    tx.execute(
        "DELETE FROM course_supersessions WHERE course_id = (SELECT id FROM courses WHERE code = ?1)",
        [code],
    )?;
    for old in replaced {
        tx.execute(
            "INSERT OR IGNORE INTO course_supersessions (course_id, replaces_id)
             SELECT n.id, o.id FROM courses n, courses o WHERE n.code = ?1 AND o.code = ?2",
            params![code, old],
        )?;
    }
    Ok(())
}

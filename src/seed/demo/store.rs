//! The SQL the demo data needs beyond the areas' own store functions: whether it was written,
//! the example offerings with what the texts name, and the profile fields a sign-up would ask.

use rusqlite::{Connection, OptionalExtension, params};

use super::Offering;

/// Whether demo users with an address on `domain` exist already.
pub fn demo_users_on(conn: &Connection, domain: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM users WHERE is_demo = 1 AND email LIKE ?1)",
        [format!("%@{domain}")],
        |row| row.get(0),
    )
}

pub fn nickname_taken(conn: &Connection, nick: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM users WHERE nick_name = ?1)",
        [nick],
        |row| row.get(0),
    )
}

/// A student's profile fields and the date they joined.
pub fn set_student_profile(
    conn: &Connection,
    id: i64,
    (nick, born, avatar, joined): (&str, &str, i64, i64),
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET nick_name = ?2, date_of_birth = ?3, avatar = ?4, created_at = ?5, updated_at = ?5 WHERE id = ?1",
        params![id, nick, born, avatar, joined],
    )?;
    Ok(())
}

/// An employer's profile fields and the date they joined.
pub fn set_employer_profile(
    conn: &Connection,
    id: i64,
    (business, job, abn, avatar, joined): (&str, &str, &str, i64, i64),
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET business_name = ?2, job_title = ?3, abn = ?4, avatar = ?5, created_at = ?6, updated_at = ?6 WHERE id = ?1",
        params![id, business, job, abn, avatar, joined],
    )?;
    Ok(())
}

/// The fixed fields of a printed demo account (the student's nickname, the employer's business).
pub fn set_demo_account_profile(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE users SET
           nick_name = CASE user_type WHEN 'Student' THEN 'SamCooks' END,
           date_of_birth = CASE user_type WHEN 'Student' THEN '14 March 2004' END,
           business_name = CASE user_type WHEN 'Employer' THEN 'Harbourside Kitchen Pty Ltd' END,
           job_title = CASE user_type WHEN 'Employer' THEN 'Head Chef' END,
           abn = CASE user_type WHEN 'Employer' THEN '51824753556' END
         WHERE id = ?1",
        [id],
    )?;
    Ok(())
}

/// The example providers' offerings, each with the industry a submission would count its review
/// for (`reviews::store::industry_for`) and a career of the course in it; popularity 0.
pub fn example_offerings(conn: &Connection, taught_out: bool) -> rusqlite::Result<Vec<Offering>> {
    let mut stmt = conn.prepare(
        "SELECT o.course_id, o.provider_id, i.id, i.slug, c.name, p.name, p.town,
                (SELECT ca.name FROM course_careers cc JOIN careers ca ON ca.id = cc.career_id
                 WHERE cc.course_id = c.id AND ca.industry_id = i.id ORDER BY ca.id LIMIT 1),
                (SELECT MIN(s.course_id) FROM course_supersessions s WHERE s.replaces_id = c.id)
         FROM offerings o JOIN courses c ON c.id = o.course_id JOIN providers p ON p.id = o.provider_id
         LEFT JOIN industries i ON i.id = (SELECT MIN(ca.industry_id) FROM course_careers cc
                                           JOIN careers ca ON ca.id = cc.career_id WHERE cc.course_id = c.id)
         WHERE p.is_example = 1 AND (o.retired_at IS NOT NULL) = ?1 ORDER BY o.id",
    )?;
    let rows = stmt.query_map([taught_out], |row| {
        Ok(Offering {
            course_id: row.get(0)?,
            provider_id: row.get(1)?,
            industry_id: row.get(2)?,
            industry_slug: row.get::<_, Option<String>>(3)?.unwrap_or_default(),
            course: row.get(4)?,
            provider: row.get(5)?,
            town: row.get(6)?,
            career: row.get(7)?,
            successor: row.get(8)?,
            popularity: 0,
        })
    })?;
    rows.collect()
}

/// Offers each course an example course replaced at the example providers of its successor,
/// retired at `ended` (unix seconds): taught out before the demo's history begins.
pub fn add_taught_out_offerings(conn: &Connection, ended: i64) -> rusqlite::Result<usize> {
    conn.execute(
        "INSERT OR IGNORE INTO offerings (course_id, provider_id, retired_at)
         SELECT s.replaces_id, o.provider_id, ?1 FROM course_supersessions s
         JOIN offerings o ON o.course_id = s.course_id JOIN providers p ON p.id = o.provider_id
         WHERE p.is_example = 1 AND o.retired_at IS NULL",
        [ended],
    )
}

/// An example provider's offering, with what its demo facts are made from.
pub struct FactsTarget {
    pub offering: i64,
    pub provider: i64,
    pub code: String,
    pub state: String,
    pub website: String,
}

/// The example providers' offerings for demo facts, by offering.
pub fn example_offerings_for_facts(conn: &Connection) -> rusqlite::Result<Vec<FactsTarget>> {
    let mut stmt = conn.prepare(
        "SELECT o.id, o.provider_id, c.code, p.state, p.website_url
         FROM offerings o JOIN courses c ON c.id = o.course_id JOIN providers p ON p.id = o.provider_id
         WHERE p.is_example = 1 AND o.retired_at IS NULL ORDER BY o.id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(FactsTarget {
            offering: r.get(0)?,
            provider: r.get(1)?,
            code: r.get(2)?,
            state: r.get(3)?,
            website: r.get(4)?,
        })
    })?;
    rows.collect()
}

/// An example provider's town, state and coordinates; `None` when it has no coordinates.
pub fn example_provider_place(
    conn: &Connection,
    provider: i64,
) -> rusqlite::Result<Option<(String, String, f64, f64)>> {
    conn.query_row(
        "SELECT town, state, latitude, longitude FROM providers
         WHERE id = ?1 AND latitude IS NOT NULL AND longitude IS NOT NULL",
        [provider],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )
    .optional()
}

/// Whether any example offering has facts already (the demo then adds none).
pub fn example_facts_exist(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM offerings o JOIN providers p ON p.id = o.provider_id
                        WHERE p.is_example = 1 AND o.facts_source IS NOT NULL)",
        [],
        |r| r.get(0),
    )
}

/// Dates demo facts as confirmed at `at` (unix seconds), so some read as stale.
pub fn date_facts(conn: &Connection, offering: i64, at: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE offerings SET facts_confirmed_at = ?2 WHERE id = ?1",
        [offering, at],
    )?;
    Ok(())
}

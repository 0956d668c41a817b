//! The SQL of a register sync: what the catalogue holds of the register, the upserts and
//! retirements a step writes in its one transaction, the decisions, and the run log.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, Transaction, params};

pub struct StoredCourse {
    pub id: i64,
    pub name: String,
    pub level: String,
    pub package_code: String,
    pub copy: String,
    pub register_copy: Option<String>,
    pub retired: bool,
}

pub struct StoredProvider {
    pub id: i64,
    pub name: String,
    pub legal_name: String,
    pub town: String,
    pub state: String,
    pub postcode: String,
    pub website_url: String,
    pub register_website: Option<String>,
    /// (latitude, longitude) shown, and as the sync last wrote them.
    pub place: Option<(f64, f64)>,
    pub register_place: Option<(f64, f64)>,
    pub retired: bool,
}

pub fn slug_taken(tx: &Transaction, table: &str, slug: &str) -> rusqlite::Result<bool> {
    tx.query_row(
        &format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE slug = ?1)"),
        [slug],
        |row| row.get(0),
    )
}

/// The industry called `name` (by slug), added when missing; answers its id.
pub fn industry_id(tx: &Transaction, slug: &str, name: &str) -> rusqlite::Result<i64> {
    tx.execute(
        "INSERT INTO industries (slug, name) VALUES (?1, ?2) ON CONFLICT (slug) DO NOTHING",
        params![slug, name],
    )?;
    tx.query_row("SELECT id FROM industries WHERE slug = ?1", [slug], |r| {
        r.get(0)
    })
}

/// The career `slug`, added under `industry` when missing; its ANZSCO code is the register's.
pub fn career_id(
    tx: &Transaction,
    (slug, name, anzsco): (&str, &str, Option<&str>),
    industry: i64,
) -> rusqlite::Result<i64> {
    tx.execute(
        "INSERT INTO careers (slug, industry_id, name, anzsco_code) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (slug) DO UPDATE SET anzsco_code = COALESCE(excluded.anzsco_code, careers.anzsco_code)",
        params![slug, industry, name, anzsco],
    )?;
    tx.query_row("SELECT id FROM careers WHERE slug = ?1", [slug], |r| {
        r.get(0)
    })
}

pub fn course_by_code(tx: &Transaction, code: &str) -> rusqlite::Result<Option<StoredCourse>> {
    tx.query_row(
        "SELECT id, name, level, package_code, copy, register_copy, retired_at IS NOT NULL
         FROM courses WHERE code = ?1",
        [code],
        |r| {
            Ok(StoredCourse {
                id: r.get(0)?,
                name: r.get(1)?,
                level: r.get(2)?,
                package_code: r.get(3)?,
                copy: r.get(4)?,
                register_copy: r.get(5)?,
                retired: r.get(6)?,
            })
        },
    )
    .optional()
}

/// The course values a sync writes: (slug, code, name, level, package, copy, register copy).
pub type CourseValues<'a> = (
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    Option<&'a str>,
);

pub fn insert_course(tx: &Transaction, v: CourseValues) -> rusqlite::Result<i64> {
    tx.query_row(
        "INSERT INTO courses (slug, code, name, level, package_code, copy, register_copy)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id",
        params![v.0, v.1, v.2, v.3, v.4, v.5, v.6],
        |r| r.get(0),
    )
}

/// Writes the register's values of course `id` and brings it back if it was retired.
pub fn update_course(tx: &Transaction, id: i64, v: CourseValues) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE courses SET name = ?2, level = ?3, package_code = ?4, copy = ?5, register_copy = ?6,
           retired_at = NULL WHERE id = ?1",
        params![id, v.2, v.3, v.4, v.5, v.6],
    )?;
    Ok(())
}

pub fn link_course_career(tx: &Transaction, course: i64, career: i64) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT OR IGNORE INTO course_careers (course_id, career_id) VALUES (?1, ?2)",
        [course, career],
    )?;
    Ok(())
}

/// Courses not retired: code to id.
pub fn listed_courses(tx: &Transaction) -> rusqlite::Result<HashMap<String, i64>> {
    let mut stmt = tx.prepare("SELECT code, id FROM courses WHERE retired_at IS NULL")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// Retires a course and its offerings (their reviews stay readable).
pub fn retire_course(tx: &Transaction, id: i64, now: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE courses SET retired_at = ?2 WHERE id = ?1",
        [id, now],
    )?;
    tx.execute(
        "UPDATE offerings SET retired_at = ?2 WHERE course_id = ?1 AND retired_at IS NULL",
        [id, now],
    )?;
    Ok(())
}

pub fn provider_by_rto_code(
    tx: &Transaction,
    code: &str,
) -> rusqlite::Result<Option<StoredProvider>> {
    tx.query_row(
        "SELECT id, name, legal_name, town, state, postcode, website_url, register_website,
           retired_at IS NOT NULL, latitude, longitude, register_latitude, register_longitude
         FROM providers WHERE rto_code = ?1",
        [code],
        |r| {
            Ok(StoredProvider {
                id: r.get(0)?,
                name: r.get(1)?,
                legal_name: r.get(2)?,
                town: r.get(3)?,
                state: r.get(4)?,
                postcode: r.get(5)?,
                website_url: r.get(6)?,
                register_website: r.get(7)?,
                retired: r.get(8)?,
                place: pair(r.get(9)?, r.get(10)?),
                register_place: pair(r.get(11)?, r.get(12)?),
            })
        },
    )
    .optional()
}

fn pair(latitude: Option<f64>, longitude: Option<f64>) -> Option<(f64, f64)> {
    latitude.zip(longitude)
}

/// The provider values a sync writes.
pub struct ProviderValues<'a> {
    pub slug: &'a str,
    pub rto_code: &'a str,
    pub name: &'a str,
    pub legal_name: &'a str,
    pub town: &'a str,
    pub state: &'a str,
    pub postcode: &'a str,
    pub website_url: &'a str,
    pub register_website: Option<&'a str>,
    pub place: Option<(f64, f64)>,
    pub register_place: Option<(f64, f64)>,
}

pub fn insert_provider(tx: &Transaction, p: &ProviderValues) -> rusqlite::Result<i64> {
    tx.query_row(
        "INSERT INTO providers (slug, rto_code, name, legal_name, town, state, postcode, website_url, register_website,
           latitude, longitude, register_latitude, register_longitude)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13) RETURNING id",
        params![
            p.slug,
            p.rto_code,
            p.name,
            p.legal_name,
            p.town,
            p.state,
            p.postcode,
            p.website_url,
            p.register_website,
            p.place.map(|c| c.0),
            p.place.map(|c| c.1),
            p.register_place.map(|c| c.0),
            p.register_place.map(|c| c.1)
        ],
        |r| r.get(0),
    )
}

/// Writes the register's values of provider `id` (not its slug) and brings it back if retired.
pub fn update_provider(tx: &Transaction, id: i64, p: &ProviderValues) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE providers SET name = ?2, legal_name = ?3, town = ?4, state = ?5, postcode = ?6,
           website_url = ?7, register_website = ?8, latitude = ?9, longitude = ?10,
           register_latitude = ?11, register_longitude = ?12, retired_at = NULL WHERE id = ?1",
        params![
            id,
            p.name,
            p.legal_name,
            p.town,
            p.state,
            p.postcode,
            p.website_url,
            p.register_website,
            p.place.map(|c| c.0),
            p.place.map(|c| c.1),
            p.register_place.map(|c| c.0),
            p.register_place.map(|c| c.1)
        ],
    )?;
    Ok(())
}

/// Providers from the register, not retired: RTO code to id.
pub fn listed_register_providers(tx: &Transaction) -> rusqlite::Result<HashMap<String, i64>> {
    let mut stmt = tx.prepare(
        "SELECT rto_code, id FROM providers WHERE rto_code IS NOT NULL AND retired_at IS NULL",
    )?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

pub fn retire_provider(tx: &Transaction, id: i64, now: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE providers SET retired_at = ?2 WHERE id = ?1",
        [id, now],
    )?;
    tx.execute(
        "UPDATE offerings SET retired_at = ?2 WHERE provider_id = ?1 AND retired_at IS NULL",
        [id, now],
    )?;
    Ok(())
}

/// Removes the example providers that no real (non-demo) reviewer has reviewed; answers how many.
pub fn remove_unreviewed_example_providers(tx: &Transaction) -> rusqlite::Result<usize> {
    tx.execute(
        "DELETE FROM providers WHERE is_example = 1 AND NOT EXISTS (
           SELECT 1 FROM reviews r JOIN users u ON u.id = r.user_id
           WHERE r.provider_id = providers.id AND u.is_demo = 0)",
        [],
    )
}

/// The offerings of register providers for the course `course_id`: provider id to retired.
pub fn register_offerings_of(
    tx: &Transaction,
    course_id: i64,
) -> rusqlite::Result<HashMap<i64, bool>> {
    let mut stmt = tx.prepare_cached(
        "SELECT o.provider_id, o.retired_at IS NOT NULL FROM offerings o
         JOIN providers p ON p.id = o.provider_id WHERE o.course_id = ?1 AND p.rto_code IS NOT NULL",
    )?;
    let rows = stmt.query_map([course_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// Adds the offering, or brings a retired one back.
pub fn offer(tx: &Transaction, course: i64, provider: i64) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO offerings (course_id, provider_id, from_register) VALUES (?1, ?2, 1)
         ON CONFLICT (course_id, provider_id) DO UPDATE SET retired_at = NULL, from_register = 1",
    )?
    .execute([course, provider])?;
    Ok(())
}

pub fn retire_offering(
    tx: &Transaction,
    course: i64,
    provider: i64,
    now: i64,
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "UPDATE offerings SET retired_at = ?3 WHERE course_id = ?1 AND provider_id = ?2 AND retired_at IS NULL",
    )?
    .execute([course, provider, now])?;
    Ok(())
}

/// A decision as stored: (source, kind, description, starts_on, ends_on, in_force).
pub type DecisionKey = (String, String, String, Option<String>, Option<String>, bool);

pub fn decisions_of(tx: &Transaction, provider: i64) -> rusqlite::Result<Vec<DecisionKey>> {
    let mut stmt = tx.prepare_cached(
        "SELECT source, kind, description, starts_on, ends_on, in_force FROM regulatory_decisions WHERE provider_id = ?1",
    )?;
    let rows = stmt.query_map([provider], |r| {
        Ok((
            r.get(0)?,
            r.get(1)?,
            r.get(2)?,
            r.get(3)?,
            r.get(4)?,
            r.get(5)?,
        ))
    })?;
    rows.collect()
}

/// Replaces a provider's decisions and sets its standing.
pub fn replace_decisions(
    tx: &Transaction,
    provider: i64,
    decisions: &[DecisionKey],
    url: &str,
    standing: &str,
) -> rusqlite::Result<()> {
    tx.prepare_cached("DELETE FROM regulatory_decisions WHERE provider_id = ?1")?
        .execute([provider])?;
    let mut insert = tx.prepare_cached(
        "INSERT INTO regulatory_decisions (provider_id, source, kind, description, starts_on, ends_on, in_force, url)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for d in decisions {
        insert.execute(params![provider, d.0, d.1, d.2, d.3, d.4, d.5, url])?;
    }
    tx.prepare_cached("UPDATE providers SET standing = ?2 WHERE id = ?1")?
        .execute(params![provider, standing])?;
    Ok(())
}

/// Codes of the courses not retired, for the delivery step.
pub fn listed_course_codes(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt =
        conn.prepare("SELECT code FROM courses WHERE retired_at IS NULL ORDER BY code")?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    rows.collect()
}

/// RTO codes of the register's providers not retired, for the decisions step.
pub fn listed_rto_codes(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT rto_code FROM providers WHERE rto_code IS NOT NULL AND retired_at IS NULL ORDER BY rto_code",
    )?;
    let rows = stmt.query_map([], |r| r.get(0))?;
    rows.collect()
}

/// A stored decision, for the provider's page.
pub struct DecisionRow {
    pub source: String,
    pub kind: String,
    pub description: String,
    pub starts_on: Option<String>,
    pub ends_on: Option<String>,
    pub url: String,
}

/// A provider's standing and its decisions (in force or not), in force first, newest first;
/// an unknown provider is `QueryReturnedNoRows`.
pub fn decisions_of_provider(
    conn: &Connection,
    slug: &str,
) -> rusqlite::Result<(String, Vec<(bool, DecisionRow)>)> {
    let (id, standing): (i64, String) = conn.query_row(
        "SELECT id, standing FROM providers WHERE slug = ?1",
        [slug],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let mut stmt = conn.prepare_cached(
        "SELECT in_force, source, kind, description, starts_on, ends_on, url FROM regulatory_decisions
         WHERE provider_id = ?1 ORDER BY in_force DESC, starts_on DESC, id",
    )?;
    let rows = stmt
        .query_map([id], |r| {
            Ok((
                r.get(0)?,
                DecisionRow {
                    source: r.get(1)?,
                    kind: r.get(2)?,
                    description: r.get(3)?,
                    starts_on: r.get(4)?,
                    ends_on: r.get(5)?,
                    url: r.get(6)?,
                },
            ))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok((standing, rows))
}

//! The SQL of a catalogue import: what is there already, and the upserts an import writes in
//! its one transaction.

use std::collections::{HashMap, HashSet};

use rusqlite::{OptionalExtension, Transaction, params};

/// The slugs already in `table` (industries, careers or providers).
pub fn slugs(tx: &Transaction, table: &str) -> rusqlite::Result<HashSet<String>> {
    let mut stmt = tx.prepare(&format!("SELECT slug FROM {table}"))?;
    let rows = stmt.query_map([], |row| row.get(0))?;
    rows.collect()
}

/// Each stored course code with its course's slug.
pub fn course_codes(tx: &Transaction) -> rusqlite::Result<HashMap<String, String>> {
    let mut stmt = tx.prepare("SELECT code, slug FROM courses")?;
    let rows = stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
    rows.collect()
}

/// Whether a row with `slug` is in `table` already (an import then updates it).
pub fn exists(tx: &Transaction, table: &str, slug: &str) -> rusqlite::Result<bool> {
    tx.query_row(
        &format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE slug = ?1)"),
        [slug],
        |row| row.get(0),
    )
}

pub fn any_course(tx: &Transaction) -> rusqlite::Result<bool> {
    Ok(tx
        .query_row("SELECT id FROM courses LIMIT 1", [], |r| r.get::<_, i64>(0))
        .optional()?
        .is_some())
}

pub fn upsert_industry(
    tx: &Transaction,
    slug: &str,
    name: &str,
    copy: &str,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO industries (slug, name, copy) VALUES (?1, ?2, ?3)
         ON CONFLICT (slug) DO UPDATE SET name = excluded.name, copy = excluded.copy",
        params![slug, name, copy],
    )?;
    Ok(())
}

pub fn upsert_career(
    tx: &Transaction,
    slug: &str,
    industry: &str,
    name: &str,
    copy_html: &str,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO careers (slug, industry_id, name, copy_html)
         VALUES (?1, (SELECT id FROM industries WHERE slug = ?2), ?3, ?4)
         ON CONFLICT (slug) DO UPDATE SET industry_id = excluded.industry_id, name = excluded.name, copy_html = excluded.copy_html",
        params![slug, industry, name, copy_html],
    )?;
    Ok(())
}

/// Writes a course and the careers it leads to (replacing the old ones); answers its id.
pub fn upsert_course(
    tx: &Transaction,
    (slug, code, name, copy): (&str, &str, &str, &str),
    careers: &[String],
) -> rusqlite::Result<i64> {
    let course_id: i64 = tx.query_row(
        "INSERT INTO courses (slug, code, name, copy) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (slug) DO UPDATE SET code = excluded.code, name = excluded.name, copy = excluded.copy
         RETURNING id",
        params![slug, code, name, copy],
        |r| r.get(0),
    )?;
    tx.execute(
        "DELETE FROM course_careers WHERE course_id = ?1",
        [course_id],
    )?;
    for career in careers {
        tx.execute(
            "INSERT OR IGNORE INTO course_careers (course_id, career_id) SELECT ?1, id FROM careers WHERE slug = ?2",
            params![course_id, career],
        )?;
    }
    Ok(course_id)
}

/// A provider as an import writes it.
pub struct ProviderValues<'a> {
    pub slug: &'a str,
    pub name: &'a str,
    pub website: &'a str,
    pub town: &'a str,
    pub state: &'a str,
    pub latitude: f64,
    pub longitude: f64,
    pub description_html: &'a str,
    pub example: bool,
}

pub fn upsert_provider(tx: &Transaction, p: &ProviderValues) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO providers (slug, name, website_url, town, state, latitude, longitude, description_html, is_example)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (slug) DO UPDATE SET name = excluded.name, website_url = excluded.website_url, town = excluded.town,
           state = excluded.state, latitude = excluded.latitude, longitude = excluded.longitude,
           description_html = excluded.description_html, is_example = excluded.is_example",
        params![p.slug, p.name, p.website, p.town, p.state, p.latitude, p.longitude, p.description_html, p.example],
    )?;
    Ok(())
}

/// Adds the offering of course `code` at provider `slug`; answers how many rows were added (0 or 1).
pub fn add_offering(tx: &Transaction, code: &str, provider: &str) -> rusqlite::Result<usize> {
    tx.execute(
        "INSERT OR IGNORE INTO offerings (course_id, provider_id)
         SELECT c.id, p.id FROM courses c, providers p WHERE c.code = ?1 AND p.slug = ?2",
        params![code, provider],
    )
}

/// Every campus already stored, as (provider slug, campus name).
pub fn campus_names(tx: &Transaction) -> rusqlite::Result<HashSet<(String, String)>> {
    let mut stmt = tx.prepare(
        "SELECT p.slug, c.name FROM campuses c JOIN providers p ON p.id = c.provider_id",
    )?;
    let rows = stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
    rows.collect()
}

pub fn provider_id(tx: &Transaction, slug: &str) -> rusqlite::Result<i64> {
    tx.query_row("SELECT id FROM providers WHERE slug = ?1", [slug], |r| {
        r.get(0)
    })
}

/// The offering of course `code` at provider `slug`.
pub fn offering_id(tx: &Transaction, code: &str, provider: &str) -> rusqlite::Result<i64> {
    tx.query_row(
        "SELECT o.id FROM offerings o JOIN courses c ON c.id = o.course_id
         JOIN providers p ON p.id = o.provider_id WHERE c.code = ?1 AND p.slug = ?2",
        params![code, provider],
        |r| r.get(0),
    )
}

/// Removes the example providers (their offerings and reviews go with them); answers how many.
pub fn remove_example_providers(tx: &Transaction) -> rusqlite::Result<usize> {
    tx.execute("DELETE FROM providers WHERE is_example = 1", [])
}

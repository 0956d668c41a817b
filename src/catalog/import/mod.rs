//! Loading a catalogue from CSV files: the shipped example catalogue at first start, and
//! `app import DIR` for an operator's real data. Every row is checked first and every bad
//! row reported by file and line; then everything is written in one transaction, updating
//! existing rows by slug. The format is documented in README.md.

mod check;
mod files;

use std::fmt;

use rusqlite::{OptionalExtension, Transaction, params};

use super::counters;
pub use files::{CatalogueFiles, TEMPLATE, write_template};

/// Every problem found, one line each ("courses.csv line 12: ...").
#[derive(Debug)]
pub struct ImportErrors(pub Vec<String>);

impl fmt::Display for ImportErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "the catalogue was not imported; fix these rows and try again:"
        )?;
        for line in &self.0 {
            writeln!(f, "  {line}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ImportErrors {}

/// What an import wrote: rows written per file (added or updated), how many of them are new,
/// and what the reader had to assume about the files.
#[derive(Debug, Default, PartialEq)]
pub struct ImportReport {
    pub industries: usize,
    pub careers: usize,
    pub courses: usize,
    pub providers: usize,
    /// Offerings are only ever added (a pair already offered is left as it is).
    pub offerings: usize,
    pub example_providers_removed: usize,
    pub new_industries: usize,
    pub new_careers: usize,
    pub new_courses: usize,
    pub new_providers: usize,
    pub notes: Vec<String>,
}

impl ImportReport {
    /// The report an operator reads, for an import (`done`) or a dry run.
    pub fn summary(&self, done: bool) -> String {
        let verb = if done { "" } else { "would be " };
        let count = |what: &str, all: usize, new: usize| {
            format!("{what}: {new} {verb}added, {} {verb}updated", all - new)
        };
        let mut lines = vec![
            count("industries", self.industries, self.new_industries),
            count("careers", self.careers, self.new_careers),
            count("courses", self.courses, self.new_courses),
            count("providers", self.providers, self.new_providers),
            format!("offerings: {} {verb}added", self.offerings),
            format!(
                "example providers: {} {verb}removed, with their offerings and demo reviews",
                self.example_providers_removed
            ),
        ];
        lines.extend(self.notes.iter().map(|note| format!("note: {note}")));
        lines.join("\n")
    }
}

/// Whether a row with `slug` is in `table` already (an import then updates it).
fn exists(tx: &Transaction, table: &str, slug: &str) -> rusqlite::Result<bool> {
    tx.query_row(
        &format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE slug = ?1)"),
        [slug],
        |row| row.get(0),
    )
}

/// Checks every row, then writes all of them in `tx`, or nothing when any row is bad.
/// Providers from an operator's import (`example == false`) replace the example providers.
pub fn import(
    tx: &Transaction,
    files: &CatalogueFiles,
    example: bool,
) -> anyhow::Result<Result<ImportReport, ImportErrors>> {
    let checked = match check::check(tx, files)? {
        Ok(checked) => checked,
        Err(errors) => return Ok(Err(errors)),
    };
    let mut report = ImportReport {
        notes: files.notes.clone(),
        ..ImportReport::default()
    };
    for row in &checked.industries {
        report.new_industries += usize::from(!exists(tx, "industries", &row.slug)?);
        tx.execute(
            "INSERT INTO industries (slug, name, copy) VALUES (?1, ?2, ?3)
             ON CONFLICT (slug) DO UPDATE SET name = excluded.name, copy = excluded.copy",
            params![row.slug, row.name, row.copy],
        )?;
        report.industries += 1;
    }
    for row in &checked.careers {
        report.new_careers += usize::from(!exists(tx, "careers", &row.slug)?);
        tx.execute(
            "INSERT INTO careers (slug, industry_id, name, copy_html)
             VALUES (?1, (SELECT id FROM industries WHERE slug = ?2), ?3, ?4)
             ON CONFLICT (slug) DO UPDATE SET industry_id = excluded.industry_id, name = excluded.name, copy_html = excluded.copy_html",
            params![row.slug, row.industry, row.name, row.copy],
        )?;
        report.careers += 1;
    }
    for (row, careers) in &checked.courses {
        report.new_courses += usize::from(!exists(tx, "courses", &row.slug)?);
        let course_id: i64 = tx.query_row(
            "INSERT INTO courses (slug, code, name, copy) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (slug) DO UPDATE SET code = excluded.code, name = excluded.name, copy = excluded.copy
             RETURNING id",
            params![row.slug, row.code, row.name, row.copy],
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
        report.courses += 1;
    }
    for provider in &checked.providers {
        let row = &provider.row;
        report.new_providers += usize::from(!exists(tx, "providers", &row.slug)?);
        tx.execute(
            "INSERT INTO providers (slug, name, website_url, town, state, latitude, longitude, description_html, is_example)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (slug) DO UPDATE SET name = excluded.name, website_url = excluded.website_url, town = excluded.town,
               state = excluded.state, latitude = excluded.latitude, longitude = excluded.longitude,
               description_html = excluded.description_html, is_example = excluded.is_example",
            params![row.slug, row.name, row.website, row.town, row.state, provider.latitude, provider.longitude, provider.description, example],
        )?;
        report.providers += 1;
    }
    for row in &checked.offerings {
        report.offerings += tx.execute(
            "INSERT OR IGNORE INTO offerings (course_id, provider_id)
             SELECT c.id, p.id FROM courses c, providers p WHERE c.code = ?1 AND p.slug = ?2",
            params![row.course, row.provider],
        )?;
    }
    if !example && !checked.providers.is_empty() {
        report.example_providers_removed =
            tx.execute("DELETE FROM providers WHERE is_example = 1", [])?;
    }
    counters::recount_all(tx)?;
    super::store::bump_catalogue_version(tx)?;
    Ok(Ok(report))
}

/// Loads the shipped catalogue when the database has no courses yet; true when it did.
pub fn load_shipped_if_empty(tx: &Transaction) -> anyhow::Result<bool> {
    let any: Option<i64> = tx
        .query_row("SELECT id FROM courses LIMIT 1", [], |r| r.get(0))
        .optional()?;
    if any.is_some() {
        return Ok(false);
    }
    import(tx, &CatalogueFiles::shipped(), true)?
        .map_err(|errors| anyhow::anyhow!("the shipped catalogue is invalid: {errors}"))?;
    Ok(true)
}

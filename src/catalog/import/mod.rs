//! Loading a catalogue from CSV files: the shipped example catalogue at first start, and
//! `app import DIR` for an operator's real data. Every row is checked first and every bad
//! row reported by file and line; then everything is written in one transaction, updating
//! existing rows by slug. The format is documented in README.md.

mod check;
mod facts;
mod files;
mod problems;
mod store;
mod supersedes;

use std::fmt;

use rusqlite::Transaction;

use super::counters_store;
pub use files::{CatalogueFiles, FACT_COLUMNS, TEMPLATE, write_template};

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
    /// Courses whose replaced qualifications (`supersedes`) the import set.
    pub supersessions: usize,
    /// Campuses written (added or changed) and how many of them are new.
    pub campuses: usize,
    pub new_campuses: usize,
    /// Offerings whose facts the import changed (each with a history row).
    pub offering_facts: usize,
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
            format!(
                "courses replacing earlier ones: {} {verb}set",
                self.supersessions
            ),
            count("providers", self.providers, self.new_providers),
            count("campuses", self.campuses, self.new_campuses),
            format!("offerings: {} {verb}added", self.offerings),
            format!("offering facts: {} {verb}changed", self.offering_facts),
            format!(
                "example providers: {} {verb}removed, with their offerings and demo reviews",
                self.example_providers_removed
            ),
        ];
        lines.extend(self.notes.iter().map(|note| format!("note: {note}")));
        lines.join("\n")
    }
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
        report.new_industries += usize::from(!store::exists(tx, "industries", &row.slug)?);
        store::upsert_industry(tx, &row.slug, &row.name, &row.copy)?;
        report.industries += 1;
    }
    for row in &checked.careers {
        report.new_careers += usize::from(!store::exists(tx, "careers", &row.slug)?);
        store::upsert_career(tx, &row.slug, &row.industry, &row.name, &row.copy)?;
        report.careers += 1;
    }
    for (row, careers) in &checked.courses {
        report.new_courses += usize::from(!store::exists(tx, "courses", &row.slug)?);
        store::upsert_course(tx, (&row.slug, &row.code, &row.name, &row.copy), careers)?;
        report.courses += 1;
    }
    for (code, replaced) in &checked.supersessions {
        super::succession_store::set_replaces(tx, code, replaced)?;
    }
    report.supersessions = checked.supersessions.len();
    for provider in &checked.providers {
        let row = &provider.row;
        report.new_providers += usize::from(!store::exists(tx, "providers", &row.slug)?);
        store::upsert_provider(
            tx,
            &store::ProviderValues {
                slug: &row.slug,
                name: &row.name,
                website: &row.website,
                town: &row.town,
                state: &row.state,
                latitude: provider.latitude,
                longitude: provider.longitude,
                description_html: &provider.description,
                example,
            },
        )?;
        report.providers += 1;
    }
    (report.campuses, report.new_campuses) = facts::write_campuses(tx, &checked.campuses)?;
    for row in &checked.offerings {
        report.offerings += store::add_offering(tx, &row.course, &row.provider)?;
    }
    report.offering_facts = facts::write_facts(tx, &checked.facts)?;
    if !example && !checked.providers.is_empty() {
        report.example_providers_removed = store::remove_example_providers(tx)?;
    }
    counters_store::recount_all(tx)?;
    super::store::bump_catalogue_version(tx)?;
    Ok(Ok(report))
}

/// Loads the shipped catalogue when the database has no courses yet; true when it did.
pub fn load_shipped_if_empty(tx: &Transaction) -> anyhow::Result<bool> {
    if store::any_course(tx)? {
        return Ok(false);
    }
    import(tx, &CatalogueFiles::shipped(), true)?
        .map_err(|errors| anyhow::anyhow!("the shipped catalogue is invalid: {errors}"))?;
    Ok(true)
}

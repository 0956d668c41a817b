//! Loading a catalogue from CSV files: the shipped example catalogue at first start, and
//! `app import DIR` for an operator's real data. Every row is checked first and every bad
//! row reported by file and line; then everything is written in one transaction, updating
//! existing rows by slug. The format is documented in README.md.

use std::{
    collections::{HashMap, HashSet},
    fmt,
    path::Path,
};

use rusqlite::{OptionalExtension, Transaction, params};
use serde::{Deserialize, de::DeserializeOwned};

use super::{counters, text};

/// The five files of a catalogue, each optional, as text.
#[derive(Default)]
pub struct CatalogueFiles {
    pub industries: Option<String>,
    pub careers: Option<String>,
    pub courses: Option<String>,
    pub providers: Option<String>,
    pub offerings: Option<String>,
}

impl CatalogueFiles {
    /// The catalogue shipped in `data/`: real qualifications, example providers.
    pub fn shipped() -> Self {
        Self {
            industries: Some(include_str!("../../data/industries.csv").into()),
            careers: Some(include_str!("../../data/careers.csv").into()),
            courses: Some(include_str!("../../data/courses.csv").into()),
            providers: Some(include_str!("../../data/providers.csv").into()),
            offerings: Some(include_str!("../../data/offerings.csv").into()),
        }
    }

    /// Reads whichever of the five files exist in `dir`.
    pub fn read_dir(dir: &Path) -> anyhow::Result<Self> {
        let read = |name: &str| -> anyhow::Result<Option<String>> {
            let path = dir.join(name);
            match std::fs::read_to_string(&path) {
                Ok(text) => Ok(Some(text)),
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(err) => Err(anyhow::anyhow!("cannot read {}: {err}", path.display())),
            }
        };
        let files = Self {
            industries: read("industries.csv")?,
            careers: read("careers.csv")?,
            courses: read("courses.csv")?,
            providers: read("providers.csv")?,
            offerings: read("offerings.csv")?,
        };
        anyhow::ensure!(
            [
                &files.industries,
                &files.careers,
                &files.courses,
                &files.providers,
                &files.offerings
            ]
            .iter()
            .any(|f| f.is_some()),
            "{} holds none of industries.csv, careers.csv, courses.csv, providers.csv, offerings.csv",
            dir.display()
        );
        Ok(files)
    }
}

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

/// What an import wrote.
#[derive(Debug, Default, PartialEq)]
pub struct ImportReport {
    pub industries: usize,
    pub careers: usize,
    pub courses: usize,
    pub providers: usize,
    pub offerings: usize,
    pub example_providers_removed: usize,
}

#[derive(Deserialize)]
struct IndustryRow {
    slug: String,
    name: String,
    copy: String,
}

#[derive(Deserialize)]
struct CareerRow {
    slug: String,
    industry: String,
    name: String,
    copy: String,
}

#[derive(Deserialize)]
struct CourseRow {
    slug: String,
    code: String,
    name: String,
    copy: String,
    careers: String,
}

#[derive(Deserialize)]
struct ProviderRow {
    slug: String,
    name: String,
    website: String,
    town: String,
    state: String,
    latitude: String,
    longitude: String,
    description: String,
}

#[derive(Deserialize)]
struct OfferingRow {
    course: String,
    provider: String,
}

struct Provider {
    row: ProviderRow,
    latitude: f64,
    longitude: f64,
    description: String,
}

/// Rows that passed every check, ready to write.
#[derive(Default)]
struct Checked {
    industries: Vec<IndustryRow>,
    careers: Vec<CareerRow>,
    courses: Vec<(CourseRow, Vec<String>)>,
    providers: Vec<Provider>,
    offerings: Vec<OfferingRow>,
}

const STATES: [&str; 8] = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];
const COPY_LIMIT: usize = 300;
const NAME_LIMIT: usize = 200;

const FILES: [&str; 5] = [
    "industries.csv",
    "careers.csv",
    "courses.csv",
    "providers.csv",
    "offerings.csv",
];

/// Collects problems with their file and line.
struct Problems(Vec<(usize, u64, String)>);

impl Problems {
    fn at(&mut self, file: &str, line: u64, problem: impl fmt::Display) {
        let file_order = FILES.iter().position(|f| *f == file).unwrap_or(FILES.len());
        self.0
            .push((file_order, line, format!("{file} line {line}: {problem}")));
    }

    /// In file order, then line order; a row's problems in the order they were found.
    fn into_sorted(mut self) -> Vec<String> {
        self.0.sort_by_key(|(file, line, _)| (*file, *line));
        self.0.into_iter().map(|(_, _, text)| text).collect()
    }
}

fn parse<T: DeserializeOwned>(file: &str, text: &str, problems: &mut Problems) -> Vec<(u64, T)> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers = match reader.headers() {
        Ok(headers) => headers.clone(),
        Err(err) => {
            problems.at(file, 1, describe(&err));
            return Vec::new();
        }
    };
    let mut rows = Vec::new();
    for result in reader.records() {
        match result {
            Ok(record) => {
                let line = record.position().map_or(0, |p| p.line());
                match record.deserialize::<T>(Some(&headers)) {
                    Ok(row) => rows.push((line, row)),
                    Err(err) => problems.at(file, line, describe(&err)),
                }
            }
            Err(err) => problems.at(file, err.position().map_or(0, |p| p.line()), describe(&err)),
        }
    }
    rows
}

fn describe(err: &csv::Error) -> String {
    match err.kind() {
        csv::ErrorKind::Deserialize { err, .. } => err.to_string(),
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("has {len} fields, the header has {expected_len}"),
        csv::ErrorKind::Utf8 { .. } => "is not UTF-8 text".into(),
        _ => err.to_string(),
    }
}

fn check_slug(
    problems: &mut Problems,
    file: &str,
    line: u64,
    slug: &str,
    seen: &mut HashSet<String>,
) {
    if !text::is_slug(slug) {
        problems.at(
            file,
            line,
            format!("slug '{slug}' must be lower-case words joined by hyphens"),
        );
    } else if !seen.insert(slug.to_owned()) {
        problems.at(file, line, format!("slug '{slug}' appears twice"));
    }
}

fn check_name(problems: &mut Problems, file: &str, line: u64, name: &str) {
    if name.is_empty() {
        problems.at(file, line, "name is empty");
    } else if name.chars().count() > NAME_LIMIT {
        problems.at(
            file,
            line,
            format!("name is longer than {NAME_LIMIT} characters"),
        );
    }
}

fn check_copy(problems: &mut Problems, file: &str, line: u64, plain: &str) {
    if plain.trim().is_empty() {
        problems.at(file, line, "copy is empty");
    } else if plain.chars().count() > COPY_LIMIT {
        problems.at(
            file,
            line,
            format!("copy is longer than {COPY_LIMIT} characters of text"),
        );
    }
}

/// Slugs (or codes) that already exist in `table`, so files may refer to them.
fn existing(tx: &Transaction, sql: &str) -> rusqlite::Result<HashSet<String>> {
    let mut stmt = tx.prepare(sql)?;
    let rows = stmt.query_map([], |row| row.get(0))?;
    rows.collect()
}

fn check(
    tx: &Transaction,
    files: &CatalogueFiles,
) -> anyhow::Result<Result<Checked, ImportErrors>> {
    let mut problems = Problems(Vec::new());
    let mut checked = Checked::default();

    let mut industry_slugs = existing(tx, "SELECT slug FROM industries")?;
    let mut seen = HashSet::new();
    for (line, row) in files
        .industries
        .as_deref()
        .map(|t| parse::<IndustryRow>("industries.csv", t, &mut problems))
        .unwrap_or_default()
    {
        check_slug(&mut problems, "industries.csv", line, &row.slug, &mut seen);
        check_name(&mut problems, "industries.csv", line, &row.name);
        check_copy(&mut problems, "industries.csv", line, &row.copy);
        industry_slugs.insert(row.slug.clone());
        checked.industries.push(row);
    }

    let mut career_slugs = existing(tx, "SELECT slug FROM careers")?;
    let mut seen = HashSet::new();
    for (line, mut row) in files
        .careers
        .as_deref()
        .map(|t| parse::<CareerRow>("careers.csv", t, &mut problems))
        .unwrap_or_default()
    {
        check_slug(&mut problems, "careers.csv", line, &row.slug, &mut seen);
        check_name(&mut problems, "careers.csv", line, &row.name);
        if !industry_slugs.contains(&row.industry) {
            problems.at(
                "careers.csv",
                line,
                format!(
                    "industry '{}' is not in industries.csv or the database",
                    row.industry
                ),
            );
        }
        row.copy = text::sanitize_html(&row.copy);
        check_copy(
            &mut problems,
            "careers.csv",
            line,
            &text::plain_text(&row.copy),
        );
        career_slugs.insert(row.slug.clone());
        checked.careers.push(row);
    }

    let course_owner: HashMap<String, String> = {
        let mut stmt = tx.prepare("SELECT code, slug FROM courses")?;
        let rows = stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    let mut course_codes: HashSet<String> = course_owner.keys().cloned().collect();
    let (mut seen, mut seen_codes) = (HashSet::new(), HashSet::new());
    for (line, row) in files
        .courses
        .as_deref()
        .map(|t| parse::<CourseRow>("courses.csv", t, &mut problems))
        .unwrap_or_default()
    {
        check_slug(&mut problems, "courses.csv", line, &row.slug, &mut seen);
        check_name(&mut problems, "courses.csv", line, &row.name);
        check_copy(&mut problems, "courses.csv", line, &row.copy);
        if !text::is_course_code(&row.code) {
            problems.at(
                "courses.csv",
                line,
                format!(
                    "code '{}' is not a course code such as SIT30821 or 22338VIC",
                    row.code
                ),
            );
        } else if !seen_codes.insert(row.code.clone()) {
            problems.at(
                "courses.csv",
                line,
                format!("code '{}' appears twice", row.code),
            );
        } else if let Some(owner) = course_owner
            .get(&row.code)
            .filter(|owner| **owner != row.slug)
        {
            problems.at(
                "courses.csv",
                line,
                format!(
                    "code '{}' already belongs to the course '{owner}'",
                    row.code
                ),
            );
        }
        let careers: Vec<String> = row
            .careers
            .split(';')
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect();
        if careers.is_empty() {
            problems.at(
                "courses.csv",
                line,
                "careers is empty: list at least one career slug, separated by ';'",
            );
        }
        for career in careers.iter().filter(|c| !career_slugs.contains(*c)) {
            problems.at(
                "courses.csv",
                line,
                format!("career '{career}' is not in careers.csv or the database"),
            );
        }
        course_codes.insert(row.code.clone());
        checked.courses.push((row, careers));
    }

    let mut provider_slugs = existing(tx, "SELECT slug FROM providers")?;
    let mut seen = HashSet::new();
    for (line, row) in files
        .providers
        .as_deref()
        .map(|t| parse::<ProviderRow>("providers.csv", t, &mut problems))
        .unwrap_or_default()
    {
        let file = "providers.csv";
        check_slug(&mut problems, file, line, &row.slug, &mut seen);
        check_name(&mut problems, file, line, &row.name);
        if !(row.website.starts_with("https://") || row.website.starts_with("http://"))
            || row.website.contains(char::is_whitespace)
        {
            problems.at(
                file,
                line,
                format!(
                    "website '{}' must be a web address starting with https://",
                    row.website
                ),
            );
        }
        if !STATES.contains(&row.state.as_str()) {
            problems.at(
                file,
                line,
                format!("state '{}' must be one of {}", row.state, STATES.join(", ")),
            );
        }
        let latitude = row
            .latitude
            .parse::<f64>()
            .ok()
            .filter(|v| (-44.0..=-9.0).contains(v));
        let longitude = row
            .longitude
            .parse::<f64>()
            .ok()
            .filter(|v| (112.0..=154.0).contains(v));
        if latitude.is_none() || longitude.is_none() {
            problems.at(
                file,
                line,
                format!(
                    "latitude/longitude '{}, {}' is not a place in Australia",
                    row.latitude, row.longitude
                ),
            );
        }
        let description = text::sanitize_html(&row.description);
        if text::plain_text(&description).trim().is_empty() {
            problems.at(file, line, "description is empty");
        }
        provider_slugs.insert(row.slug.clone());
        checked.providers.push(Provider {
            latitude: latitude.unwrap_or_default(),
            longitude: longitude.unwrap_or_default(),
            description,
            row,
        });
    }

    let mut seen = HashSet::new();
    for (line, row) in files
        .offerings
        .as_deref()
        .map(|t| parse::<OfferingRow>("offerings.csv", t, &mut problems))
        .unwrap_or_default()
    {
        if !course_codes.contains(&row.course) {
            problems.at(
                "offerings.csv",
                line,
                format!(
                    "course '{}' is not in courses.csv or the database",
                    row.course
                ),
            );
        }
        if !provider_slugs.contains(&row.provider) {
            problems.at(
                "offerings.csv",
                line,
                format!(
                    "provider '{}' is not in providers.csv or the database",
                    row.provider
                ),
            );
        }
        if !seen.insert((row.course.clone(), row.provider.clone())) {
            problems.at(
                "offerings.csv",
                line,
                format!("{} at {} appears twice", row.course, row.provider),
            );
        }
        checked.offerings.push(row);
    }

    Ok(if problems.0.is_empty() {
        Ok(checked)
    } else {
        Err(ImportErrors(problems.into_sorted()))
    })
}

/// Checks every row, then writes all of them in `tx`, or nothing when any row is bad.
/// Providers from an operator's import (`example == false`) replace the example providers.
pub fn import(
    tx: &Transaction,
    files: &CatalogueFiles,
    example: bool,
) -> anyhow::Result<Result<ImportReport, ImportErrors>> {
    let checked = match check(tx, files)? {
        Ok(checked) => checked,
        Err(errors) => return Ok(Err(errors)),
    };
    let mut report = ImportReport::default();
    for row in &checked.industries {
        tx.execute(
            "INSERT INTO industries (slug, name, copy) VALUES (?1, ?2, ?3)
             ON CONFLICT (slug) DO UPDATE SET name = excluded.name, copy = excluded.copy",
            params![row.slug, row.name, row.copy],
        )?;
        report.industries += 1;
    }
    for row in &checked.careers {
        tx.execute(
            "INSERT INTO careers (slug, industry_id, name, copy_html)
             VALUES (?1, (SELECT id FROM industries WHERE slug = ?2), ?3, ?4)
             ON CONFLICT (slug) DO UPDATE SET industry_id = excluded.industry_id, name = excluded.name, copy_html = excluded.copy_html",
            params![row.slug, row.industry, row.name, row.copy],
        )?;
        report.careers += 1;
    }
    for (row, careers) in &checked.courses {
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

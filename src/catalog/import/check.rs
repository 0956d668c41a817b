//! Every row of a catalogue checked before anything is written: slugs, names, copy, codes,
//! references between the files and to the database, with every problem reported by file and
//! line.

use std::collections::{HashMap, HashSet};

use rusqlite::Transaction;
use serde::{Deserialize, de::DeserializeOwned};

use super::{
    ImportErrors,
    facts::{self, CampusRow, CheckedCampus, CheckedFacts, OfferingRow},
    files::{CatalogueFiles, TEMPLATE},
    problems::Problems,
    store,
};
use crate::catalog::text;

#[derive(Deserialize)]
pub(super) struct IndustryRow {
    pub(super) slug: String,
    pub(super) name: String,
    pub(super) copy: String,
}

#[derive(Deserialize)]
pub(super) struct CareerRow {
    pub(super) slug: String,
    pub(super) industry: String,
    pub(super) name: String,
    pub(super) copy: String,
}

#[derive(Deserialize)]
pub(super) struct CourseRow {
    pub(super) slug: String,
    pub(super) code: String,
    pub(super) name: String,
    pub(super) copy: String,
    pub(super) careers: String,
    /// Codes of the earlier qualifications this one replaced, separated by ';'.
    #[serde(default)]
    pub(super) supersedes: String,
}

#[derive(Deserialize)]
pub(super) struct ProviderRow {
    pub(super) slug: String,
    pub(super) name: String,
    pub(super) website: String,
    pub(super) town: String,
    pub(super) state: String,
    pub(super) latitude: String,
    pub(super) longitude: String,
    pub(super) description: String,
}

pub(super) struct Provider {
    pub(super) row: ProviderRow,
    pub(super) latitude: f64,
    pub(super) longitude: f64,
    pub(super) description: String,
}

/// Rows that passed every check, ready to write.
#[derive(Default)]
pub(super) struct Checked {
    pub(super) industries: Vec<IndustryRow>,
    pub(super) careers: Vec<CareerRow>,
    pub(super) courses: Vec<(CourseRow, Vec<String>)>,
    pub(super) providers: Vec<Provider>,
    pub(super) offerings: Vec<OfferingRow>,
    pub(super) campuses: Vec<CheckedCampus>,
    pub(super) facts: Vec<CheckedFacts>,
    /// (course code, the codes it replaces) for the rows that name any.
    pub(super) supersessions: Vec<(String, Vec<String>)>,
}

const STATES: [&str; 8] = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"];
const COPY_LIMIT: usize = 300;
const NAME_LIMIT: usize = 200;

/// The rows of one file with their line numbers; problems with the file as a whole (empty,
/// another delimiter, missing or unknown columns) are reported at line 1 and give no rows.
fn parse<T: DeserializeOwned>(file: &str, text: &str, problems: &mut Problems) -> Vec<(u64, T)> {
    if text.trim().is_empty() {
        problems.at(file, 1, "the file is empty: it needs at least its header row (app import --template writes one)");
        return Vec::new();
    }
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
    if let Some(problem) = header_problem(file, &headers) {
        problems.at(file, 1, problem);
        return Vec::new();
    }
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

/// What is wrong with a file's header row, if anything.
fn header_problem(file: &str, headers: &csv::StringRecord) -> Option<String> {
    let template = TEMPLATE.iter().find(|t| t.name == file);
    let expected = template.map_or(&[][..], |t| t.columns);
    let optional = template.map_or(&[][..], |t| t.optional);
    let columns = expected.join(",");
    if headers.len() == 1 && headers[0].contains(';') {
        return Some(format!(
            "the columns are separated by ';' (semicolon), not ','; save it as 'CSV UTF-8 (Comma delimited)' (the header is {columns})"
        ));
    }
    if let Some(missing) = expected.iter().find(|c| !headers.iter().any(|h| h == **c)) {
        return Some(format!(
            "the column '{missing}' is missing (the header is {columns})"
        ));
    }
    if let Some(unknown) = headers
        .iter()
        .find(|h| !expected.contains(h) && !optional.contains(h))
    {
        let all = template.map_or(columns, |t| t.header());
        return Some(format!("the column '{unknown}' is not one of {all}"));
    }
    None
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
pub(super) fn check(
    tx: &Transaction,
    files: &CatalogueFiles,
) -> anyhow::Result<Result<Checked, ImportErrors>> {
    let mut problems = Problems(Vec::new());
    let mut checked = Checked::default();

    let mut industry_slugs = store::slugs(tx, "industries")?;
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

    let mut career_slugs = store::slugs(tx, "careers")?;
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

    let course_owner: HashMap<String, String> = store::course_codes(tx)?;
    let mut course_codes: HashSet<String> = course_owner.keys().cloned().collect();
    let (mut seen, mut seen_codes) = (HashSet::new(), HashSet::new());
    let mut replacing = Vec::new();
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
        if !row.supersedes.trim().is_empty() {
            let replaced = row.supersedes.split(';').map(|c| c.trim().to_owned());
            replacing.push((line, row.code.clone(), replaced.collect()));
        }
        checked.courses.push((row, careers));
    }
    checked.supersessions = super::supersedes::check(tx, replacing, &course_codes, &mut problems)?;

    let mut provider_slugs = store::slugs(tx, "providers")?;
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
        if !crate::fields::is_web_address(&row.website) {
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

    let campus_rows = files
        .campuses
        .as_deref()
        .map(|t| parse::<CampusRow>("campuses.csv", t, &mut problems))
        .unwrap_or_default();
    let (campuses, campus_names) =
        facts::check_campuses(tx, campus_rows, &provider_slugs, &mut problems)?;
    checked.campuses = campuses;
    let notes = crate::catalog::facts::store::funding_notes(tx)?;

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
        let known = (&campus_names, notes.as_slice());
        if let Some(facts) = facts::check_facts(&row, line, known, &mut problems) {
            checked.facts.push(facts);
        }
        checked.offerings.push(row);
    }

    Ok(if problems.0.is_empty() {
        Ok(checked)
    } else {
        Err(ImportErrors(problems.into_sorted()))
    })
}

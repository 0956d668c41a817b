//! The optional `supersedes` column of courses.csv: which earlier qualifications a course
//! replaced, checked against the file and the database, never the course itself nor a loop.

use std::collections::{HashMap, HashSet};

use rusqlite::Transaction;

use super::problems::Problems;
use crate::catalog::{succession, succession_store};

/// The `supersedes` cells, checked: every code a course (in the file or the database), never the
/// course itself, and no loop once the file's links replace the stored ones of its courses.
pub(super) fn check(
    tx: &Transaction,
    rows: Vec<(u64, String, Vec<String>)>,
    course_codes: &HashSet<String>,
    problems: &mut Problems,
) -> rusqlite::Result<Vec<(String, Vec<String>)>> {
    let file = "courses.csv";
    for (line, code, replaced) in &rows {
        for old in replaced {
            if old.is_empty() {
                problems.at(
                    file,
                    *line,
                    "supersedes has an empty code: separate the codes with a single ';'",
                );
            } else if old == code {
                problems.at(
                    file,
                    *line,
                    format!(
                        "supersedes '{old}' is the course itself: a course cannot replace itself"
                    ),
                );
            } else if !course_codes.contains(old) {
                problems.at(
                    file,
                    *line,
                    format!(
                        "supersedes '{old}' is not a course code in courses.csv or the database"
                    ),
                );
            }
        }
    }
    let stored = succession_store::codes(tx)?;
    let mut links: HashMap<&str, Vec<&str>> = HashMap::new();
    for (code, old) in &stored {
        if !rows.iter().any(|(_, c, _)| c == code) {
            links.entry(code).or_default().push(old);
        }
    }
    // A course naming itself is reported above, not again as a loop.
    for (_, code, replaced) in &rows {
        let others = replaced.iter().filter(|old| *old != code);
        links
            .entry(code)
            .or_default()
            .extend(others.map(String::as_str));
    }
    for (line, code, _) in &rows {
        if succession::leads_back(&links, code) {
            problems.at(
                file,
                *line,
                format!("supersedes makes a loop: {code} would end up replacing itself"),
            );
        }
    }
    Ok(rows
        .into_iter()
        .map(|(_, code, replaced)| (code, replaced))
        .collect())
}

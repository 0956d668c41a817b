//! The offering facts an import carries (DESIGN decision 23): the campuses of `campuses.csv`
//! and the optional fact columns of `offerings.csv`, checked by the same rules as an editor's
//! save (every message reported by file and line) and written with a history row whose
//! source is the import. A row whose fact cells are all empty leaves the facts as they are.

use std::collections::{HashMap, HashSet};

use rusqlite::Transaction;
use serde::Deserialize;
use serde_json::json;

use super::problems::Problems;
use crate::{
    catalog::facts::{
        check::{self, CampusBody, CampusValues, FactsBody, Month},
        model::{FactSource, FactValues},
        rules::course_url_flagged,
        store as facts_store,
    },
    error::AppError,
};

/// An offering and its optional facts (`files::FACT_COLUMNS`; a missing column reads as empty).
#[derive(Deserialize)]
pub(super) struct OfferingRow {
    pub(super) course: String,
    pub(super) provider: String,
    #[serde(default)]
    pub(super) fee: String,
    #[serde(default)]
    pub(super) subsidised_fee: String,
    #[serde(default)]
    pub(super) subsidy_state: String,
    #[serde(default)]
    pub(super) duration_weeks: String,
    #[serde(default)]
    pub(super) duration_max_weeks: String,
    #[serde(default)]
    pub(super) delivery_modes: String,
    #[serde(default)]
    pub(super) campuses: String,
    #[serde(default)]
    pub(super) intakes: String,
    #[serde(default)]
    pub(super) funding_notes: String,
    #[serde(default)]
    pub(super) course_url: String,
}

#[derive(Deserialize)]
pub(super) struct CampusRow {
    pub(super) provider: String,
    pub(super) name: String,
    pub(super) street: String,
    pub(super) town: String,
    pub(super) state: String,
    pub(super) postcode: String,
    pub(super) latitude: String,
    pub(super) longitude: String,
}

/// A campus that passed its checks: the provider's slug and the values to store.
pub(super) struct CheckedCampus {
    pub(super) provider: String,
    pub(super) values: CampusValues,
}

/// An offering's facts that passed their checks, with its campuses still by name.
pub(super) struct CheckedFacts {
    pub(super) course: String,
    pub(super) provider: String,
    pub(super) values: FactValues,
    pub(super) campuses: Vec<String>,
}

/// The messages of an `AppError::Validation`, each once, or the error's own words.
fn messages(err: AppError) -> Vec<String> {
    let mut seen = Vec::new();
    match err {
        AppError::Validation(items) => {
            for item in items {
                if !seen.contains(&item.msg) {
                    seen.push(item.msg);
                }
            }
        }
        other => seen.push(other.to_string()),
    }
    seen
}

/// A number cell: empty is `None`; text that is not a number is given as NaN so the rule's own
/// message ('a whole number of ...') says what is wrong.
fn number(cell: &str) -> Option<f64> {
    (!cell.is_empty()).then(|| cell.parse().unwrap_or(f64::NAN))
}

/// A `;`-separated list cell.
fn list(cell: &str) -> Vec<String> {
    cell.split(';')
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Every campus known, as (provider slug, campus name).
pub(super) type CampusNames = HashSet<(String, String)>;

/// Checks the rows of campuses.csv; answers them and the (provider, campus name) pairs known.
pub(super) fn check_campuses(
    tx: &Transaction,
    rows: Vec<(u64, CampusRow)>,
    provider_slugs: &HashSet<String>,
    problems: &mut Problems,
) -> anyhow::Result<(Vec<CheckedCampus>, CampusNames)> {
    let file = "campuses.csv";
    let mut known = super::store::campus_names(tx)?;
    let (mut checked, mut seen) = (Vec::new(), HashSet::new());
    for (line, row) in rows {
        if !provider_slugs.contains(&row.provider) {
            problems.at(
                file,
                line,
                format!(
                    "provider '{}' is not in providers.csv or the database",
                    row.provider
                ),
            );
        }
        let body = CampusBody {
            version: None,
            name: row.name,
            street: row.street,
            town: row.town,
            state: row.state,
            postcode: row.postcode,
            latitude: number(&row.latitude),
            longitude: number(&row.longitude),
        };
        match check::campus(body) {
            Ok((_, values)) => {
                let key = (row.provider.clone(), values.name.clone());
                if !seen.insert(key.clone()) {
                    problems.at(
                        file,
                        line,
                        format!("{} at {} appears twice", values.name, row.provider),
                    );
                }
                known.insert(key);
                checked.push(CheckedCampus {
                    provider: row.provider,
                    values,
                });
            }
            Err(err) => messages(err)
                .into_iter()
                .for_each(|m| problems.at(file, line, m)),
        }
    }
    Ok((checked, known))
}

/// Checks the fact cells of one offerings.csv row; `None` when they are all empty.
pub(super) fn check_facts(
    row: &OfferingRow,
    line: u64,
    (campuses, notes): (&CampusNames, &[String]),
    problems: &mut Problems,
) -> Option<CheckedFacts> {
    let file = "offerings.csv";
    let cells = [
        &row.fee,
        &row.subsidised_fee,
        &row.subsidy_state,
        &row.duration_weeks,
        &row.duration_max_weeks,
        &row.delivery_modes,
        &row.campuses,
        &row.intakes,
        &row.funding_notes,
        &row.course_url,
    ];
    if cells.iter().all(|c| c.is_empty()) {
        return None;
    }
    let body = FactsBody {
        version: Some(0),
        fee: number(&row.fee),
        subsidised_fee: number(&row.subsidised_fee),
        subsidy_state: Some(row.subsidy_state.clone()),
        duration_weeks: number(&row.duration_weeks),
        duration_max_weeks: number(&row.duration_max_weeks),
        delivery_modes: list(&row.delivery_modes),
        campus_ids: Vec::new(),
        intakes: list(&row.intakes),
        funding_notes: list(&row.funding_notes),
        course_url: Some(row.course_url.clone()),
    };
    let mut names = list(&row.campuses);
    names.sort();
    names.dedup();
    let mut ok = true;
    for name in &names {
        if !campuses.contains(&(row.provider.clone(), name.clone())) {
            ok = false;
            problems.at(
                file,
                line,
                format!(
                    "campus '{name}' of {} is not in campuses.csv or the database",
                    row.provider
                ),
            );
        }
    }
    let values = match check::facts(body, Month::now()) {
        Ok((_, values)) => values,
        Err(err) => {
            messages(err)
                .into_iter()
                .for_each(|m| problems.at(file, line, m));
            return None;
        }
    };
    if let Some(note) = values.funding_notes.iter().find(|n| !notes.contains(n)) {
        ok = false;
        problems.at(
            file,
            line,
            format!("funding note '{note}' is not one of {}", notes.join("; ")),
        );
    }
    ok.then(|| CheckedFacts {
        course: row.course.clone(),
        provider: row.provider.clone(),
        values,
        campuses: names,
    })
}

/// Adds or updates the checked campuses (by provider and name), each change with a history
/// row; answers how many were written and how many of them are new.
pub(super) fn write_campuses(
    tx: &Transaction,
    campuses: &[CheckedCampus],
) -> anyhow::Result<(usize, usize)> {
    let (mut written, mut added) = (0, 0);
    for campus in campuses {
        let provider = super::store::provider_id(tx, &campus.provider)?;
        let existing = facts_store::campuses_of(tx, provider)?
            .into_iter()
            .find(|c| c.name == campus.values.name);
        let source = FactSource::Import;
        match existing {
            None => {
                let id = facts_store::insert_campus(tx, provider, &campus.values)?;
                let after = json!(campus.values);
                facts_store::insert_history(
                    tx,
                    provider,
                    None,
                    Some(id),
                    source,
                    None,
                    None,
                    Some(&after),
                )?;
                added += 1;
            }
            Some(before) => {
                let id: i64 = before.id.parse()?;
                let unchanged = (
                    &before.street,
                    &before.town,
                    &before.state,
                    &before.postcode,
                    before.latitude,
                    before.longitude,
                ) == (
                    &campus.values.street,
                    &campus.values.town,
                    &campus.values.state,
                    &campus.values.postcode,
                    campus.values.latitude,
                    campus.values.longitude,
                );
                if unchanged {
                    continue;
                }
                facts_store::update_campus(tx, id, &campus.values)?;
                let (before, after) = (json!(before), json!(campus.values));
                facts_store::insert_history(
                    tx,
                    provider,
                    None,
                    Some(id),
                    source,
                    None,
                    Some(&before),
                    Some(&after),
                )?;
            }
        }
        written += 1;
    }
    Ok((written, added))
}

/// Saves the checked facts of offerings whose facts differ from what is stored, each with a
/// history row (source: import); answers how many offerings' facts changed.
pub(super) fn write_facts(tx: &Transaction, facts: &[CheckedFacts]) -> anyhow::Result<usize> {
    let mut changed = 0;
    for row in facts {
        let offering = super::store::offering_id(tx, &row.course, &row.provider)?;
        let Some(before) = facts_store::facts_of(tx, offering)? else {
            continue;
        };
        let provider: i64 = before.provider_id.parse()?;
        let ids: HashMap<String, i64> = facts_store::campuses_of(tx, provider)?
            .into_iter()
            .map(|c| Ok((c.name, c.id.parse()?)))
            .collect::<anyhow::Result<_>>()?;
        let mut campus_ids: Vec<i64> = row
            .campuses
            .iter()
            .filter_map(|n| ids.get(n))
            .copied()
            .collect();
        campus_ids.sort();
        let values = FactValues {
            campus_ids: campus_ids.iter().map(i64::to_string).collect(),
            ..row.values.clone()
        };
        let mut stored = before.values.clone();
        stored
            .campus_ids
            .sort_by_key(|id| id.parse::<i64>().unwrap_or_default());
        if stored == values {
            continue;
        }
        let website = facts_store::offering_provider(tx, offering)?
            .map(|(_, site)| site)
            .unwrap_or_default();
        let flagged = course_url_flagged(
            &values.course_url,
            &website,
            (&before.values.course_url, before.course_url_flagged),
        );
        facts_store::save_facts(tx, offering, &values, flagged, FactSource::Import, None)?;
        facts_store::insert_history(
            tx,
            provider,
            Some(offering),
            None,
            FactSource::Import,
            None,
            Some(&json!(before.values)),
            Some(&json!(values)),
        )?;
        changed += 1;
    }
    Ok(changed)
}

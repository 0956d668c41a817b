//! Writing a step's checked rows onto the catalogue in its one transaction, counting what was
//! added, changed and retired. Nothing is deleted but unreviewed example providers; what an
//! admin or a representative wrote is kept (see the migration V13 on `register_*` columns).

use std::collections::{HashMap, HashSet};

use rusqlite::Transaction;

use super::{
    check::{CourseRow, DecisionRow, ProviderRow},
    postcodes,
    store::{self, DecisionKey, ProviderValues},
};

/// What one step did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub added: usize,
    pub changed: usize,
    pub retired: usize,
    pub removed: usize,
}

/// Lower-case words joined by hyphens, at most 100 characters.
pub fn slugify(text: &str) -> String {
    let mut slug = String::new();
    for c in text.to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    let cut = slug.char_indices().nth(100).map_or(slug.len(), |(i, _)| i);
    slug[..cut].trim_end_matches('-').to_owned()
}

/// `base`, or `base-suffix` when another row has it.
fn free_slug(tx: &Transaction, table: &str, base: &str, suffix: &str) -> rusqlite::Result<String> {
    if !store::slug_taken(tx, table, base)? {
        return Ok(base.to_owned());
    }
    Ok(format!("{base}-{}", suffix.to_lowercase()))
}

/// The register's value replaces ours only while ours is still what the register last wrote.
fn keep_edited(shown: &str, last_written: Option<&str>, new: Option<&str>) -> String {
    match new {
        Some(new) if shown.is_empty() || Some(shown) == last_written => new.to_owned(),
        _ => shown.to_owned(),
    }
}

pub fn qualifications(
    tx: &Transaction,
    rows: &[CourseRow],
    full: bool,
    now: i64,
) -> rusqlite::Result<Counts> {
    let mut counts = Counts::default();
    for row in rows {
        let industry = store::industry_id(tx, &slugify(&row.industry), &row.industry)?;
        let stored = store::course_by_code(tx, &row.code)?;
        let course = match stored {
            Some(old) => {
                let copy = keep_edited(
                    &old.copy,
                    old.register_copy.as_deref(),
                    row.description.as_deref(),
                );
                let register_copy = row.description.as_deref().or(old.register_copy.as_deref());
                let same = old.name == row.title
                    && old.level == row.level
                    && old.package_code == row.package_code
                    && old.copy == copy
                    && old.register_copy.as_deref() == register_copy
                    && !old.retired;
                if !same {
                    let slug = String::new();
                    let values = (
                        slug.as_str(),
                        row.code.as_str(),
                        row.title.as_str(),
                        row.level.as_str(),
                        row.package_code.as_str(),
                        copy.as_str(),
                        register_copy,
                    );
                    store::update_course(tx, old.id, values)?;
                    counts.changed += 1;
                }
                old.id
            }
            None => {
                let slug = free_slug(tx, "courses", &slugify(&row.title), &row.code)?;
                let copy = row.description.clone().unwrap_or_default();
                counts.added += 1;
                store::insert_course(
                    tx,
                    (
                        slug.as_str(),
                        row.code.as_str(),
                        row.title.as_str(),
                        row.level.as_str(),
                        row.package_code.as_str(),
                        copy.as_str(),
                        row.description.as_deref(),
                    ),
                )?
            }
        };
        for (name, anzsco) in &row.careers {
            let career = store::career_id(tx, (&slugify(name), name, anzsco.as_deref()), industry)?;
            store::link_course_career(tx, course, career)?;
        }
    }
    supersessions(tx, rows, now)?;
    if full {
        let current: HashSet<&str> = rows.iter().map(|r| r.code.as_str()).collect();
        for (code, id) in store::listed_courses(tx)? {
            if !current.contains(code.as_str()) {
                store::retire_course(tx, id, now)?;
                counts.retired += 1;
            }
        }
    }
    finish(tx)?;
    Ok(counts)
}

/// Records which course replaced which. A superseded qualification the catalogue lacks is
/// kept for lineage when the register gave its title: added retired, so it stays out of the
/// lists while its successor's page can name it.
fn supersessions(tx: &Transaction, rows: &[CourseRow], now: i64) -> rusqlite::Result<()> {
    for row in rows.iter().filter(|r| !r.supersedes.is_empty()) {
        for (code, title) in &row.supersedes {
            if let (None, Some(title)) = (store::course_by_code(tx, code)?, title) {
                let slug = free_slug(tx, "courses", &slugify(title), code)?;
                let id = store::insert_course(tx, (&slug, code, title, "", "", "", None))?;
                store::retire_course(tx, id, now)?;
            }
        }
        let codes: Vec<String> = row.supersedes.iter().map(|(c, _)| c.clone()).collect();
        crate::catalog::succession_store::set_replaces(tx, &row.code, &codes)?;
    }
    Ok(())
}

pub fn providers(
    tx: &Transaction,
    rows: &[ProviderRow],
    full: bool,
    now: i64,
) -> rusqlite::Result<Counts> {
    let mut counts = Counts::default();
    for row in rows {
        let stored = store::provider_by_rto_code(tx, &row.rto_code)?;
        let (shown, last) = stored.as_ref().map_or((String::new(), None), |p| {
            (p.website_url.clone(), p.register_website.clone())
        });
        let website_url = keep_edited(&shown, last.as_deref(), row.website.as_deref());
        let register_website = row.website.as_deref().or(last.as_deref());
        let register_place = postcodes::centroid(&row.postcode);
        let place = match &stored {
            // Coordinates an admin or a representative set are theirs; the register's follow
            // the head office postcode (empty for a postcode the table lacks).
            Some(old) if old.place.is_some() && old.place != old.register_place => old.place,
            _ => register_place,
        };
        let mut values = ProviderValues {
            slug: "",
            rto_code: &row.rto_code,
            name: &row.name,
            legal_name: &row.legal_name,
            town: &row.town,
            state: &row.state,
            postcode: &row.postcode,
            website_url: &website_url,
            register_website,
            place,
            register_place,
        };
        match stored {
            Some(old) => {
                let same = old.name == row.name
                    && old.legal_name == row.legal_name
                    && old.town == row.town
                    && old.state == row.state
                    && old.postcode == row.postcode
                    && old.website_url == website_url
                    && old.register_website.as_deref() == register_website
                    && old.place == place
                    && old.register_place == register_place
                    && !old.retired;
                if !same {
                    store::update_provider(tx, old.id, &values)?;
                    counts.changed += 1;
                }
            }
            None => {
                let slug = free_slug(tx, "providers", &slugify(&row.name), &row.rto_code)?;
                values.slug = &slug;
                store::insert_provider(tx, &values)?;
                counts.added += 1;
            }
        }
    }
    if full {
        let current: HashSet<&str> = rows.iter().map(|r| r.rto_code.as_str()).collect();
        for (code, id) in store::listed_register_providers(tx)? {
            if !current.contains(code.as_str()) {
                store::retire_provider(tx, id, now)?;
                counts.retired += 1;
            }
        }
    }
    if !rows.is_empty() {
        counts.removed = store::remove_unreviewed_example_providers(tx)?;
    }
    finish(tx)?;
    Ok(counts)
}

/// `live`: for each course read, the RTO codes with live teaching scope for it.
pub fn delivery(
    tx: &Transaction,
    live: &HashMap<String, HashSet<String>>,
    now: i64,
) -> rusqlite::Result<Counts> {
    let mut counts = Counts::default();
    let courses = store::listed_courses(tx)?;
    let providers = store::listed_register_providers(tx)?;
    for (code, rtos) in live {
        let Some(&course) = courses.get(code) else {
            continue;
        };
        let existing = store::register_offerings_of(tx, course)?;
        let mut live_ids = HashSet::new();
        for rto in rtos {
            let Some(&provider) = providers.get(rto) else {
                continue;
            };
            live_ids.insert(provider);
            match existing.get(&provider) {
                Some(false) => {}
                Some(true) => {
                    store::offer(tx, course, provider)?;
                    counts.changed += 1;
                }
                None => {
                    store::offer(tx, course, provider)?;
                    counts.added += 1;
                }
            }
        }
        for (&provider, &retired) in &existing {
            if !retired && !live_ids.contains(&provider) {
                store::retire_offering(tx, course, provider, now)?;
                counts.retired += 1;
            }
        }
    }
    finish(tx)?;
    Ok(counts)
}

/// `decisions`: for each provider read (by RTO code), its decisions and restrictions.
pub fn decisions(
    tx: &Transaction,
    decisions: &HashMap<String, Vec<DecisionRow>>,
    register_url: &str,
) -> rusqlite::Result<Counts> {
    let mut counts = Counts::default();
    let providers = store::listed_register_providers(tx)?;
    for (rto, rows) in decisions {
        let Some(&provider) = providers.get(rto) else {
            continue;
        };
        let new: Vec<DecisionKey> = rows
            .iter()
            .map(|d| {
                (
                    d.source.to_owned(),
                    d.kind.clone(),
                    d.description.clone(),
                    d.starts_on.clone(),
                    d.ends_on.clone(),
                    d.in_force,
                )
            })
            .collect();
        let old = store::decisions_of(tx, provider)?;
        let key = |d: &DecisionKey| (d.0.clone(), d.1.clone(), d.2.clone(), d.3.clone());
        let old_keys: HashMap<_, bool> = old.iter().map(|d| (key(d), d.5)).collect();
        let new_keys: HashSet<_> = new.iter().map(key).collect();
        for d in &new {
            match old_keys.get(&key(d)) {
                None => counts.added += 1,
                Some(&in_force) if in_force != d.5 => counts.changed += 1,
                Some(_) => {}
            }
        }
        counts.retired += old_keys.keys().filter(|k| !new_keys.contains(*k)).count();
        let url = format!(
            "{}/organisation/details/{rto}",
            register_url.trim_end_matches('/')
        );
        store::replace_decisions(tx, provider, &new, &url, standing(rows))?;
    }
    finish(tx)?;
    Ok(counts)
}

/// What the decisions and restrictions in force say: a suspension stops the provider
/// operating; a cancellation ends its registration.
pub fn standing(rows: &[DecisionRow]) -> &'static str {
    let in_force = || rows.iter().filter(|d| d.in_force);
    if in_force().any(|d| d.kind.to_lowercase().contains("cancel")) {
        "cancelled"
    } else if in_force().any(|d| d.kind.to_lowercase().contains("suspen")) {
        "suspended"
    } else {
        "registered"
    }
}

fn finish(tx: &Transaction) -> rusqlite::Result<()> {
    crate::catalog::counters_store::recount_listing(tx)?;
    crate::catalog::store::bump_catalogue_version(tx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_from_titles() {
        assert_eq!(
            slugify("Certificate III in Commercial Cookery"),
            "certificate-iii-in-commercial-cookery"
        );
        assert_eq!(
            slugify("  Tourism, Travel & Hospitality "),
            "tourism-travel-hospitality"
        );
    }

    #[test]
    fn an_edit_is_kept() {
        assert_eq!(keep_edited("", None, Some("new")), "new");
        assert_eq!(keep_edited("old", Some("old"), Some("new")), "new");
        assert_eq!(keep_edited("edited", Some("old"), Some("new")), "edited");
        assert_eq!(keep_edited("old", Some("old"), None), "old");
    }
}

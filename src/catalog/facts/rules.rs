//! Who may change an offering's facts and a provider's campuses, and what follows: an approved
//! representative of the provider, or an admin (DESIGN decisions 1 and 23); a save made from
//! an older version is refused (409), never a silent overwrite; every change leaves a history
//! row. Runs in the caller's transaction.

use rusqlite::{Connection, Transaction};
use serde_json::json;

use super::{
    check::{CAMPUS_UNKNOWN, CampusValues, FUNDING_UNKNOWN, VERSION_REQUIRED},
    model::{Campus, FactSource, FactValues, OfferingFacts},
    store,
};
use crate::{
    auth::CurrentUser,
    error::{AppError, ErrorItem},
    representation::{claims_store, work_email},
};

pub const NOT_A_REPRESENTATIVE: &str =
    "Only an approved representative of the provider or an admin can change its course details.";
pub const OTHER_PROVIDER: &str =
    "You can only change the course details of the provider you represent.";
pub const CHANGED_SINCE: &str = "These details changed since you opened them";
pub const OFFERING_NOT_FOUND: &str = "Course offering not found";
pub const CAMPUS_NOT_FOUND: &str = "Campus not found";
pub const PROVIDER_NOT_FOUND: &str = "Provider not found";
pub const CAMPUS_NAME_TAKEN: &str = "This provider already has a campus of that name";

/// How the caller may change the provider's facts, or 403.
pub fn editor(
    conn: &Connection,
    caller: &CurrentUser,
    provider: i64,
) -> Result<FactSource, AppError> {
    if caller.is_admin {
        return Ok(FactSource::Admin);
    }
    match claims_store::approved_claim(conn, caller.id)? {
        Some((_, represented)) if represented == provider => Ok(FactSource::Representative),
        Some(_) => Err(AppError::Forbidden(OTHER_PROVIDER.into())),
        None => Err(AppError::Forbidden(NOT_A_REPRESENTATIVE.into())),
    }
}

/// The provider an editor's list is of: 404 when unknown, 403 for a caller who may not edit it.
pub fn editable_provider(
    conn: &Connection,
    caller: &CurrentUser,
    provider: i64,
) -> Result<(), AppError> {
    if !store::provider_exists(conn, provider)? {
        return Err(AppError::NotFound(PROVIDER_NOT_FOUND.into()));
    }
    editor(conn, caller, provider).map(|_| ())
}

fn changed_since() -> AppError {
    AppError::Conflict(ErrorItem::new(CHANGED_SINCE))
}

/// Whether a course web page is on the provider's website domain (or a subdomain of it).
pub fn on_provider_domain(course_url: &str, website_url: &str) -> bool {
    let (Some(site), Some(page)) = (
        work_email::website_domain(website_url),
        url::Url::parse(course_url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_ascii_lowercase)),
    ) else {
        return false;
    };
    page == site || page.ends_with(&format!(".{site}"))
}

/// Whether a saved course web page is flagged to the admins: it is off the provider's website
/// domain, unless an admin cleared the flag of this same address (`before`: the stored address
/// and its flag), which a later save of the same address keeps cleared.
pub fn course_url_flagged(course_url: &str, website_url: &str, before: (&str, bool)) -> bool {
    let (stored, was_flagged) = before;
    !course_url.is_empty()
        && !on_provider_domain(course_url, website_url)
        && (course_url != stored || was_flagged)
}

/// Funding notes from the list and campuses of the provider, or the field's 400.
pub fn check_references(
    conn: &Connection,
    provider: i64,
    values: &FactValues,
) -> Result<(), AppError> {
    let mut errors = Vec::new();
    let notes = store::funding_notes(conn)?;
    if values.funding_notes.iter().any(|n| !notes.contains(n)) {
        errors.push(ErrorItem::field("fundingNotes", FUNDING_UNKNOWN));
    }
    let campuses = store::campuses_of(conn, provider)?;
    if values
        .campus_ids
        .iter()
        .any(|id| !campuses.iter().any(|c| &c.id == id))
    {
        errors.push(ErrorItem::field("campusIds", CAMPUS_UNKNOWN));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::Validation(errors))
    }
}

/// Saves an offering's facts made from `version`, for the provider's representative or an
/// admin, with a history row; answers the facts as now stored.
pub fn save_facts(
    tx: &Transaction,
    caller: &CurrentUser,
    offering: i64,
    version: i64,
    values: FactValues,
) -> Result<OfferingFacts, AppError> {
    let (provider, website) = store::offering_provider(tx, offering)?
        .ok_or_else(|| AppError::NotFound(OFFERING_NOT_FOUND.into()))?;
    let source = editor(tx, caller, provider)?;
    let before = store::facts_of(tx, offering)?
        .ok_or_else(|| AppError::NotFound(OFFERING_NOT_FOUND.into()))?;
    if before.version != version {
        return Err(changed_since());
    }
    check_references(tx, provider, &values)?;
    let flagged = course_url_flagged(
        &values.course_url,
        &website,
        (&before.values.course_url, before.course_url_flagged),
    );
    store::save_facts(tx, offering, &values, flagged, source, Some(caller.id))?;
    store::insert_history(
        tx,
        provider,
        Some(offering),
        None,
        source,
        Some(caller.id),
        Some(&json!(before.values)),
        Some(&json!(values)),
    )?;
    store::facts_of(tx, offering)?.ok_or_else(|| AppError::NotFound(OFFERING_NOT_FOUND.into()))
}

fn name_free(
    conn: &Connection,
    provider: i64,
    values: &CampusValues,
    except: i64,
) -> Result<(), AppError> {
    if store::campus_name_taken(conn, provider, &values.name, except)? {
        return Err(AppError::invalid(Some("name"), CAMPUS_NAME_TAKEN));
    }
    Ok(())
}

fn stored_campus(conn: &Connection, id: i64) -> Result<(i64, Campus), AppError> {
    store::campus_by_id(conn, id)?.ok_or_else(|| AppError::NotFound(CAMPUS_NOT_FOUND.into()))
}

/// Adds a campus to a provider.
pub fn add_campus(
    tx: &Transaction,
    caller: &CurrentUser,
    provider: i64,
    values: CampusValues,
) -> Result<Campus, AppError> {
    editable_provider(tx, caller, provider)?;
    let source = editor(tx, caller, provider)?;
    name_free(tx, provider, &values, 0)?;
    let id = store::insert_campus(tx, provider, &values)?;
    store::insert_history(
        tx,
        provider,
        None,
        Some(id),
        source,
        Some(caller.id),
        None,
        Some(&json!(values)),
    )?;
    Ok(stored_campus(tx, id)?.1)
}

/// Changes a campus made from `version`.
pub fn change_campus(
    tx: &Transaction,
    caller: &CurrentUser,
    id: i64,
    version: Option<i64>,
    values: CampusValues,
) -> Result<Campus, AppError> {
    let (provider, before) = stored_campus(tx, id)?;
    let source = editor(tx, caller, provider)?;
    let version = version.ok_or_else(|| AppError::invalid(Some("version"), VERSION_REQUIRED))?;
    if before.version != version {
        return Err(changed_since());
    }
    name_free(tx, provider, &values, id)?;
    store::update_campus(tx, id, &values)?;
    store::insert_history(
        tx,
        provider,
        None,
        Some(id),
        source,
        Some(caller.id),
        Some(&json!(before)),
        Some(&json!(values)),
    )?;
    Ok(stored_campus(tx, id)?.1)
}

/// Removes a campus (the offerings that named it no longer do).
pub fn remove_campus(tx: &Transaction, caller: &CurrentUser, id: i64) -> Result<(), AppError> {
    let (provider, before) = stored_campus(tx, id)?;
    let source = editor(tx, caller, provider)?;
    store::delete_campus(tx, id)?;
    store::insert_history(
        tx,
        provider,
        None,
        Some(id),
        source,
        Some(caller.id),
        Some(&json!(before)),
        None,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn course_pages_belong_to_the_website_domain_or_a_subdomain() {
        let site = "https://www.harbourlight.example/";
        assert!(super::on_provider_domain(
            "https://harbourlight.example/c",
            site
        ));
        assert!(super::on_provider_domain(
            "https://courses.harbourlight.example/c",
            site
        ));
        assert!(!super::on_provider_domain(
            "https://evilharbourlight.example/c",
            site
        ));
        assert!(!super::on_provider_domain(
            "https://elsewhere.example/c",
            ""
        ));
    }
}

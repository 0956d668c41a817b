//! The register is input like any other: every record is checked before anything is written,
//! and the first bad one stops its step with a message naming the record and the field.
//! Checked records become plain rows for `write`.

use std::{collections::HashMap, sync::LazyLock};

use regex::Regex;

use super::shapes;
use crate::catalog::text::{is_course_code, plain_text};

/// A record that cannot be used: `"qualification SIT30821: title holds HTML"`.
pub type Bad = String;

pub struct CourseRow {
    pub code: String,
    pub title: String,
    pub level: String,
    pub package_code: String,
    pub industry: String,
    /// Occupations, each with its ANZSCO code when the register pairs them.
    pub careers: Vec<(String, Option<String>)>,
    pub description: Option<String>,
    /// The codes of the qualifications this one superseded, each with its title when the
    /// register listed it (the sync keeps superseded ones for lineage).
    pub supersedes: Vec<(String, Option<String>)>,
}

pub struct ProviderRow {
    pub rto_code: String,
    pub name: String,
    pub legal_name: String,
    pub town: String,
    pub state: String,
    pub postcode: String,
    pub website: Option<String>,
}

pub struct DecisionRow {
    pub source: &'static str,
    pub kind: String,
    pub description: String,
    pub starts_on: Option<String>,
    pub ends_on: Option<String>,
    pub in_force: bool,
}

/// Text the register must give: present, not blank, no markup.
pub fn text(record: &str, field: &str, value: Option<&String>) -> Result<String, Bad> {
    let value = value.map(|v| v.trim()).unwrap_or_default();
    if value.is_empty() {
        return Err(format!("{record}: {field} is missing"));
    }
    if value.contains(['<', '>']) {
        return Err(format!("{record}: {field} holds HTML ({value:?})"));
    }
    Ok(value.to_owned())
}

fn optional_text(record: &str, field: &str, value: Option<&String>) -> Result<String, Bad> {
    match value.map(|v| v.trim()) {
        None | Some("") => Ok(String::new()),
        Some(_) => text(record, field, value),
    }
}

pub fn course_code(record: &str, field: &str, value: Option<&String>) -> Result<String, Bad> {
    let code = text(record, field, value)?;
    if !is_course_code(&code) {
        return Err(format!(
            "{record}: {field} {code:?} is not a qualification code"
        ));
    }
    Ok(code)
}

/// A title the sync may store as it is: one line of at most 200 characters.
pub fn is_plain_title(title: &str) -> bool {
    !title.is_empty() && title.chars().count() <= 200 && !title.chars().any(char::is_control)
}

pub fn rto_code(record: &str, field: &str, value: Option<&String>) -> Result<String, Bad> {
    let code = text(record, field, value)?;
    if code.len() > 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{record}: {field} {code:?} is not an RTO code"));
    }
    Ok(code)
}

/// `YYYY-MM-DD` from the register's date or date-time.
fn date(record: &str, field: &str, value: Option<&String>) -> Result<Option<String>, Bad> {
    let Some(value) = value.map(|v| v.trim()).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let day = value.get(..10).unwrap_or(value);
    if is_day(day) {
        Ok(Some(day.to_owned()))
    } else {
        Err(format!("{record}: {field} {value:?} is not a date"))
    }
}

/// Whether `text` is a real calendar day written `YYYY-MM-DD`.
pub fn is_day(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts.as_slice() else {
        return false;
    };
    let number = |part: &str, len: usize| {
        (part.len() == len && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u16>().ok())
            .flatten()
    };
    let (Some(year), Some(month), Some(day)) = (number(year, 4), number(month, 2), number(day, 2))
    else {
        return false;
    };
    time::Month::try_from(month as u8)
        .and_then(|month| time::Date::from_calendar_date(i32::from(year), month, day as u8))
        .is_ok()
}

/// A current qualification as a course row; `None` for one that is not current.
pub fn qualification(q: &shapes::Qualification) -> Result<Option<CourseRow>, Bad> {
    let code = course_code("a qualification", "code", q.code.as_ref())?;
    let record = format!("qualification {code}");
    let title = text(&record, "title", q.title.as_ref())?;
    let current = q
        .status
        .as_ref()
        .and_then(|s| s.is_current)
        .ok_or_else(|| format!("{record}: status.isCurrent is missing"))?;
    if !current {
        return Ok(None);
    }
    let package = q
        .training_package
        .as_ref()
        .ok_or_else(|| format!("{record}: trainingPackage is missing"))?;
    let package_code = text(&record, "trainingPackage.code", package.code.as_ref())?;
    let package_title = text(&record, "trainingPackage.title", package.title.as_ref())?;
    let sector = q
        .taxonomy_industry
        .iter()
        .find_map(|t| t.industry_sector.as_ref());
    let industry = match sector {
        Some(_) => text(&record, "taxonomyIndustry.industrySector", sector)?,
        None => package_title,
    };
    let anzsco = q.anzsco.as_ref();
    let mut careers = Vec::new();
    for occupation in &q.taxonomy_occupation {
        let name = text(
            &record,
            "taxonomyOccupation.occupation",
            occupation.occupation.as_ref(),
        )?;
        let code = anzsco
            .filter(|a| a.name.as_deref().map(str::trim) == Some(name.as_str()))
            .and_then(|a| a.code.clone());
        careers.push((name, code));
    }
    let mut supersedes = Vec::new();
    for link in &q.supersedes {
        supersedes.push((
            course_code(&record, "supersedes.code", link.code.as_ref())?,
            None,
        ));
    }
    Ok(Some(CourseRow {
        code,
        title,
        level: optional_text(
            &record,
            "qualificationLevel",
            q.qualification_level.as_ref(),
        )?,
        package_code,
        industry,
        careers,
        description: None,
        supersedes,
    }))
}

/// Every qualification's `supersedes` links must form chains, never a loop.
pub fn no_supersession_loop(qualifications: &[shapes::Qualification]) -> Result<(), Bad> {
    let links: HashMap<&str, Vec<&str>> = qualifications
        .iter()
        .filter_map(|q| {
            let code = q.code.as_deref()?;
            Some((
                code,
                q.supersedes
                    .iter()
                    .filter_map(|s| s.code.as_deref())
                    .collect(),
            ))
        })
        .collect();
    match crate::catalog::succession::first_loop(&links) {
        Some(start) => Err(format!(
            "qualification {start}: supersedes leads back to {start} (a supersession loop)"
        )),
        None => Ok(()),
    }
}

/// The description in a content bundle: the piece titled as a description, as plain text.
pub fn description(bundle: &shapes::ContentBundle) -> Option<String> {
    bundle
        .contents
        .iter()
        .find(|c| {
            [c.title.as_deref(), c.content_type.as_deref()]
                .into_iter()
                .flatten()
                .any(|t| t.to_lowercase().contains("description"))
        })
        .and_then(|c| c.html.as_deref())
        .map(plain_text)
        .map(|text| scrub(text.trim()))
        .filter(|text| !text.is_empty())
}

/// A currently registered organisation as a provider row; `None` for any other.
pub fn organisation(o: &shapes::Organisation) -> Result<Option<ProviderRow>, Bad> {
    let rto_code = rto_code("an organisation", "code", o.code.as_ref())?;
    let record = format!("organisation {rto_code}");
    let status = o
        .registration
        .as_ref()
        .and_then(|r| r.status_label.as_ref());
    if text(&record, "registration.statusLabel", status)? != "Current" {
        return Ok(None);
    }
    let legal_name = text(&record, "legalName", o.legal_name.as_ref())?;
    let trading = o
        .trading_names
        .iter()
        .find_map(shapes::TradingName::current);
    let name = match trading {
        Some(_) => text(&record, "tradingNames", trading)?,
        None => legal_name.clone(),
    };
    let address = o.head_office_address.as_ref();
    let state = address
        .and_then(|a| a.state.as_ref())
        .and_then(|s| s.abbreviation.as_ref());
    let postcode = optional_text(
        &record,
        "headOfficeAddress.postCode",
        address.and_then(|a| a.post_code.as_ref()),
    )?;
    if !postcode.is_empty()
        && (postcode.len() != 4 || !postcode.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(format!(
            "{record}: headOfficeAddress.postCode {postcode:?} is not a postcode"
        ));
    }
    Ok(Some(ProviderRow {
        rto_code,
        name,
        legal_name,
        town: optional_text(
            &record,
            "headOfficeAddress.suburb",
            address.and_then(|a| a.suburb.as_ref()),
        )?,
        state: optional_text(&record, "headOfficeAddress.state.abbreviation", state)?,
        postcode,
        website: None,
    }))
}

/// The primary web address (else the first), when it is an http(s) URL.
pub fn website(record: &str, addresses: &[shapes::WebAddress]) -> Result<Option<String>, Bad> {
    // An address with an end date is no longer the provider's.
    let current: Vec<&shapes::WebAddress> = addresses
        .iter()
        .filter(|a| a.end_date.as_deref().is_none_or(|d| d.trim().is_empty()))
        .collect();
    let chosen = current
        .iter()
        .find(|a| a.is_primary == Some(true))
        .or_else(|| current.first());
    let Some(url) = chosen
        .and_then(|a| a.url.as_deref())
        .map(str::trim)
        .filter(|u| !u.is_empty())
    else {
        return Ok(None);
    };
    let url = if url.contains("://") {
        url.to_owned()
    } else {
        format!("https://{url}")
    };
    match url::Url::parse(&url) {
        Ok(parsed)
            if matches!(parsed.scheme(), "http" | "https") && parsed.host_str().is_some() =>
        {
            Ok(Some(url))
        }
        _ => Err(format!(
            "{record}: webaddress.url {url:?} is not a web address"
        )),
    }
}

/// A decision or restriction. In force means not historic and not ended: the register's
/// `isHistoric` alone is unreliable (decisions 'in effect' with end dates years past).
pub fn decision(
    record: &str,
    source: &'static str,
    d: &shapes::Decision,
    today: &str,
) -> Result<DecisionRow, Bad> {
    let field = if source == "restriction" {
        "restrictionType"
    } else {
        "decisionType"
    };
    let kind = text(record, field, d.decision_type.as_ref())?;
    let description = d
        .description
        .as_deref()
        .map(|t| scrub(&plain_text(t)))
        .unwrap_or_default();
    let starts_on = date(record, "startDate", d.start_date.as_ref())?;
    let ends_on = date(record, "endDate", d.end_date.as_ref())?;
    let ended = ends_on.as_deref().is_some_and(|end| end < today);
    let started = starts_on.as_deref().is_none_or(|start| start <= today);
    Ok(DecisionRow {
        source,
        kind,
        description: description.trim().to_owned(),
        starts_on,
        ends_on,
        in_force: d.is_historic != Some(true) && !ended && started,
    })
}

/// Whether a scope row is live teaching: current, delivered and assessed (not assess only).
pub fn is_live_teaching(record: &str, d: &shapes::Delivery) -> Result<bool, Bad> {
    let status = text(record, "status", d.status.as_ref())?;
    let extent = text(record, "extent", d.extent.as_ref())?;
    Ok(status == "Current" && extent.eq_ignore_ascii_case("Deliver and assess"))
}

static EMAIL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}").expect("valid"));
/// Australian phone numbers as people write them: 0412 345 678, (02) 9876-5432,
/// +61 2 9876 5432, 1300 123 456 (a date or a section number is not one).
static PHONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:\+61[\s.-]?\(?0?[2-478]\)?|\(?0[2-478]\)?)(?:[\s.-]?\d){8}|1[38]00(?:[\s.-]?\d){6}",
    )
    .expect("valid")
});

/// Regulator text without anything shaped like an e-mail address or a phone number.
pub fn scrub(text: &str) -> String {
    let text = EMAIL.replace_all(text, "[removed]");
    PHONE.replace_all(&text, "[removed]").into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrub_removes_emails_and_phone_numbers() {
        assert_eq!(
            scrub("Call Jo on 0412 345 678 or (02) 9876-5432, or mail jo.smith@example.com.au."),
            "Call Jo on [removed] or [removed], or mail [removed]."
        );
        assert_eq!(
            scrub("+61 2 9876 5432 and 1300 123 456"),
            "[removed] and [removed]"
        );
        // Dates and section numbers stay.
        assert_eq!(
            scrub("Under s 36 of the Act, from 2024-03-01 for 12 months"),
            "Under s 36 of the Act, from 2024-03-01 for 12 months"
        );
    }

    #[test]
    fn in_force_means_not_historic_and_not_ended() {
        let d = |historic, end: Option<&str>| shapes::Decision {
            decision_type: Some("Condition".into()),
            description: None,
            start_date: Some("2020-01-01".into()),
            end_date: end.map(Into::into),
            is_historic: Some(historic),
        };
        let in_force = |d| {
            decision("organisation 1", "decision", &d, "2026-11-26")
                .unwrap()
                .in_force
        };
        assert!(in_force(d(false, None)));
        assert!(in_force(d(false, Some("2027-01-01"))));
        assert!(!in_force(d(true, None)));
        // 'In effect' with an end date years past: historic after all.
        assert!(!in_force(d(false, Some("2019-06-30T00:00:00"))));
    }
}

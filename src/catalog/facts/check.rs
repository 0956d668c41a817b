//! The rules a fact or a campus must meet before anything is saved: every field's message in
//! the API's error shape, all of them at once. Pure functions; the database's part (funding
//! notes that exist, campuses of the provider) is in `rules`.

use serde::Deserialize;
use utoipa::ToSchema;

use super::model::{AuState, DeliveryMode, FactValues};
use crate::{
    error::{AppError, ErrorItem},
    vocabulary::Vocabulary,
};

pub const FEE_MAX: i64 = 100_000;
pub const WEEKS_MAX: i64 = 260;
pub const INTAKES_MAX: usize = 6;
/// How far ahead an intake may be, in months.
pub const INTAKE_MONTHS_AHEAD: i64 = 36;
pub const CAMPUS_NAME_MAX: usize = 100;
pub const STREET_MAX: usize = 200;
pub const TOWN_MAX: usize = 100;
pub const COURSE_URL_MAX: usize = 500;

pub const FEE_INVALID: &str = "Fee must be a whole number of dollars from 0 to 100,000";
pub const SUBSIDISED_FEE_INVALID: &str =
    "Subsidised fee must be a whole number of dollars from 0 to 100,000";
pub const SUBSIDISED_ABOVE_FULL: &str = "Subsidised fee must not be more than the full fee";
pub const SUBSIDY_STATE_REQUIRED: &str = "Choose the state the subsidised fee applies in";
pub const STATE_INVALID: &str = "State must be one of ACT, NSW, NT, QLD, SA, TAS, VIC or WA";
pub const DURATION_INVALID: &str = "Duration must be a whole number of weeks from 1 to 260";
pub const DURATION_MAX_INVALID: &str =
    "Longest duration must be a whole number of weeks from 1 to 260";
pub const DURATION_RANGE_BACKWARDS: &str =
    "The longest duration must not be shorter than the shortest";
pub const DURATION_MAX_ALONE: &str = "Give the shortest duration of the range too";
pub const DELIVERY_INVALID: &str =
    "Delivery mode must be 'on campus', 'online', 'blended' or 'in the workplace'";
pub const INTAKE_INVALID: &str = "An intake must be a month and year (YYYY-MM)";
pub const INTAKE_PAST: &str = "An intake must not be in the past";
pub const INTAKE_TOO_FAR: &str = "An intake must be within the next three years";
pub const TOO_MANY_INTAKES: &str = "Give at most six intakes";
pub const FUNDING_UNKNOWN: &str = "Choose funding notes from the list";
pub const COURSE_URL_INVALID: &str = "Course web page must be an http or https address";
pub const COURSE_URL_TOO_LONG: &str = "Course web page must not be longer than 500 characters";
pub const CAMPUS_UNKNOWN: &str = "Choose campuses of this provider";
pub const VERSION_REQUIRED: &str = "version is required";
pub const CAMPUS_NAME_REQUIRED: &str = "Campus name is required";
pub const CAMPUS_NAME_TOO_LONG: &str = "Campus name must not be longer than 100 characters";
pub const STREET_TOO_LONG: &str = "Street address must not be longer than 200 characters";
pub const TOWN_REQUIRED: &str = "Town is required";
pub const TOWN_TOO_LONG: &str = "Town must not be longer than 100 characters";
pub const POSTCODE_INVALID: &str = "Postcode must be four digits";
pub const POSTCODE_STATE: &str = "Postcode does not match the state";
pub const LOCATION_REQUIRED: &str = "Latitude and longitude are required";
pub const LOCATION_OUTSIDE: &str = "Latitude and longitude must be in Australia";
pub const FUNDING_NOTE_MAX: usize = 60;
pub const FUNDING_NOTE_REQUIRED: &str = "Funding note is required";
pub const FUNDING_NOTE_TOO_LONG: &str = "Funding note must not be longer than 60 characters";
pub const FUNDING_NOTE_TAKEN: &str = "This funding note is on the list already";

/// White space as Rust's `str::trim` removes it, as the inside of a regular-expression class.
const TRIMMED: &str =
    "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
/// The characters a one-line text field refuses ([`control_characters`]): control,
/// bidirectional and zero-width characters, as the inside of a regular-expression class.
const REFUSED: &str = "\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u180e\\u200b-\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\u2800\\u3164\\ufeff\\uffa0";

/// The names [`funding_note`] accepts, as the OpenAPI document's pattern: white space around
/// 1 to 60 characters that start and end with neither white space nor a refused character
/// and hold no refused character.
pub fn funding_note_pattern() -> String {
    let inner = FUNDING_NOTE_MAX - 2;
    format!(
        "^[{TRIMMED}]*[^{REFUSED}{TRIMMED}](?:[^{REFUSED}]{{0,{inner}}}[^{REFUSED}{TRIMMED}])?[{TRIMMED}]*$"
    )
}

/// A new funding note's name, trimmed, or its 400.
pub fn funding_note(name: &str) -> Result<String, AppError> {
    let mut errors = Vec::new();
    let name = text_field(
        &mut errors,
        "name",
        "Funding note",
        name,
        (FUNDING_NOTE_MAX, FUNDING_NOTE_TOO_LONG),
        Some(FUNDING_NOTE_REQUIRED),
    );
    if errors.is_empty() {
        Ok(name)
    } else {
        Err(AppError::Validation(errors))
    }
}

/// Said of any text field holding a line break, tab or other control character.
pub fn control_characters(label: &str) -> String {
    format!("{label} must not contain control characters")
}

/// An edit of an offering's facts, as sent. Every fact may be left out (null or empty).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct FactsBody {
    /// The `version` of the facts the editor loaded.
    #[schema(required = true)]
    pub version: Option<i64>,
    pub fee: Option<f64>,
    pub subsidised_fee: Option<f64>,
    pub subsidy_state: Option<String>,
    pub duration_weeks: Option<f64>,
    pub duration_max_weeks: Option<f64>,
    pub delivery_modes: Vec<String>,
    pub campus_ids: Vec<String>,
    pub intakes: Vec<String>,
    pub funding_notes: Vec<String>,
    pub course_url: Option<String>,
}

/// A year and month, for intakes ('2027-02').
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Month {
    pub year: i64,
    pub month: i64,
}

impl Month {
    pub fn now() -> Self {
        let today = time::OffsetDateTime::now_utc();
        Self {
            year: today.year().into(),
            month: u8::from(today.month()).into(),
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        let (year, month) = text.split_once('-')?;
        let valid = year.len() == 4 && month.len() == 2;
        let (year, month) = (year.parse().ok()?, month.parse().ok()?);
        (valid && (1..=12).contains(&month)).then_some(Self { year, month })
    }

    fn index(self) -> i64 {
        self.year * 12 + self.month - 1
    }

    pub fn plus(self, months: i64) -> Self {
        let index = self.index() + months;
        Self {
            year: index.div_euclid(12),
            month: index.rem_euclid(12) + 1,
        }
    }

    pub fn text(self) -> String {
        format!("{:04}-{:02}", self.year, self.month)
    }
}

fn whole_in(value: f64, low: i64, high: i64) -> Option<i64> {
    (value.fract() == 0.0 && value >= low as f64 && value <= high as f64).then_some(value as i64)
}

fn has_control(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() || crate::fields::single_line(&c.to_string()).is_empty())
}

fn state(text: &str) -> Option<AuState> {
    AuState::parse(text.trim())
}

/// Checks an edit of an offering's facts; `today` decides which intakes are past. Answers the
/// values to store (campus ids and funding notes still to be matched against the database).
pub fn facts(body: FactsBody, today: Month) -> Result<(i64, FactValues), AppError> {
    let mut errors = Vec::new();
    let mut refuse = |param: &str, msg: &str| errors.push(ErrorItem::field(param, msg));
    let version = body.version.filter(|v| *v >= 0);
    if version.is_none() {
        refuse("version", VERSION_REQUIRED);
    }
    let fee = body.fee.map(|f| whole_in(f, 0, FEE_MAX));
    if fee == Some(None) {
        refuse("fee", FEE_INVALID);
    }
    let subsidised_fee = body.subsidised_fee.map(|f| whole_in(f, 0, FEE_MAX));
    if subsidised_fee == Some(None) {
        refuse("subsidisedFee", SUBSIDISED_FEE_INVALID);
    }
    let (fee, subsidised_fee) = (fee.flatten(), subsidised_fee.flatten());
    if let (Some(full), Some(subsidised)) = (fee, subsidised_fee)
        && subsidised > full
    {
        refuse("subsidisedFee", SUBSIDISED_ABOVE_FULL);
    }
    let subsidy_state = body.subsidy_state.filter(|s| !s.trim().is_empty());
    match (&subsidy_state, body.subsidised_fee) {
        (Some(text), _) if state(text).is_none() => refuse("subsidyState", STATE_INVALID),
        (None, Some(_)) => refuse("subsidyState", SUBSIDY_STATE_REQUIRED),
        _ => {}
    }
    let weeks = body.duration_weeks.map(|w| whole_in(w, 1, WEEKS_MAX));
    if weeks == Some(None) {
        refuse("durationWeeks", DURATION_INVALID);
    }
    let max_weeks = body.duration_max_weeks.map(|w| whole_in(w, 1, WEEKS_MAX));
    if max_weeks == Some(None) {
        refuse("durationMaxWeeks", DURATION_MAX_INVALID);
    }
    let (weeks, mut max_weeks) = (weeks.flatten(), max_weeks.flatten());
    match (weeks, max_weeks) {
        (Some(low), Some(high)) if high < low => {
            refuse("durationMaxWeeks", DURATION_RANGE_BACKWARDS)
        }
        (None, Some(_)) if body.duration_weeks.is_none() => {
            refuse("durationMaxWeeks", DURATION_MAX_ALONE)
        }
        _ => {}
    }
    if max_weeks == weeks {
        max_weeks = None;
    }
    let mut modes = Vec::new();
    for text in &body.delivery_modes {
        match DeliveryMode::parse(text) {
            Some(mode) => modes.push(mode),
            None => refuse("deliveryModes", DELIVERY_INVALID),
        }
    }
    let mut intakes = Vec::new();
    if body.intakes.len() > INTAKES_MAX {
        refuse("intakes", TOO_MANY_INTAKES);
    }
    for text in &body.intakes {
        match Month::parse(text.trim()) {
            None => refuse("intakes", INTAKE_INVALID),
            Some(month) if month < today => refuse("intakes", INTAKE_PAST),
            Some(month) if month > today.plus(INTAKE_MONTHS_AHEAD) => {
                refuse("intakes", INTAKE_TOO_FAR)
            }
            Some(month) => intakes.push(month),
        }
    }
    intakes.sort();
    intakes.dedup();
    let mut campus_ids = Vec::new();
    for text in &body.campus_ids {
        match text.parse::<i64>() {
            Ok(id) if id > 0 => campus_ids.push(id),
            _ => refuse("campusIds", CAMPUS_UNKNOWN),
        }
    }
    campus_ids.sort();
    campus_ids.dedup();
    let course_url = body.course_url.unwrap_or_default().trim().to_owned();
    if course_url.chars().count() > COURSE_URL_MAX {
        refuse("courseUrl", COURSE_URL_TOO_LONG);
    } else if !course_url.is_empty() && !crate::fields::is_web_address(&course_url) {
        refuse("courseUrl", COURSE_URL_INVALID);
    }
    let mut notes: Vec<String> = body
        .funding_notes
        .iter()
        .map(|n| n.trim().to_owned())
        .collect();
    if notes.iter().any(|n| n.is_empty() || has_control(n)) {
        refuse("fundingNotes", FUNDING_UNKNOWN);
    }
    notes.sort();
    notes.dedup();
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    modes.sort_by_key(|m| m.bit());
    modes.dedup();
    Ok((
        version.unwrap_or_default(),
        FactValues {
            fee,
            subsidised_fee,
            subsidy_state: subsidy_state.and_then(|s| state(&s)).map(|s| s.to_string()),
            duration_weeks: weeks,
            duration_max_weeks: max_weeks,
            delivery_modes: modes.iter().map(|m| m.to_string()).collect(),
            campus_ids: campus_ids.iter().map(i64::to_string).collect(),
            intakes: intakes.into_iter().map(Month::text).collect(),
            funding_notes: notes,
            course_url,
        },
    ))
}

/// A campus as sent, to add or change.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CampusBody {
    /// With a change: the `version` of the campus the editor loaded.
    pub version: Option<i64>,
    #[schema(required = true)]
    pub name: String,
    pub street: String,
    #[schema(required = true)]
    pub town: String,
    #[schema(required = true)]
    pub state: String,
    #[schema(required = true)]
    pub postcode: String,
    #[schema(required = true)]
    pub latitude: Option<f64>,
    #[schema(required = true)]
    pub longitude: Option<f64>,
}

/// A campus as checked and stored.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CampusValues {
    pub name: String,
    pub street: String,
    pub town: String,
    pub state: String,
    pub postcode: String,
    pub latitude: f64,
    pub longitude: f64,
}

/// Australia with Tasmania, the Torres Strait islands and Lord Howe Island.
const LATITUDES: (f64, f64) = (-44.0, -9.0);
const LONGITUDES: (f64, f64) = (112.0, 160.0);

/// The postcode ranges of each state (Australia Post), including PO box ranges.
fn postcode_matches(state: AuState, code: u32) -> bool {
    let ranges: &[(u32, u32)] = match state {
        AuState::Nsw => &[(1000, 2599), (2619, 2899), (2921, 2999)],
        AuState::Act => &[(200, 299), (2600, 2618), (2900, 2920)],
        AuState::Vic => &[(3000, 3999), (8000, 8999)],
        AuState::Qld => &[(4000, 4999), (9000, 9999)],
        AuState::Sa => &[(5000, 5999)],
        AuState::Wa => &[(6000, 6999)],
        AuState::Tas => &[(7000, 7999)],
        AuState::Nt => &[(800, 999)],
    };
    ranges
        .iter()
        .any(|(low, high)| (*low..=*high).contains(&code))
}

fn text_field(
    errors: &mut Vec<ErrorItem>,
    param: &str,
    label: &str,
    text: &str,
    (max, too_long): (usize, &str),
    required: Option<&str>,
) -> String {
    let text = text.trim();
    if has_control(text) {
        errors.push(ErrorItem::field(param, control_characters(label)));
    } else if text.chars().count() > max {
        errors.push(ErrorItem::field(param, too_long));
    } else if let (true, Some(msg)) = (text.is_empty(), required) {
        errors.push(ErrorItem::field(param, msg));
    }
    text.to_owned()
}

/// Checks a campus; answers it with the version sent (for a change).
pub fn campus(body: CampusBody) -> Result<(Option<i64>, CampusValues), AppError> {
    let mut errors = Vec::new();
    let name = text_field(
        &mut errors,
        "name",
        "Campus name",
        &body.name,
        (CAMPUS_NAME_MAX, CAMPUS_NAME_TOO_LONG),
        Some(CAMPUS_NAME_REQUIRED),
    );
    let street = text_field(
        &mut errors,
        "street",
        "Street address",
        &body.street,
        (STREET_MAX, STREET_TOO_LONG),
        None,
    );
    let town = text_field(
        &mut errors,
        "town",
        "Town",
        &body.town,
        (TOWN_MAX, TOWN_TOO_LONG),
        Some(TOWN_REQUIRED),
    );
    let state = state(&body.state);
    if state.is_none() {
        errors.push(ErrorItem::field("state", STATE_INVALID));
    }
    let postcode = body.postcode.trim().to_owned();
    let code = (postcode.len() == 4 && postcode.bytes().all(|b| b.is_ascii_digit()))
        .then(|| postcode.parse::<u32>().ok())
        .flatten();
    match (code, state) {
        (None, _) => errors.push(ErrorItem::field("postcode", POSTCODE_INVALID)),
        (Some(code), Some(state)) if !postcode_matches(state, code) => {
            errors.push(ErrorItem::field("postcode", POSTCODE_STATE))
        }
        _ => {}
    }
    let (latitude, longitude) = match (body.latitude, body.longitude) {
        (Some(lat), Some(lon)) => {
            let inside = (LATITUDES.0..=LATITUDES.1).contains(&lat)
                && (LONGITUDES.0..=LONGITUDES.1).contains(&lon);
            if !inside {
                errors.push(ErrorItem::field("latitude", LOCATION_OUTSIDE));
            }
            (lat, lon)
        }
        _ => {
            errors.push(ErrorItem::field("latitude", LOCATION_REQUIRED));
            (0.0, 0.0)
        }
    };
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    Ok((
        body.version,
        CampusValues {
            name,
            street,
            town,
            state: state.map(|s| s.to_string()).unwrap_or_default(),
            postcode,
            latitude,
            longitude,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documents_funding_note_pattern_accepts_exactly_the_names_the_server_does() {
        let pattern = regex::Regex::new(&funding_note_pattern()).unwrap();
        let sixty = "x".repeat(60);
        for name in [
            "JobTrainer".to_owned(),
            " JobTrainer\n".to_owned(),
            "\u{85}Job Trainer\u{3000}".to_owned(),
            sixty.clone(),
            format!("  {sixty}\t"),
            "x".to_owned(),
            format!("{sixty}x"),
            String::new(),
            "   ".to_owned(),
            "Job\nTrainer".to_owned(),
            "Job\u{200b}Trainer".to_owned(),
            "\u{feff}".to_owned(),
            "Job\u{85}Trainer".to_owned(),
            "Fee-free TAFE (NSW) – 2027".to_owned(),
        ] {
            assert_eq!(
                pattern.is_match(&name),
                funding_note(&name).is_ok(),
                "{name:?}"
            );
        }
    }

    #[test]
    fn months_step_over_years() {
        let nov = Month::parse("2026-11").unwrap();
        assert_eq!(nov.plus(3).text(), "2027-02");
        assert_eq!(nov.plus(36).text(), "2029-11");
        assert!(Month::parse("2026-13").is_none());
        assert!(Month::parse("26-01").is_none());
    }

    #[test]
    fn postcodes_belong_to_their_state() {
        assert!(postcode_matches(AuState::Vic, 3000));
        assert!(!postcode_matches(AuState::Vic, 2000));
        assert!(postcode_matches(AuState::Act, 2600));
        assert!(!postcode_matches(AuState::Nsw, 2600));
        assert!(postcode_matches(AuState::Nt, 870));
    }
}

//! Demo offering facts for `serve --demo` (DESIGN decision 23): most example offerings get a
//! plausible fee (some with a subsidised fee in the provider's state), duration, delivery
//! modes, intakes, funding notes and a course page on the provider's website; about one in six
//! has none, and about one in seven was last confirmed more than 12 months ago, so the
//! 'may be out of date' label shows. Each example provider gets a campus in its town, where its
//! offerings taught on campus, blended or in the workplace run, so a list measures the distance
//! to it. Written once, and never over facts someone has set.

use rand::{Rng, SeedableRng, rngs::StdRng};
use rusqlite::Transaction;

use super::store;
use crate::{
    catalog::{
        facts::{
            check::{self, CampusBody, Month},
            model::{DeliveryMode, FactSource, FactValues},
            store as facts_store,
        },
        register::postcodes,
    },
    vocabulary::Vocabulary,
};

const SEED: u64 = 0x000F_AC75_DE30;
const DAY: i64 = 86_400;

/// Durations in weeks, a range's end where it has one.
const DURATIONS: [(i64, Option<i64>); 7] = [
    (26, None),
    (36, None),
    (52, None),
    (26, Some(52)),
    (52, Some(78)),
    (78, None),
    (104, None),
];

/// Facts for one offering, or `None` for the offerings left without.
pub fn plausible(
    rng: &mut StdRng,
    code: &str,
    state: &str,
    website: &str,
    today: Month,
    notes: &[String],
) -> Option<FactValues> {
    if rng.random_range(0..6) == 0 {
        return None;
    }
    let fee = rng.random_range(30..360) * 50;
    let subsidised = rng
        .random_bool(0.4)
        .then(|| (fee * rng.random_range(15..50) / 100) / 10 * 10);
    let (weeks, max_weeks) = DURATIONS[rng.random_range(0..DURATIONS.len())];
    let mut modes: Vec<DeliveryMode> = DeliveryMode::ALL
        .iter()
        .copied()
        .filter(|_| rng.random_bool(0.4))
        .collect();
    if modes.is_empty() {
        modes.push(DeliveryMode::OnCampus);
    }
    // Intakes in February and July, as many providers run them, within the next year.
    let intakes: Vec<String> = (0..12)
        .map(|n| today.plus(n))
        .filter(|m| m.month == 2 || m.month == 7 || (m.month == 10 && rng.random_bool(0.3)))
        .map(Month::text)
        .collect();
    let funding_notes: Vec<String> = notes
        .iter()
        .filter(|_| rng.random_bool(0.3))
        .cloned()
        .collect();
    let site = website.trim_end_matches('/');
    Some(FactValues {
        fee: Some(fee),
        subsidised_fee: subsidised,
        subsidy_state: subsidised.map(|_| state.to_owned()),
        duration_weeks: Some(weeks),
        duration_max_weeks: max_weeks,
        delivery_modes: modes.iter().map(|m| m.to_string()).collect(),
        campus_ids: Vec::new(),
        intakes,
        funding_notes,
        course_url: if site.is_empty() {
            String::new()
        } else {
            format!("{site}/courses/{}", code.to_lowercase())
        },
    })
}

/// Facts for one offering as the fact cells of an `offerings.csv` row (`import::FACT_COLUMNS`,
/// after a leading comma): the bench data set gives every offering facts this way, through
/// the same checks as an operator's import, at `campuses` (names separated by ';'). Never
/// empty: every offering gets facts.
pub fn csv_cells(
    rng: &mut StdRng,
    code: &str,
    state: &str,
    campuses: &str,
    today: Month,
    notes: &[String],
) -> String {
    let values = loop {
        if let Some(values) = plausible(rng, code, state, "", today, notes) {
            break values;
        }
    };
    let cell = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
    format!(
        ",{},{},{},{},{},{},{campuses},{},{},",
        cell(values.fee),
        cell(values.subsidised_fee),
        values.subsidy_state.unwrap_or_default(),
        cell(values.duration_weeks),
        cell(values.duration_max_weeks),
        values.delivery_modes.join(";"),
        values.intakes.join(";"),
        values.funding_notes.join(";"),
    )
}

/// Gives the example offerings their demo facts unless any has facts; answers how many.
pub fn ensure_facts(tx: &Transaction, now: i64) -> Result<usize, crate::error::AppError> {
    if store::example_facts_exist(tx)? {
        return Ok(0);
    }
    let mut rng = StdRng::seed_from_u64(SEED);
    let notes = facts_store::funding_notes(tx)?;
    let today = Month::now();
    let mut written = 0;
    let mut campuses = std::collections::HashMap::new();
    for target in store::example_offerings_for_facts(tx)? {
        let (offering, provider) = (target.offering, target.provider);
        let plausible = plausible(
            &mut rng,
            &target.code,
            &target.state,
            &target.website,
            today,
            &notes,
        );
        let Some(mut values) = plausible else {
            continue;
        };
        if values.delivery_modes.iter().any(|mode| mode != "online") {
            let campus = match campuses.get(&provider) {
                Some(&campus) => campus,
                None => *campuses
                    .entry(provider)
                    .or_insert(home_campus(tx, provider)?),
            };
            values.campus_ids = campus.map(|id| id.to_string()).into_iter().collect();
        }
        let source = if rng.random_bool(0.35) {
            FactSource::Representative
        } else {
            FactSource::Import
        };
        facts_store::save_facts(tx, offering, &values, false, source, None)?;
        let age = if rng.random_range(0..7) == 0 {
            rng.random_range(380..600) * DAY
        } else {
            rng.random_range(1..300) * DAY
        };
        store::date_facts(tx, offering, now - age)?;
        written += 1;
    }
    Ok(written)
}

/// The provider's campus in its own town (made unless it has one), with the street named
/// after the town and the postcode nearest to its coordinates; `None` for a provider without
/// coordinates or whose nearest postcode lies over a state border.
fn home_campus(tx: &Transaction, provider: i64) -> Result<Option<i64>, crate::error::AppError> {
    let Some((town, state, latitude, longitude)) = store::example_provider_place(tx, provider)?
    else {
        return Ok(None);
    };
    let name = format!("{town} campus");
    if let Some(campus) = facts_store::campuses_of(tx, provider)?
        .into_iter()
        .find(|campus| campus.name == name)
    {
        return Ok(campus.id.parse().ok());
    }
    let body = CampusBody {
        version: None,
        name,
        street: format!("{} {town} Road", 10 + provider % 180),
        town,
        state,
        postcode: postcodes::nearest(latitude, longitude)
            .unwrap_or_default()
            .to_owned(),
        latitude: Some(latitude),
        longitude: Some(longitude),
    };
    // Through the editors' rules, as every campus is; one they refuse is left out.
    let Ok((_, values)) = check::campus(body) else {
        return Ok(None);
    };
    Ok(Some(facts_store::insert_campus(tx, provider, &values)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::facts::check::{FactsBody, facts};

    /// Every demo fact passes the rules an editor's save meets.
    #[test]
    fn demo_facts_pass_the_editors_rules() {
        let mut rng = StdRng::seed_from_u64(7);
        let notes = vec!["Fee-free TAFE".to_owned(), "VET Student Loans".to_owned()];
        let today = Month::now();
        let mut seen = 0;
        for _ in 0..200 {
            let Some(values) = plausible(
                &mut rng,
                "SIT30821",
                "VIC",
                "https://a.example/",
                today,
                &notes,
            ) else {
                continue;
            };
            seen += 1;
            let body = FactsBody {
                version: Some(0),
                fee: values.fee.map(|f| f as f64),
                subsidised_fee: values.subsidised_fee.map(|f| f as f64),
                subsidy_state: values.subsidy_state.clone(),
                duration_weeks: values.duration_weeks.map(|f| f as f64),
                duration_max_weeks: values.duration_max_weeks.map(|f| f as f64),
                delivery_modes: values.delivery_modes.clone(),
                campus_ids: Vec::new(),
                intakes: values.intakes.clone(),
                funding_notes: values.funding_notes.clone(),
                course_url: Some(values.course_url.clone()),
            };
            let (_, checked) = facts(body, today).expect("demo facts pass the rules");
            assert_eq!(checked, values);
        }
        assert!(seen > 120, "most offerings have facts: {seen}");
    }

    #[test]
    fn bench_cells_fill_every_fact_column_of_a_row() {
        let mut rng = StdRng::seed_from_u64(3);
        let notes = vec!["Fee-free TAFE".to_owned()];
        for _ in 0..50 {
            let cells = csv_cells(
                &mut rng,
                "BCH00001",
                "QLD",
                "Cairns campus",
                Month::now(),
                &notes,
            );
            let columns: Vec<&str> = cells.split(',').skip(1).collect();
            assert_eq!(
                columns.len(),
                crate::catalog::import::FACT_COLUMNS.len(),
                "{cells}"
            );
            assert!(!columns[0].is_empty(), "a fee: {cells}");
            assert_eq!(columns[6], "Cairns campus");
        }
    }
}

//! Unit tests of `schema.rs`: the JSON-LD checked against schema.org's published types.
use std::collections::HashMap;

use super::*;
use crate::catalog::facts::model::{Campus, FactValues, OfferingFacts};
use crate::catalog::model::{Location, Place, Rating, ReviewCount};

/// The properties schema.org defines on each of its types, read from the `schema-dts`
/// package's definitions (`ui/node_modules`, which `npm ci` installs before the Rust tests):
/// each type's own properties and those of the types it extends.
struct SchemaOrg {
    interfaces: HashMap<String, (Vec<String>, Vec<String>)>,
}

impl SchemaOrg {
    fn load() -> Self {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/ui/node_modules/schema-dts/dist/schema.d.ts"
        );
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("{path}: {e} (run `npm ci` in ui/)"));
        let mut interfaces = HashMap::new();
        let mut current: Option<(String, Vec<String>, Vec<String>)> = None;
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("interface ") {
                let (head, _) = rest.split_once('{').unwrap_or((rest, ""));
                let (name, extends) = head.split_once(" extends ").unwrap_or((head, ""));
                let extends = extends
                    .split(',')
                    .map(str::trim)
                    .filter(|e| {
                        !e.is_empty() && e.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    })
                    .map(str::to_owned)
                    .collect();
                current = Some((name.trim().to_owned(), extends, Vec::new()));
            } else if line.starts_with('}') {
                if let Some((name, extends, properties)) = current.take() {
                    interfaces.insert(name, (extends, properties));
                }
            } else if let Some((_, _, properties)) = &mut current
                && let Some(rest) = line.trim_start().strip_prefix('"')
                && let Some((property, _)) = rest.split_once('"')
            {
                properties.push(property.to_owned());
            }
        }
        assert!(
            interfaces.len() > 500,
            "schema-dts read: {} interfaces",
            interfaces.len()
        );
        Self { interfaces }
    }

    /// Whether the schema.org type `kind` (its `{kind}Leaf` interface) has `property`.
    fn has(&self, kind: &str, property: &str) -> bool {
        let mut todo = vec![format!("{kind}Leaf")];
        let mut seen = std::collections::HashSet::new();
        while let Some(name) = todo.pop() {
            if !seen.insert(name.clone()) {
                continue;
            }
            let Some((extends, properties)) = self.interfaces.get(&name) else {
                assert!(
                    name != format!("{kind}Leaf"),
                    "schema.org has no type {kind}"
                );
                continue;
            };
            if properties.iter().any(|p| p == property) {
                return true;
            }
            todo.extend(extends.iter().cloned());
        }
        false
    }
}

/// The properties Google's course listings require of each type, where present. Its `offers`
/// are asserted where a fee is known: a price is never invented for an offering without one.
const REQUIRED: &[(&str, &[&str])] = &[
    (
        "Course",
        &["name", "description", "provider", "hasCourseInstance"],
    ),
    ("CourseInstance", &["courseMode", "courseSchedule"]),
    ("Offer", &["price", "priceCurrency", "category"]),
    ("Schedule", &["duration", "repeatFrequency", "repeatCount"]),
];

/// Every object with a `@type` names a schema.org type and only its properties, and has the
/// properties Google requires of it.
fn check(schema: &SchemaOrg, value: &Value) {
    if let Some(kind) = value["@type"].as_str() {
        for key in value.as_object().unwrap().keys() {
            if !key.starts_with('@') {
                assert!(schema.has(kind, key), "{kind} has no property {key}");
            }
        }
        if let Some((_, required)) = REQUIRED.iter().find(|(t, _)| *t == kind) {
            for key in *required {
                assert!(!value[*key].is_null(), "{kind} needs {key}: {value}");
            }
        }
    }
    match value {
        Value::Array(items) => items.iter().for_each(|item| check(schema, item)),
        Value::Object(fields) => fields.values().for_each(|child| check(schema, child)),
        _ => {}
    }
}

#[test]
fn a_course_with_facts_carries_its_instances_offers_and_schedule() {
    let course = course(
        "Certificate III in Commercial Cookery",
        "SIT30821",
        "Cooks and chefs.",
    );
    let provider = Provider {
        facts: Some(FactsSummary {
            fee: Some(12500),
            subsidised_fee: Some(4200),
            subsidy_state: Some("VIC".into()),
            duration_weeks: Some(26),
            duration_max_weeks: Some(52),
            delivery_modes: vec!["on campus".into(), "online".into()],
            campuses: vec![Place {
                latitude: -38.1,
                longitude: 144.3,
            }],
        }),
        ..provider(
            "Harbour City Training",
            "https://harbour.example",
            "Geelong",
            "VIC",
        )
    };
    let schema = SchemaOrg::load();
    // The check can fail: schema.org's types are read, not assumed.
    assert!(schema.has("Offer", "eligibleRegion") && schema.has("CourseInstance", "name"));
    assert!(!schema.has("Offer", "courseMode") && !schema.has("Schedule", "price"));
    let page = course_instance_ld(
        &course,
        &provider,
        &offering(FactValues {
            fee: Some(12500),
            subsidised_fee: Some(4200),
            subsidy_state: Some("VIC".into()),
            duration_weeks: Some(26),
            duration_max_weeks: Some(52),
            delivery_modes: vec!["on campus".into(), "online".into()],
            intakes: vec!["2027-02".into(), "2027-07".into()],
            course_url: "https://harbour.example/cookery".into(),
            ..FactValues::default()
        }),
        None,
    )
    .unwrap();
    check(&schema, &page);
    assert_eq!(page["offers"].as_array().unwrap().len(), 2);
    // One instance per next intake, each with the campus's address and the provider's page.
    let intakes = page["hasCourseInstance"].as_array().unwrap();
    assert_eq!(intakes.len(), 2);
    assert_eq!(intakes[0]["startDate"], "2027-02");
    assert_eq!(intakes[1]["startDate"], "2027-07");
    assert_eq!(intakes[1]["location"]["name"], "Geelong waterfront");
    assert_eq!(
        intakes[1]["location"]["address"]["streetAddress"],
        "1 Quay St"
    );
    assert_eq!(intakes[1]["location"]["address"]["postalCode"], "3220");
    assert_eq!(intakes[0]["url"], "https://harbour.example/cookery");
    assert_eq!(
        intakes[0]["courseSchedule"]["description"],
        "26 to 52 weeks"
    );
    let ld = course_ld(&course, &[provider], Some("https://coursesource.test/x"));
    check(&schema, &ld);
    assert_eq!(ld["offers"][0]["price"], 12500);
    assert_eq!(ld["offers"][0]["priceCurrency"], "AUD");
    assert!(ld["offers"][0]["eligibleRegion"].is_null());
    // The subsidised fee is a second offer, for the state it applies in.
    assert_eq!(ld["offers"][1]["price"], 4200);
    assert_eq!(ld["offers"][1]["category"], "Paid");
    assert_eq!(ld["offers"][1]["eligibleRegion"], "AU-VIC");
    assert_eq!(
        ld["offers"][1]["description"],
        "Government-subsidised fee for eligible students in VIC"
    );
    assert_eq!(ld["offers"].as_array().unwrap().len(), 2);
    let instance = &ld["hasCourseInstance"][0];
    assert_eq!(instance["courseMode"], json!(["Onsite", "Online"]));
    assert_eq!(instance["courseSchedule"]["duration"], "P26W");
    assert_eq!(instance["location"]["geo"]["latitude"], -38.1);
}

#[test]
fn an_instance_names_each_mode_once_a_free_one_is_at_the_providers_town_and_no_fee_no_offer() {
    let schema = SchemaOrg::load();
    let course = course("Certificate III in Carpentry", "CPC30220", "");
    let provider = provider("Top End Trades", "", "Darwin", "NT");
    let facts = |modes: &[&str]| {
        let mut facts = offering(FactValues {
            fee: Some(0),
            duration_weeks: Some(52),
            delivery_modes: modes.iter().map(|m| (*m).to_owned()).collect(),
            course_url: "https://elsewhere.example/carpentry".into(),
            ..FactValues::default()
        });
        facts.campuses.clear();
        facts.course_url_flagged = true;
        facts
    };
    let ld = course_instance_ld(
        &course,
        &provider,
        &facts(&["on campus", "online", "in the workplace"]),
        None,
    )
    .unwrap();
    check(&schema, &ld);
    let instance = &ld["hasCourseInstance"][0];
    assert_eq!(instance["courseMode"], json!(["Onsite", "Online"]));
    assert_eq!(instance["location"]["address"]["addressLocality"], "Darwin");
    // A course page off the provider's website waits for an admin before it is published.
    assert!(instance["url"].is_null());
    assert!(instance["startDate"].is_null());
    assert_eq!(ld["offers"][0]["category"], "Free");
    let online = course_instance_ld(&course, &provider, &facts(&["online"]), None).unwrap();
    check(&schema, &online);
    assert!(online["hasCourseInstance"][0]["location"].is_null());
    // Without a known fee there is no offer, and intakes alone describe no course instance.
    let mut unpriced = facts(&["online"]);
    unpriced.values.fee = None;
    let ld = course_instance_ld(&course, &provider, &unpriced, None).unwrap();
    check(&schema, &ld);
    assert!(ld["offers"].is_null());
    let only_intakes = offering(FactValues {
        intakes: vec!["2027-02".into()],
        ..FactValues::default()
    });
    let mut only_intakes = only_intakes;
    only_intakes.campuses.clear();
    assert!(course_instance_ld(&course, &provider, &only_intakes, None).is_none());
}

/// An offering with these facts at one campus, confirmed by nobody.
fn offering(values: FactValues) -> OfferingFacts {
    OfferingFacts {
        id: "3".into(),
        course_id: "1".into(),
        course_code: "SIT30821".into(),
        course_name: "Certificate III in Commercial Cookery".into(),
        course_slug: "c".into(),
        provider_id: "2".into(),
        provider_slug: "p".into(),
        values: FactValues {
            campus_ids: vec!["7".into()],
            ..values
        },
        campuses: vec![Campus {
            id: "7".into(),
            name: "Geelong waterfront".into(),
            street: "1 Quay St".into(),
            town: "Geelong".into(),
            state: "VIC".into(),
            postcode: "3220".into(),
            latitude: -38.1,
            longitude: 144.3,
            version: 1,
        }],
        course_url_flagged: false,
        source: None,
        confirmed_at: None,
        stale: false,
        version: 1,
    }
}

/// An example provider in `town`, with no reviews and no facts.
fn provider(name: &str, website: &str, town: &str, state: &str) -> Provider {
    let none = || ReviewCount {
        total: 0,
        student: 0,
        employer: 0,
    };
    Provider {
        id: "2".into(),
        slug: "p".into(),
        name: name.into(),
        is_example: true,
        standing: "registered".into(),
        retired_label: None,
        review_count: none(),
        rating: Rating {
            student: None,
            employer: None,
            overall: None,
            rated_count: none(),
            recent: None,
            recent_rated_count: 0,
        },
        location: Location {
            website_url: website.into(),
            description: String::new(),
            latitude: None,
            longitude: None,
            town: town.into(),
            state: state.into(),
        },
        facts: None,
    }
}

/// A course delivered by one provider, with no careers and no reviews.
fn course(name: &str, code: &str, copy: &str) -> Course {
    Course {
        id: "1".into(),
        slug: "c".into(),
        name: name.into(),
        course_code: code.into(),
        copy: copy.into(),
        careers: Vec::new(),
        providers: 1,
        reviews: 0,
        replaces: Vec::new(),
        replaced_by: Vec::new(),
    }
}

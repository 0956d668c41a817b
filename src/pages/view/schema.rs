//! The schema.org objects the pages carry as JSON-LD: a web page, a breadcrumb trail, a
//! provider as an organisation, and a course with the organisations that deliver it.

use serde_json::{Value, json};

use super::{View, summary};
use crate::catalog::facts::model::{Campus, OfferingFacts};
use crate::catalog::model::{Course, FactsSummary, Provider};

pub(super) fn web_page_ld(schema_type: &str, view: &View) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": schema_type,
        "name": view.title,
        "description": view.description,
        "url": view.canonical,
    })
}

pub(super) fn breadcrumb_ld(base: &str, crumbs: &[(&str, String)]) -> Value {
    let items: Vec<Value> = crumbs
        .iter()
        .enumerate()
        .map(|(i, (name, path))| {
            json!({
                "@type": "ListItem",
                "position": i + 1,
                "name": name,
                "item": format!("{base}{path}"),
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items,
    })
}

/// A provider as a schema.org organisation: name, website and town.
pub(super) fn organisation_ld(provider: &Provider) -> Value {
    let mut organisation = json!({
        "@type": "EducationalOrganization",
        "name": provider.name,
        "address": {
            "@type": "PostalAddress",
            "addressLocality": provider.location.town,
            "addressRegion": provider.location.state,
            "addressCountry": "AU",
        },
    });
    if !provider.location.website_url.is_empty() {
        organisation["url"] = json!(provider.location.website_url);
    }
    organisation
}

/// The course with the organisations that deliver it. Each delivery carries the rating the
/// providers list shows everyone for it (from approved, rated reviews), where it has one.
pub(super) fn course_ld(course: &Course, providers: &[Provider], url: Option<&str>) -> Value {
    let deliveries: Vec<Delivery> = providers.iter().map(|p| (p, p.facts.as_ref())).collect();
    deliveries_ld(course, &deliveries, url)
}

/// The course as one provider runs it (the course-provider page), with the offering's facts:
/// each campus with its address, one instance per next intake (its `startDate`), and the
/// provider's own page for the course unless it is flagged as off the provider's website.
/// `None` when the offering has none of the facts a course instance is described by.
pub(super) fn course_instance_ld(
    course: &Course,
    provider: &Provider,
    facts: &OfferingFacts,
    url: Option<&str>,
) -> Option<Value> {
    let summary = FactsSummary::of_offering(facts)?;
    let mut ld = deliveries_ld(course, &[(provider, Some(&summary))], url);
    let mut instance = ld["hasCourseInstance"][0].take();
    if !facts.campuses.is_empty() {
        instance["location"] = one_or_many(facts.campuses.iter().map(campus_ld).collect());
    }
    if !facts.values.course_url.is_empty() && !facts.course_url_flagged {
        instance["url"] = json!(facts.values.course_url);
    }
    let instances: Vec<Value> = if facts.values.intakes.is_empty() {
        vec![instance]
    } else {
        facts
            .values
            .intakes
            .iter()
            .map(|month| {
                let mut intake = instance.clone();
                // ISO 8601 with the month's precision: the intake is known to the month only.
                intake["startDate"] = json!(month);
                intake
            })
            .collect()
    };
    ld["hasCourseInstance"] = json!(instances);
    Some(ld)
}

/// A campus as a schema.org place: its name, street address and coordinates.
fn campus_ld(campus: &Campus) -> Value {
    json!({
        "@type": "Place",
        "name": campus.name,
        "address": {
            "@type": "PostalAddress",
            "streetAddress": campus.street,
            "addressLocality": campus.town,
            "addressRegion": campus.state,
            "postalCode": campus.postcode,
            "addressCountry": "AU",
        },
        "geo": {
            "@type": "GeoCoordinates",
            "latitude": campus.latitude,
            "longitude": campus.longitude,
        },
    })
}

/// One value as itself, several as a list (schema.org takes either).
fn one_or_many(mut values: Vec<Value>) -> Value {
    if values.len() == 1 {
        values.remove(0)
    } else {
        json!(values)
    }
}

/// A provider of the course with the facts of its offering, where it has any.
type Delivery<'a> = (&'a Provider, Option<&'a FactsSummary>);

fn deliveries_ld(course: &Course, deliveries: &[Delivery], url: Option<&str>) -> Value {
    let instances: Vec<Value> = deliveries
        .iter()
        .map(|&(p, facts)| {
            let mut instance = json!({
                "@type": "CourseInstance",
                "name": format!("{} at {}", course.name, p.name),
                "organizer": organisation_ld(p),
            });
            if let Some(facts) = facts {
                add_facts(&mut instance, facts, p);
            }
            if let Some(overall) = p.rating.overall {
                instance["aggregateRating"] = json!({
                    "@type": "AggregateRating",
                    "ratingValue": overall,
                    "ratingCount": p.rating.rated_count.total,
                    "bestRating": 5,
                    "worstRating": 1,
                });
            }
            instance
        })
        .collect();
    // What it costs at each provider that has said (search engines' course listings read offers):
    // the full fee, and the government-subsidised fee as a second offer for the state it applies in.
    let offers: Vec<Value> = deliveries
        .iter()
        .flat_map(|&(p, facts)| {
            let Some(facts) = facts else {
                return Vec::new();
            };
            let offer = |fee: i64| {
                json!({
                    "@type": "Offer",
                    "price": fee,
                    "priceCurrency": "AUD",
                    "category": if fee == 0 { "Free" } else { "Paid" },
                    "offeredBy": organisation_ld(p),
                })
            };
            let mut offers: Vec<Value> = facts.fee.map(offer).into_iter().collect();
            if let Some(fee) = facts.subsidised_fee {
                let mut subsidised = offer(fee);
                subsidised["description"] =
                    json!("Government-subsidised fee for eligible students");
                if let Some(state) = &facts.subsidy_state {
                    subsidised["description"] = json!(format!(
                        "Government-subsidised fee for eligible students in {state}"
                    ));
                    // ISO 3166-2, as schema.org's eligibleRegion takes a region as text.
                    subsidised["eligibleRegion"] = json!(format!("AU-{state}"));
                }
                offers.push(subsidised);
            }
            offers
        })
        .collect();
    let mut ld = json!({
        "@context": "https://schema.org",
        "@type": "Course",
        "name": course.name,
        "courseCode": course.course_code,
        "description": summary(&course.copy),
        "url": url,
        "provider": deliveries.iter().map(|(p, _)| organisation_ld(p)).collect::<Vec<_>>(),
        "hasCourseInstance": instances,
    });
    if !offers.is_empty() {
        ld["offers"] = json!(offers);
    }
    ld
}

/// An offering's facts on its course instance: how it runs (`courseMode`: Online, Onsite or
/// Blended), how long (`courseSchedule` with an ISO 8601 duration in weeks) and where.
fn add_facts(instance: &mut Value, facts: &FactsSummary, provider: &Provider) {
    let mut modes: Vec<&str> = Vec::new();
    for mode in &facts.delivery_modes {
        let mode = match mode.as_str() {
            "online" => "Online",
            "blended" => "Blended",
            _ => "Onsite",
        };
        if !modes.contains(&mode) {
            modes.push(mode);
        }
    }
    if !modes.is_empty() {
        instance["courseMode"] = json!(modes);
    }
    if let Some(weeks) = facts.duration_weeks {
        instance["courseSchedule"] = json!({
            "@type": "Schedule",
            "duration": format!("P{weeks}W"),
            "repeatFrequency": "P1W",
            "repeatCount": weeks,
        });
        // A schedule has one duration: a range gives its shortest and says the rest in words.
        if let Some(longest) = facts.duration_max_weeks.filter(|&longest| longest > weeks) {
            instance["courseSchedule"]["description"] =
                json!(format!("{weeks} to {longest} weeks"));
        }
    }
    // Where it runs: its campuses, or else, for a course not only online, the provider's town
    // (search engines' course listings want a location for onsite and blended courses).
    let places: Vec<Value> = facts
        .campuses
        .iter()
        .map(|campus| {
            json!({
                "@type": "Place",
                "geo": {
                    "@type": "GeoCoordinates",
                    "latitude": campus.latitude,
                    "longitude": campus.longitude,
                },
            })
        })
        .collect();
    if !places.is_empty() {
        instance["location"] = one_or_many(places);
    } else if modes.iter().any(|m| *m != "Online") && !provider.location.town.is_empty() {
        instance["location"] = json!({
            "@type": "Place",
            "address": organisation_ld(provider)["address"],
        });
    }
}

#[cfg(test)]
#[path = "schema_tests.rs"]
mod tests;

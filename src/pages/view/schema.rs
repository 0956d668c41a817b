//! The schema.org objects the pages carry as JSON-LD: a web page, a breadcrumb trail, a
//! provider as an organisation, and a course with the organisations that deliver it.

use serde_json::{Value, json};

use super::{View, summary};
use crate::catalog::model::{Course, Provider};

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
    let instances: Vec<Value> = providers
        .iter()
        .map(|p| {
            let mut instance = json!({
                "@type": "CourseInstance",
                "name": format!("{} at {}", course.name, p.name),
                "organizer": organisation_ld(p),
            });
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
    json!({
        "@context": "https://schema.org",
        "@type": "Course",
        "name": course.name,
        "courseCode": course.course_code,
        "description": summary(&course.copy),
        "url": url,
        "provider": providers.iter().map(organisation_ld).collect::<Vec<_>>(),
        "hasCourseInstance": instances,
    })
}

//! The catalogue's pages (home, industries, an industry, a career, a course's providers, a
//! course at a provider, the comparison): their heads, breadcrumbs and the links a browser
//! without JavaScript follows.

use serde_json::json;

use super::{
    Link, Section, View, here, link, or_else,
    schema::{breadcrumb_ld, course_instance_ld, course_ld, organisation_ld, web_page_ld},
    title,
};
use crate::{
    catalog::{
        facts::model::OfferingFacts,
        model::{Career, Course, Industry, Provider},
        text::plain_text,
    },
    pages::BRAND,
};

/// The home page's heading, as the UI writes it.
const TAGLINE: &str = "Do the course, rate the source";
/// The home page's hero copy, as the UI writes it.
const HOME_INTRO: &str = "Read what students, graduates and employers say about the training providers behind each course, then add your own review to help the next person choose well.";
const INDUSTRIES_INTRO: &str = "Start with the industry you want to work in, then pick a career and compare the providers that teach its courses.";

pub(super) fn home(industries: &[Industry], base: &str) -> View {
    let mut view = View::new(
        title("Home", BRAND),
        HOME_INTRO,
        base,
        "/",
        TAGLINE.to_owned(),
    );
    view.stage = true;
    view.eyebrow = Some("Australian vocational education reviews".into());
    view.sections
        .push(industry_links("Browse by industry", industries));
    view.json_ld.push(json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": BRAND,
        "url": format!("{base}/"),
        "description": view.description,
        "potentialAction": {
            "@type": "SearchAction",
            "target": format!("{base}/search?by=qualification&q={{search_term_string}}"),
            "query-input": "required name=search_term_string",
        },
    }));
    view
}

fn industry_links(heading: &str, industries: &[Industry]) -> Section {
    Section {
        heading: heading.into(),
        links: industries
            .iter()
            .map(|i| link(&i.name, format!("/industry/{}", i.slug)))
            .collect(),
    }
}

pub(super) fn industries_page(industries: &[Industry], course_count: i64, base: &str) -> View {
    let description = format!(
        "{INDUSTRIES_INTRO} {course_count} courses across {} industries.",
        industries.len()
    );
    let mut view = View::new(
        title("Industries", BRAND),
        &description,
        base,
        "/industries",
        "Industries".into(),
    );
    view.sections.push(industry_links("Industries", industries));
    view.json_ld
        .push(breadcrumb_ld(base, &[("Industries", "/industries".into())]));
    view
}

pub(super) fn industry_page(industry: &Industry, careers: &[Career], base: &str) -> View {
    let path = format!("/industry/{}", industry.slug);
    let copy = or_else(&industry.copy, || {
        format!(
            "The careers in {} and the courses that lead to them.",
            industry.name
        )
    });
    let mut view = View::new(
        title(&industry.name, "Industry"),
        &copy,
        base,
        &path,
        industry.name.clone(),
    );
    view.eyebrow = Some("Industry".into());
    view.breadcrumb = vec![link("Industries", "/industries"), here(&industry.name)];
    view.sections.push(Section {
        heading: format!("Careers in {}", industry.name),
        links: careers
            .iter()
            .map(|c| link(&c.name, format!("{path}/{}", c.slug)))
            .collect(),
    });
    view.json_ld.push(breadcrumb_ld(
        base,
        &[("Industries", "/industries".into()), (&industry.name, path)],
    ));
    view
}

/// The path of a career's page, from its stored slugs.
fn career_path(career: &Career) -> String {
    format!("/industry/{}/{}", career.industry_slug, career.slug)
}

fn career_crumbs(career: &Career) -> Vec<(&str, String)> {
    vec![
        ("Industries", "/industries".into()),
        (
            &career.industry_name,
            format!("/industry/{}", career.industry_slug),
        ),
        (&career.name, career_path(career)),
    ]
}

fn crumb_links(crumbs: &[(&str, String)]) -> Vec<Link> {
    let last = crumbs.len().saturating_sub(1);
    crumbs
        .iter()
        .enumerate()
        .map(|(i, (label, path))| {
            if i == last {
                here(*label)
            } else {
                link(*label, path)
            }
        })
        .collect()
}

pub(super) fn career_page(career: &Career, courses: &[Course], base: &str) -> View {
    let path = career_path(career);
    let copy = or_else(&plain_text(&career.copy), || {
        format!(
            "The courses that lead to a career as {}",
            crate::prose::end_sentence(&career.name)
        )
    });
    let mut view = View::new(
        title(&career.name, &career.industry_name),
        &copy,
        base,
        &path,
        career.name.clone(),
    );
    let crumbs = career_crumbs(career);
    view.eyebrow = Some(format!("Career in {}", career.industry_name));
    view.breadcrumb = crumb_links(&crumbs);
    view.sections.push(Section {
        heading: "Courses".into(),
        links: courses
            .iter()
            .map(|c| Link {
                note: Some(c.course_code.clone()),
                ..link(&c.name, format!("{path}/{}", c.slug))
            })
            .collect(),
    });
    view.json_ld.push(breadcrumb_ld(base, &crumbs));
    view
}

pub(super) fn course_providers_page(
    course: &Course,
    career: &Career,
    providers: &[Provider],
    base: &str,
) -> View {
    let path = format!("{}/{}", career_path(career), course.slug);
    let copy = or_else(&course.copy, || {
        format!(
            "{} ({}): compare the providers that deliver it.",
            course.name, course.course_code
        )
    });
    let mut view = View::new(
        title(&course.name, &career.name),
        &copy,
        base,
        &path,
        course.name.clone(),
    );
    let mut crumbs = career_crumbs(career);
    crumbs.push((&course.name, path.clone()));
    view.eyebrow = Some(course.course_code.clone());
    view.breadcrumb = crumb_links(&crumbs);
    view.sections.push(Section {
        heading: "Providers delivering this course".into(),
        links: providers
            .iter()
            .map(|p| Link {
                note: place(p),
                ..link(&p.name, format!("{path}/{}", p.slug))
            })
            .collect(),
    });
    view.json_ld.push(breadcrumb_ld(base, &crumbs));
    view.json_ld
        .push(course_ld(course, providers, view.canonical.as_deref()));
    view
}

pub(super) fn course_provider_page(
    career: Option<&Career>,
    course: &Course,
    provider: &Provider,
    facts: Option<&OfferingFacts>,
    base: &str,
) -> View {
    // One canonical address for the page, whichever way it was reached.
    let path = format!("/course/{}/{}", course.slug, provider.slug);
    let copy = or_else(&plain_text(&provider.location.description), || {
        format!(
            "{} delivers {} ({}).",
            provider.name, course.name, course.course_code
        )
    });
    let mut view = View::new(
        title(&provider.name, &course.name),
        &copy,
        base,
        &path,
        provider.name.clone(),
    );
    view.eyebrow = Some(format!("{} {}", course.course_code, course.name));
    if let Some(career) = career {
        let mut crumbs = career_crumbs(career);
        let course_path = format!("{}/{}", career_path(career), course.slug);
        let provider_path = format!("{course_path}/{}", provider.slug);
        crumbs.push((&course.name, course_path));
        crumbs.push((&provider.name, provider_path));
        view.breadcrumb = crumb_links(&crumbs);
        view.json_ld.push(breadcrumb_ld(base, &crumbs));
    }
    let mut organisation = organisation_ld(provider);
    organisation["@context"] = json!("https://schema.org");
    organisation["description"] = json!(view.description);
    view.json_ld.push(organisation);
    // The course as this provider runs it, with its fees as offers, where the provider said.
    if let Some(ld) = facts
        .and_then(|facts| course_instance_ld(course, provider, facts, view.canonical.as_deref()))
    {
        view.json_ld.push(ld);
    }
    view
}

pub(super) fn compare_page(course: &Course, base: &str) -> View {
    let description = format!(
        "Compare the providers that deliver {} ({}) side by side: their ratings by students and employers.",
        course.name, course.course_code
    );
    let mut view = View::new(
        title("Compare providers", &course.name),
        &description,
        base,
        &format!("/course/{}/compare", course.slug),
        "Compare providers".into(),
    );
    view.eyebrow = Some(format!("{} {}", course.course_code, course.name));
    view.json_ld.push(web_page_ld("WebPage", &view));
    view
}

fn place(provider: &Provider) -> Option<String> {
    let parts: Vec<&str> = [&provider.location.town, &provider.location.state]
        .into_iter()
        .map(String::as_str)
        .filter(|part| !part.is_empty())
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

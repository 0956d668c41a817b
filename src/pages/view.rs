//! What the server writes about each page: its head (the title by the spec's title rules, a
//! description from the page's own copy, the canonical address built from `APP_PUBLIC_URL` and
//! the stored slugs, schema.org JSON-LD) and the heading, copy and links a browser without
//! JavaScript (or a crawler) sees before the UI takes over. Nothing here ever holds a review.

use serde::Serialize;
use serde_json::{Value, json};

use super::{BRAND, load::Page, path::FixedPage};
use crate::catalog::{
    model::{Career, Course, Industry, Provider},
    text::plain_text,
};

pub const TAGLINE: &str = "Do the course, rate the source";
/// The home page's hero copy, as the UI writes it.
const HOME_INTRO: &str = "Read what students, graduates and employers say about the training providers behind each course, then add your own review to help the next person choose well.";
const INDUSTRIES_INTRO: &str = "Start with the industry you want to work in, then pick a career and compare the providers that teach its courses.";
/// Search engines show about this many characters of a description.
const DESCRIPTION_MAX: usize = 160;

/// One page as the server writes it.
#[derive(Debug, Serialize)]
pub struct View {
    pub title: String,
    pub description: String,
    /// Absolute, from `APP_PUBLIC_URL` and the stored slugs; none for the not-found page.
    pub canonical: Option<String>,
    /// Public pages are for crawlers; the account forms, the profile and the admin area are not.
    pub indexable: bool,
    /// schema.org objects, each written as its own JSON-LD block.
    pub json_ld: Vec<Value>,
    /// The dark header and hero of the home page.
    pub stage: bool,
    pub breadcrumb: Vec<Link>,
    pub eyebrow: Option<String>,
    pub heading: String,
    pub intro: String,
    pub sections: Vec<Section>,
}

#[derive(Debug, Serialize)]
pub struct Link {
    pub label: String,
    /// None for the current page, last in a breadcrumb.
    pub href: Option<String>,
    pub note: Option<String>,
}

/// A list of links under a heading (the industries, careers, courses or providers).
#[derive(Debug, Serialize)]
pub struct Section {
    pub heading: String,
    pub links: Vec<Link>,
}

fn link(label: impl Into<String>, href: impl Into<String>) -> Link {
    Link {
        label: label.into(),
        href: Some(href.into()),
        note: None,
    }
}

fn here(label: impl Into<String>) -> Link {
    Link {
        label: label.into(),
        href: None,
        note: None,
    }
}

impl View {
    fn new(title: String, description: &str, base: &str, path: &str, heading: String) -> Self {
        Self {
            title,
            description: summary(description),
            canonical: Some(format!("{base}{path}")),
            indexable: true,
            json_ld: Vec::new(),
            stage: false,
            breadcrumb: Vec::new(),
            eyebrow: None,
            heading,
            intro: collapse_whitespace(description),
            sections: Vec::new(),
        }
    }

    /// The view of a page that exists; `base` is the site's public address without a trailing '/'.
    pub fn of(page: &Page, base: &str) -> Self {
        match page {
            Page::Home { industries } => home(industries, base),
            Page::Industries {
                industries,
                course_count,
            } => industries_page(industries, *course_count, base),
            Page::Industry {
                industry,
                industries,
                careers,
            } => industry_page(&industries[*industry], careers, base),
            Page::Career {
                career, courses, ..
            } => career_page(career, courses, base),
            Page::CourseProviders {
                course,
                career,
                providers,
                ..
            } => course_providers_page(course, career, providers, base),
            Page::CourseProvider {
                career,
                course,
                provider,
            } => course_provider_page(career.as_ref(), course, provider, base),
            Page::Compare { course } => compare_page(course, base),
            Page::Fixed(fixed) => fixed_page(fixed, base),
        }
    }

    /// The friendly not-found page's head: its heading as title, never indexed.
    pub fn not_found(heading: &str, base: &str) -> Self {
        Self {
            indexable: false,
            canonical: None,
            ..Self::new(title(heading, BRAND), "", base, "/", heading.to_owned())
        }
    }
}

/// '<name> | <context>', the spec's title rule.
fn title(name: &str, context: &str) -> String {
    format!("{name} | {context}")
}

fn home(industries: &[Industry], base: &str) -> View {
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

fn industries_page(industries: &[Industry], course_count: i64, base: &str) -> View {
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

fn industry_page(industry: &Industry, careers: &[Career], base: &str) -> View {
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

fn career_page(career: &Career, courses: &[Course], base: &str) -> View {
    let path = career_path(career);
    let copy = or_else(&plain_text(&career.copy), || {
        format!("The courses that lead to a career as {}.", career.name)
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

fn course_providers_page(
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

fn course_provider_page(
    career: Option<&Career>,
    course: &Course,
    provider: &Provider,
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
    view
}

fn compare_page(course: &Course, base: &str) -> View {
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

fn fixed_page(page: &FixedPage, base: &str) -> View {
    let heading = if page.path == "/search" {
        "Search for your course"
    } else {
        page.name
    };
    let mut view = View::new(
        title(page.name, page.context.unwrap_or(BRAND)),
        page.description,
        base,
        page.path,
        heading.into(),
    );
    view.indexable = page.public;
    if page.public {
        view.json_ld.push(web_page_ld(page.schema_type, &view));
    }
    view
}

fn web_page_ld(schema_type: &str, view: &View) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": schema_type,
        "name": view.title,
        "description": view.description,
        "url": view.canonical,
    })
}

fn breadcrumb_ld(base: &str, crumbs: &[(&str, String)]) -> Value {
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
fn organisation_ld(provider: &Provider) -> Value {
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
fn course_ld(course: &Course, providers: &[Provider], url: Option<&str>) -> Value {
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
                    "worstRating": 0,
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

fn place(provider: &Provider) -> Option<String> {
    let parts: Vec<&str> = [&provider.location.town, &provider.location.state]
        .into_iter()
        .map(String::as_str)
        .filter(|part| !part.is_empty())
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

fn or_else(text: &str, fallback: impl FnOnce() -> String) -> String {
    if text.trim().is_empty() {
        fallback()
    } else {
        text.to_owned()
    }
}

fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text on one line, cut at a word before [`DESCRIPTION_MAX`] characters.
fn summary(text: &str) -> String {
    let text = collapse_whitespace(text);
    if text.chars().count() <= DESCRIPTION_MAX {
        return text;
    }
    let cut: String = text.chars().take(DESCRIPTION_MAX - 1).collect();
    let cut = cut
        .rsplit_once(' ')
        .map_or(cut.as_str(), |(words, _)| words);
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_descriptions_are_cut_at_a_word() {
        assert_eq!(summary("  Short\n copy.  "), "Short copy.");
        let long = "word ".repeat(60);
        let cut = summary(&long);
        assert!(cut.chars().count() <= DESCRIPTION_MAX, "{cut}");
        assert!(cut.ends_with("word…"), "{cut}");
    }
}

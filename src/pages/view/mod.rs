//! What the server writes about each page: its head (the title by the spec's title rules, a
//! description from the page's own copy, the canonical address built from `APP_PUBLIC_URL` and
//! the stored slugs, schema.org JSON-LD) and the heading, copy and links a browser without
//! JavaScript (or a crawler) sees before the UI takes over. Nothing here ever holds a review.

mod catalogue;
mod schema;

use serde::Serialize;
use serde_json::Value;

use super::{BRAND, load::Page, path::FixedPage};
use catalogue::{
    career_page, compare_page, course_provider_page, course_providers_page, home, industries_page,
    industry_page,
};
use schema::web_page_ld;

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
    /// The opening copy of an information page, when it is that page's largest text.
    pub opening: Option<&'static Opening>,
}

#[derive(Debug, Serialize)]
pub struct Link {
    pub label: String,
    /// None for the current page, last in a breadcrumb.
    pub href: Option<String>,
    pub note: Option<String>,
}

/// An information page's opening section, written by the server too because it is the largest
/// text of the page's first screen: a phone then shows it with the first paint instead of
/// waiting for the app (issue 32, LCP). The words are the app's own (an end-to-end test
/// compares them). The app's paragraphs come as one here, so the app's larger of them never
/// outsizes what the first paint showed.
#[derive(Debug, Serialize)]
pub struct Opening {
    pub heading: &'static str,
    pub text: &'static str,
}

/// `/about`'s 'Why the provider matters' (`about-page.tsx`).
static ABOUT_OPENING: Opening = Opening {
    heading: "Why the provider matters",
    text: "A nationally recognised qualification, such as SIT30821 Certificate III in Commercial Cookery, is built from \
        the same units of competency wherever you study it. What changes from one provider to the next is everything \
        else: the trainers, the kitchens and workshops, class sizes, the support on offer, work placements and how \
        ready graduates are for work. That is why every review on CourseSource is about one course at one provider, \
        not a course in general or a provider in general. You compare like with like: the providers that deliver the \
        course you want, side by side.",
};

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
            opening: None,
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
                facts,
            } => course_provider_page(career.as_ref(), course, provider, facts.as_deref(), base),
            Page::Compare { course } => compare_page(course, base),
            Page::Fixed(fixed) => fixed_page(fixed, base),
        }
    }

    /// The friendly not-found page's head: its heading as title, never indexed.
    pub fn not_found(heading: &str, base: &str) -> Self {
        Self {
            indexable: false,
            canonical: None,
            // Titled as browsers and crawlers expect ('Page not found'); the heading names what.
            ..Self::new(
                title(NOT_FOUND_TITLE, BRAND),
                "",
                base,
                "/",
                heading.to_owned(),
            )
        }
    }
}

/// The title of every not-found page, the UI's too.
pub const NOT_FOUND_TITLE: &str = "Page not found";

/// '<name> | <context>', the spec's title rule.
fn title(name: &str, context: &str) -> String {
    format!("{name} | {context}")
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
    if page.path == "/about" {
        view.opening = Some(&ABOUT_OPENING);
    }
    if page.public {
        view.json_ld.push(web_page_ld(page.schema_type, &view));
    }
    view
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

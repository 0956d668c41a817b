//! Whether a page exists, read with the catalogue's own store functions: an address holds
//! together exactly when the UI would show it (the career in that industry, the course leading
//! to that career, a provider of that course), otherwise it is the friendly not-found page
//! with a real 404.

use rusqlite::{Connection, OptionalExtension};

use super::path::PagePath;
use crate::{
    catalog::{
        model::{Career, Course},
        store,
    },
    error::AppError,
};

/// What the server answers for a page path.
pub enum Outcome {
    Found,
    /// The not-found page's heading, as the UI words it ('Industry not found').
    NotFound(&'static str),
    /// A permanent redirect.
    Moved(&'static str),
    /// A path the UI does not know: it sends the visitor home.
    Unknown,
}

pub const INDUSTRY_NOT_FOUND: &str = "Industry not found";
pub const CAREER_NOT_FOUND: &str = "Career not found";
pub const COURSE_NOT_FOUND: &str = "Course not found";
pub const PROVIDER_NOT_FOUND: &str = "Provider not found";

/// Whether the page `path` names exists; runs on a reader connection.
pub fn load(conn: &Connection, path: PagePath) -> Result<Outcome, AppError> {
    let missing = match path {
        PagePath::IndustryAlone => return Ok(Outcome::Moved("/industries")),
        PagePath::Unknown => return Ok(Outcome::Unknown),
        PagePath::Fixed(_) | PagePath::Home | PagePath::Industries => None,
        PagePath::Industry { industry } => store::industries(conn)?
            .iter()
            .all(|i| i.slug != industry)
            .then_some(INDUSTRY_NOT_FOUND),
        PagePath::Career { industry, career } => career_in(conn, industry, career)?
            .is_none()
            .then_some(CAREER_NOT_FOUND),
        PagePath::CourseProviders {
            industry,
            career,
            course,
        } => course_in(conn, industry, career, course)?
            .is_none()
            .then_some(COURSE_NOT_FOUND),
        PagePath::CourseProvider {
            within,
            course,
            provider,
        } => {
            let course = match within {
                Some((industry, career)) => {
                    course_in(conn, industry, career, course)?.map(|(_, course)| course)
                }
                None => store::course_by_slug(conn, course).optional()?,
            };
            let provider = match course {
                Some(course) => {
                    let course_id = course.id.parse().map_err(anyhow::Error::from)?;
                    store::provider_by_slug(conn, provider, Some(course_id)).optional()?
                }
                None => None,
            };
            provider.is_none().then_some(PROVIDER_NOT_FOUND)
        }
        PagePath::Compare { course } => store::course_by_slug(conn, course)
            .optional()?
            .is_none()
            .then_some(COURSE_NOT_FOUND),
    };
    Ok(missing.map_or(Outcome::Found, Outcome::NotFound))
}

/// The career `career` when it belongs to the industry `industry`.
fn career_in(conn: &Connection, industry: &str, career: &str) -> Result<Option<Career>, AppError> {
    Ok(store::career_by_slug(conn, career)
        .optional()?
        .filter(|career| career.industry_slug == industry))
}

/// The career and the course when the course leads to that career of that industry.
fn course_in(
    conn: &Connection,
    industry: &str,
    career: &str,
    course: &str,
) -> Result<Option<(Career, Course)>, AppError> {
    let Some(career) = career_in(conn, industry, career)? else {
        return Ok(None);
    };
    Ok(store::course_by_slug(conn, course)
        .optional()?
        .filter(|course| course.careers.iter().any(|c| c.id == career.id))
        .map(|course| (career, course)))
}

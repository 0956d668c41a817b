//! What a page shows, read in one go with the catalogue's own store functions (so what a page
//! embeds is what the API answers), and whether the page exists at all: an address holds
//! together exactly when the UI would show it (the career in that industry, the course leading
//! to that career, a provider of that course), otherwise it is the friendly not-found page
//! with a real 404.

use rusqlite::{Connection, OptionalExtension};

use super::path::{FixedPage, PagePath};
use crate::{
    catalog::{
        facts::model::OfferingFacts,
        model::{Career, Course, Industry, Provider},
        store,
    },
    content::{self, Content},
    error::AppError,
};

/// A page that exists, with what it shows.
pub enum Page {
    Home {
        industries: Vec<Industry>,
    },
    Industries {
        industries: Vec<Industry>,
        course_count: i64,
    },
    Industry {
        /// The industry's place in `industries`.
        industry: usize,
        industries: Vec<Industry>,
        careers: Vec<Career>,
    },
    Career {
        career: Career,
        courses: Vec<Course>,
        industries: Vec<Industry>,
    },
    CourseProviders {
        course: Course,
        career: Career,
        providers: Vec<Provider>,
        industries: Vec<Industry>,
    },
    /// Login required: the head names the provider, the data never holds a review.
    CourseProvider {
        /// The career the page sits under, for its `/industry/...` address.
        career: Option<Career>,
        course: Course,
        provider: Box<Provider>,
        /// The offering's facts, for the head's JSON-LD; `None` when nobody has said any.
        facts: Option<Box<OfferingFacts>>,
    },
    Compare {
        course: Course,
    },
    Fixed(&'static FixedPage),
}

/// What the server answers for a page path.
pub enum Outcome {
    Found {
        page: Box<Page>,
        /// The promotion strip, which every page shows.
        strip: Content,
    },
    /// The not-found page's heading, as the UI words it ('Industry not found').
    NotFound(&'static str),
    /// A path the UI alone answers (it sends the visitor home, or on from `/industry`).
    Unknown,
}

pub const INDUSTRY_NOT_FOUND: &str = "Industry not found";
pub const CAREER_NOT_FOUND: &str = "Career not found";
pub const COURSE_NOT_FOUND: &str = "Course not found";
pub const PROVIDER_NOT_FOUND: &str = "Provider not found";

/// Reads what `path` shows; runs on a reader connection.
pub fn load(conn: &Connection, path: PagePath) -> Result<Outcome, AppError> {
    let page = match path {
        PagePath::Moved(_) | PagePath::Unknown => return Ok(Outcome::Unknown),
        PagePath::Fixed(fixed) => Page::Fixed(fixed),
        PagePath::Home => Page::Home {
            industries: store::industries(conn)?,
        },
        PagePath::Industries => Page::Industries {
            industries: store::industries(conn)?,
            course_count: store::course_count(conn)?,
        },
        PagePath::Industry { industry } => {
            let industries = store::industries(conn)?;
            let Some(index) = industries.iter().position(|i| i.slug == industry) else {
                return Ok(Outcome::NotFound(INDUSTRY_NOT_FOUND));
            };
            let id = id(&industries[index].id)?;
            Page::Industry {
                industry: index,
                careers: store::careers_of_industry(conn, id)?,
                industries,
            }
        }
        PagePath::Career { industry, career } => {
            let Some(career) = career_in(conn, industry, career)? else {
                return Ok(Outcome::NotFound(CAREER_NOT_FOUND));
            };
            let id = id(&career.id)?;
            Page::Career {
                courses: store::courses_of_career(conn, id)?,
                industries: store::industries(conn)?,
                career,
            }
        }
        PagePath::CourseProviders {
            industry,
            career,
            course,
        } => {
            let Some((career, course)) = course_in(conn, industry, career, course)? else {
                return Ok(Outcome::NotFound(COURSE_NOT_FOUND));
            };
            let id = id(&course.id)?;
            Page::CourseProviders {
                providers: store::providers_of_course(conn, id, &store::ProviderFilter::default())?,
                industries: store::industries(conn)?,
                career,
                course,
            }
        }
        PagePath::CourseProvider {
            within,
            course,
            provider,
        } => {
            let (career, course) = match within {
                Some((industry, career)) => match course_in(conn, industry, career, course)? {
                    Some((career, course)) => (Some(career), course),
                    None => return Ok(Outcome::NotFound(PROVIDER_NOT_FOUND)),
                },
                None => match store::course_by_slug(conn, course).optional()? {
                    Some(course) => (None, course),
                    None => return Ok(Outcome::NotFound(PROVIDER_NOT_FOUND)),
                },
            };
            let course_id = id(&course.id)?;
            let Some(provider) =
                store::provider_by_slug(conn, provider, Some(course_id)).optional()?
            else {
                return Ok(Outcome::NotFound(PROVIDER_NOT_FOUND));
            };
            let facts =
                crate::catalog::facts::store::facts_of_pair(conn, course_id, id(&provider.id)?)?
                    .map(Box::new);
            Page::CourseProvider {
                career,
                course,
                provider: Box::new(provider),
                facts,
            }
        }
        PagePath::Compare { course } => match store::course_by_slug(conn, course).optional()? {
            Some(course) => Page::Compare { course },
            None => return Ok(Outcome::NotFound(COURSE_NOT_FOUND)),
        },
    };
    Ok(Outcome::Found {
        page: Box::new(page),
        strip: content::promotion_strip(conn)?,
    })
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

/// The number behind an id the store wrote as a string.
fn id(text: &str) -> Result<i64, AppError> {
    Ok(text.parse().map_err(anyhow::Error::from)?)
}

//! The API answers a page needs to draw itself, embedded in the page (DESIGN decision 18) so the
//! UI renders at once instead of asking again. Each answer is what the call answers, made by the
//! same store functions and types, named by its method, path and body the way the UI sends them.
//! Only public catalogue calls: never a review, never anything about the visitor.

use serde::Serialize;
use serde_json::{Value, json};

use super::load::Page;
use crate::{catalog::model::Count, content::Content};

/// The page's `<script type="application/json" id="page-data">` block.
#[derive(Serialize)]
pub struct FirstData {
    pub answers: Vec<Answer>,
}

#[derive(Serialize)]
pub struct Answer {
    pub method: &'static str,
    pub path: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<Value>,
    pub answer: Value,
}

fn get(path: &'static str, answer: impl Serialize) -> serde_json::Result<Answer> {
    Ok(Answer {
        method: "GET",
        path,
        body: None,
        answer: serde_json::to_value(answer)?,
    })
}

fn post(path: &'static str, body: Value, answer: impl Serialize) -> serde_json::Result<Answer> {
    Ok(Answer {
        method: "POST",
        path,
        body: Some(body),
        answer: serde_json::to_value(answer)?,
    })
}

const INDUSTRIES: &str = "/api/industries";

impl FirstData {
    pub fn of(page: &Page, strip: &Content) -> serde_json::Result<Self> {
        let mut answers = vec![get("/api/admin/staticcontent/promotion-strip", strip)?];
        match page {
            Page::Home { industries } => answers.push(get(INDUSTRIES, industries)?),
            Page::Industries {
                industries,
                course_count,
            } => {
                answers.push(get(INDUSTRIES, industries)?);
                answers.push(post(
                    "/api/getcoursecount",
                    json!({}),
                    Count {
                        count: *course_count,
                    },
                )?);
            }
            Page::Industry {
                industry,
                industries,
                careers,
            } => {
                answers.push(get(INDUSTRIES, industries)?);
                answers.push(post(
                    "/api/getcareersbyindustryid",
                    json!({ "industryId": industries[*industry].id }),
                    careers,
                )?);
            }
            Page::Career {
                career,
                courses,
                industries,
            } => {
                answers.push(post(
                    "/api/getcareerbyslug",
                    json!({ "careerSlug": career.slug }),
                    career,
                )?);
                answers.push(post(
                    "/api/getcoursesbycareerid",
                    json!({ "careerId": career.id }),
                    courses,
                )?);
                answers.push(get(INDUSTRIES, industries)?);
            }
            Page::CourseProviders {
                course,
                career,
                providers,
                industries,
            } => {
                answers.push(post(
                    "/api/getcoursebyslug",
                    json!({ "courseSlug": course.slug }),
                    course,
                )?);
                answers.push(post(
                    "/api/getcareerbyslug",
                    json!({ "careerSlug": career.slug }),
                    career,
                )?);
                answers.push(post(
                    "/api/getprovidersbycourseid",
                    json!({ "courseId": course.id }),
                    providers,
                )?);
                answers.push(get(INDUSTRIES, industries)?);
            }
            Page::CourseProvider {
                career,
                course,
                provider,
                ..
            } => {
                answers.push(post(
                    "/api/getcoursebyslug",
                    json!({ "courseSlug": course.slug }),
                    course,
                )?);
                // Under /industry/...: the crumbs name the industry and career as stored.
                if let Some(career) = career {
                    answers.push(post(
                        "/api/getcareerbyslug",
                        json!({ "careerSlug": career.slug }),
                        career,
                    )?);
                }
                answers.push(post(
                    "/api/getproviderbyslug",
                    json!({ "providerSlug": provider.slug, "courseId": course.id }),
                    provider,
                )?);
            }
            Page::Compare { course } => answers.push(post(
                "/api/getcoursebyslug",
                json!({ "courseSlug": course.slug }),
                course,
            )?),
            Page::Fixed(_) => {}
        }
        Ok(Self { answers })
    }
}

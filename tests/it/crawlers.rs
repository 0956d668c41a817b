//! What crawlers read: `robots.txt` and `sitemap.xml`, with absolute addresses from
//! `APP_PUBLIC_URL` and each catalogue page's last change (the last approval of a review it counts).

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use axum::http::StatusCode;
use common::{TestApp, reviewing};
use coursesource::reviews::{ReviewerType, store};
use serde_json::json;

const PUBLIC_URL: &str = "https://courses.example.org";
/// 2024-05-01T12:00:00Z.
const APPROVED_AT: i64 = 1_714_564_800;

async fn site() -> TestApp {
    TestApp::with_settings(|s| s.public_url = Some(format!("{PUBLIC_URL}/"))).await
}

/// Each `<url>` of a sitemap: its address and its `<lastmod>`, if any.
fn urls(xml: &str) -> BTreeMap<String, Option<String>> {
    let between = |text: &str, open: &str, close: &str| -> Option<String> {
        let start = text.find(open)? + open.len();
        Some(text[start..start + text[start..].find(close)?].to_owned())
    };
    let mut urls = BTreeMap::new();
    for entry in xml.split("<url>").skip(1) {
        let entry = &entry[..entry.find("</url>").expect("each url is closed")];
        let loc = between(entry, "<loc>", "</loc>").expect("each url has a loc");
        assert!(
            urls.insert(loc.clone(), between(entry, "<lastmod>", "</lastmod>"))
                .is_none(),
            "{loc} is listed once"
        );
    }
    urls
}

#[tokio::test]
async fn robots_keeps_crawlers_out_of_private_areas_and_names_the_sitemap() {
    let app = site().await;
    let res = app.get("/robots.txt").await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(res.header("content-type").starts_with("text/plain"));
    assert_eq!(
        res.text(),
        "User-agent: *\n\
         Disallow: /api\n\
         Disallow: /admin\n\
         Disallow: /profile\n\
         Disallow: /favourites\n\
         Disallow: /login\n\
         Disallow: /sign-up\n\
         Disallow: /welcome\n\
         Disallow: /forgot-password\n\
         Disallow: /reset-password\n\
         Disallow: /verify-account\n\
         Disallow: /represent\n\
         \n\
         Sitemap: https://courses.example.org/sitemap.xml\n"
    );
}

/// Every catalogue page address, from the browsing calls the UI makes.
async fn catalogue_pages(app: &TestApp) -> BTreeSet<String> {
    let mut pages = BTreeSet::new();
    for industry in app.get("/api/industries").await.json().as_array().unwrap() {
        let industry_path = format!("/industry/{}", industry["slug"].as_str().unwrap());
        pages.insert(industry_path.clone());
        let careers = app
            .post_json(
                "/api/getcareersbyindustryid",
                &json!({ "industryId": industry["_id"] }),
            )
            .await
            .json();
        for career in careers.as_array().unwrap() {
            let career_path = format!("{industry_path}/{}", career["slug"].as_str().unwrap());
            pages.insert(career_path.clone());
            let courses = app
                .post_json(
                    "/api/getcoursesbycareerid",
                    &json!({ "careerId": career["_id"] }),
                )
                .await
                .json();
            for course in courses.as_array().unwrap() {
                pages.insert(format!(
                    "{career_path}/{}",
                    course["slug"].as_str().unwrap()
                ));
            }
        }
    }
    pages
}

#[tokio::test]
async fn the_sitemap_lists_every_public_page_at_its_absolute_address() {
    let app = site().await;
    let res = app.get("/sitemap.xml").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.header("content-type"), "application/xml");
    let xml = res.text();
    assert!(xml.starts_with(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
    ));
    let listed: BTreeSet<String> = urls(&xml).into_keys().collect();

    let mut expected: BTreeSet<String> = [
        "/",
        "/industries",
        "/search",
        "/about",
        "/about/reviews",
        "/competition",
        "/beta-testing-program",
        "/who-benefits/students",
        "/who-benefits/employers",
        "/who-benefits/parents",
        "/who-benefits/career-advisors",
        "/terms-of-use",
        "/privacy",
        "/contact",
    ]
    .map(str::to_owned)
    .into();
    expected.extend(catalogue_pages(&app).await);
    let expected: BTreeSet<String> = expected
        .into_iter()
        .map(|path| format!("{PUBLIC_URL}{path}"))
        .collect();
    assert_eq!(listed, expected);
    assert!(
        listed.len() > 400,
        "the shipped catalogue's pages: {}",
        listed.len()
    );
    for private in ["/login", "/profile", "/favourites", "/admin", "/course/"] {
        assert!(
            !xml.contains(&format!("{PUBLIC_URL}{private}")),
            "{private} is not listed"
        );
    }
}

#[tokio::test]
async fn a_page_last_changed_when_a_review_it_counts_was_approved() {
    let app = site().await;
    let before = urls(&app.get("/sitemap.xml").await.text());
    assert!(
        before.values().all(Option::is_none),
        "no review, no known change"
    );

    let pair = reviewing::named_pair(&app, 0).await;
    let (_, user) = reviewing::user(&app, "Student", "Sam", Some("sam")).await;
    let ids = pair.ids;
    app.state
        .db
        .write(move |tx| -> Result<_, coursesource::error::AppError> {
            let answers = coursesource::reviews::sample_answers(ReviewerType::Student, 1);
            store::insert(
                tx,
                &store::NewReview {
                    user_id: user,
                    course_id: ids.course,
                    provider_id: ids.provider,
                    industry_id: Some(ids.industry),
                    reviewer: ReviewerType::Student,
                    title: "Fine",
                    comment: "Fine.",
                    score_halves: 8,
                    answers: &answers,
                    created_at: Some(APPROVED_AT - 86_400),
                    decision: Some(true),
                    decided_at: Some(APPROVED_AT),
                    incentivised: false,
                },
            )
        })
        .await
        .unwrap();
    // The course's pages under each of its careers changed, with those careers and their
    // industries, the home page and the industries page; nothing else did.
    let course = app
        .post_json(
            "/api/getcoursebyslug",
            &json!({ "courseSlug": pair.course_slug }),
        )
        .await
        .json();
    let mut expected = BTreeSet::from(["/".to_owned(), "/industries".to_owned()]);
    for career in course["careers"].as_array().unwrap() {
        let career_path = format!(
            "/industry/{}/{}",
            career["industrySlug"].as_str().unwrap(),
            career["slug"].as_str().unwrap()
        );
        expected.insert(format!(
            "/industry/{}",
            career["industrySlug"].as_str().unwrap()
        ));
        expected.insert(format!("{career_path}/{}", pair.course_slug));
        expected.insert(career_path);
    }
    let expected: BTreeMap<String, Option<String>> = expected
        .into_iter()
        .map(|path| (format!("{PUBLIC_URL}{path}"), Some("2024-05-01".to_owned())))
        .collect();
    let after = urls(&app.get("/sitemap.xml").await.text());
    let changed: BTreeMap<String, Option<String>> = after
        .into_iter()
        .filter(|(_, lastmod)| lastmod.is_some())
        .collect();
    assert_eq!(changed, expected);
}

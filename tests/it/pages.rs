//! The pages the server answers: honest status codes for catalogue addresses (a real 404 with
//! the friendly not-found page, a real 301 for `/industry` alone), over the shipped catalogue.
//! Needs the built UI (`cargo test` builds it; with SKIP_UI_BUILD=1 run `npm run build` in ui/).

use crate::common;

use axum::http::StatusCode;
use common::TestApp;
use serde_json::{Value, json};

pub(crate) const COOKERY: &str = "certificate-iii-in-commercial-cookery";
pub(crate) const COOKERY_PATH: &str =
    "/industry/hospitality/cook/certificate-iii-in-commercial-cookery";

/// The slug of the first provider of the cookery course.
pub(crate) async fn cookery_provider(app: &TestApp) -> String {
    let course = app
        .post_json("/api/getcoursebyslug", &json!({ "courseSlug": COOKERY }))
        .await
        .json();
    let providers = app
        .post_json(
            "/api/getprovidersbycourseid",
            &json!({ "courseId": course["_id"] }),
        )
        .await
        .json();
    providers[0]["slug"].as_str().unwrap().to_owned()
}

/// The `<title>` of an HTML answer.
fn title(html: &str) -> &str {
    let start = html.find("<title>").expect("a title") + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

/// A 404 with the friendly not-found page, drawn by the UI and never indexed; its HTML.
fn not_found_page(res: &common::TestResponse, path: &str) -> String {
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
    let html = res.text();
    assert!(
        html.contains("<div id=\"root\">"),
        "{path}: the UI draws it"
    );
    assert_eq!(title(&html), "Page not found | CourseSource", "{path}");
    assert!(
        html.contains(r#"<meta name="robots" content="noindex""#),
        "{path}"
    );
    html
}

#[tokio::test]
async fn catalogue_pages_that_exist_answer_200() {
    let app = TestApp::new().await;
    let provider = cookery_provider(&app).await;
    for path in [
        "/".to_owned(),
        "/industries".to_owned(),
        "/industry/hospitality".to_owned(),
        "/industry/hospitality/cook".to_owned(),
        "/industry/hospitality/chef".to_owned(),
        COOKERY_PATH.to_owned(),
        format!("{COOKERY_PATH}/{provider}"),
        format!("/course/{COOKERY}/{provider}"),
        format!("/course/{COOKERY}/compare"),
        "/search".to_owned(),
        "/about".to_owned(),
    ] {
        let res = app.get(&path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}");
        assert!(
            res.header("content-type").starts_with("text/html"),
            "{path}"
        );
        assert!(res.text().contains("<div id=\"root\">"), "{path}: the UI");
    }
}

#[tokio::test]
async fn unknown_catalogue_slugs_answer_404_with_the_not_found_page() {
    let app = TestApp::new().await;
    let provider = cookery_provider(&app).await;
    let cases: Vec<(String, &str)> = vec![
        (
            "/industry/underwater-basket-weaving".into(),
            "Industry not found",
        ),
        ("/industry/Hospitality".into(), "Industry not found"),
        ("/industry/hospitality/astronaut".into(), "Career not found"),
        // A career exists, but in another industry.
        ("/industry/hair-beauty/cook".into(), "Career not found"),
        (
            "/industry/hospitality/cook/certificate-iv-in-cleaning".into(),
            "Course not found",
        ),
        // The course exists, but does not lead to this career.
        (
            "/industry/hospitality/cook/certificate-ii-in-salon-assistant".into(),
            "Course not found",
        ),
        (
            format!("{COOKERY_PATH}/no-such-provider"),
            "Provider not found",
        ),
        (
            format!("/industry/hospitality/astronaut/{COOKERY}/{provider}"),
            "Provider not found",
        ),
        (
            format!("/course/{COOKERY}/no-such-provider"),
            "Provider not found",
        ),
        (
            format!("/course/no-such-course/{provider}"),
            "Provider not found",
        ),
        ("/course/no-such-course/compare".into(), "Course not found"),
    ];
    for (path, heading) in cases {
        let res = app.get(&path).await;
        assert!(
            res.header("content-type").starts_with("text/html"),
            "{path}"
        );
        let html = not_found_page(&res, &path);
        assert!(
            html.contains(heading),
            "{path}: the heading says what was not found"
        );
    }
}

#[tokio::test]
async fn industry_alone_is_a_permanent_redirect() {
    let app = TestApp::new().await;
    let res = app.get("/industry").await;
    assert_eq!(res.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(res.header("location"), "/industries");
}

#[tokio::test]
async fn unknown_paths_answer_404_with_the_not_found_page() {
    let app = TestApp::new().await;
    for path in [
        "/no/such/page",
        "/industry/a/b/c/d/e",
        "/course/only-one",
        "/represent",
        "/about/reviews/more",
    ] {
        not_found_page(&app.get(path).await, path);
    }
    let api = app.get("/api/no-such-call").await;
    assert_eq!(api.status, StatusCode::NOT_FOUND);
    assert_eq!(api.json(), json!([{ "msg": "Not found" }]) as Value);
}

/// Every path the UI's route table (`ui/src/app/routes.ts`) routes answers 200, or the
/// redirect the UI would make, so the 404 above is only for what the UI does not route.
#[tokio::test]
async fn every_path_the_ui_routes_answers_200_or_its_redirect() {
    let app = TestApp::new().await;
    let provider = cookery_provider(&app).await;
    let table =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/ui/src/app/routes.ts"))
            .unwrap();
    let mut seen = 0;
    for entry in table.split("path: '").skip(1) {
        let route = &entry[..entry.find('\'').unwrap()];
        if route == "*" {
            continue;
        }
        let redirect = entry
            .split_once("redirect: '")
            .filter(|(before, _)| !before.contains("path: '") && !before.contains('}'))
            .map(|(_, after)| &after[..after.find('\'').unwrap()]);
        let path = route
            .replace(":industry", "hospitality")
            .replace(":career", "cook")
            .replace(":course", COOKERY)
            .replace(":provider", &provider)
            .replace(":token", "abc.123")
            .replace(":id", "verify-success")
            .replace(":page", "nothing");
        let res = app.get(&path).await;
        match redirect {
            Some(to) => {
                assert_eq!(res.status, StatusCode::MOVED_PERMANENTLY, "{route}");
                assert_eq!(res.header("location"), to, "{route}");
            }
            None => assert_eq!(res.status, StatusCode::OK, "{route} ({path})"),
        }
        seen += 1;
    }
    assert!(seen > 40, "the route table was read: {seen} routes");
}

//! What each page's HTML carries (DESIGN decision 18): its head (title, description, canonical,
//! JSON-LD), the API answers it draws from as first data, the page kept until the data changes,
//! hostile catalogue text kept inside the head and the data, and never a review's text for a
//! logged-out visitor. Needs the built UI, as `pages.rs` does.

use crate::common;

use super::pages::{COOKERY, COOKERY_PATH, cookery_provider};
use axum::http::StatusCode;
use common::TestApp;
use serde_json::{Value, json};

struct Html(String);

impl Html {
    async fn of(app: &TestApp, path: &str) -> Self {
        let res = app.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}");
        Self(res.text())
    }

    fn between<'a>(&'a self, open: &str, close: &str) -> Vec<&'a str> {
        self.0
            .split(open)
            .skip(1)
            .map(|rest| &rest[..rest.find(close).expect("closed")])
            .collect()
    }

    /// An attribute of the first tag that starts with `tag_start`, entities decoded.
    fn attribute(&self, tag_start: &str, name: &str) -> Option<String> {
        let tag = self.between(tag_start, ">").into_iter().next()?;
        let value = tag.split(&format!("{name}=\"")).nth(1)?;
        Some(htmlescape::decode_html(&value[..value.find('"')?]).unwrap())
    }

    fn title(&self) -> String {
        htmlescape::decode_html(self.between("<title>", "</title>")[0]).unwrap()
    }

    fn description(&self) -> String {
        self.attribute("<meta name=\"description\"", "content")
            .expect("a description")
    }

    fn canonical(&self) -> Option<String> {
        self.attribute("<link rel=\"canonical\"", "href")
    }

    fn json_ld(&self) -> Vec<Value> {
        self.between("<script type=\"application/ld+json\">", "</script>")
            .into_iter()
            .map(|block| serde_json::from_str(block).expect("JSON-LD parses"))
            .collect()
    }

    fn ld_types(&self) -> Vec<String> {
        self.json_ld()
            .iter()
            .map(|block| {
                assert_eq!(block["@context"], "https://schema.org");
                block["@type"].as_str().unwrap().to_owned()
            })
            .collect()
    }

    /// The page without its after-first-paint template, and the template's content: what the
    /// browser fetches before it paints, and what the entry script asks for once it has.
    fn after_first_paint(&self) -> (String, &str) {
        const OPEN: &str = "<template id=\"after-first-paint\">";
        let after_paint = self.between(OPEN, "</template>")[0];
        let before = self
            .0
            .replacen(&format!("{OPEN}{after_paint}</template>"), "", 1);
        (before, after_paint)
    }

    fn first_data(&self) -> Value {
        let blocks = self.between(
            "<script type=\"application/json\" id=\"page-data\">",
            "</script>",
        );
        assert_eq!(blocks.len(), 1, "one first-data block");
        serde_json::from_str(blocks[0]).expect("the first data parses")
    }
}

/// Every answer the page embeds is what the API answers to the same call.
async fn assert_first_data_is_the_apis(app: &TestApp, path: &str, html: &Html) -> Vec<String> {
    let data = html.first_data();
    let mut calls = Vec::new();
    for embedded in data["answers"].as_array().unwrap() {
        let (method, call) = (
            embedded["method"].as_str().unwrap(),
            embedded["path"].as_str().unwrap(),
        );
        let res = match method {
            "GET" => app.get(call).await,
            _ => app.post_json(call, &embedded["body"]).await,
        };
        assert_eq!(res.status, StatusCode::OK, "{path}: {method} {call}");
        assert_eq!(
            embedded["answer"],
            res.json(),
            "{path}: {method} {call} {}",
            embedded["body"]
        );
        calls.push(format!("{method} {call}"));
    }
    calls
}

const PUBLIC_URL: &str = "https://courses.example.org";

async fn public_site() -> TestApp {
    TestApp::with_settings(|s| s.public_url = Some(PUBLIC_URL.into())).await
}

#[tokio::test]
async fn each_public_page_writes_its_head_and_first_data() {
    let app = public_site().await;
    let provider = cookery_provider(&app).await;
    let strip = "GET /api/admin/staticcontent/promotion-strip";
    // path, title, JSON-LD types, the calls embedded besides the strip.
    let catalogue: Vec<(String, &str, Vec<&str>, Vec<&str>)> = vec![
        (
            "/".into(),
            "Home | CourseSource",
            vec!["WebSite"],
            vec!["GET /api/industries"],
        ),
        (
            "/industries".into(),
            "Industries | CourseSource",
            vec!["BreadcrumbList"],
            vec!["GET /api/industries", "POST /api/getcoursecount"],
        ),
        (
            "/industry/hospitality".into(),
            "Hospitality | Industry",
            vec!["BreadcrumbList"],
            vec!["GET /api/industries", "POST /api/getcareersbyindustryid"],
        ),
        (
            "/industry/hospitality/cook".into(),
            "Cook | Hospitality",
            vec!["BreadcrumbList"],
            vec![
                "POST /api/getcareerbyslug",
                "POST /api/getcoursesbycareerid",
                "GET /api/industries",
            ],
        ),
        (
            COOKERY_PATH.into(),
            "Certificate III in Commercial Cookery | Cook",
            vec!["BreadcrumbList", "Course"],
            vec![
                "POST /api/getcoursebyslug",
                "POST /api/getcareerbyslug",
                "POST /api/getprovidersbycourseid",
                "GET /api/industries",
            ],
        ),
        (
            format!("/course/{COOKERY}/compare"),
            "Compare providers | Certificate III in Commercial Cookery",
            vec!["WebPage"],
            vec!["POST /api/getcoursebyslug"],
        ),
    ];
    for (path, title, types, embedded) in catalogue {
        let html = Html::of(&app, &path).await;
        assert_eq!(html.title(), title, "{path}");
        assert!(
            html.description().len() > 40,
            "{path}: {}",
            html.description()
        );
        assert_eq!(
            html.canonical(),
            Some(format!("{PUBLIC_URL}{path}")),
            "{path}"
        );
        assert_eq!(html.ld_types(), types, "{path}");
        let mut expected = vec![strip];
        expected.extend(embedded);
        assert_eq!(
            assert_first_data_is_the_apis(&app, &path, &html).await,
            expected
        );
        assert!(!html.0.contains("name=\"robots\""), "{path} is indexable");
        let (before, after_paint) = html.after_first_paint();
        assert!(
            after_paint
                .contains("<link rel=\"modulepreload\" crossorigin href=\"/assets/catalog-pages-")
                || after_paint.contains("href=\"/assets/compare-page-"),
            "{path} preloads its chunk once painted"
        );
        assert!(
            after_paint.contains("as=\"font\" type=\"font/woff2\""),
            "{path} preloads the text font once painted"
        );
        assert!(
            after_paint.contains("<script type=\"module\" crossorigin src=\"/assets/index-"),
            "{path} starts the app once painted"
        );
        assert!(
            !before.contains("preload") && !before.contains("type=\"module\""),
            "{path} asks for no script, chunk or font before its first paint"
        );
        assert!(before.contains("<script src=\"/boot.js\" defer></script>"));
    }

    // The course-provider page needs a login: it is named, never reviewed, in its HTML.
    // Under /industry/... the career comes too: the crumbs name its industry and career.
    for (path, embedded) in [
        (
            format!("/course/{COOKERY}/{provider}"),
            vec![
                strip,
                "POST /api/getcoursebyslug",
                "POST /api/getproviderbyslug",
            ],
        ),
        (
            format!("{COOKERY_PATH}/{provider}"),
            vec![
                strip,
                "POST /api/getcoursebyslug",
                "POST /api/getcareerbyslug",
                "POST /api/getproviderbyslug",
            ],
        ),
    ] {
        let html = Html::of(&app, &path).await;
        assert!(
            html.title()
                .ends_with(" | Certificate III in Commercial Cookery"),
            "{path}"
        );
        assert_eq!(
            html.canonical(),
            Some(format!("{PUBLIC_URL}/course/{COOKERY}/{provider}")),
            "one canonical address for both"
        );
        assert!(
            html.ld_types()
                .contains(&"EducationalOrganization".to_owned())
        );
        assert_eq!(
            assert_first_data_is_the_apis(&app, &path, &html).await,
            embedded
        );
    }
}

#[tokio::test]
async fn information_pages_write_their_head() {
    let app = public_site().await;
    let pages = [
        (
            "/search",
            "Search | CourseSource",
            "SearchResultsPage",
            "Search for your course",
        ),
        ("/about", "About | CourseSource", "AboutPage", "About"),
        (
            "/competition",
            "Competition | CourseSource",
            "WebPage",
            "Competition",
        ),
        (
            "/beta-testing-program",
            "Beta Testing Program | CourseSource",
            "WebPage",
            "Beta Testing Program",
        ),
        (
            "/who-benefits/students",
            "Who Benefits: Students | CourseSource",
            "WebPage",
            "Who Benefits: Students",
        ),
        (
            "/who-benefits/employers",
            "Who Benefits: Employers | CourseSource",
            "WebPage",
            "Who Benefits: Employers",
        ),
        (
            "/who-benefits/parents",
            "Who Benefits: Parents | CourseSource",
            "WebPage",
            "Who Benefits: Parents",
        ),
        (
            "/who-benefits/career-advisors",
            "Who Benefits: Career Advisors | CourseSource",
            "WebPage",
            "Who Benefits: Career Advisors",
        ),
        (
            "/terms-of-use",
            "Terms of Use | CourseSource",
            "WebPage",
            "Terms of Use",
        ),
        (
            "/privacy",
            "Privacy Policy | CourseSource",
            "WebPage",
            "Privacy Policy",
        ),
        (
            "/contact",
            "Contact | CourseSource",
            "ContactPage",
            "Contact",
        ),
    ];
    for (path, title, ld_type, heading) in pages {
        let html = Html::of(&app, path).await;
        assert_eq!(html.title(), title, "{path}");
        assert!(html.description().len() > 40, "{path}");
        assert_eq!(html.canonical(), Some(format!("{PUBLIC_URL}{path}")));
        assert_eq!(html.ld_types(), [ld_type], "{path}");
        assert_eq!(html.json_ld()[0]["url"], format!("{PUBLIC_URL}{path}"));
        assert!(
            html.0.contains(&format!(">{heading}</h1>")),
            "{path}: its heading"
        );
        assert_eq!(
            assert_first_data_is_the_apis(&app, path, &html).await,
            ["GET /api/admin/staticcontent/promotion-strip"]
        );
    }
    for (path, title) in [
        ("/login", "Login | CourseSource"),
        ("/login/verify-success", "Login | CourseSource"),
        ("/profile/reviews", "Most Recent Reviews | My Profile"),
        ("/admin/search-user", "Search User | Admin"),
    ] {
        let html = Html::of(&app, path).await;
        assert_eq!(html.title(), title, "{path}");
        assert!(
            html.0
                .contains("<meta name=\"robots\" content=\"noindex\" />"),
            "{path}"
        );
        assert!(html.json_ld().is_empty(), "{path}");
    }
}

#[tokio::test]
async fn pages_are_kept_until_the_data_changes() {
    let app = public_site().await;
    let first = app.get("/industries").await;
    let etag = first.header("etag").to_owned();
    assert_eq!(first.header("cache-control"), "no-cache");
    let again = app
        .get_with("/industries", &[("if-none-match", &etag)])
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    common::reviewing::sql(
        &app,
        "UPDATE industries SET name = 'Hospitality and Tourism' WHERE slug = 'hospitality'",
    )
    .await;
    let changed = app
        .get_with("/industries", &[("if-none-match", &etag)])
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    assert!(changed.text().contains("Hospitality and Tourism"));
    // A token in the path does not make a page of its own.
    let one = app.get("/reset-password/abc.123").await;
    let other = app.get("/reset-password/def.456").await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.header("etag"), other.header("etag"));
    assert_eq!(one.body, app.get("/reset-password").await.body);
}

/// Catalogue text as hostile as an admin or an import could make it.
const HOSTILE: &str = "</script><!-- \"double\" 'single' & <b>\u{2028}line\u{2029}para";

#[tokio::test]
async fn hostile_catalogue_text_cannot_break_out_of_the_head_or_the_data() {
    let app = public_site().await;
    let provider = cookery_provider(&app).await;
    let escaped = HOSTILE.replace('\'', "''");
    common::reviewing::sql(
        &app,
        &format!(
            "UPDATE industries SET name = 'Hospitality {escaped}', copy = '{escaped}' WHERE slug = 'hospitality';
             UPDATE careers SET name = 'Cook {escaped}', copy_html = '<p>{escaped}</p>' WHERE slug = 'cook';
             UPDATE courses SET name = 'Cookery {escaped}', copy = '{escaped}', code = 'SIT {escaped}' WHERE slug = '{COOKERY}';
             UPDATE providers SET name = 'College {escaped}', description_html = '{escaped}', town = '{escaped}',
                                  state = '{escaped}', website_url = 'https://college.example/{escaped}' WHERE slug = '{provider}';"
        ),
    )
    .await;
    for path in [
        "/".to_owned(),
        "/industries".to_owned(),
        "/industry/hospitality".to_owned(),
        "/industry/hospitality/cook".to_owned(),
        COOKERY_PATH.to_owned(),
        format!("/course/{COOKERY}/{provider}"),
        format!("/course/{COOKERY}/compare"),
    ] {
        let html = Html::of(&app, &path).await;
        assert!(!html.0.contains(HOSTILE), "{path}: raw text");
        assert!(!html.0.contains("<!--"), "{path}: a comment opened");
        assert_eq!(
            html.0.matches("<script").count(),
            html.0.matches("</script>").count(),
            "{path}: every script closes once, where the server closes it"
        );
        for block in html.between("<script", "</script>") {
            assert!(
                !block.contains('\u{2028}') && !block.contains('\u{2029}') && !block.contains('<'),
                "{path}: {block}"
            );
        }
        assert!(!html.0.contains("<b>"), "{path}: no markup from the data");
        html.json_ld();
        assert_first_data_is_the_apis(&app, &path, &html).await;
    }
    let industry = Html::of(&app, "/industry/hospitality").await;
    assert_eq!(
        industry.title(),
        format!("Hospitality {HOSTILE} | Industry")
    );
    assert_eq!(
        industry.description(),
        HOSTILE.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    assert_eq!(
        industry.json_ld()[0]["itemListElement"][1]["name"],
        format!("Hospitality {HOSTILE}")
    );
    let course = Html::of(&app, COOKERY_PATH).await;
    assert_eq!(
        course.title(),
        format!("Cookery {HOSTILE} | Cook {HOSTILE}")
    );
    let course_ld = &course.json_ld()[1];
    assert_eq!(course_ld["name"], format!("Cookery {HOSTILE}"));
    assert_eq!(course_ld["courseCode"], format!("SIT {HOSTILE}"));
    assert!(
        course_ld["provider"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == format!("College {HOSTILE}")
                && p["address"]["addressLocality"] == HOSTILE
                && p["address"]["addressRegion"] == HOSTILE
                && p["url"] == format!("https://college.example/{HOSTILE}"))
    );
    let college = Html::of(&app, &format!("/course/{COOKERY}/{provider}")).await;
    assert_eq!(
        college.title(),
        format!("College {HOSTILE} | Cookery {HOSTILE}")
    );
    let organisation = college.json_ld().pop().unwrap();
    assert_eq!(organisation["@type"], "EducationalOrganization");
    assert_eq!(organisation["name"], format!("College {HOSTILE}"));
    assert_eq!(
        organisation["url"],
        format!("https://college.example/{HOSTILE}")
    );
    // Slugs in canonical addresses are the stored ones, whatever the request said.
    assert_eq!(
        course.canonical(),
        Some(format!("{PUBLIC_URL}{COOKERY_PATH}"))
    );
}

#[tokio::test]
async fn a_logged_out_visitor_never_receives_review_text() {
    use common::reviewing;
    use coursesource::reviews::ReviewerType;
    let app = public_site().await;
    let pair = reviewing::named_pair(&app, 0).await;
    let (_, user) = reviewing::user(&app, "Student", "Sam", Some("sammy")).await;
    reviewing::stored_review(&app, user, pair.ids, ReviewerType::Student, 9, 3, true).await;
    reviewing::sql(
        &app,
        "UPDATE reviews SET title = 'Secret review title', comment = 'Secret review comment'",
    )
    .await;
    app.state
        .db
        .write(coursesource::catalog::counters_store::recount_all)
        .await
        .unwrap();
    let course = app
        .post_json(
            "/api/getcoursebyslug",
            &json!({ "courseSlug": pair.course_slug }),
        )
        .await
        .json();
    let career = &course["careers"][0];
    let providers_page = format!(
        "/industry/{}/{}/{}",
        career["industrySlug"].as_str().unwrap(),
        career["slug"].as_str().unwrap(),
        pair.course_slug
    );
    for path in [
        "/".to_owned(),
        "/industries".to_owned(),
        providers_page.clone(),
        format!("{providers_page}/{}", pair.provider_slug),
        format!("/course/{}/{}", pair.course_slug, pair.provider_slug),
        format!("/course/{}/compare", pair.course_slug),
    ] {
        let html = Html::of(&app, &path).await;
        for secret in ["Secret review title", "Secret review comment", "sammy"] {
            assert!(!html.0.contains(secret), "{path} holds {secret}");
        }
    }
    // The rating the providers list shows everyone is in the course's JSON-LD.
    let html = Html::of(&app, &providers_page).await;
    let course_ld = &html.json_ld()[1];
    let rated: Vec<&Value> = course_ld["hasCourseInstance"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|instance| instance.get("aggregateRating").is_some())
        .collect();
    assert_eq!(rated.len(), 1, "only the reviewed provider has a rating");
    assert_eq!(rated[0]["aggregateRating"]["ratingValue"], 4.5);
    assert_eq!(rated[0]["aggregateRating"]["ratingCount"], 1);
    // A rated review's worst is one star (DESIGN decision 3): 0 would mean 'no rating'.
    assert_eq!(rated[0]["aggregateRating"]["worstRating"], 1);
    assert_eq!(rated[0]["aggregateRating"]["bestRating"], 5);
}

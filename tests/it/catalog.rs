//! The public browsing calls over the shipped catalogue: shapes, sorting, counts from the
//! counter columns, 404s and validation.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, scenario::Case};
use coursesource::catalog::counters_store;
use serde_json::{Value, json};

const COOKERY: &str = "certificate-iii-in-commercial-cookery";

/// `POST /api/getcoursebyslug`, answered 200.
pub async fn course(app: &TestApp, slug: &str) -> Value {
    let res = app
        .post_json("/api/getcoursebyslug", &json!({ "courseSlug": slug }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

/// Stores an approved review by a new user of `user_type` and recounts, as moderation will.
async fn approved_review(
    app: &TestApp,
    course_id: &str,
    provider_id: &str,
    user_type: &'static str,
    score_halves: i64,
) {
    let (course_id, provider_id): (i64, i64) =
        (course_id.parse().unwrap(), provider_id.parse().unwrap());
    app.state
        .db
        .write(move |tx| -> rusqlite::Result<_> {
            let n: i64 = tx.query_row("SELECT COUNT(*) FROM users", [], |r| r.get(0))?;
            tx.execute(
                "INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type) VALUES (?1, 'x', 'A', 'B', 'Other', ?2)",
                (format!("u{n}@example.com"), user_type),
            )?;
            let industry: i64 = tx.query_row(
                "SELECT c.industry_id FROM course_careers cc JOIN careers c ON c.id = cc.career_id WHERE cc.course_id = ?1 LIMIT 1",
                [course_id],
                |r| r.get(0),
            )?;
            tx.execute(
                "INSERT INTO reviews (user_id, course_id, provider_id, industry_id, user_type, title, comment, score_halves, actioned, approved)
                 VALUES (?1, ?2, ?3, ?4, ?5, 't', 'c', ?6, 1, 1)",
                (tx.last_insert_rowid(), course_id, provider_id, industry, user_type, score_halves),
            )?;
            counters_store::recount_all(tx)?;
            Ok(())
        })
        .await
        .unwrap();
}

#[tokio::test]
async fn industries_come_sorted_with_their_counts() {
    let app = TestApp::new().await;
    let res = app.get("/api/industries").await;
    assert_eq!(res.status, StatusCode::OK);
    let industries = res.json();
    let list = industries.as_array().unwrap();
    assert!(list.len() >= 12);
    let names: Vec<&str> = list.iter().map(|i| i["name"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    for slug in ["hair-beauty", "hospitality", "outdoor-recreation"] {
        let industry = list
            .iter()
            .find(|i| i["slug"] == slug)
            .unwrap_or_else(|| panic!("{slug}"));
        let careers = app
            .post_json(
                "/api/getcareersbyindustryid",
                &json!({ "industryId": industry["_id"] }),
            )
            .await
            .json();
        assert_eq!(
            industry["careerCount"],
            careers.as_array().unwrap().len(),
            "{slug}"
        );
        assert_eq!(industry["reviewCount"], 0);
        assert!(industry["copy"].as_str().unwrap().len() > 20);
    }
}

#[tokio::test]
async fn careers_of_an_industry_are_sorted_by_name() {
    let app = TestApp::new().await;
    let industries = app.get("/api/industries").await.json();
    let hospitality = industries
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["slug"] == "hospitality")
        .unwrap()
        .clone();
    let careers = app
        .post_json(
            "/api/getcareersbyindustryid",
            &json!({ "industryId": hospitality["_id"] }),
        )
        .await
        .json();
    let names: Vec<&str> = careers
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    let cook = careers
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["slug"] == "cook")
        .unwrap();
    assert_eq!(cook["industrySlug"], "hospitality");
    assert!(cook["courses"].as_i64().unwrap() >= 1);

    let by_slug = app
        .post_json("/api/getcareerbyslug", &json!({ "careerSlug": "cook" }))
        .await
        .json();
    assert_eq!(by_slug["_id"], cook["_id"]);
    assert!(by_slug["copy"].as_str().unwrap().starts_with("<p>"));

    let industry = app
        .post_json(
            "/api/getindustryidforcourse",
            &json!({ "careerId": cook["_id"] }),
        )
        .await
        .json();
    assert_eq!(industry["slug"], "hospitality");

    let courses = app
        .post_json(
            "/api/getcoursesbycareerid",
            &json!({ "careerId": cook["_id"] }),
        )
        .await
        .json();
    let courses = courses.as_array().unwrap();
    assert_eq!(
        courses.len() as i64,
        cook["courses"].as_i64().unwrap(),
        "the counter matches the list"
    );
    assert!(courses.iter().any(|c| c["courseCode"] == "SIT30821"));
}

#[tokio::test]
async fn a_course_lists_its_careers_and_providers() {
    let app = TestApp::new().await;
    let cookery = course(&app, COOKERY).await;
    assert_eq!(cookery["courseCode"], "SIT30821");
    assert_eq!(cookery["name"], "Certificate III in Commercial Cookery");
    let careers: Vec<&str> = cookery["careers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["slug"].as_str().unwrap())
        .collect();
    assert!(
        careers.len() >= 2,
        "a course of more than one career: {careers:?}"
    );

    let providers = app
        .post_json(
            "/api/getprovidersbycourseid",
            &json!({ "courseId": cookery["_id"] }),
        )
        .await
        .json();
    let providers = providers.as_array().unwrap();
    assert_eq!(
        providers.len() as i64,
        cookery["providers"].as_i64().unwrap()
    );
    assert!((3..=40).contains(&providers.len()));
    let names: Vec<String> = providers
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_lowercase())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "A-Z");
    let first = &providers[0];
    assert_eq!(
        first["reviewCount"],
        json!({ "total": 0, "student": 0, "employer": 0 })
    );
    assert_eq!(
        first["rating"],
        json!({ "student": null, "employer": null, "overall": null,
                "ratedCount": { "total": 0, "student": 0, "employer": 0 },
                "recent": null, "recentRatedCount": 0 })
    );
    assert_eq!(first["isExample"], true);
    for key in ["WebsiteUrl", "description", "Latitude", "Longitude"] {
        assert!(!first["location"][key].is_null(), "location.{key}");
    }
}

#[tokio::test]
async fn counts_and_ratings_follow_approved_reviews() {
    let app = TestApp::new().await;
    let cookery = course(&app, COOKERY).await;
    let providers = app
        .post_json(
            "/api/getprovidersbycourseid",
            &json!({ "courseId": cookery["_id"] }),
        )
        .await
        .json();
    let provider = providers[0].clone();
    let (course_id, provider_id) = (
        cookery["_id"].as_str().unwrap(),
        provider["_id"].as_str().unwrap(),
    );
    approved_review(&app, course_id, provider_id, "Student", 9).await; // 4.5 stars
    approved_review(&app, course_id, provider_id, "Student", 6).await; // 3 stars
    approved_review(&app, course_id, provider_id, "Employer", 8).await; // 4 stars
    // Asked no scored question: a review, but no rating, so in no average.
    approved_review(&app, course_id, provider_id, "Employer", 0).await;

    let providers = app
        .post_json(
            "/api/getprovidersbycourseid",
            &json!({ "courseId": course_id }),
        )
        .await
        .json();
    let listed = providers
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["_id"] == provider["_id"])
        .unwrap();
    assert_eq!(
        listed["reviewCount"],
        json!({ "total": 4, "student": 2, "employer": 2 })
    );
    assert_eq!(
        listed["rating"],
        json!({ "student": 3.75, "employer": 4.0, "overall": 3.8333333333333335,
                "ratedCount": { "total": 3, "student": 2, "employer": 1 },
                // Written today without a study end: all three are recent.
                "recent": 3.8333333333333335, "recentRatedCount": 3 })
    );

    assert_eq!(course(&app, COOKERY).await["reviews"], 4);
    let overall = app
        .post_json(
            "/api/getoverallproviderrating",
            &json!({ "providerId": provider_id }),
        )
        .await
        .json();
    assert_eq!(overall["count"], 3);
    assert_eq!(overall["totalScore"], 11.5);

    let slug = provider["slug"].as_str().unwrap();
    let at_course = app
        .post_json(
            "/api/getproviderbyslug",
            &json!({ "providerSlug": slug, "courseId": course_id }),
        )
        .await
        .json();
    assert_eq!(at_course["reviewCount"]["total"], 4);
    let everywhere = app
        .post_json("/api/getproviderbyslug", &json!({ "providerSlug": slug }))
        .await
        .json();
    assert_eq!(everywhere["reviewCount"]["total"], 4);

    let industries = app.get("/api/industries").await.json();
    let total: i64 = industries
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["reviewCount"].as_i64().unwrap())
        .sum();
    assert_eq!(total, 4);

    for _ in 0..5 {
        let random = app.get("/api/getrandomprovider").await.json();
        assert_eq!(random.as_array().unwrap().len(), 1);
        assert_eq!(
            random[0]["providerSlug"], provider["slug"],
            "the reviewed offering is preferred"
        );
        assert_eq!(random[0]["courseSlug"], COOKERY);
        assert_eq!(random[0]["reviewCount"], 4);
        assert_eq!(
            random[0]["data"],
            json!([{ "userType": "Student", "score": 3.75 }, { "userType": "Employer", "score": 4.0 }])
        );
        // The featured card's overall figure is the pair's real average, of its rated reviews.
        assert_eq!(random[0]["overall"], 3.8333333333333335);
        assert_eq!(random[0]["ratedCount"], 3);
    }
}

/// The home page features a pair whose average rests on at least three rated reviews, never a
/// pair whose only review is unrated beside it ('N/A overall, based on 1 review').
#[tokio::test]
async fn the_featured_pair_has_three_rated_reviews_else_the_best_covered() {
    let app = TestApp::new().await;
    let cookery = course(&app, COOKERY).await;
    let course_id = cookery["_id"].as_str().unwrap();
    let providers = app
        .post_json(
            "/api/getprovidersbycourseid",
            &json!({ "courseId": course_id }),
        )
        .await
        .json();
    let id = |n: usize| providers[n]["_id"].as_str().unwrap().to_owned();
    let featured = || async {
        let random = app.get("/api/getrandomprovider").await.json();
        random[0]["providerSlug"].as_str().unwrap().to_owned()
    };

    // One unrated review at the first pair, two rated at the second: the best covered is the second.
    approved_review(&app, course_id, &id(0), "Employer", 0).await;
    approved_review(&app, course_id, &id(1), "Student", 8).await;
    approved_review(&app, course_id, &id(1), "Employer", 6).await;
    for _ in 0..5 {
        assert_eq!(
            featured().await,
            providers[1]["slug"],
            "the best covered pair"
        );
    }

    // A third pair reaches three rated reviews: only it qualifies.
    for user_type in ["Student", "Student", "Employer"] {
        approved_review(&app, course_id, &id(2), user_type, 7).await;
    }
    for _ in 0..5 {
        assert_eq!(
            featured().await,
            providers[2]["slug"],
            "three rated reviews"
        );
    }
}

#[tokio::test]
async fn random_provider_without_reviews_is_any_offering() {
    let app = TestApp::new().await;
    let random = app.get("/api/getrandomprovider").await.json();
    assert_eq!(random[0]["data"], json!([]));
    let course = course(&app, random[0]["courseSlug"].as_str().unwrap()).await;
    assert_eq!(course["name"], random[0]["courseName"]);
}

#[tokio::test]
async fn lists_and_counts() {
    let app = TestApp::new().await;
    let count = app
        .post_json("/api/getcoursecount", &json!({}))
        .await
        .json()["count"]
        .as_i64()
        .unwrap();
    // The editing list holds every course; the count only those the lists show (a replaced
    // course nobody delivers is left out of both the lists and the count).
    let courses = app.get("/api/courses").await.json();
    let replaced = app
        .state
        .db
        .read(|c| {
            c.query_row(
                "SELECT COUNT(*) FROM courses c WHERE c.id IN (SELECT replaces_id FROM course_supersessions)
                 AND NOT EXISTS (SELECT 1 FROM offerings o WHERE o.course_id = c.id AND o.retired_at IS NULL)",
                [],
                |r| r.get::<_, i64>(0),
            )
        })
        .await
        .unwrap();
    assert!(replaced > 0);
    assert_eq!(courses.as_array().unwrap().len() as i64, count + replaced);
    assert!(count >= 150);
    assert!(courses[0]["courseCode"].is_string());
    let careers = app.get("/api/careers").await.json();
    assert!(careers.as_array().unwrap().len() >= 60);
    let industries = app.get("/api/industrieslist").await.json();
    assert!(industries[0]["copy"].is_string() && industries[0]["_id"].is_string());
}

#[tokio::test]
async fn bad_ids_and_slugs_get_the_error_shape() {
    let app = TestApp::new().await;
    let bad = StatusCode::BAD_REQUEST;
    let missing = |name: &str, path: &str, body: Value, msg: &str| {
        Case::post(name, path, body).error(StatusCode::NOT_FOUND, None, msg)
    };
    let not_an_id = |field: &str, column: u32| {
        format!(
            "Invalid request body: {field}: expected an id (a string of digits) at line 1 column {column}"
        )
    };
    #[rustfmt::skip]
    let cases = [
        Case::post("no industry", "/api/getcareersbyindustryid", json!({}))
            .error(bad, Some("industryId"), "industryId is required"),
        missing("an unknown industry", "/api/getcareersbyindustryid", json!({ "industryId": "99999" }), "Industry not found"),
        missing("an unknown career slug", "/api/getcareerbyslug", json!({ "careerSlug": "no-such-career" }), "Career not found"),
        Case::post("not a slug", "/api/getcareerbyslug", json!({ "careerSlug": "Not A Slug!" }))
            .error(bad, Some("careerSlug"), "careerSlug is not a valid slug"),
        Case::post("a number for an id", "/api/getcoursesbycareerid", json!({ "careerId": 0 }))
            .error(bad, None, &not_an_id("careerId", 14)),
        missing("an unknown career", "/api/getcoursesbycareerid", json!({ "careerId": "99999" }), "Career not found"),
        missing("an unknown course slug", "/api/getcoursebyslug", json!({ "courseSlug": "no-such-course" }), "Course not found"),
        Case::post("a number for a slug", "/api/getcoursebyslug", json!({ "courseSlug": 12 })).error(bad, None,
            "Invalid request body: courseSlug: invalid type: integer `12`, expected a string at line 1 column 16"),
        Case::post("letters for an id", "/api/getprovidersbycourseid", json!({ "courseId": "abc" }))
            .error(bad, None, &not_an_id("courseId", 18)),
        missing("an unknown course", "/api/getprovidersbycourseid", json!({ "courseId": "99999" }), "Course not found"),
        Case::post("no provider slug", "/api/getproviderbyslug", json!({}))
            .error(bad, Some("providerSlug"), "providerSlug is required"),
        missing("an unknown provider slug", "/api/getproviderbyslug", json!({ "providerSlug": "no-such-provider" }), "Provider not found"),
        missing("an unknown provider", "/api/getoverallproviderrating", json!({ "providerId": "99999" }), "Provider not found"),
        Case::post("a list for an id", "/api/getindustryidforcourse", json!({ "careerId": [1] }))
            .error(bad, None, &not_an_id("careerId", 12)),
    ];
    app.run_cases(&cases).await;
}

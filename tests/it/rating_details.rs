//! Fair scores after an upgrade, the rating distribution, the per-question shares (never below
//! 5 answers) and providers compared side by side: every figure equals a recount from the
//! approved reviews after each decision.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    counters::assert_counters_match_a_recount,
    moderating::decide,
    reviewing::{NamedPair, admin, named_pair, row, user},
    scenario::{Caller, Case},
};
use coursesource::{
    AppState,
    config::Settings,
    reviews::{ReviewerType, score::score_halves},
    vocabulary::Vocabulary,
};
use serde_json::{Value, json};

/// An unactioned review by a new user with these answers, scored by the server's rule.
async fn waiting_review(
    app: &TestApp,
    pair: &NamedPair,
    user_type: &str,
    answers: Value,
) -> String {
    let (_, user) = user(app, user_type, "Rae", None).await;
    let reviewer = ReviewerType::parse(user_type).unwrap();
    let halves = score_halves(reviewer, answers.as_object().unwrap());
    let (course, provider, user_type) = (pair.course, pair.provider, user_type.to_owned());
    let id: i64 = app
        .state
        .db
        .write(move |tx| -> rusqlite::Result<_> {
            tx.execute(
                "INSERT INTO reviews (user_id, course_id, provider_id, user_type, title, comment, score_halves, answers)
                 VALUES (?1, ?2, ?3, ?4, 'A title', 'A comment', ?5, ?6)",
                rusqlite::params![user, course, provider, user_type, halves, answers.to_string()],
            )?;
            Ok(tx.last_insert_rowid())
        })
        .await
        .unwrap();
    id.to_string()
}

fn student(knowledgeable: &str, recommend: &str) -> Value {
    json!({
        "completedCourse": "Yes", "completedCourseIn": { "month": "06", "year": "2024" },
        "howWasCourseDelivered": "Online", "easeOfAdministrationProcedures": "Easy",
        "involveAnyPracticalWorkExperience": "No", "assessmentsBasedOnRealisticActivities": "Agree",
        "trainersWereKnowledgeable": knowledgeable, "trainersWereResponsive": "Agree",
        "describesYourSituation": "Studying further", "howLikelyYouRecommend": recommend
    })
}

async fn details(app: &TestApp, pair: &NamedPair) -> Value {
    let res = app
        .post_json(
            "/api/getratingdetails",
            &json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn share<'a>(details: &'a Value, key: &str, question: &str) -> Option<&'a Value> {
    details[key]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["question"] == question && s["userType"] == "Student")
}

#[tokio::test]
async fn shares_appear_from_five_answers_and_follow_every_decision() {
    let app = TestApp::new().await;
    let ada = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let mut ids = Vec::new();
    for (knowledgeable, recommend) in [
        ("Strongly agree", "Very likely"),
        ("Agree", "Likely"),
        ("Disagree", "Unlikely"),
        ("Strongly agree", "Very likely"),
        ("Strongly disagree", "Very unlikely"),
    ] {
        ids.push(waiting_review(&app, &pair, "Student", student(knowledgeable, recommend)).await);
    }
    let nothing = details(&app, &pair).await;
    assert_eq!(
        nothing["distribution"],
        json!({ "Student": [0, 0, 0, 0, 0], "Employer": [0, 0, 0, 0, 0] })
    );
    assert_eq!(
        nothing["questions"],
        json!([]),
        "unactioned reviews count nowhere"
    );

    for id in &ids[..4] {
        decide(&app, &ada, "approve", id).await;
    }
    let four = details(&app, &pair).await;
    assert_eq!(four["questions"], json!([]), "4 answers: no share is shown");
    assert_eq!(four["providerQuestions"], json!([]));
    let stars: i64 = four["distribution"]["Student"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_i64().unwrap())
        .sum();
    assert_eq!(
        stars, 4,
        "the distribution counts every approved rated review"
    );

    decide(&app, &ada, "approve", &ids[4]).await;
    let five = details(&app, &pair).await;
    assert_eq!(
        share(&five, "questions", "trainersWereKnowledgeable").unwrap(),
        &json!({ "question": "trainersWereKnowledgeable", "userType": "Student",
                 "finding": "say the trainers were knowledgeable", "positive": 3, "answered": 5 })
    );
    assert_eq!(
        share(&five, "questions", "howLikelyYouRecommend").unwrap()["positive"],
        3
    );
    assert_eq!(
        share(&five, "questions", "involveAnyPracticalWorkExperience").unwrap()["positive"],
        0
    );
    assert!(
        share(&five, "questions", "whoArrangedWork").is_none(),
        "no one was asked"
    );
    assert_eq!(
        share(&five, "providerQuestions", "trainersWereKnowledgeable").unwrap()["answered"],
        5
    );
    assert_eq!(
        five["questions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["userType"] == "Employer")
            .count(),
        0
    );

    // Each review's stars by the fair rule: a bar per whole star.
    let halves: Vec<i64> = {
        let mut all = Vec::new();
        for id in &ids {
            all.push(
                row::<i64>(
                    &app,
                    format!("SELECT score_halves FROM reviews WHERE id = {id}"),
                )
                .await,
            );
        }
        all
    };
    let mut bars = [0i64; 5];
    for h in &halves {
        bars[(*h / 2 - 1) as usize] += 1;
    }
    assert_eq!(five["distribution"]["Student"], json!(bars));

    // Re-deciding one review back to 'no' takes it out of every figure again.
    decide(&app, &ada, "disapprove", &ids[0]).await;
    let again = details(&app, &pair).await;
    assert_eq!(again["questions"], json!([]));
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "after the decisions");

    // So does deleting its author.
    decide(&app, &ada, "approve", &ids[0]).await;
    let author: i64 = row(
        &app,
        format!("SELECT user_id FROM reviews WHERE id = {}", ids[1]),
    )
    .await;
    let res = app
        .send(
            axum::http::Method::DELETE,
            &format!("/api/admin/user/{author}"),
            &[("authorization", &format!("Bearer {ada}"))],
            "",
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(details(&app, &pair).await["questions"], json!([]));
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "after deleting an author");
}

#[tokio::test]
async fn a_bar_filters_the_list_to_its_reviews() {
    let app = TestApp::new().await;
    let ada = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let best = waiting_review(
        &app,
        &pair,
        "Student",
        student("Strongly agree", "Very likely"),
    )
    .await;
    let worst = waiting_review(
        &app,
        &pair,
        "Student",
        student("Strongly disagree", "Very unlikely"),
    )
    .await;
    for id in [&best, &worst] {
        decide(&app, &ada, "approve", id).await;
    }
    let (reader, _) = user(&app, "Parent", "Pat", None).await;
    let list = |stars: Value| {
        Case::post(
            "list",
            "/api/getreviewsfor",
            json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string(), "stars": stars }),
        )
        .by(&Caller::bearer(&reader))
    };
    let best_halves: i64 = row(
        &app,
        format!("SELECT score_halves FROM reviews WHERE id = {best}"),
    )
    .await;
    let res = app.run_case(&list(json!(best_halves / 2))).await;
    let shown: Vec<Value> = res
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["review"]["_id"].clone())
        .collect();
    assert_eq!(shown, [json!(best)]);
    app.run_cases(&[
        list(json!(0)).error(
            StatusCode::BAD_REQUEST,
            Some("stars"),
            "stars must be a whole number from 1 to 5",
        ),
        list(json!(6)).error(
            StatusCode::BAD_REQUEST,
            Some("stars"),
            "stars must be a whole number from 1 to 5",
        ),
    ])
    .await;
}

#[tokio::test]
async fn providers_are_compared_side_by_side_three_at_most() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let others: Vec<String> = {
        let course = pair.course;
        app.state
            .db
            .read(move |c| -> rusqlite::Result<Vec<String>> {
                let mut stmt = c.prepare("SELECT p.slug FROM offerings o JOIN providers p ON p.id = o.provider_id WHERE o.course_id = ?1 ORDER BY p.slug")?;
                stmt.query_map([course], |r| r.get(0))?.collect()
            })
            .await
            .unwrap()
    };
    assert!(
        others.len() >= 4,
        "the shipped catalogue offers the course at 4 providers or more"
    );
    let elsewhere: String = row(&app, format!(
        "SELECT slug FROM providers WHERE id NOT IN (SELECT provider_id FROM offerings WHERE course_id = {}) LIMIT 1", pair.course
    )).await;
    let compare = |slugs: &[&str]| {
        Case::post(
            "compare",
            "/api/compareproviders",
            json!({ "courseSlug": pair.course_slug, "providerSlugs": slugs }),
        )
    };
    let three: Vec<&str> = others.iter().take(3).map(String::as_str).collect();
    let four: Vec<&str> = others.iter().take(4).map(String::as_str).collect();
    let res = app.run_case(&compare(&three)).await;
    let answer = res.json();
    assert_eq!(answer["course"]["slug"], pair.course_slug);
    let compared: Vec<&str> = answer["providers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["provider"]["slug"].as_str().unwrap())
        .collect();
    assert_eq!(compared, three, "in the order asked");
    let repeated = app
        .run_case(&compare(&[three[0], three[1], three[0], three[1]]))
        .await;
    let once: Vec<Value> = repeated.json()["providers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["provider"]["slug"].clone())
        .collect();
    assert_eq!(
        once,
        [json!(three[0]), json!(three[1])],
        "each provider once"
    );
    assert_eq!(
        answer["providers"][0]["details"]["distribution"]["Employer"],
        json!([0, 0, 0, 0, 0])
    );
    app.run_cases(&[
        compare(&four).error(
            StatusCode::BAD_REQUEST,
            Some("providerSlugs"),
            "Compare at most 3 providers",
        ),
        compare(&[]).error(
            StatusCode::BAD_REQUEST,
            Some("providerSlugs"),
            "Choose at least one provider to compare",
        ),
        compare(&[&others[0], &elsewhere]).status(StatusCode::BAD_REQUEST),
        compare(&["no-such-provider"]).error(StatusCode::NOT_FOUND, None, "Provider not found"),
        Case::post(
            "unknown course",
            "/api/compareproviders",
            json!({ "courseSlug": "no-such-course", "providerSlugs": [others[0]] }),
        )
        .error(StatusCode::NOT_FOUND, None, "Course not found"),
    ])
    .await;
    let refused = app
        .run_case(&compare(&[&others[0], &elsewhere]).status(StatusCode::BAD_REQUEST))
        .await;
    assert!(
        refused.error_msg().ends_with("does not offer this course"),
        "{}",
        refused.text()
    );
}

/// The release before fair scores, opened by this one: every review has the score of its
/// answers by the fair rule, the step ran once, and every counter equals a recount.
#[tokio::test]
async fn the_upgrade_rescores_every_review_once() {
    let dir = tempfile::TempDir::new().unwrap();
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/release-9ab57f7.db"
    );
    std::fs::copy(fixture, dir.path().join("app.db")).unwrap();
    let state = AppState::open(Settings::for_data_dir(dir.path()))
        .await
        .unwrap();
    let reviews: Vec<(String, String, i64)> = state
        .db
        .read(|c| -> rusqlite::Result<_> {
            let mut stmt = c.prepare("SELECT user_type, answers, score_halves FROM reviews")?;
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect()
        })
        .await
        .unwrap();
    assert!(reviews.len() > 100);
    let mut best = 0;
    for (user_type, answers, halves) in &reviews {
        let reviewer = ReviewerType::parse(user_type).unwrap();
        let answers: serde_json::Map<String, Value> = serde_json::from_str(answers).unwrap();
        assert_eq!(score_halves(reviewer, &answers), *halves, "{answers:?}");
        best += i64::from(*halves == 10);
    }
    assert!(best > 0, "fair scores reach 5 stars");
    let pending: i64 = state
        .db
        .read(|c| {
            c.query_row("SELECT COUNT(*) FROM pending_data_steps", [], |r| {
                r.get::<_, i64>(0)
            })
        })
        .await
        .unwrap();
    assert_eq!(pending, 0);
    drop(state);
    assert_counters_match_a_recount(&dir.path().join("app.db"), "after rescoring");
}

#[tokio::test]
async fn details_of_a_pair_that_is_not_offered_are_a_404() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    app.run_cases(&[
        Case::post(
            "not offered",
            "/api/getratingdetails",
            json!({ "courseId": pair.course.to_string(), "providerId": "999999" }),
        )
        .error(
            StatusCode::NOT_FOUND,
            None,
            "This provider does not offer this course.",
        ),
        Case::post(
            "no course",
            "/api/getratingdetails",
            json!({ "providerId": "1" }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("courseId"),
            "courseId is required",
        ),
    ])
    .await;
}

//! Helpers for the review and moderation tests: course-provider pairs of the shipped
//! catalogue, users with a session, submissions, reviews stored as the seeder does, error
//! checks and small SQL hooks.

use std::ops::Deref;

use axum::http::StatusCode;
use coursesource::reviews::{
    ReviewerType, sample_answers,
    store::{self, NewReview},
};
use serde_json::{Value, json};

use super::{TestApp, TestResponse};

pub const ADMIN: &str = "ada@example.com";

/// A course and a provider that offers it, with the course's first career and its industry.
#[derive(Clone, Copy, Debug)]
pub struct Pair {
    pub course: i64,
    pub provider: i64,
    pub industry: i64,
    pub career: i64,
}

/// A pair with the slugs and names the pages and the moderation queue show.
#[derive(Clone, Debug)]
pub struct NamedPair {
    pub ids: Pair,
    pub course_slug: String,
    pub course_name: String,
    pub course_code: String,
    pub provider_slug: String,
    pub provider_name: String,
}

impl Deref for NamedPair {
    type Target = Pair;
    fn deref(&self) -> &Pair {
        &self.ids
    }
}

/// The `n`th offering (by id) of the shipped catalogue whose course leads to a career.
pub async fn pair(app: &TestApp, n: i64) -> Pair {
    named_pair(app, n).await.ids
}

/// [`pair`] with its slugs and names.
pub async fn named_pair(app: &TestApp, n: i64) -> NamedPair {
    app.state
        .db
        .read(move |c| -> rusqlite::Result<_> {
            c.query_row(
                "SELECT o.course_id, o.provider_id, ca.industry_id, ca.id, c.slug, c.name, c.code, p.slug, p.name
                 FROM offerings o JOIN courses c ON c.id = o.course_id JOIN providers p ON p.id = o.provider_id
                 JOIN careers ca ON ca.id = (SELECT MIN(career_id) FROM course_careers WHERE course_id = c.id)
                 ORDER BY o.id LIMIT 1 OFFSET ?1",
                [n],
                |r| {
                    Ok(NamedPair {
                        ids: Pair {
                            course: r.get(0)?,
                            provider: r.get(1)?,
                            industry: r.get(2)?,
                            career: r.get(3)?,
                        },
                        course_slug: r.get(4)?,
                        course_name: r.get(5)?,
                        course_code: r.get(6)?,
                        provider_slug: r.get(7)?,
                        provider_name: r.get(8)?,
                    })
                },
            )
        })
        .await
        .unwrap()
}

/// The hash of "Secret123", made once: the users written straight into the database can
/// confirm a step with their password (a representative's mailed link, for one).
static SECRET123_HASH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    coursesource::auth::password::hash("Secret123").expect("hashing a password")
});

/// A verified user written straight into the database with a session token and the password
/// "Secret123": (token, id).
pub async fn user(
    app: &TestApp,
    user_type: &str,
    first: &str,
    nick: Option<&str>,
) -> (String, i64) {
    let (user_type, first, nick, hash) = (
        user_type.to_owned(),
        first.to_owned(),
        nick.map(str::to_owned),
        SECRET123_HASH.clone(),
    );
    let id = app
        .state
        .db
        .write(move |tx| -> rusqlite::Result<_> {
            let n: i64 = tx.query_row("SELECT COUNT(*) FROM users", [], |r| r.get(0))?;
            tx.execute(
                "INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type, nick_name, avatar, verified_at)
                 VALUES (?1, ?5, ?2, 'Doe', 'Other', ?3, ?4, 3, unixepoch())",
                (format!("user{n}@example.com"), first, user_type, nick, hash),
            )?;
            Ok(tx.last_insert_rowid())
        })
        .await
        .unwrap();
    (
        app.state.sessions.issue(id, 0, false, false).unwrap().token,
        id,
    )
}

/// The providers of `course` as a visitor lists them (A-Z, no filter).
pub async fn providers_of(app: &TestApp, course: i64) -> Value {
    let res = app
        .post_json(
            "/api/getprovidersbycourseid",
            &json!({ "courseId": course.to_string() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    res.json()
}

/// The first page of a pair's reviews as `token` reads it, in the default order.
pub async fn reviews_for(app: &TestApp, token: &str, course: i64, provider: i64) -> Vec<Value> {
    let res = app
        .post_as(
            token,
            "/api/getreviewsfor",
            &json!({ "courseId": course.to_string(), "providerId": provider.to_string() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    // Behind a login: never kept by a shared cache.
    assert_eq!(res.header("cache-control"), "private, no-cache");
    res.json().as_array().unwrap().clone()
}

/// Deletes the account of `token`, whose password is "Secret123", as its owner does on the
/// profile page; the deletion must succeed.
pub async fn delete_account(app: &TestApp, token: &str) {
    let res = app
        .post_as(
            token,
            "/api/account/delete",
            &json!({ "password": "Secret123" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

/// The session token of the admin [`ADMIN`], created the way the operator does it.
pub async fn admin(app: &TestApp) -> String {
    app.create_admin(ADMIN, "Secret123").await;
    let login = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": ADMIN, "password": "Secret123" }),
        )
        .await;
    login.json()["token"].as_str().unwrap().to_owned()
}

/// A student's best answer to every question of the 'completed' path.
pub fn best_student() -> Value {
    json!({
        "completedCourse": "Yes", "completedCourseIn": { "month": "06", "year": "2024" }, "howWasCourseDelivered": "Online",
        "easeOfAdministrationProcedures": "Very easy", "involveAnyPracticalWorkExperience": "Yes",
        "whoArrangedWork": "The training provider arranged it", "workExperienceWasBeneficial": "Strongly agree",
        "assessmentsBasedOnRealisticActivities": "Strongly agree", "trainersWereKnowledgeable": "Strongly agree",
        "trainersWereResponsive": "Strongly agree", "describesYourSituation": "Studying further",
        "howLikelyYouRecommend": "Very likely"
    })
}

/// A valid submission for `pair` by `user`, answers at the top level as the form sends them.
pub fn submission(user: i64, pair: Pair, user_type: &str, answers: Value) -> Value {
    let mut body = json!({
        "userType": user_type, "user": user.to_string(), "provider": pair.provider.to_string(),
        "course": pair.course.to_string(), "industry": pair.industry.to_string(), "score": 0.5,
        "title": "Great kitchen practice", "comment": "Plenty of time in a real kitchen.",
        "incentivised": false
    });
    for (slug, answer) in answers.as_object().unwrap() {
        body[slug] = answer.clone();
    }
    body
}

/// Stores a review as the seeder does, already decided; answers its id.
pub async fn stored_review(
    app: &TestApp,
    user: i64,
    pair: Pair,
    reviewer: ReviewerType,
    score_halves: i64,
    age_days: i64,
    approved: bool,
) -> i64 {
    app.state
        .db
        .write(move |tx| -> Result<_, coursesource::error::AppError> {
            let answers = sample_answers(reviewer, user as u64);
            store::insert(
                tx,
                &NewReview {
                    user_id: user,
                    course_id: pair.course,
                    provider_id: pair.provider,
                    industry_id: Some(pair.industry),
                    reviewer,
                    title: &format!("Review by {user}"),
                    comment: "A comment.",
                    score_halves,
                    answers: &answers,
                    created_at: Some(1_700_000_000 - age_days * 86_400),
                    decision: Some(approved),
                    decided_at: None,
                    incentivised: false,
                },
            )
        })
        .await
        .unwrap()
}

/// Runs SQL on the writer (a test's way to set a state no call makes directly).
pub async fn sql(app: &TestApp, statement: &str) {
    let statement = statement.to_owned();
    app.state
        .db
        .write(move |tx| tx.execute_batch(&statement))
        .await
        .unwrap();
}

/// The first column of the first row of `query`.
pub async fn row<T: rusqlite::types::FromSql + Send + 'static>(
    app: &TestApp,
    query: impl Into<String>,
) -> T {
    let query = query.into();
    app.state
        .db
        .read(move |c| c.query_row(&query, [], |r| r.get(0)))
        .await
        .unwrap()
}

/// An error answer in the API's shape whose first item has this `msg` and `param`.
pub fn assert_error(res: &TestResponse, status: StatusCode, param: Option<&str>, msg: &str) {
    assert_eq!(res.status, status, "{}", res.text());
    let first = &res.json()[0];
    assert_eq!(first["msg"], msg, "{}", res.text());
    assert_eq!(first["param"].as_str(), param, "{}", res.text());
}

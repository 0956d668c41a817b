//! The course-provider page's review list (`POST /api/getreviewsfor`) for one pair with 5,000
//! approved reviews and 25,000 likes, through the real router: every sort, every user-type
//! filter and pages from the first to the last. Prints p50 and p99 per sort, and the ratio to
//! the server's cheapest API route (`GET /api/health`) measured in the same run.
//! Run with `cargo bench --bench reviews`.

use std::time::Instant;

use axum::{
    Router,
    body::Body,
    http::{Request, StatusCode, header},
};
use coursesource::{AppState, app, config::Settings};
use http_body_util::BodyExt;
use rand::{Rng, SeedableRng, rngs::StdRng};
use rusqlite::params;
use tower::ServiceExt;

const REVIEWS: i64 = 5_000;
const VOTERS: i64 = 50;
const ROUNDS: usize = 40;

const ANSWERS: &str = r#"{"completedCourse":"Yes","completedCourseIn":{"month":"06","year":"2024"},"howWasCourseDelivered":"In a classroom",
"easeOfAdministrationProcedures":"Easy","involveAnyPracticalWorkExperience":"Yes","whoArrangedWork":"The training provider arranged it",
"workExperienceWasBeneficial":"Strongly agree","assessmentsBasedOnRealisticActivities":"Agree","trainersWereKnowledgeable":"Strongly agree",
"trainersWereResponsive":"Agree","describesYourSituation":"Working in a job related to the course","howLikelyYouRecommend":"Very likely"}"#;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::TempDir::new()?;
    // Over HTTP, beside a static asset and on a million reviews, see bench/run.sh.
    let state = AppState::open(Settings::for_data_dir(dir.path())).await?;
    let (course, provider, reader) = state.db.write(seed).await?;
    let token = state.sessions.issue(reader, 0, false, false)?.token;
    let router = app(state);

    let health = time(
        &router,
        || Request::get("/api/health").body(Body::empty()).unwrap(),
        ROUNDS * 36,
    )
    .await;
    println!(
        "getreviewsfor: one pair with {REVIEWS} approved reviews, {} likes; {} requests per sort",
        REVIEWS * VOTERS / 10,
        ROUNDS * 12
    );
    println!(
        "baseline GET /api/health: p50 {:.0} µs   p99 {:.0} µs",
        pick(&health, 0.5),
        pick(&health, 0.99)
    );
    let mut all = Vec::new();
    for sort in ["Most Recent", "Most Liked", "Top Rated"] {
        let mut micros = Vec::new();
        for user_type in ["All", "Student", "Employer"] {
            let last = if user_type == "All" {
                REVIEWS / 20
            } else {
                REVIEWS / 40
            };
            for page in [1, 2, last / 2, last] {
                let body = serde_json::json!({ "courseId": course.to_string(), "providerId": provider.to_string(), "sort": sort, "userType": user_type, "page": page });
                let request = || {
                    Request::post("/api/getreviewsfor")
                        .header(header::CONTENT_TYPE, "application/json")
                        .header(header::AUTHORIZATION, format!("Bearer {token}"))
                        .body(Body::from(body.to_string()))
                        .unwrap()
                };
                let times = time(&router, request, ROUNDS).await;
                if std::env::var("DETAIL").is_ok() {
                    println!(
                        "  {sort} {user_type} page {page}: p50 {:.0} µs max {:.0} µs",
                        pick(&times, 0.5),
                        pick(&times, 1.0)
                    );
                }
                micros.extend(times);
            }
        }
        micros.sort_by(f64::total_cmp);
        println!(
            "{sort:<12} p50 {:>5.0} µs   p99 {:>5.0} µs",
            pick(&micros, 0.5),
            pick(&micros, 0.99)
        );
        all.extend(micros);
    }
    all.sort_by(f64::total_cmp);
    let (p50, p99) = (pick(&all, 0.5), pick(&all, 0.99));
    println!(
        "all sorts    p50 {p50:>5.0} µs   p99 {p99:>5.0} µs   = {:.1}x / {:.1}x the baseline",
        p50 / pick(&health, 0.5),
        p99 / pick(&health, 0.99)
    );
    Ok(())
}

/// Sends `rounds` requests one after another and answers their times in µs, sorted.
async fn time(router: &Router, request: impl Fn() -> Request<Body>, rounds: usize) -> Vec<f64> {
    let mut micros = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let started = Instant::now();
        let response = router.clone().oneshot(request()).await.unwrap();
        let status = response.status();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        micros.push(started.elapsed().as_secs_f64() * 1e6);
        assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&body));
    }
    micros.sort_by(f64::total_cmp);
    micros
}

fn pick(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * q) as usize]
}

/// One offering with REVIEWS approved reviews by as many users (half students, half
/// employers) over two years, each liked by a tenth of VOTERS voters; answers (course, provider, reader).
fn seed(tx: &rusqlite::Transaction) -> rusqlite::Result<(i64, i64, i64)> {
    let mut rng = StdRng::seed_from_u64(7);
    let (course, provider): (i64, i64) = tx.query_row(
        "SELECT course_id, provider_id FROM offerings ORDER BY id LIMIT 1",
        [],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )?;
    let industry: Option<i64> = tx.query_row(
        "SELECT c.industry_id FROM course_careers cc JOIN careers c ON c.id = cc.career_id WHERE cc.course_id = ?1 LIMIT 1",
        [course],
        |row| row.get(0),
    )?;
    let mut user = tx.prepare(
        "INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type, nick_name, verified_at)
         VALUES (?1, 'x', 'Bench', 'User', 'Other', ?2, ?3, unixepoch())",
    )?;
    let mut review = tx.prepare(
        "INSERT INTO reviews (user_id, course_id, provider_id, industry_id, user_type, title, comment, score_halves, answers,
                              actioned, approved, like_count, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 1, 1, ?10, ?11)",
    )?;
    let mut vote =
        tx.prepare("INSERT INTO review_votes (review_id, user_id, vote) VALUES (?1, ?2, 'like')")?;
    let reader = user.insert(params!["reader@bench.test", "Parent", None::<String>])?;
    let voters: Vec<i64> = (0..VOTERS)
        .map(|n| {
            user.insert(params![
                format!("voter{n}@bench.test"),
                "Parent",
                None::<String>
            ])
        })
        .collect::<Result<_, _>>()?;
    let now = 1_790_000_000_i64;
    for n in 0..REVIEWS {
        let user_type = if n % 2 == 0 { "Student" } else { "Employer" };
        let nick = (user_type == "Student").then(|| format!("Learner{n}"));
        let author = user.insert(params![format!("author{n}@bench.test"), user_type, nick])?;
        let likers: Vec<i64> = voters
            .iter()
            .copied()
            .filter(|_| rng.random_bool(0.1))
            .collect();
        let comment = "The trainers knew the industry and the placement was well organised. "
            .repeat(rng.random_range(1..7));
        let id = review.insert(params![
            author,
            course,
            provider,
            industry,
            user_type,
            format!("Review number {n}"),
            comment.trim(),
            rng.random_range(2..=10),
            ANSWERS,
            likers.len() as i64,
            now - rng.random_range(0..63_000_000)
        ])?;
        for liker in likers {
            vote.execute(params![id, liker])?;
        }
    }
    coursesource::catalog::counters_store::recount_all(tx)?;
    Ok((course, provider, reader))
}

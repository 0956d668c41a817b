//! `app seed --bench`: the bench data set at a small scale has the shape's counts, counters
//! equal to a recount from the reviews, scores equal to what the scoring code gives for the
//! stored answers, answers the server serves; and it refuses a data directory with accounts.

use crate::common;

use std::process::Command;

use common::{Server, app_command, counters::assert_counters_match_a_recount};
use coursesource::{
    reviews::{ReviewerType, score_halves},
    seed::bench::Shape,
    vocabulary::Vocabulary,
};
use rusqlite::Connection;
use serde_json::Value;

fn seed(command: &mut Command) -> (bool, String) {
    let out = command
        .args(["seed", "--bench", "--scale", "0.01"])
        .output()
        .unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

fn count(conn: &Connection, sql: &str) -> usize {
    conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap() as usize
}

/// `KEY=value` from the printed summary.
fn value<'a>(printed: &'a str, key: &str) -> &'a str {
    printed
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("{key} is not printed: {printed}"))
}

#[test]
fn the_bench_data_set_has_its_shape_and_agrees_with_the_scoring_and_the_counters() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, printed) = seed(&mut app_command(dir.path()));
    assert!(ok, "{printed}");
    let shape = Shape::at(0.01);
    let db = dir.path().join("app.db");
    let conn = Connection::open(&db).unwrap();

    assert_eq!(
        count(
            &conn,
            "SELECT COUNT(*) FROM courses WHERE provider_count > 0"
        ),
        shape.courses
    );
    assert_eq!(
        count(&conn, "SELECT COUNT(*) FROM providers"),
        shape.providers
    );
    assert_eq!(
        count(&conn, "SELECT COUNT(*) FROM offerings"),
        shape.offerings
    );
    // Every offering has facts, imported like an operator's (issue 28), some subsidised.
    assert_eq!(
        count(
            &conn,
            "SELECT COUNT(*) FROM offerings WHERE fee IS NULL OR facts_source <> 'import'"
        ),
        0
    );
    assert!(
        count(
            &conn,
            "SELECT COUNT(*) FROM offerings WHERE subsidised_fee < fee"
        ) > 0
    );
    // ... and runs at one or two of its provider's campuses, so distance is to the nearest.
    assert_eq!(
        count(
            &conn,
            "SELECT COUNT(*) FROM offerings o WHERE (SELECT COUNT(*) FROM offering_campuses c
                WHERE c.offering_id = o.id) NOT BETWEEN 1 AND 2"
        ),
        0
    );
    assert!(count(&conn, "SELECT COUNT(*) FROM campuses") > shape.providers);
    assert_eq!(count(&conn, "SELECT COUNT(*) FROM reviews"), shape.reviews);
    // The data steps ran at seeding: a start on a copy of the data set does not repeat them.
    assert_eq!(count(&conn, "SELECT COUNT(*) FROM pending_data_steps"), 0);
    let votes = count(&conn, "SELECT COUNT(*) FROM review_votes");
    assert!(
        votes * 10 > shape.votes * 8 && votes * 10 < shape.votes * 12,
        "{votes} votes for a shape of {}",
        shape.votes
    );
    assert!(count(&conn, "SELECT COUNT(*) FROM favourites") > shape.favourites * 9 / 10);
    // Follows (a few drawn twice), and a week of their alerts for the weekly digest.
    assert!(count(&conn, "SELECT COUNT(*) FROM follows") > shape.follows * 9 / 10);
    assert!(
        count(
            &conn,
            "SELECT COUNT(*) FROM notifications WHERE kind = 'followed-review'"
        ) > 0
    );
    // Realistic moderation states: most approved, some turned down, the newest waiting.
    let approved = count(&conn, "SELECT COUNT(*) FROM reviews WHERE approved = 1");
    let turned_down = count(
        &conn,
        "SELECT COUNT(*) FROM reviews WHERE actioned = 1 AND approved = 0",
    );
    let waiting = count(&conn, "SELECT COUNT(*) FROM reviews WHERE actioned = 0");
    assert!(approved > shape.reviews * 9 / 10, "{approved}");
    assert!(turned_down > 0 && waiting > 0, "{turned_down} {waiting}");

    let hot_course = value(&printed, "HOT_COURSE_ID");
    let hot_provider = value(&printed, "HOT_PROVIDER_ID");
    assert_eq!(
        count(
            &conn,
            &format!(
                "SELECT COUNT(*) FROM reviews WHERE course_id = {hot_course} AND provider_id = {hot_provider} AND approved = 1"
            )
        ),
        shape.hot_reviews
    );
    assert_eq!(
        count(
            &conn,
            &format!("SELECT provider_count FROM courses WHERE id = {hot_course}")
        ),
        shape.hot_course_providers
    );
    let prolific = value(&printed, "PROLIFIC_USER_ID");
    assert_eq!(
        count(
            &conn,
            &format!("SELECT COUNT(*) FROM reviews WHERE user_id = {prolific}")
        ),
        shape.prolific_reviews
    );

    // Every stored score is what the scoring code gives for the stored answers.
    let mut stmt = conn
        .prepare("SELECT user_type, answers, score_halves FROM reviews")
        .unwrap();
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })
        .unwrap();
    let mut scores = std::collections::HashSet::new();
    for row in rows {
        let (kind, answers, stored) = row.unwrap();
        let kind = ReviewerType::parse(&kind).unwrap();
        let Value::Object(answers) = serde_json::from_str(&answers).unwrap() else {
            panic!("answers are an object")
        };
        assert_eq!(score_halves(kind, &answers), stored);
        scores.insert(stored);
    }
    assert!(scores.len() > 4, "varied scores: {scores:?}");
    drop(stmt);
    // The bulk load switched the moderation triggers off; later writes need them back.
    let mut triggers: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'reviews' ORDER BY name")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    triggers.sort();
    assert_eq!(
        triggers,
        [
            "pair_version_reviews_votes",
            "public_version_reviews_delete",
            "public_version_reviews_insert",
            "public_version_reviews_update",
            "review_cards_delete",
            "review_cards_insert",
            "review_cards_update",
            "review_cards_voters",
            "review_search_delete",
            "review_search_insert",
            "review_search_update",
            "review_tallies_delete",
            "review_tallies_insert",
            "review_tallies_update",
            "review_title_queue_delete",
            "review_title_queue_insert",
            "review_title_queue_update"
        ]
    );
    // The review search index was filled in the same pass, with the approved reviews only.
    assert_eq!(
        count(
            &conn,
            &format!(
                "SELECT COUNT(*) FROM review_search WHERE review_search MATCH 'pair : p{hot_provider}c{hot_course}'"
            )
        ),
        shape.hot_reviews
    );
    assert_eq!(
        count(
            &conn,
            "SELECT COUNT(*) FROM review_search WHERE review_search MATCH 'trainers'"
        ),
        count(
            &conn,
            "SELECT COUNT(*) FROM reviews WHERE approved = 1 AND (title LIKE '%trainers%' OR comment LIKE '%trainers%')"
        )
    );
    drop(conn);
    assert_counters_match_a_recount(&db, "after seed --bench");

    // The server serves it: the hot pair's list with the printed token, and the files of
    // tokens and offerings the write benchmarks use.
    let server = Server::start(dir.path());
    let body = format!(
        r#"{{"courseId":"{hot_course}","providerId":"{hot_provider}","sort":"Most Liked","userType":"All","page":1}}"#
    );
    let token = value(&printed, "PROLIFIC_TOKEN");
    let (status, answer) = server.http(
        "POST",
        "/api/getreviewsfor",
        &[
            ("Content-Type", "application/json"),
            ("Authorization", &format!("Bearer {token}")),
        ],
        &body,
    );
    assert_eq!(status, 200, "{answer}");
    for key in ["BENCH_WRITERS", "BENCH_OFFERINGS", "BENCH_REVIEWS"] {
        let lines = std::fs::read_to_string(value(&printed, key)).unwrap();
        assert!(lines.lines().count() >= 100, "{key}");
    }
}

#[test]
fn seeding_refuses_a_directory_with_accounts_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let created = app_command(dir.path())
        .args(["admin", "create", "owner@example.com", "--password-stdin"])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"Secret123\n")?;
            child.wait()
        })
        .unwrap();
    assert!(created.success());
    let db = dir.path().join("app.db");
    let before = std::fs::read(&db).unwrap();

    let (ok, printed) = seed(&mut app_command(dir.path()));
    assert!(!ok);
    assert!(
        printed.contains("holds 1 real account(s): seed --bench writes only into a new data directory, and changed nothing"),
        "{printed}"
    );
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the database is unchanged"
    );

    // A directory that already holds generated data is refused too.
    let other = tempfile::tempdir().unwrap();
    assert!(seed(&mut app_command(other.path())).0);
    let (ok, printed) = seed(&mut app_command(other.path()));
    assert!(!ok);
    assert!(
        printed.contains("already holds generated accounts"),
        "{printed}"
    );
}

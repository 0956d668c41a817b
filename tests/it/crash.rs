//! Crashes: the real server is killed with SIGKILL at random moments while clients submit
//! reviews, moderate them, like and dislike, and add favourites. After each kill the database
//! must pass `PRAGMA integrity_check`, hold every write the server had acknowledged, hold no
//! write that was never sent, hold no unanswered write half-applied (a decision without its
//! notification, counters that differ from a recount), and the server must start again.
//! 50 kills by default; `CRASH_KILLS=500 cargo test --test it crash:: -- --nocapture` for more.

use crate::common;

use std::{
    collections::{HashMap, HashSet},
    net::SocketAddr,
    path::Path,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use common::{
    Server, TestApp,
    counters::assert_counters_match_a_recount,
    moderating,
    reviewing::{self, Pair},
    try_http,
};
use coursesource::reviews::ReviewerType;
use rand::Rng;
use rusqlite::Connection;
use serde_json::{Value, json};

/// Clients sending writes at once.
const WORKERS: usize = 6;
/// Course-provider pairs the students review and favourite.
const PAIRS: i64 = 60;
/// Approved reviews, by other authors, that the students like and dislike.
const APPROVED: i64 = 30;

/// The accounts and the catalogue the clients use.
struct World {
    admin: String,
    /// (session token, user id)
    students: Vec<(String, i64)>,
    pairs: Vec<Pair>,
    approved: Vec<i64>,
}

type Key = (i64, i64, i64);

/// What the clients sent and what the server answered. A write is acknowledged when its
/// answer came back, unanswered when the connection died first; each key is sent once.
#[derive(Default)]
struct Ledger {
    next_submission: usize,
    next_favourite: usize,
    next_vote: usize,
    /// (user, course, provider) -> review id
    reviews: HashMap<Key, i64>,
    unanswered_reviews: HashSet<Key>,
    /// Acknowledged reviews nobody has decided yet.
    undecided: Vec<i64>,
    decisions: HashMap<i64, bool>,
    unanswered_decisions: HashSet<i64>,
    /// (review, user) -> like
    votes: HashMap<(i64, i64), bool>,
    unanswered_votes: HashSet<(i64, i64)>,
    favourites: HashSet<Key>,
    unanswered_favourites: HashSet<Key>,
}

impl Ledger {
    fn acknowledged(&self) -> usize {
        self.reviews.len() + self.decisions.len() + self.votes.len() + self.favourites.len()
    }

    fn unanswered(&self) -> usize {
        self.unanswered_reviews.len()
            + self.unanswered_decisions.len()
            + self.unanswered_votes.len()
            + self.unanswered_favourites.len()
    }
}

/// One write to send.
enum Write {
    Submit(usize, Pair),
    Decide(i64, bool),
    Vote(usize, i64, bool),
    Favourite(usize, Pair),
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_writes_survive_sigkill_at_random_moments() {
    let kills: usize = std::env::var("CRASH_KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(50);
    let (dir, world) = prepare(20 + kills).await;
    let world = Arc::new(world);
    let ledger = tokio::task::spawn_blocking({
        let path = dir.path().to_owned();
        move || crash_loop(&path, &world, kills)
    })
    .await
    .unwrap();
    println!(
        "crash loop: {kills} kills; {} acknowledged writes ({} submissions, {} decisions, {} votes, {} favourites) all present after every restart; {} unanswered writes each whole or absent",
        ledger.acknowledged(),
        ledger.reviews.len(),
        ledger.decisions.len(),
        ledger.votes.len(),
        ledger.favourites.len(),
        ledger.unanswered()
    );
    assert!(
        ledger.acknowledged() >= kills * 10,
        "the load must keep writing between kills: {} acknowledged writes",
        ledger.acknowledged()
    );
}

/// A data directory with the shipped catalogue, an admin, `students` students with session
/// tokens, and approved reviews by other authors, written through the store functions.
async fn prepare(students: usize) -> (tempfile::TempDir, World) {
    let app = TestApp::new().await;
    let admin = reviewing::admin(&app).await;
    let mut pairs = Vec::new();
    for n in 0..PAIRS {
        pairs.push(reviewing::pair(&app, n).await);
    }
    let mut approved = Vec::new();
    for author in 0..APPROVED / 10 {
        let (_, id) = reviewing::user(&app, "Student", "Author", None).await;
        for pair in pairs.iter().skip(author as usize).step_by(6).take(10) {
            approved.push(
                reviewing::stored_review(&app, id, *pair, ReviewerType::Student, 8, 3, true).await,
            );
        }
    }
    // The seeder's way: stored decided reviews, then one recount.
    app.state
        .db
        .write(coursesource::catalog::counters_store::recount_all)
        .await
        .unwrap();
    let mut reviewers = Vec::new();
    for _ in 0..students {
        reviewers.push(reviewing::user(&app, "Student", "Sam", None).await);
    }
    let TestApp { dir, state, router } = app;
    drop(router);
    drop(state);
    let world = World {
        admin,
        students: reviewers,
        pairs,
        approved,
    };
    (dir, world)
}

/// Starts the server, lets the clients write, kills it at a random moment, checks the
/// database, and again, `kills` times; then checks that the server still starts and serves.
fn crash_loop(dir: &Path, world: &Arc<World>, kills: usize) -> Ledger {
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let mut rng = rand::rng();
    for kill in 1..=kills {
        let server = Server::start(dir);
        let stop = Arc::new(AtomicBool::new(false));
        let clients: Vec<_> = (0..WORKERS)
            .map(|_| {
                let (world, ledger, stop) = (world.clone(), ledger.clone(), stop.clone());
                let addr = server.addr;
                std::thread::spawn(move || client(addr, &world, &ledger, &stop))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(rng.random_range(100..700)));
        // `Child::kill` is SIGKILL: no shutdown code runs.
        drop(server);
        stop.store(true, Ordering::Relaxed);
        for client in clients {
            client.join().expect("a client saw an unexpected answer");
        }
        check(dir, world, &ledger.lock().unwrap(), kill);
    }
    let server = Server::start(dir);
    let (status, body) = server.http("GET", "/api/health", &[], "");
    assert_eq!(status, 200, "{body}");
    Arc::into_inner(ledger).unwrap().into_inner().unwrap()
}

/// Sends writes until told to stop, recording each answer (or its absence) in the ledger.
fn client(addr: SocketAddr, world: &World, ledger: &Mutex<Ledger>, stop: &AtomicBool) {
    let mut rng = rand::rng();
    while !stop.load(Ordering::Relaxed) {
        let Some(write) = next_write(world, &mut ledger.lock().unwrap(), rng.random_range(0..4))
        else {
            return;
        };
        let (token, path, body) = request(world, &write);
        let answer = try_http(
            addr,
            "POST",
            path,
            &[
                ("content-type", "application/json"),
                ("authorization", &format!("Bearer {token}")),
            ],
            &body.to_string(),
        );
        let mut ledger = ledger.lock().unwrap();
        match answer {
            Ok((status, body)) if status != 0 => record(world, &mut ledger, &write, status, &body),
            // Refused, reset or cut short: the server died with this write in flight.
            _ => {
                unanswered(world, &mut ledger, &write);
                return;
            }
        }
    }
}

/// The next write of kind `kind`, each key taken once; another kind when one is used up.
fn next_write(world: &World, ledger: &mut Ledger, kind: u32) -> Option<Write> {
    let (students, pairs) = (world.students.len(), world.pairs.len());
    for kind in (kind..kind + 4).map(|k| k % 4) {
        match kind {
            0 if ledger.next_submission < students * pairs => {
                let n = ledger.next_submission;
                ledger.next_submission += 1;
                return Some(Write::Submit(n % students, world.pairs[n / students]));
            }
            1 if !ledger.undecided.is_empty() => {
                let review = ledger.undecided.swap_remove(0);
                return Some(Write::Decide(review, review % 3 != 0));
            }
            2 if ledger.next_vote < students * world.approved.len() => {
                let n = ledger.next_vote;
                ledger.next_vote += 1;
                return Some(Write::Vote(
                    n % students,
                    world.approved[n / students],
                    !n.is_multiple_of(4),
                ));
            }
            3 if ledger.next_favourite < students * pairs => {
                let n = ledger.next_favourite;
                ledger.next_favourite += 1;
                return Some(Write::Favourite(n / pairs, world.pairs[n % pairs]));
            }
            _ => {}
        }
    }
    None
}

fn request<'a>(world: &'a World, write: &Write) -> (&'a str, &'static str, Value) {
    match *write {
        Write::Submit(student, pair) => {
            let (token, id) = &world.students[student];
            let body = reviewing::submission(*id, pair, "Student", reviewing::best_student());
            (token, "/api/submitreview", body)
        }
        Write::Decide(review, approve) => {
            let action = if approve { "approve" } else { "disapprove" };
            let body = moderating::decision(action, &review.to_string());
            (&world.admin, "/api/review/approvedisapprove", body)
        }
        Write::Vote(student, review, like) => {
            let (token, id) = &world.students[student];
            let action = if like { "like" } else { "dislike" };
            let body = json!({ "action": action, "reviewId": review.to_string(), "userId": id.to_string() });
            (token, "/api/likeordislikereview", body)
        }
        Write::Favourite(student, pair) => {
            let (token, id) = &world.students[student];
            let body = json!({
                "action": "add", "userId": id.to_string(),
                "courseId": pair.course.to_string(), "providerId": pair.provider.to_string()
            });
            (token, "/api/addorremovefavourite", body)
        }
    }
}

fn key(world: &World, student: usize, pair: Pair) -> Key {
    (world.students[student].1, pair.course, pair.provider)
}

/// An answered write: it must have succeeded.
fn record(world: &World, ledger: &mut Ledger, write: &Write, status: u16, body: &str) {
    match *write {
        Write::Submit(student, pair) => {
            assert_eq!(status, 201, "a submission: {body}");
            let review = serde_json::from_str::<Value>(body).unwrap()["_id"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap();
            ledger.reviews.insert(key(world, student, pair), review);
            ledger.undecided.push(review);
        }
        Write::Decide(review, approve) => {
            assert_eq!(status, 200, "a decision: {body}");
            ledger.decisions.insert(review, approve);
        }
        Write::Vote(student, review, like) => {
            assert_eq!(status, 200, "a vote: {body}");
            ledger
                .votes
                .insert((review, world.students[student].1), like);
        }
        Write::Favourite(student, pair) => {
            assert_eq!(status, 200, "a favourite: {body}");
            ledger.favourites.insert(key(world, student, pair));
        }
    }
}

fn unanswered(world: &World, ledger: &mut Ledger, write: &Write) {
    match *write {
        Write::Submit(student, pair) => {
            ledger.unanswered_reviews.insert(key(world, student, pair));
        }
        Write::Decide(review, _) => {
            ledger.unanswered_decisions.insert(review);
        }
        Write::Vote(student, review, _) => {
            ledger
                .unanswered_votes
                .insert((review, world.students[student].1));
        }
        Write::Favourite(student, pair) => {
            ledger
                .unanswered_favourites
                .insert(key(world, student, pair));
        }
    }
}

/// Every row of `sql` as four columns.
fn rows<A, B, C, D>(conn: &Connection, sql: &str) -> Vec<(A, B, C, D)>
where
    A: rusqlite::types::FromSql,
    B: rusqlite::types::FromSql,
    C: rusqlite::types::FromSql,
    D: rusqlite::types::FromSql,
{
    conn.prepare(sql)
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The database after a kill against what the clients were told.
fn check(dir: &Path, world: &World, ledger: &Ledger, kill: usize) {
    let db = dir.join("app.db");
    let label = format!("after kill {kill}");
    let conn = Connection::open(&db).unwrap();
    let verdict: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(verdict, "ok", "{label}");
    assert_counters_match_a_recount(&db, &label);

    let students: HashSet<i64> = world.students.iter().map(|(_, id)| *id).collect();
    // (user, course, provider, id) of every review by a student, and its decision.
    let stored: Vec<(i64, i64, i64, i64)> = rows(
        &conn,
        "SELECT user_id, course_id, provider_id, id FROM reviews",
    );
    let stored: HashMap<Key, i64> = stored
        .into_iter()
        .filter(|(user, ..)| students.contains(user))
        .map(|(u, c, p, id)| ((u, c, p), id))
        .collect();
    for (key, id) in &ledger.reviews {
        assert_eq!(
            stored.get(key),
            Some(id),
            "{label}: acknowledged review {key:?}"
        );
    }
    for key in stored.keys() {
        assert!(
            ledger.reviews.contains_key(key) || ledger.unanswered_reviews.contains(key),
            "{label}: a review never sent: {key:?}"
        );
    }

    // (review, actioned, approved, notifications to its author about it; followers of the pair
    // hear of an approval too, but the decision's own notice goes to the author)
    let decided: Vec<(i64, i64, i64, i64)> = rows(
        &conn,
        "SELECT r.id, r.actioned, r.approved,
                (SELECT COUNT(*) FROM notifications n WHERE n.review_id = r.id AND n.user_id = r.user_id)
         FROM reviews r",
    );
    let ours: HashSet<i64> = stored.values().copied().collect();
    for (review, actioned, approved, notified) in
        decided.into_iter().filter(|r| ours.contains(&r.0))
    {
        match ledger.decisions.get(&review) {
            Some(&approve) => assert_eq!(
                (actioned, approved, notified),
                (1, i64::from(approve), 1),
                "{label}: acknowledged decision on review {review}"
            ),
            None => {
                assert!(
                    actioned == 0 || ledger.unanswered_decisions.contains(&review),
                    "{label}: review {review} decided without being asked"
                );
                assert_eq!(
                    notified, actioned,
                    "{label}: review {review}'s decision and its notification go together"
                );
            }
        }
    }

    let votes: Vec<(i64, i64, String, i64)> = rows(
        &conn,
        "SELECT review_id, user_id, vote, 0 FROM review_votes",
    );
    let votes: HashMap<(i64, i64), bool> = votes
        .into_iter()
        .filter(|(_, user, ..)| students.contains(user))
        .map(|(review, user, vote, _)| ((review, user), vote == "like"))
        .collect();
    for (key, like) in &ledger.votes {
        assert_eq!(
            votes.get(key),
            Some(like),
            "{label}: acknowledged vote {key:?}"
        );
    }
    for key in votes.keys() {
        assert!(
            ledger.votes.contains_key(key) || ledger.unanswered_votes.contains(key),
            "{label}: a vote never sent: {key:?}"
        );
    }

    let favourites: Vec<(i64, i64, i64, i64)> = rows(
        &conn,
        "SELECT user_id, course_id, provider_id, 0 FROM favourites",
    );
    let favourites: HashSet<Key> = favourites
        .into_iter()
        .map(|(u, c, p, _)| (u, c, p))
        .collect();
    for key in &ledger.favourites {
        assert!(
            favourites.contains(key),
            "{label}: acknowledged favourite {key:?}"
        );
    }
    for key in &favourites {
        assert!(
            ledger.favourites.contains(key) || ledger.unanswered_favourites.contains(key),
            "{label}: a favourite never sent: {key:?}"
        );
    }
}

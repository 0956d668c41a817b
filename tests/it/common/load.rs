//! A steady write load on a running `app serve` for the backup and replication tests:
//! students submit reviews on many threads, and every acknowledged submission is recorded with
//! the moment its answer arrived, so a test can ask which writes a copy must hold.

use std::{
    collections::HashSet,
    net::SocketAddr,
    path::Path,
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    thread::JoinHandle,
    time::Instant,
};

use rusqlite::Connection;

use super::{
    TestApp,
    reviewing::{self, Pair, best_student, submission},
    try_http,
};

/// Students with session tokens and the pairs they review.
pub struct Writers {
    /// (session token, user id)
    pub students: Vec<(String, i64)>,
    pub pairs: Vec<Pair>,
}

/// `students` students (written through the store, with tokens) and the first `pairs` pairs
/// of the shipped catalogue: `students * pairs` distinct submissions.
pub async fn writers(app: &TestApp, students: usize, pairs: i64) -> Writers {
    let mut writers = Writers {
        students: Vec::new(),
        pairs: Vec::new(),
    };
    for n in 0..pairs {
        writers.pairs.push(reviewing::pair(app, n).await);
    }
    for _ in 0..students {
        writers
            .students
            .push(reviewing::user(app, "Student", "Sam", None).await);
    }
    writers
}

/// One acknowledged submission: (user, course, provider) and when its 201 arrived.
#[derive(Clone, Copy, Debug)]
pub struct Ack {
    pub key: (i64, i64, i64),
    pub at: Instant,
}

/// Threads submitting reviews until stopped (or until the server goes away).
pub struct Load {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<Vec<Ack>>>,
}

impl Load {
    /// `threads` clients, each with its own students, submitting to `addr`.
    pub fn start(addr: SocketAddr, writers: &Arc<Writers>, threads: usize) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..threads)
            .map(|t| {
                let (writers, stop) = (writers.clone(), stop.clone());
                std::thread::spawn(move || submit_until_stopped(addr, &writers, t, threads, &stop))
            })
            .collect();
        Self { stop, threads }
    }

    /// Stops the clients and answers every acknowledged submission.
    pub fn stop(self) -> Vec<Ack> {
        self.stop.store(true, Ordering::Relaxed);
        self.threads
            .into_iter()
            .flat_map(|t| t.join().expect("a client saw an unexpected answer"))
            .collect()
    }
}

fn submit_until_stopped(
    addr: SocketAddr,
    writers: &Writers,
    first: usize,
    step: usize,
    stop: &AtomicBool,
) -> Vec<Ack> {
    let mut acks = Vec::new();
    for pair in &writers.pairs {
        for (token, user) in writers.students.iter().skip(first).step_by(step) {
            if stop.load(Ordering::Relaxed) {
                return acks;
            }
            let body = submission(*user, *pair, "Student", best_student()).to_string();
            let answer = try_http(
                addr,
                "POST",
                "/api/submitreview",
                &[
                    ("content-type", "application/json"),
                    ("authorization", &format!("Bearer {token}")),
                ],
                &body,
            );
            match answer {
                Ok((201, _)) => acks.push(Ack {
                    key: (*user, pair.course, pair.provider),
                    at: Instant::now(),
                }),
                Ok((0, _)) | Err(_) => return acks,
                Ok((status, body)) => panic!("a submission answered {status}: {body}"),
            }
        }
    }
    acks
}

/// Every review the database at `db` holds, as (user, course, provider).
pub fn stored_reviews(db: &Path) -> HashSet<(i64, i64, i64)> {
    let conn = Connection::open(db).unwrap();
    conn.prepare("SELECT user_id, course_id, provider_id FROM reviews")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Asserts that each of `acks` is among the reviews stored in `db`; answers how many.
pub fn assert_stored<'a>(db: &Path, acks: impl IntoIterator<Item = &'a Ack>, label: &str) -> usize {
    let stored = stored_reviews(db);
    let mut checked = 0;
    for ack in acks {
        assert!(
            stored.contains(&ack.key),
            "{label}: the acknowledged review {:?} is missing",
            ack.key
        );
        checked += 1;
    }
    checked
}

/// How many reviews `server` lists for `writer` (a student of [`Writers`]) in their own reviews.
pub fn served_reviews(server: &super::Server, (token, user): &(String, i64)) -> usize {
    let (status, body) = server.http(
        "POST",
        "/api/review/getuserreviews",
        &[
            ("content-type", "application/json"),
            ("authorization", &format!("Bearer {token}")),
        ],
        &format!("{{\"userId\": \"{user}\"}}"),
    );
    assert_eq!(status, 200, "{body}");
    let served: serde_json::Value = serde_json::from_str(&body).unwrap();
    served.as_array().unwrap().len()
}

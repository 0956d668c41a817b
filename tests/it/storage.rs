//! Storage: migrations once and all-or-nothing, the data-directory lock, the secret file,
//! and online backups while the database is being written.

use crate::common;

use std::os::unix::fs::PermissionsExt;

use coursesource::{
    config::DataDir,
    db::{self, Checkpoints, Db, Durability, Storage},
};
use rusqlite::Connection;
use tempfile::TempDir;

fn count(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |row| row.get(0)).unwrap()
}

#[tokio::test]
async fn migrations_apply_once_and_reopening_changes_nothing() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("app.db");
    for _ in 0..3 {
        let db = Db::open(&path).unwrap();
        assert_eq!(
            db.schema_version().await.unwrap(),
            common::latest_schema_version()
        );
    }
    let conn = Connection::open(&path).unwrap();
    assert_eq!(
        count(&conn, "SELECT COUNT(*) FROM refinery_schema_history"),
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
            .unwrap()
            .count() as i64,
        "each migration once"
    );
    let journal: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(journal, "wal");
    for table in [
        "industries",
        "careers",
        "courses",
        "course_careers",
        "providers",
        "offerings",
        "users",
        "reviews",
        "review_votes",
        "favourites",
        "one_time_tokens",
        "static_content",
        "contact_messages",
        "notifications",
        "mail_outbox",
    ] {
        let exists = count(
            &conn,
            &format!(
                "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'table' AND name = '{table}'"
            ),
        );
        assert_eq!(exists, 1, "table {table}");
    }
}

#[tokio::test]
async fn a_failed_migration_stops_and_leaves_the_database_as_it_was() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("app.db");
    {
        // Something already owns a table the first migration creates.
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE courses (x); INSERT INTO courses VALUES (42);")
            .unwrap();
    }
    let err = Db::open(&path).err().expect("the migration must fail");
    assert!(
        format!("{err:#}").contains("database migration failed; the database was left unchanged"),
        "{err:#}"
    );

    let conn = Connection::open(&path).unwrap();
    assert_eq!(
        count(
            &conn,
            "SELECT COUNT(*) FROM sqlite_schema WHERE name = 'industries'"
        ),
        0,
        "no partial schema"
    );
    assert_eq!(count(&conn, "SELECT x FROM courses"), 42);
}

#[test]
fn schema_enforces_the_unique_rules() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("app.db");
    drop(Db::open(&path).unwrap());
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("PRAGMA foreign_keys = ON;").unwrap();
    let user = "INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type, nick_name)
                VALUES (?1, 'x', 'Sam', 'Lee', 'Female', 'Student', ?2)";
    conn.execute(user, ("sam@example.com", "sammy")).unwrap();
    assert!(
        conn.execute(user, ("SAM@example.com", "other")).is_err(),
        "email is unique, ignoring case"
    );
    assert!(
        conn.execute(user, ("kim@example.com", "SAMMY")).is_err(),
        "nickname is unique, ignoring case"
    );
    conn.execute(user, ("kim@example.com", "kimmy")).unwrap();

    conn.execute_batch(
        "INSERT INTO industries (slug, name) VALUES ('hospitality', 'Hospitality');
         INSERT INTO courses (slug, code, name) VALUES ('commercial-cookery', 'SIT30821', 'Certificate III in Commercial Cookery');
         INSERT INTO providers (slug, name) VALUES ('harbour', 'Harbour College');
         INSERT INTO offerings (course_id, provider_id) VALUES (1, 1);",
    )
    .unwrap();
    let review = "INSERT INTO reviews (user_id, course_id, provider_id, user_type, title, comment, score_halves)
                  VALUES (1, 1, 1, 'Student', 't', 'c', 8)";
    conn.execute(review, []).unwrap();
    assert!(
        conn.execute(review, []).is_err(),
        "one review per user, course and provider"
    );
    let favourite = "INSERT INTO favourites (user_id, course_id, provider_id) VALUES (1, 1, 1)";
    conn.execute(favourite, []).unwrap();
    assert!(
        conn.execute(favourite, []).is_err(),
        "one favourite per pair"
    );
    assert!(
        conn.execute(
            "INSERT INTO favourites (user_id, course_id, provider_id) VALUES (1, 1, 99)",
            []
        )
        .is_err(),
        "a favourite needs a real offering"
    );
    assert!(
        conn.execute(
            &review.replace("8)", "11)").replace("(1, 1, 1", "(2, 1, 1"),
            []
        )
        .is_err(),
        "score is at most 5 stars"
    );
}

#[test]
fn a_second_lock_on_the_data_directory_is_refused() {
    let dir = TempDir::new().unwrap();
    let data = DataDir::new(dir.path());
    let first = data.lock().unwrap();
    let err = data.lock().expect_err("second lock must fail");
    assert!(
        err.to_string()
            .contains("another `app serve` is already using the data directory"),
        "{err}"
    );
    drop(first);
    data.lock()
        .expect("free again once the first holder is gone");
}

#[test]
fn the_session_secret_is_generated_once_and_private() {
    let dir = TempDir::new().unwrap();
    let data = DataDir::new(dir.path());
    let first = data.secret("session.key").unwrap();
    assert_eq!(first.len(), 64);
    assert_eq!(
        data.secret("session.key").unwrap(),
        first,
        "kept across restarts"
    );
    let mode = std::fs::metadata(dir.path().join("session.key"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_while_writing_gives_a_consistent_copy() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("app.db");
    let db = Db::open(&path).unwrap();
    let writer = {
        let db = db.clone();
        tokio::spawn(async move {
            for i in 0..400 {
                db.write(move |tx| -> rusqlite::Result<_> {
                    tx.execute(
                        "INSERT INTO contact_messages (reason, name, email, message) VALUES ('General enquiry', 'n', 'e@x.au', ?1)",
                        [format!("message {i}")],
                    )?;
                    Ok(())
                })
                .await
                .unwrap();
            }
        })
    };
    let mut copies = Vec::new();
    for n in 0..5 {
        let target = dir.path().join(format!("copy-{n}.db"));
        let (source, copy) = (path.clone(), target.clone());
        tokio::task::spawn_blocking(move || db::backup(&source, &copy))
            .await
            .unwrap()
            .unwrap();
        copies.push(target);
    }
    writer.await.unwrap();
    let mut previous = -1;
    for copy in copies {
        let conn = Connection::open(&copy).unwrap();
        let verdict: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(verdict, "ok");
        let rows = count(&conn, "SELECT COUNT(*) FROM contact_messages");
        let max_id = count(&conn, "SELECT COALESCE(MAX(id), 0) FROM contact_messages");
        assert_eq!(
            rows, max_id,
            "a snapshot holds a prefix of the writes, with no gaps"
        );
        assert!(rows >= previous, "later copies hold at least as much");
        previous = rows;
        assert!(
            !copy.with_extension("db-wal").exists(),
            "the copy is one self-contained file"
        );
    }
}

/// Writes that wait together share a commit, yet each stays its own: a failed or rehearsed
/// write leaves nothing behind, the others all land, and each caller gets its own answer.
#[tokio::test]
async fn concurrent_writes_keep_their_own_outcomes() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("app.db");
    let db = Db::open(&path).unwrap();
    let insert = |tx: &rusqlite::Transaction, i: i64| {
        tx.execute(
            "INSERT INTO contact_messages (reason, name, email, message) VALUES ('General enquiry', 'n', 'e@x.au', ?1)",
            [format!("message {i}")],
        )
    };
    let writes: Vec<_> = (0..300i64)
        .map(|i| {
            let db = db.clone();
            tokio::spawn(async move {
                match i % 3 {
                    // Inserts, then fails: the insert must not survive the shared commit.
                    0 => db
                        .write(move |tx| -> Result<i64, coursesource::error::AppError> {
                            insert(tx, i)?;
                            Err(coursesource::error::AppError::invalid(None, "refused"))
                        })
                        .await
                        .map_err(|_| i),
                    1 => db
                        .rehearse(move |tx| insert(tx, i).map(|_| i))
                        .await
                        .map_err(|_| i),
                    _ => db
                        .write(move |tx| insert(tx, i).map(|_| i))
                        .await
                        .map_err(|_| i),
                }
            })
        })
        .collect();
    for (i, write) in writes.into_iter().enumerate() {
        let answer = write.await.unwrap();
        if i % 3 == 0 {
            assert_eq!(answer, Err(i as i64), "write {i} failed, and says so");
        } else {
            assert_eq!(answer, Ok(i as i64), "write {i} got its own answer");
        }
    }
    drop(db);
    let conn = Connection::open(&path).unwrap();
    let mut kept: Vec<String> = conn
        .prepare("SELECT message FROM contact_messages ORDER BY id")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    kept.sort();
    let mut expected: Vec<String> = (0..300)
        .filter(|i| i % 3 == 2)
        .map(|i| format!("message {i}"))
        .collect();
    expected.sort();
    assert_eq!(kept, expected, "only the committed writes are stored");
}

/// `APP_DURABILITY=full` makes the writer sync every commit (`synchronous=FULL`, 2); the
/// default is `NORMAL` (1), synced at each checkpoint.
#[tokio::test]
async fn durability_full_syncs_every_commit_and_normal_is_the_default() {
    for (durability, expected) in [(Durability::Normal, 1), (Durability::Full, 2)] {
        let app = common::TestApp::with_settings(|s| s.durability = durability).await;
        let synchronous: i64 = app
            .state
            .db
            .write(|tx| tx.query_row("PRAGMA synchronous", [], |r| r.get(0)))
            .await
            .unwrap();
        assert_eq!(synchronous, expected, "{durability:?}");
    }
    let settings = coursesource::config::Settings::for_data_dir(std::path::Path::new("."));
    assert_eq!(settings.durability, Durability::Normal);
}

/// While Litestream owns the checkpoints (`APP_LITESTREAM`), the app never copies the WAL into
/// the database file, not even at shutdown; otherwise the shutdown's checkpoint empties it.
#[tokio::test]
async fn with_litestream_the_app_leaves_the_wal_to_it() {
    for (checkpoints, emptied) in [(Checkpoints::App, true), (Checkpoints::Litestream, false)] {
        let dir = TempDir::new().unwrap();
        let path = dir.path().join("app.db");
        let storage = Storage {
            checkpoints,
            ..Storage::default()
        };
        let db = Db::open_with(&path, storage, &[]).unwrap();
        db.write(|tx| {
            tx.execute(
                "INSERT INTO contact_messages (reason, name, email, message) VALUES ('General enquiry', 'n', 'e@x.au', 'm')",
                [],
            )
        })
        .await
        .unwrap();
        db.checkpoint();
        let wal = std::fs::metadata(path.with_extension("db-wal"))
            .unwrap()
            .len();
        assert_eq!(wal == 0, emptied, "{checkpoints:?}: WAL of {wal} bytes");
    }
}

#[tokio::test]
async fn a_read_that_panics_answers_an_error_and_the_readers_keep_serving() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    // More panics than there are reader threads: a thread that died with its read would leave
    // none to serve the reads after them.
    for _ in 0..20 {
        let failed = db
            .read(|_| -> Result<(), rusqlite::Error> { panic!("a read that panics") })
            .await;
        assert!(failed.is_err());
    }
    let reads = (0..32).map(|n| {
        let db = db.clone();
        async move {
            db.read(move |conn| conn.query_row("SELECT ?1 * 2", [n], |row| row.get::<_, i64>(0)))
                .await
                .unwrap()
        }
    });
    let answers = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        futures_util::future::join_all(reads),
    )
    .await
    .expect("the readers answer");
    assert_eq!(answers, (0..32).map(|n| n * 2).collect::<Vec<i64>>());
}

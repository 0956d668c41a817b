//! Upgrades lose nothing (DESIGN decision 22): every database an earlier release left
//! (`tests/fixtures/`, each listed in its `manifest.json`) is opened
//! by the current `app serve`, which migrates it, and every fact of its manifest still holds
//! through the API: who logs in and as what, whose reviews are in which state, the favourites,
//! the catalogue and review counts. Every stored counter must equal a recount from the reviews,
//! so a rescoring or a new counter is checked too. Also: a database newer than the binary is
//! refused in plain words, the copy made before migrating, and a crash mid-migration.

use crate::common;

use std::{
    os::unix::fs::PermissionsExt,
    path::{Path, PathBuf},
    process::Stdio,
    time::Duration,
};

use common::{Server, app_command, counters::assert_counters_match_a_recount};
use rusqlite::Connection;
use serde_json::{Value, json};
use tempfile::TempDir;

/// The folder holding every earlier release's database with its manifest. It lives in the
/// repository, so a clone tests its upgrades with nothing beside it.
fn fixture_folder() -> PathBuf {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    assert!(
        folder.join("manifest.json").exists(),
        "{} has no manifest.json: the upgrade test needs every fixture",
        folder.display()
    );
    folder
}

/// A fresh data directory holding a writable copy of `fixture` as its database.
fn data_dir_with(fixture: &Path) -> TempDir {
    let dir = TempDir::new().unwrap();
    let db = dir.path().join("app.db");
    std::fs::copy(fixture, &db).unwrap();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o600)).unwrap();
    dir
}

fn post(server: &Server, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(auth) = &auth {
        headers.push(("Authorization", auth));
    }
    let (status, text) = server.http("POST", path, &headers, &body.to_string());
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn get(server: &Server, path: &str) -> Value {
    let (status, text) = server.http("GET", path, &[], "");
    assert_eq!(status, 200, "GET {path}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The manifest's names for a review's state, as its author's list shows them.
fn status_of(state: &str) -> &'static str {
    match state {
        "approved" => "approved",
        "disapproved" => "disapproved",
        "awaiting moderation" => "unactioned",
        other => panic!("unknown review state {other:?} in a manifest"),
    }
}

fn count(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |row| row.get(0)).unwrap()
}

/// Every row of the tables that hold counters, in a stable order, as text.
/// Opens one fixture with the current release and checks every fact of its manifest.
fn check_fixture(fixture: &Path, facts: &Value) {
    let label = fixture.display().to_string();
    let dir = data_dir_with(fixture);
    let server = Server::start(dir.path());
    let password = facts["password"].as_str().unwrap();

    let mut tokens = std::collections::HashMap::new();
    for account in facts["accounts"].as_array().unwrap() {
        let email = account["email"].as_str().unwrap();
        let (status, answer) = post(
            &server,
            "/api/auth/login",
            None,
            json!({ "email": email, "password": password }),
        );
        assert_eq!(status, 200, "{label}: {email} logs in: {answer}");
        assert_eq!(answer["userType"], account["userType"], "{label}: {email}");
        assert_eq!(answer["isAdmin"], account["isAdmin"], "{label}: {email}");
        tokens.insert(
            email.to_owned(),
            (
                answer["token"].as_str().unwrap().to_owned(),
                answer["_id"].clone(),
            ),
        );
    }

    for (author, reviews) in facts["reviews_of"].as_object().unwrap() {
        let (token, id) = &tokens[author];
        let (status, list) = post(
            &server,
            "/api/review/getuserreviews",
            Some(token),
            json!({ "userId": id }),
        );
        assert_eq!(status, 200, "{label}: {author}'s reviews: {list}");
        for review in reviews.as_array().unwrap() {
            let title = review["title"].as_str().unwrap();
            let found = list
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["title"] == title)
                .unwrap_or_else(|| panic!("{label}: {author}'s review {title:?} is missing"));
            assert_eq!(
                found["status"],
                status_of(review["state"].as_str().unwrap()),
                "{label}: {title}"
            );
        }
    }

    // The moderation queue's title search finds each of them in its own state's list.
    let admin = facts["accounts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|account| account["isAdmin"] == true)
        .map(|account| &tokens[account["email"].as_str().unwrap()].0)
        .unwrap();
    for review in facts["reviews_of"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|r| r.as_array().unwrap())
    {
        let title = review["title"].as_str().unwrap();
        let (actioned, approved) = match review["state"].as_str().unwrap() {
            "approved" => (true, Some(true)),
            "disapproved" => (true, Some(false)),
            _ => (false, None),
        };
        let (status, list) = post(
            &server,
            "/api/review/pullreviews",
            Some(admin),
            json!({ "actioned": actioned, "approved": approved, "sort": "Latest", "userType": "All",
                    "searchBy": "Review Title", "searchText": title }),
        );
        assert_eq!(
            status, 200,
            "{label}: the queue's search for {title:?}: {list}"
        );
        assert!(
            list.as_array().unwrap().iter().any(|r| r["title"] == title),
            "{label}: the queue's title search misses {title:?} among the {} reviews: {list}",
            review["state"]
        );
    }

    for (owner, expected) in facts["favourites_of"].as_object().unwrap() {
        let (token, _) = &tokens[owner];
        let (status, list) = post(
            &server,
            "/api/favourites/getfavourites",
            Some(token),
            json!({}),
        );
        assert_eq!(status, 200, "{label}: {owner}'s favourites: {list}");
        assert_eq!(
            list.as_array().unwrap().len() as i64,
            expected.as_i64().unwrap(),
            "{label}: {owner}'s favourites"
        );
    }

    let catalogue = &facts["catalogue"];
    for (what, path) in [
        ("industries", "/api/industries"),
        ("careers", "/api/careers"),
        ("courses", "/api/courses"),
    ] {
        let listed = get(&server, path).as_array().unwrap().len() as i64;
        assert_eq!(Some(listed), catalogue[what].as_i64(), "{label}: {what}");
    }

    // The moderation queue's totals by state, as the admin sees them.
    let admin = facts["accounts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["isAdmin"] == true)
        .expect("every manifest lists an admin");
    let (admin_token, _) = &tokens[admin["email"].as_str().unwrap()];
    let reviews = &facts["reviews"];
    for (state, actioned, approved) in [
        ("awaiting moderation", false, Value::Null),
        ("approved", true, json!(true)),
        ("disapproved", true, json!(false)),
    ] {
        let body = json!({ "actioned": actioned, "approved": approved, "sort": "Oldest",
                           "userType": "All", "searchBy": "Course Name", "searchText": "" });
        let auth = format!("Bearer {admin_token}");
        let total = pulled_total(&server, &body, &auth);
        assert_eq!(
            Some(total),
            reviews[state].as_i64(),
            "{label}: {state} reviews"
        );
    }
    drop(server);

    let db = dir.path().join("app.db");
    let conn = Connection::open(&db).unwrap();
    let tables = [
        ("providers", "SELECT COUNT(*) FROM providers"),
        ("offerings", "SELECT COUNT(*) FROM offerings"),
    ];
    for (what, sql) in tables {
        assert_eq!(
            Some(count(&conn, sql)),
            catalogue[what].as_i64(),
            "{label}: {what}"
        );
    }
    assert_eq!(
        Some(count(&conn, "SELECT COUNT(*) FROM reviews")),
        reviews["total"].as_i64(),
        "{label}: reviews in all"
    );
    assert_eq!(
        Some(count(&conn, "SELECT COUNT(*) FROM review_votes")),
        facts["review_votes"].as_i64(),
        "{label}: votes"
    );
    // The near-duplicate signal compares a new review with the kept grams of the earlier ones.
    assert_eq!(
        count(&conn, "SELECT COUNT(*) FROM review_grams"),
        count(&conn, "SELECT COUNT(*) FROM reviews"),
        "{label}: every review has its word trigrams kept"
    );
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .unwrap();
    assert_eq!(integrity, "ok", "{label}");
    drop(conn);
    assert_counters_match_a_recount(&db, &label);
}

/// The X-Total-Count of one moderation filter (the plain `http` helper drops headers).
fn pulled_total(server: &Server, body: &Value, auth: &str) -> i64 {
    let mut stream = std::net::TcpStream::connect(server.addr).unwrap();
    use std::io::{Read, Write};
    let body = body.to_string();
    write!(
        stream,
        "POST /api/review/pullreviews HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nAuthorization: {auth}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "pullreviews: {answer}");
    answer
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("x-total-count")
                .then(|| value.trim().parse().unwrap())
        })
        .expect("pullreviews answers X-Total-Count")
}

#[test]
fn every_earlier_release_opens_with_nothing_lost() {
    let folder = fixture_folder();
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("manifest.json")).unwrap())
            .unwrap();
    let fixtures = manifest.as_object().unwrap();
    for (file, facts) in fixtures {
        check_fixture(&folder.join(file), facts);
    }
    // Every release that changed the schema since the first kept fixture (c479fd0, schema 3).
    assert!(
        fixtures.len() >= 5,
        "every fixture is listed in the manifest"
    );
    let files = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".db"));
    for file in files {
        assert!(fixtures.contains_key(&file), "{file} has no manifest entry");
    }
}

/// The schema version stored in a database file.
fn version_of(db: &Path) -> i64 {
    count(
        &Connection::open(db).unwrap(),
        "SELECT MAX(version) FROM refinery_schema_history",
    )
}

/// The oldest fixture (schema version 3).
fn oldest_fixture() -> PathBuf {
    fixture_folder().join("release-c479fd0.db")
}

#[test]
fn data_newer_than_the_binary_is_refused_in_plain_words_and_left_alone() {
    let dir = data_dir_with(&oldest_fixture());
    let db = dir.path().join("app.db");
    let newer = common::latest_schema_version() + 1;
    Connection::open(&db)
        .unwrap()
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (?1, 'future_change', '2030-01-01', '0')",
            [newer],
        )
        .unwrap();
    let before = std::fs::read(&db).unwrap();
    for command in ["migrate", "serve"] {
        let out = app_command(dir.path())
            .args([command])
            .env("APP_ADDR", "127.0.0.1:0")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!(
                "This data directory was written by a newer release (schema version {newer}; this release knows up to {}). Run that release, or restore a backup made before the upgrade.",
                newer - 1
            )),
            "{command}: {stderr}"
        );
        assert_eq!(
            std::fs::read(&db).unwrap(),
            before,
            "{command} changed nothing"
        );
        assert!(!dir.path().join("backups").exists(), "{command}");
    }
}

/// A copy of the oldest fixture (schema version 3) turned back into a database of version 2,
/// so the current binary has V3 (an index build, slow on many reviews) and every later
/// migration to apply. `extra_reviews` makes it slow.
fn behind_the_latest(extra_reviews: i64) -> TempDir {
    let dir = data_dir_with(&oldest_fixture());
    let conn = Connection::open(dir.path().join("app.db")).unwrap();
    assert_eq!(
        count(&conn, "SELECT MAX(version) FROM refinery_schema_history"),
        3
    );
    conn.execute_batch(
        "DELETE FROM refinery_schema_history WHERE version = 3;
         DROP INDEX reviews_recent_by_type; DROP INDEX reviews_liked; DROP INDEX reviews_liked_by_type;
         DROP INDEX reviews_rated; DROP INDEX reviews_rated_by_type; DROP INDEX reviews_actioned;
         DROP INDEX offerings_reviewed;",
    )
    .unwrap();
    // Copies of the existing reviews under other users make the index builds of V3 slow.
    conn.execute(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type)
         SELECT 'bulk' || i || '@example.com', 'x', 'Bulk', 'User', 'Other', 'Student' FROM n",
        [extra_reviews / 100 + 1],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO reviews (user_id, course_id, provider_id, industry_id, user_type, title, comment, score_halves, answers, created_at)
         SELECT u.id, o.course_id, o.provider_id, NULL, 'Student', 'Bulk', 'Bulk', 6, '{}', 1700000000 + o.id
         FROM (SELECT id FROM users WHERE email LIKE 'bulk%') u CROSS JOIN (SELECT * FROM offerings LIMIT 100) o
         LIMIT ?1",
        [extra_reviews],
    )
    .unwrap();
    dir
}

#[test]
fn a_copy_is_written_before_migrating_and_only_three_are_kept() {
    let dir = behind_the_latest(0);
    let backups = dir.path().join("backups");
    std::fs::create_dir(&backups).unwrap();
    for n in 0..3 {
        let old = backups.join(format!("app-before-v0{n}-2020-01-01-00000{n}.db"));
        std::fs::write(&old, b"old").unwrap();
        let past = std::time::SystemTime::now() - Duration::from_secs(3600 * (10 - n));
        std::fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(past)
            .unwrap();
    }
    let out = app_command(dir.path()).arg("migrate").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let latest = common::latest_schema_version();
    assert_eq!(version_of(&dir.path().join("app.db")), latest);
    let mut names: Vec<String> = std::fs::read_dir(&backups)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(
        !names.contains(&"app-before-v00-2020-01-01-000000.db".to_owned()),
        "the oldest went"
    );
    let copy = names
        .iter()
        .find(|n| n.starts_with(&format!("app-before-v{latest}-")))
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(log.contains(copy.as_str()), "the log names the copy: {log}");
    let copy = backups.join(copy);
    assert_eq!(version_of(&copy), 2, "the copy is the database as it was");
    let verdict: String = Connection::open(&copy)
        .unwrap()
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .unwrap();
    assert_eq!(verdict, "ok");
}

#[test]
fn no_room_for_the_copy_stops_the_upgrade_before_it_starts() {
    let dir = behind_the_latest(0);
    // A file where the backups folder belongs: the copy cannot be written, as on a full disk.
    std::fs::write(dir.path().join("backups"), b"").unwrap();
    let out = app_command(dir.path()).arg("migrate").output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "cannot write a copy of the database before migrating it, so nothing was changed"
        ),
        "{stderr}"
    );
    assert_eq!(version_of(&dir.path().join("app.db")), 2, "not migrated");
}

#[test]
fn a_crash_in_the_middle_of_a_migration_leaves_the_old_schema_and_the_next_start_succeeds() {
    let dir = behind_the_latest(400_000);
    let db = dir.path().join("app.db");
    let mut child = app_command(dir.path())
        .arg("migrate")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Kill it once the migration has begun (the copy is written first), before it can finish.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let backups = dir.path().join("backups");
    while std::time::Instant::now() < deadline {
        let copied = std::fs::read_dir(&backups)
            .map(|entries| {
                entries
                    .flatten()
                    .any(|e| e.path().extension().is_some_and(|x| x == "db"))
            })
            .unwrap_or(false);
        if copied {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(50));
    let finished = child.try_wait().unwrap().is_some();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !finished,
        "the migration finished before it could be interrupted: make it slower"
    );
    assert_eq!(version_of(&db), 2, "the old schema is intact");
    let verdict: String = Connection::open(&db)
        .unwrap()
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .unwrap();
    assert_eq!(verdict, "ok");
    let out = app_command(dir.path()).arg("migrate").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        version_of(&db),
        common::latest_schema_version(),
        "the next start migrates"
    );
}

#[test]
fn a_failed_migration_leaves_the_database_as_it_was_and_names_the_copy() {
    let dir = behind_the_latest(0);
    let db = dir.path().join("app.db");
    // An index the migration creates already exists, so the migration fails half way.
    Connection::open(&db)
        .unwrap()
        .execute_batch("CREATE INDEX reviews_actioned ON reviews(actioned, created_at);")
        .unwrap();
    let out = app_command(dir.path()).arg("migrate").output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("database migration failed")
            && stderr.contains("the database was left unchanged; the copy made before it is")
            && stderr.contains(&format!(
                "/backups/app-before-v{}-",
                common::latest_schema_version()
            )),
        "{stderr}"
    );
    assert_eq!(version_of(&db), 2);
    let created_before_the_failure: i64 = count(
        &Connection::open(&db).unwrap(),
        "SELECT COUNT(*) FROM sqlite_master WHERE name = 'offerings_reviewed'",
    );
    assert_eq!(
        created_before_the_failure, 0,
        "nothing of the migration stays"
    );
}

//! The answer cache (DESIGN decision 17): kept answers carry an `ETag` and answer `304` when
//! unchanged, public ones a short shared-cache `Cache-Control` and private ones never, and
//! every change that alters an answer shows on the very next request: a decision, a like, a
//! description edit, an account deletion, an import, and a write by another process.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp,
    moderating::{decide, filter, review, titles},
    reviewing::{admin, named_pair, providers_of, reviews_for, user},
};
use serde_json::{Value, json};

const PUBLIC: &str = "public, max-age=0, s-maxage=10";
const PRIVATE: &str = "private, no-cache";

fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

fn reviews_of(provider: i64, providers: &Value) -> Value {
    providers
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["_id"] == json!(provider.to_string()))
        .map(|p| p["reviewCount"]["total"].clone())
        .unwrap_or_else(|| panic!("provider {provider} in {providers}"))
}

#[tokio::test]
async fn a_kept_answer_revalidates_with_its_etag_and_public_ones_may_be_shared() {
    let app = TestApp::new().await;
    let first = app.get("/api/industries").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header("cache-control"), PUBLIC);
    assert_eq!(first.header("vary"), "accept-encoding");
    let etag = first.header("etag").to_owned();
    assert!(etag.starts_with('"') && etag.ends_with('"'), "{etag}");

    let again = app
        .get_with("/api/industries", &[("if-none-match", &etag)])
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), etag);

    let other = app
        .get_with(
            "/api/industries",
            &[("if-none-match", "\"something-else\"")],
        )
        .await;
    assert_eq!(other.status, StatusCode::OK);
    assert_eq!(other.body, first.body);

    // Compressed once per encoding, sent as the same JSON; each form's own ETag revalidates
    // it. A browser that takes zstd gets it: the quickest to make for an answer made afresh.
    let chrome = app
        .get_with(
            "/api/industries",
            &[("accept-encoding", "gzip, deflate, br, zstd")],
        )
        .await;
    assert_eq!(chrome.header("content-encoding"), "zstd");
    assert_eq!(
        zstd::decode_all(chrome.body.as_slice()).unwrap(),
        first.body
    );
    let brotli = app
        .get_with(
            "/api/industries",
            &[("accept-encoding", "gzip, deflate, br")],
        )
        .await;
    assert_eq!(brotli.header("content-encoding"), "br");
    let mut json = Vec::new();
    brotli::BrotliDecompress(&mut brotli.body.as_slice(), &mut json).unwrap();
    assert_eq!(json, first.body);
    assert_ne!(brotli.header("etag"), chrome.header("etag"));
    let gzip = app
        .get_with("/api/industries", &[("accept-encoding", "gzip, deflate")])
        .await;
    assert_eq!(gzip.header("content-encoding"), "gzip");
    assert_eq!(common::gunzip(&gzip.body), first.body);
    let again = app
        .get_with(
            "/api/industries",
            &[
                ("accept-encoding", "br"),
                ("if-none-match", brotli.header("etag")),
            ],
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn answers_for_a_session_are_private_and_still_need_one() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let (token, _) = user(&app, "Student", "Kim", Some("kim")).await;
    reviews_for(&app, &token, pair.course, pair.provider).await;
    // A kept answer is no way around the login.
    let anonymous = app
        .post_json(
            "/api/getreviewsfor",
            &json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() }),
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    assert!(!anonymous.header("cache-control").contains("public"));
    // Calls about the caller's own account are never shared either.
    let info = app
        .get_with("/api/userinfo", &[("authorization", &bearer(&token))])
        .await;
    assert!(
        !info.header("cache-control").contains("public"),
        "{}",
        info.header("cache-control")
    );
}

#[tokio::test]
async fn decisions_likes_and_deletions_show_on_the_next_request() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let (_, author) = user(&app, "Student", "Ana", Some("ana")).await;
    let (reader, reader_id) = user(&app, "Student", "Ben", Some("ben")).await;

    let before = reviews_of(pair.provider, &providers_of(&app, pair.course).await);
    assert!(
        reviews_for(&app, &reader, pair.course, pair.provider)
            .await
            .is_empty()
    );
    let id = review(
        &app,
        &author.to_string(),
        &pair,
        "Student",
        "Kept fresh",
        8,
        1,
    )
    .await;
    decide(&app, &admin, "approve", &id).await;

    let after = reviews_of(pair.provider, &providers_of(&app, pair.course).await);
    assert_eq!(
        after,
        json!(before.as_i64().unwrap() + 1),
        "the count after approval"
    );
    let listed = reviews_for(&app, &reader, pair.course, pair.provider).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["review"]["likes"], json!([]));

    let like = app
        .post_as(
            &reader,
            "/api/likeordislikereview",
            &json!({ "action": "like", "reviewId": id, "userId": reader_id.to_string() }),
        )
        .await;
    assert_eq!(like.status, StatusCode::OK, "{}", like.text());
    let listed = reviews_for(&app, &reader, pair.course, pair.provider).await;
    assert_eq!(listed[0]["review"]["likes"], json!([reader_id.to_string()]));

    let deleted = app
        .send(
            Method::DELETE,
            &format!("/api/admin/user/{author}"),
            &[("authorization", &bearer(&admin))],
            "",
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
    assert!(
        reviews_for(&app, &reader, pair.course, pair.provider)
            .await
            .is_empty()
    );
    assert_eq!(
        reviews_of(pair.provider, &providers_of(&app, pair.course).await),
        before
    );
}

#[tokio::test]
async fn the_moderation_queue_shows_each_submission_and_decision_on_the_next_request() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let (_, author) = user(&app, "Student", "Ana", Some("ana")).await;
    let waiting = json!({});
    let approved = json!({ "actioned": true, "approved": true });
    assert_eq!(titles(&app, &admin, waiting.clone()).await, (vec![], 0));

    let id = review(&app, &author.to_string(), &pair, "Student", "Queued", 8, 1).await;
    assert_eq!(
        titles(&app, &admin, waiting.clone()).await,
        (vec!["Queued".to_string()], 1)
    );
    let first = app
        .post_as(&admin, "/api/review/pullreviews", &filter(waiting.clone()))
        .await;
    assert_eq!(first.header("cache-control"), PRIVATE);
    let again = app
        .send(
            Method::POST,
            "/api/review/pullreviews",
            &[
                ("authorization", &bearer(&admin)),
                ("content-type", "application/json"),
                ("if-none-match", first.header("etag")),
            ],
            filter(waiting.clone()).to_string(),
        )
        .await;
    assert_eq!(
        (again.status, again.header("x-total-count")),
        (StatusCode::NOT_MODIFIED, "1")
    );

    decide(&app, &admin, "approve", &id).await;
    assert_eq!(titles(&app, &admin, waiting).await, (vec![], 0));
    assert_eq!(
        titles(&app, &admin, approved).await,
        (vec!["Queued".to_string()], 1)
    );
}

#[tokio::test]
async fn description_edits_imports_and_other_processes_show_on_the_next_request() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let course = || async {
        let res = app
            .post_json(
                "/api/getcoursebyslug",
                &json!({ "courseSlug": pair.course_slug }),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK);
        res.json()
    };
    course().await;
    let edit = app
        .post_as(
            &admin,
            "/api/updatecourse",
            &json!({ "id": pair.course.to_string(), "description": "Freshly edited." }),
        )
        .await;
    assert_eq!(edit.status, StatusCode::OK, "{}", edit.text());
    assert_eq!(course().await["copy"], json!("Freshly edited."));

    let names = |industries: Value| -> Vec<String> {
        industries
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(!names(app.get("/api/industries").await.json()).contains(&"Aquaculture".into()));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("industries.csv"),
        "slug,name,copy\naquaculture,Aquaculture,Farming fish and shellfish.\n",
    )
    .unwrap();
    app.import_dir(dir.path()).await.unwrap();
    assert!(names(app.get("/api/industries").await.json()).contains(&"Aquaculture".into()));

    // Another process writing to the same database file (an operator's sqlite3 session).
    let other = rusqlite::Connection::open(app.state.db.path()).unwrap();
    other
        .execute(
            "UPDATE industries SET name = 'Fish Farming' WHERE slug = 'aquaculture'",
            [],
        )
        .unwrap();
    drop(other);
    assert!(names(app.get("/api/industries").await.json()).contains(&"Fish Farming".into()));
}

#[tokio::test]
async fn the_openapi_document_says_which_calls_answer_304() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").await.json();
    for (path, method) in [
        ("/api/industries", "get"),
        ("/api/getprovidersbycourseid", "post"),
        ("/api/search/typeahead", "get"),
        ("/api/getreviewsfor", "post"),
        ("/api/review/getuserreviews", "post"),
        ("/api/getratingdetails", "post"),
        ("/api/review/pullreviews", "post"),
        ("/api/userinfo", "get"),
    ] {
        assert!(
            doc["paths"][path][method]["responses"]["304"].is_object(),
            "{path} documents 304"
        );
    }
    assert!(doc["paths"]["/api/getrandomprovider"]["get"]["responses"]["304"].is_null());
}

/// The tables no public answer reads (V22): writing them leaves the kept public answers.
const OPERATIONAL: [&str; 20] = [
    "contact_messages",
    "digest_weeks",
    // Invitations and refusals: only the representative's and the invitee's private answers.
    "invitation_refusals",
    "invitations",
    "mail_outbox",
    "notification_settings",
    "notification_time_zones",
    "notifications",
    "one_time_tokens",
    // the versions of the pairs' review lists (V26), which the votes move instead
    "pair_versions",
    "pending_data_steps",
    "refinery_schema_history",
    "register_checkpoints",
    "register_sync_runs",
    "review_grams",
    "review_networks",
    // the moderation states' counts, which only the moderators' answers read (V34)
    "review_tallies",
    "review_votes",
    "review_signals",
    // the clock of the reviews' votes versions (V32)
    "votes_clock",
];

/// Tables public answers read that only triggers write, each in the transaction of a write to a
/// table that moves the public version itself (the review lists' cards, V33).
const DERIVED: [&str; 1] = ["review_cards"];

/// A table added without the triggers would leave kept public answers stale after its writes.
#[tokio::test]
async fn every_table_moves_the_public_version_or_no_public_answer_reads_it() {
    let app = TestApp::new().await;
    let without: Vec<String> = app
        .state
        .db
        .read(|c| -> rusqlite::Result<Vec<String>> {
            c.prepare(
                "SELECT t.name FROM sqlite_master t
                 WHERE t.type = 'table' AND t.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                   AND t.sql NOT LIKE 'CREATE VIRTUAL TABLE%'
                   -- the shadow tables of a full-text index
                   AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%'
                                     AND t.name LIKE v.name || '\\_%' ESCAPE '\\')
                   AND (SELECT COUNT(*) FROM sqlite_master g WHERE g.type = 'trigger'
                          AND g.tbl_name = t.name AND g.name LIKE 'public\\_version\\_%' ESCAPE '\\') < 3
                 ORDER BY 1",
            )?
            .query_map([], |r| r.get(0))?
            .collect()
        })
        .await
        .unwrap();
    let missing: Vec<&String> = without
        .iter()
        .filter(|t| {
            !OPERATIONAL.contains(&t.as_str())
                && !DERIVED.contains(&t.as_str())
                && t.as_str() != "public_version"
        })
        .collect();
    assert!(
        missing.is_empty(),
        "tables without the public_version triggers: {missing:?}"
    );
    // What writes a derived table: triggers only, on tables that move the public version.
    for table in DERIVED {
        let writers: Vec<String> = app
            .state
            .db
            .read(move |c| -> rusqlite::Result<Vec<String>> {
                c.prepare(
                    "SELECT DISTINCT g.tbl_name FROM sqlite_master g
                     WHERE g.type = 'trigger' AND g.sql LIKE '%' || ?1 || '%' ORDER BY 1",
                )?
                .query_map([table], |r| r.get(0))?
                .collect()
            })
            .await
            .unwrap();
        assert!(!writers.is_empty(), "{table} has its triggers");
        for writer in writers {
            assert!(
                !without.contains(&writer) && !OPERATIONAL.contains(&writer.as_str()),
                "{table} is written by a trigger on {writer}, which moves no public version"
            );
        }
    }
}

/// A mail queued and a token kept (a forgotten password) change nothing a visitor sees: the kept
/// public answers stay, while a change to the catalogue shows on the very next request.
#[tokio::test]
async fn writes_no_public_answer_reads_keep_the_public_answers() {
    let app = TestApp::new().await;
    let (token, _) = user(&app, "Student", "Sam", None).await;
    let email: String = common::reviewing::row(&app, "SELECT email FROM users LIMIT 1").await;
    let pair = named_pair(&app, 0).await.ids;
    let first = app.get("/api/industries").await;
    assert_eq!(first.status, StatusCode::OK);
    // Behind a login but the same for every reader: kept like the public answers.
    let listed = reviews_for(&app, &token, pair.course, pair.provider).await;
    let computed = app.state.answers.computed();
    let forgot = app
        .post_json("/api/forgotpassword", &json!({ "email": email }))
        .await;
    assert_eq!(forgot.status, StatusCode::OK, "{}", forgot.text());
    let queued: i64 = common::reviewing::row(&app, "SELECT COUNT(*) FROM mail_outbox").await;
    assert!(queued > 0, "the write happened");
    let again = app.get("/api/industries").await;
    assert_eq!(again.body, first.body);
    assert_eq!(
        reviews_for(&app, &token, pair.course, pair.provider).await,
        listed
    );
    assert_eq!(app.state.answers.computed(), computed, "served as kept");

    common::reviewing::sql(
        &app,
        "UPDATE industries SET name = 'Renamed' WHERE id = (SELECT MIN(id) FROM industries)",
    )
    .await;
    let renamed = app.get("/api/industries").await;
    assert!(renamed.text().contains("Renamed"), "fresh at once");
    assert_eq!(app.state.answers.computed(), computed + 1);
}

/// A like changes one pair's review list and nothing else a visitor sees (V26): the catalogue,
/// the provider list and another pair's reviews stay kept, while the liked pair's list shows
/// the like on the very next request.
#[tokio::test]
async fn a_like_moves_only_its_pairs_kept_reviews() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let (liked, other) = (named_pair(&app, 0).await, named_pair(&app, 1).await);
    let (_, author) = user(&app, "Student", "Ana", Some("ana")).await;
    let (reader, reader_id) = user(&app, "Student", "Ben", Some("ben")).await;
    let mut ids = Vec::new();
    for pair in [&liked, &other] {
        let id = review(&app, &author.to_string(), pair, "Student", "Kept", 8, 1).await;
        decide(&app, &admin, "approve", &id).await;
        ids.push(id);
    }
    let industries = app.get("/api/industries").await;
    let providers = providers_of(&app, liked.course).await;
    let others = reviews_for(&app, &reader, other.course, other.provider).await;
    let before = reviews_for(&app, &reader, liked.course, liked.provider).await;
    assert_eq!(before[0]["review"]["likes"], json!([]));
    let computed = app.state.answers.computed();

    let like = app
        .post_as(
            &reader,
            "/api/likeordislikereview",
            &json!({ "action": "like", "reviewId": ids[0], "userId": reader_id.to_string() }),
        )
        .await;
    assert_eq!(like.status, StatusCode::OK, "{}", like.text());
    assert_eq!(app.get("/api/industries").await.body, industries.body);
    assert_eq!(providers_of(&app, liked.course).await, providers);
    assert_eq!(
        reviews_for(&app, &reader, other.course, other.provider).await,
        others
    );
    assert_eq!(app.state.answers.computed(), computed, "all served as kept");
    let after = reviews_for(&app, &reader, liked.course, liked.provider).await;
    assert_eq!(after[0]["review"]["likes"], json!([reader_id.to_string()]));
    assert_eq!(
        app.state.answers.computed(),
        computed + 1,
        "the liked pair's list only"
    );

    // The like taken back shows at once too.
    let undo = app
        .post_as(
            &reader,
            "/api/likeordislikereview",
            &json!({ "action": "removelike", "reviewId": ids[0], "userId": reader_id.to_string() }),
        )
        .await;
    assert_eq!(undo.status, StatusCode::OK, "{}", undo.text());
    let undone = reviews_for(&app, &reader, liked.course, liked.provider).await;
    assert_eq!(undone[0]["review"]["likes"], json!([]));
}

/// Every column of reviews moves a version when written: the vote counts their pair's, the
/// rest the public one (V26 lists them; a column added later must join one list). The votes
/// version (V32) is written only by the triggers of `review_votes`, whose own (V26) move the
/// pair's version.
#[tokio::test]
async fn every_review_column_moves_a_version() {
    let app = TestApp::new().await;
    let (columns, triggers): (Vec<String>, String) = app
        .state
        .db
        .read(|c| -> rusqlite::Result<_> {
            // hidden 0 is a plain column; generated columns cannot be written
            let columns = c
                .prepare("SELECT name FROM pragma_table_xinfo('reviews') WHERE hidden = 0")?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let triggers = c.query_row(
                "SELECT group_concat(sql, ' ') FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'reviews'
                   AND name IN ('public_version_reviews_update', 'pair_version_reviews_votes')",
                [],
                |r| r.get(0),
            )?;
            Ok((columns, triggers))
        })
        .await
        .unwrap();
    let named = |column: &str| {
        triggers
            .split(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
            .any(|word| word == column)
    };
    let missing: Vec<&String> = columns
        .iter()
        .filter(|c| !named(c) && c.as_str() != "votes_version")
        .collect();
    assert!(missing.is_empty(), "columns no trigger names: {missing:?}");
}

/// The operator's bound on the kept answers (`--answer-cache-mib`) is the one the server keeps
/// to (the bound itself is tested in `src/cache/mod.rs`).
#[tokio::test]
async fn the_kept_answers_take_the_memory_the_operator_gives_them() {
    let app = TestApp::with_settings(|s| s.answer_cache_mib = 3).await;
    assert_eq!(app.state.answers.capacity(), 3 * 1024 * 1024);
}

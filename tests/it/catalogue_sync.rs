//! `app catalogue sync` against the stand-in register (`common::register`): the mapping onto
//! the catalogue, dry runs and single steps, retiring instead of deleting, edits kept, privacy
//! by allowlist, regulatory decisions, a good citizen's manners, and every bad input stopping
//! its step with the catalogue left as it was.

use std::time::Duration;

use coursesource::{
    catalog::register::{self, Counts, Step, SyncOptions, SyncReport},
    config::RegisterSettings,
};
use serde_json::json;

use crate::common::{
    TestApp,
    register::{self as stand_in, Register},
};

pub fn settings(register: &Register) -> RegisterSettings {
    RegisterSettings {
        url: register.url.clone(),
        rate: 1000,
        backoff_ms: 10,
    }
}

async fn sync(
    app: &TestApp,
    register: &Register,
    options: SyncOptions,
) -> anyhow::Result<SyncReport> {
    register::sync(&app.state.db, &settings(register), &options).await
}

pub async fn full(app: &TestApp, register: &Register) -> SyncReport {
    sync(app, register, SyncOptions::default()).await.unwrap()
}

/// How many qualification descriptions the register was asked for so far.
pub fn descriptions_read(register: &Register) -> usize {
    register
        .seen
        .lock()
        .unwrap()
        .paths
        .iter()
        .filter(|p| p.contains("/api/content/bundle/"))
        .count()
}

pub fn counts(report: &SyncReport, step: Step) -> Counts {
    report
        .steps
        .iter()
        .find(|(s, _)| *s == step)
        .map(|(_, c)| *c)
        .unwrap()
}

async fn scalar(app: &TestApp, sql: &'static str) -> i64 {
    app.state
        .db
        .read(move |conn| conn.query_row(sql, [], |r| r.get::<_, i64>(0)))
        .await
        .unwrap()
}

async fn text(app: &TestApp, sql: &'static str) -> String {
    app.state
        .db
        .read(move |conn| conn.query_row(sql, [], |r| r.get::<_, String>(0)))
        .await
        .unwrap()
}

/// Everything in the catalogue a failed step must leave as it was.
async fn catalogue(app: &TestApp) -> Vec<i64> {
    let mut all = Vec::new();
    for sql in [
        "SELECT COUNT(*) FROM courses WHERE retired_at IS NULL",
        "SELECT COUNT(*) FROM providers WHERE retired_at IS NULL",
        "SELECT COUNT(*) FROM offerings WHERE retired_at IS NULL",
        "SELECT COUNT(*) FROM regulatory_decisions",
        "SELECT COALESCE(SUM(length(copy)), 0) FROM courses",
    ] {
        all.push(scalar(app, sql).await);
    }
    all
}

#[tokio::test]
async fn a_sync_maps_the_register_onto_the_catalogue_over_one_polite_connection() {
    let register = Register::start(stand_in::small()).await;
    let app = TestApp::new().await;
    let shipped = scalar(&app, "SELECT COUNT(*) FROM courses").await;
    let report = full(&app, &register).await;

    // 28 current qualifications, all among the shipped codes; the shipped rest is retired.
    let q = counts(&report, Step::Qualifications);
    assert_eq!(
        (q.added, q.changed, q.retired),
        (0, 28, shipped as usize - 28),
        "{report:?}"
    );
    // 13 currently registered organisations of 15; the example providers go (no real reviews).
    let p = counts(&report, Step::Providers);
    assert_eq!((p.added, p.retired), (13, 0));
    assert!(p.removed > 0);
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM providers WHERE is_example = 1").await,
        0
    );
    // Delivery: the most common course is live at all 13 (three pages, followed to the end).
    let first = text(
        &app,
        "SELECT code FROM courses WHERE retired_at IS NULL ORDER BY id LIMIT 1",
    )
    .await;
    let d = counts(&report, Step::Delivery);
    assert!(d.added >= 13, "{d:?}");
    let at_first = scalar(
        &app,
        "SELECT provider_count FROM courses WHERE retired_at IS NULL ORDER BY id LIMIT 1",
    )
    .await;
    assert_eq!(at_first, 13, "{first}");
    assert!(
        register
            .seen
            .lock()
            .unwrap()
            .paths
            .iter()
            .any(|p| p.contains("&page=3"))
    );

    // The course: level, package, the latest release's description, careers with ANZSCO codes.
    let (level, package, copy) = app
        .state
        .db
        .read(|conn| {
            conn.query_row(
                "SELECT level, package_code, register_copy FROM courses WHERE retired_at IS NULL ORDER BY id LIMIT 1",
                [],
                |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?)),
            )
        })
        .await
        .unwrap();
    assert!(level.starts_with("Certificate"), "{level}");
    assert_eq!(package.len(), 3);
    // The register's description is kept beside ours; the shipped copy stays (ours, not the register's).
    assert!(copy.ends_with("what the course covers."), "{copy}");
    assert!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM careers WHERE anzsco_code IS NOT NULL"
        )
        .await
            >= 1
    );
    // The provider: trading name shown, legal name kept, head office town, web address.
    let provider = app
        .post_json(
            "/api/getproviderbyslug",
            &json!({ "providerSlug": "trading-as-3" }),
        )
        .await;
    assert_eq!(provider.status, 200, "{}", provider.text());
    let (name, legal, town, web) = app
        .state
        .db
        .read(|conn| {
            conn.query_row(
                "SELECT name, legal_name, town || ' ' || state || ' ' || postcode, website_url FROM providers WHERE rto_code = '90003'",
                [],
                |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get::<_, String>(3)?)),
            )
        })
        .await
        .unwrap();
    assert_eq!(
        (name.as_str(), legal.as_str()),
        ("Trading As 3", "Register Test College 3 Pty Ltd")
    );
    assert_eq!(town, "Hobart TAS 7000");
    assert_eq!(web, "https://college3.example.edu.au");

    // A good citizen: one connection, one request at a time; the count is what was needed.
    assert_eq!(register.connections(), 1);
    assert_eq!(register.seen.lock().unwrap().most_in_flight, 1);
    assert_eq!(report.requests, register.requests());
    // The run is logged for the Catalogue admin page.
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM register_sync_runs WHERE finished_at IS NOT NULL AND error IS NULL").await, 1);

    // A second sync changes nothing.
    let again = full(&app, &register).await;
    for (step, c) in &again.steps {
        assert_eq!((c.added, c.changed, c.retired), (0, 0, 0), "{step}");
    }
}

#[tokio::test]
async fn a_dry_run_writes_nothing_and_one_step_runs_alone() {
    let register = Register::start(stand_in::small()).await;
    let app = TestApp::new().await;
    let before = catalogue(&app).await;
    let report = sync(
        &app,
        &register,
        SyncOptions {
            dry_run: true,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    assert_eq!(counts(&report, Step::Qualifications).changed, 28);
    assert!(report.summary(true).contains("would be added"));
    assert_eq!(catalogue(&app).await, before);

    let seen = register.seen.lock().unwrap().paths.len();
    let only = sync(
        &app,
        &register,
        SyncOptions {
            only: Some(Step::Providers),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    assert_eq!(only.steps.len(), 1);
    assert_eq!(counts(&only, Step::Providers).added, 13);
    let paths = register.seen.lock().unwrap().paths.clone();
    assert!(paths[seen..].iter().all(|p| !p.contains("/delivery")));
}

#[tokio::test]
async fn an_incremental_run_reads_only_what_changed_and_retires_nothing_absent() {
    let register = Register::start(stand_in::small()).await;
    let app = TestApp::new().await;
    full(&app, &register).await;
    let report = sync(
        &app,
        &register,
        SyncOptions {
            only: Some(Step::Qualifications),
            since: Some("2026-09-01".into()),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    assert_eq!(counts(&report, Step::Qualifications), Counts::default());
    let descriptions = descriptions_read(&register);
    // 28 in the full run, 3 updated since September in the incremental one.
    assert_eq!(descriptions, 28 + 3);
    let bad = sync(
        &app,
        &register,
        SyncOptions {
            since: Some("last week".into()),
            ..Default::default()
        },
    )
    .await;
    assert!(bad.unwrap_err().to_string().contains("--since"));
}

#[tokio::test]
async fn what_leaves_the_register_is_retired_with_its_reviews_and_edits_are_kept() {
    let register = Register::start(stand_in::small()).await;
    let app = TestApp::new().await;
    full(&app, &register).await;
    let first = text(
        &app,
        "SELECT code FROM courses WHERE retired_at IS NULL ORDER BY id LIMIT 1",
    )
    .await;
    // An admin rewrites a description; the register's next one must not replace it.
    app.state
        .db
        .write(|tx| tx.execute("UPDATE courses SET copy = 'Written by our admin.' WHERE retired_at IS NULL AND id = (SELECT MIN(id) FROM courses WHERE retired_at IS NULL)", []))
        .await
        .unwrap();
    let second = text(
        &app,
        "SELECT code FROM courses WHERE retired_at IS NULL ORDER BY id LIMIT 1 OFFSET 1",
    )
    .await;
    let gone_course = second.clone();
    register.change(|data| {
        data.descriptions
            .insert(first.clone(), "<p>A new description.</p>".into());
        // Provider 90002 stops delivering the first course; organisation 90013 leaves the
        // register; the second qualification is no longer current.
        data.delivery
            .get_mut(&first)
            .unwrap()
            .retain(|row| row["organisationCode"] != "90002");
        data.organisations.retain(|o| o["code"] != "90013");
        let q = data
            .qualifications
            .iter_mut()
            .find(|q| q["code"] == gone_course.as_str())
            .unwrap();
        q["status"] = json!({ "isCurrent": false, "label": "Superseded" });
    });
    let report = full(&app, &register).await;
    assert_eq!(counts(&report, Step::Qualifications).retired, 1);
    assert_eq!(counts(&report, Step::Providers).retired, 1);
    assert!(counts(&report, Step::Delivery).retired >= 1);
    // Retired, not deleted.
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM providers WHERE rto_code = '90013' AND retired_at IS NOT NULL"
        )
        .await,
        1
    );
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM offerings o JOIN providers p ON p.id = o.provider_id
             WHERE p.rto_code = '90002' AND o.retired_at IS NOT NULL
               AND o.course_id = (SELECT MIN(id) FROM courses WHERE retired_at IS NULL)"
        )
        .await,
        1
    );
    assert_eq!(text(&app, "SELECT copy FROM courses WHERE id = (SELECT MIN(id) FROM courses WHERE retired_at IS NULL)").await, "Written by our admin.");
    // Back on the register, back in the catalogue.
    register.change(|data| data.organisations.push(json!({
        "code": "90013", "legalName": "Register Test College 13 Pty Ltd", "registration": { "statusLabel": "Current" },
    })));
    let back = sync(
        &app,
        &register,
        SyncOptions {
            only: Some(Step::Providers),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    assert_eq!(counts(&back, Step::Providers).changed, 1);
}

#[tokio::test]
async fn people_s_contact_details_are_never_stored() {
    let register = Register::start(stand_in::small()).await;
    let app = TestApp::new().await;
    full(&app, &register).await;
    let condition = text(
        &app,
        "SELECT description FROM regulatory_decisions WHERE in_force = 1 AND kind = 'Condition'",
    )
    .await;
    assert!(
        condition.contains("must not enrol new students"),
        "{condition}"
    );
    assert!(
        !condition.contains("jo.bloggs") && !condition.contains("0412"),
        "{condition}"
    );
    app.state.db.checkpoint();
    let mut bytes = std::fs::read(app.dir.path().join("app.db")).unwrap();
    if let Ok(wal) = std::fs::read(app.dir.path().join("app.db-wal")) {
        bytes.extend(wal);
    }
    let stored = String::from_utf8_lossy(&bytes);
    for personal in [
        "Privateperson",
        "0412 345 678",
        "0498 765 432",
        "jo.privateperson@gmail.com",
        "Secret Street",
        "jo.bloggs@example.com",
    ] {
        assert!(!stored.contains(personal), "{personal} was stored");
    }
}

#[tokio::test]
async fn decisions_in_force_are_told_from_historic_ones_and_mark_the_provider() {
    let register = Register::start(stand_in::small()).await;
    let app = TestApp::new().await;
    let report = full(&app, &register).await;
    assert_eq!(counts(&report, Step::Decisions).added, 5);
    let in_force = |rto: &'static str| {
        let db = app.state.db.clone();
        async move {
            db.read(move |conn| {
                conn.query_row(
                    "SELECT COALESCE(SUM(d.in_force), 0), COUNT(d.id), p.standing FROM providers p
                     LEFT JOIN regulatory_decisions d ON d.provider_id = p.id WHERE p.rto_code = ?1",
                    [rto],
                    |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?)),
                )
            })
            .await
            .unwrap()
        }
    };
    assert_eq!(in_force("90003").await, (1, 2, "registered".into()));
    // 'In effect' by its flag, but its end date is years past: historic.
    assert_eq!(in_force("90004").await, (0, 1, "registered".into()));
    assert_eq!(in_force("90005").await, (1, 1, "suspended".into()));
    assert_eq!(in_force("90006").await, (1, 1, "cancelled".into()));
    assert_eq!(
        text(&app, "SELECT url FROM regulatory_decisions d JOIN providers p ON p.id = d.provider_id WHERE p.rto_code = '90005'").await,
        format!("{}/organisation/details/90005", register.url)
    );
}

#[tokio::test]
async fn a_busy_or_slow_register_is_waited_for_not_given_up_on() {
    let register = Register::start(stand_in::small()).await;
    register.change(|data| {
        data.busy = vec![429, 503, 502];
        data.delay = Duration::from_millis(5);
    });
    let app = TestApp::new().await;
    let started = std::time::Instant::now();
    let report = sync(
        &app,
        &register,
        SyncOptions {
            only: Some(Step::Providers),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    assert_eq!(counts(&report, Step::Providers).added, 13);
    // Retry-After: 1 was honoured three times, not hammered.
    assert!(started.elapsed() >= Duration::from_secs(3));
    assert_eq!(report.requests, register.requests());
}

#[tokio::test]
async fn an_interrupted_sync_starts_again_after_its_last_written_step() {
    let register = Register::start(stand_in::small()).await;
    register.change(|data| data.answers = vec![("/delivery".into(), 200, "{not json".into())]);
    let app = TestApp::new().await;
    let failed = format!(
        "{:#}",
        sync(&app, &register, SyncOptions::default())
            .await
            .unwrap_err()
    );
    assert!(
        failed.contains("delivery of") && failed.contains("does not parse"),
        "{failed}"
    );
    let logged = text(
        &app,
        "SELECT error FROM register_sync_runs ORDER BY id DESC LIMIT 1",
    )
    .await;
    assert!(logged.contains("does not parse"), "{logged}");
    register.change(|data| data.answers.clear());
    let resumed = full(&app, &register).await;
    assert_eq!(resumed.skipped, vec![Step::Qualifications, Step::Providers]);
    assert_eq!(resumed.steps.len(), 2);
    // Once finished, the next sync is a whole one again.
    assert_eq!(full(&app, &register).await.steps.len(), 4);
}

/// Each bad input stops its step with a message naming the record and the field, and leaves
/// the catalogue as it was.
#[tokio::test]
async fn bad_input_stops_the_step_and_names_the_record_and_the_field() {
    type Change = Box<dyn Fn(&mut stand_in::Data)>;
    let q = |i: usize, f: fn(&mut serde_json::Value)| -> Change {
        Box::new(move |d| f(&mut d.qualifications[i]))
    };
    let cases: Vec<(&str, Option<Step>, Change, &str)> = vec![
        (
            "an answer that does not parse",
            None,
            Box::new(|d| {
                d.answers
                    .push(("/api/search/training".into(), 200, "<html>".into()))
            }),
            "does not parse",
        ),
        (
            "a missing field",
            None,
            q(4, |v| {
                v.as_object_mut().unwrap().remove("title");
            }),
            ": title is missing",
        ),
        (
            "a code that is not a code",
            None,
            q(5, |v| v["code"] = json!("SIT 308!")),
            "code \"SIT 308!\" is not a qualification code",
        ),
        (
            "HTML in a title",
            None,
            q(6, |v| {
                v["title"] = json!("Cookery <script>alert(1)</script>")
            }),
            ": title holds HTML",
        ),
        (
            "a supersession loop",
            None,
            Box::new(|d| {
                let (a, b) = (
                    d.qualifications[28]["code"].clone(),
                    d.qualifications[29]["code"].clone(),
                );
                d.qualifications[29]["supersedes"] = json!([{ "code": a, "isEquivalent": true }]);
                let _ = b;
            }),
            "supersession loop",
        ),
        (
            "a count that disagrees with totalCount",
            None,
            Box::new(|d| d.total_count_bias = 2),
            "totalCount is 32",
        ),
        (
            "a delivery list that ends on a full page with no next link",
            Some(Step::Delivery),
            Box::new(|d| d.drop_next_links = true),
            "links.next-page is missing after a full page",
        ),
        (
            "an RTO code that is not one",
            Some(Step::Providers),
            Box::new(|d| d.organisations[2]["code"] = json!("90003; DROP")),
            "is not an RTO code",
        ),
        (
            "a decision date that is not a date",
            Some(Step::Decisions),
            Box::new(|d| {
                d.decisions.insert(
                    "90003".into(),
                    json!([{ "decisionType": "Condition", "startDate": "soon" }]),
                );
            }),
            "organisation 90003 regulatorydecision: startDate \"soon\" is not a date",
        ),
        (
            "a web address that is not one",
            Some(Step::Providers),
            Box::new(|d| {
                d.web
                    .insert("90001".into(), json!([{ "url": "javascript:alert(1)" }]));
            }),
            "organisation 90001: webaddress.url",
        ),
    ];
    for (case, only, change, message) in cases {
        let register = Register::start(stand_in::small()).await;
        let app = TestApp::new().await;
        if only.is_some() {
            full(&app, &register).await;
        }
        let before = catalogue(&app).await;
        register.change(|data| change(data));
        let error = sync(
            &app,
            &register,
            SyncOptions {
                only,
                ..Default::default()
            },
        )
        .await;
        let error = format!("{:#}", error.expect_err(case));
        assert!(error.contains(message), "{case}: {error}");
        assert_eq!(
            catalogue(&app).await,
            before,
            "{case}: the catalogue changed"
        );
    }
}

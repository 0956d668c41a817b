//! Superseded qualifications (issue 29 point 5): the shipped succession, `supersedes` in
//! `courses.csv` with its errors, a replaced course out of the lists with its search finding
//! the successor, and its reviews counted apart from the successor's.

use crate::common;

use crate::catalog::course;
use axum::http::StatusCode;
use common::{TestApp, reviewing::*};
use serde_json::{Value, json};
use tempfile::TempDir;

const COOKERY: &str = "certificate-iii-in-commercial-cookery";
const OLD_COOKERY: &str = "certificate-iii-in-commercial-cookery-sit30816";

fn codes(links: &Value) -> Vec<&str> {
    links
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["courseCode"].as_str().unwrap())
        .collect()
}

async fn import(
    app: &TestApp,
    files: &[(&str, &str)],
) -> Result<coursesource::catalog::import::ImportReport, Vec<String>> {
    let dir = TempDir::new().unwrap();
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    app.import_dir(dir.path()).await.map_err(|e| e.0)
}

async fn links(app: &TestApp) -> Vec<(String, String)> {
    app.state
        .db
        .read(coursesource::catalog::succession_store::codes)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_shipped_catalogue_knows_which_course_replaced_which() {
    let app = TestApp::new().await;
    let new = course(&app, COOKERY).await;
    assert_eq!(codes(&new["replaces"]), ["SIT30816"]);
    assert_eq!(new["replaces"][0]["slug"], OLD_COOKERY);
    assert_eq!(
        new["replaces"][0]["name"],
        "Certificate III in Commercial Cookery"
    );
    assert_eq!(codes(&new["replacedBy"]), Vec::<&str>::new());
    let old = course(&app, OLD_COOKERY).await;
    assert_eq!(codes(&old["replacedBy"]), ["SIT30821"]);
    assert_eq!(old["providers"], 0, "nobody delivers a replaced course");
    // Every shipped link joins a current course to one of the same title family, without loops.
    let all = links(&app).await;
    assert_eq!(all.len(), 16, "{all:?}");
    assert!(all.contains(&("TAE40122".into(), "TAE40116".into())));

    // A replaced course nobody delivers leaves the lists and the count.
    let count = app
        .post_json("/api/getcoursecount", &json!({}))
        .await
        .json();
    assert_eq!(count["count"], 210);
    let career = new["careers"][0]["_id"].as_str().unwrap().to_owned();
    let listed = app
        .post_json("/api/getcoursesbycareerid", &json!({ "careerId": career }))
        .await
        .json();
    let listed: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["courseCode"].as_str().unwrap())
        .collect();
    assert!(
        listed.contains(&"SIT30821") && !listed.contains(&"SIT30816"),
        "{listed:?}"
    );
}

#[tokio::test]
async fn typing_a_replaced_code_or_title_finds_the_successor_with_a_note() {
    let app = TestApp::new().await;
    let note = "Replaces SIT30816 Certificate III in Commercial Cookery";
    let by_code = app
        .get("/api/search/typeahead?q=SIT30816&mode=code")
        .await
        .json();
    assert_eq!(by_code.as_array().unwrap().len(), 1, "{by_code}");
    assert_eq!(by_code[0]["courseCode"], "SIT30821");
    assert_eq!(by_code[0]["replaces"], note);
    // The old title is the new one's: the successor comes once.
    let by_name = app
        .get("/api/search/typeahead?q=commercial%20cookery")
        .await
        .json();
    let found: Vec<&str> = by_name
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["courseCode"].as_str().unwrap())
        .collect();
    assert_eq!(
        found.iter().filter(|c| **c == "SIT30821").count(),
        1,
        "{found:?}"
    );
    assert!(!found.contains(&"SIT30816"), "{found:?}");
    // A renamed predecessor: 'Certificate IV in Commercial Cookery' became Kitchen Management.
    let renamed = app
        .get("/api/search/typeahead?q=certificate%20iv%20in%20commercial%20cookery")
        .await
        .json();
    assert_eq!(renamed[0]["courseCode"], "SIT40521", "{renamed}");
    assert_eq!(
        renamed[0]["replaces"],
        "Replaces SIT40516 Certificate IV in Commercial Cookery"
    );
    // A course that replaced nothing carries no note.
    let plain = app
        .get("/api/search/typeahead?q=SHB30516&mode=code")
        .await
        .json();
    assert_eq!(plain[0]["replaces"], Value::Null);
    // The search page's typed old code opens the successor.
    let results = app
        .post_json(
            "/api/search/getsearchresults",
            &json!({ "searchBy": "code", "qualification": "SIT30816" }),
        )
        .await;
    assert_eq!(results.status, StatusCode::OK, "{}", results.text());
    assert_eq!(results.json()["course"]["courseCode"], "SIT30821");
}

#[tokio::test]
async fn a_replaced_course_still_delivered_stays_listed() {
    let app = TestApp::new().await;
    let provider = named_pair(&app, 0).await.provider_slug;
    import(
        &app,
        &[(
            "offerings.csv",
            &format!("course,provider\nSIT30816,{provider}\n"),
        )],
    )
    .await
    .unwrap();
    coursesource::search::refresh(&app.state.db, &app.state.search)
        .await
        .unwrap();
    let old = course(&app, OLD_COOKERY).await;
    assert_eq!(old["providers"], 1);
    let count = app
        .post_json("/api/getcoursecount", &json!({}))
        .await
        .json();
    assert_eq!(count["count"], 211);
    let by_code = app
        .get("/api/search/typeahead?q=SIT30816&mode=code")
        .await
        .json();
    let found: Vec<&str> = by_code
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["courseCode"].as_str().unwrap())
        .collect();
    assert_eq!(found, ["SIT30816", "SIT30821"], "its own code first");
}

#[tokio::test]
async fn a_predecessors_reviews_are_counted_apart_from_the_successors() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let provider = pair.provider_slug.clone();
    import(
        &app,
        &[(
            "offerings.csv",
            &format!("course,provider\nSIT30816,{provider}\nSIT30821,{provider}\n"),
        )],
    )
    .await
    .unwrap();
    let (old, new): (i64, i64) = app
        .state
        .db
        .read(|c| {
            c.query_row(
                "SELECT (SELECT id FROM courses WHERE code = 'SIT30816'), (SELECT id FROM courses WHERE code = 'SIT30821')",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .await
        .unwrap();
    let p = pair.provider;
    for (n, halves) in [(1, 4), (2, 8)] {
        let (_, author) = user(
            &app,
            "Student",
            &format!("Old{n}"),
            Some(&format!("Old{n}x")),
        )
        .await;
        sql(
            &app,
            &format!(
                "INSERT INTO reviews (user_id, course_id, provider_id, user_type, title, comment, score_halves, answers, created_at, approved, actioned)
                 VALUES ({author}, {old}, {p}, 'Student', 'Old course {n}', 'The old release of the course.', {halves}, '{{}}', unixepoch() - 3 * 365 * 86400, 1, 1)"
            ),
        )
        .await;
    }
    app.state
        .db
        .write(coursesource::catalog::counters_store::recount_all)
        .await
        .unwrap();
    let at = |course: i64| {
        let provider = provider.clone();
        let app = &app;
        async move {
            app.post_json(
                "/api/getproviderbyslug",
                &json!({ "providerSlug": provider, "courseId": course.to_string() }),
            )
            .await
            .json()
        }
    };
    let old_pair = at(old).await;
    assert_eq!(old_pair["reviewCount"]["total"], 2);
    assert_eq!(old_pair["rating"]["overall"], 3.0);
    let new_pair = at(new).await;
    assert_eq!(
        new_pair["reviewCount"]["total"], 0,
        "never mixed into the new score"
    );
    assert_eq!(new_pair["rating"]["overall"], Value::Null);
    common::counters::assert_counters_match_a_recount(
        &app.dir.path().join("app.db"),
        "after the old reviews",
    );
}

#[tokio::test]
async fn supersedes_in_courses_csv_is_checked_and_written() {
    let app = TestApp::new().await;
    let header = "slug,code,name,copy,careers,supersedes\n";
    let row = |slug: &str, code: &str, supersedes: &str| {
        format!("{slug},{code},Course {code},Copy.,cook,{supersedes}\n")
    };
    let before = links(&app).await;
    let bad = [
        row("zz-one", "ZZZ10121", "ZZZ10199"),
        row("zz-two", "ZZZ10221", "ZZZ10221"),
        row("zz-three", "ZZZ10321", "ZZZ10421"),
        row("zz-four", "ZZZ10421", "ZZZ10321"),
        row("zz-five", "ZZZ10521", "SIT30816;;SIT40516"),
        // SIT30821 replaces SIT30816 already: the reverse would loop.
        row(
            "certificate-iii-in-commercial-cookery-sit30816",
            "SIT30816",
            "SIT30821",
        ),
    ]
    .concat();
    let errors = import(&app, &[("courses.csv", &format!("{header}{bad}"))])
        .await
        .unwrap_err();
    assert_eq!(
        errors,
        [
            "courses.csv line 2: supersedes 'ZZZ10199' is not a course code in courses.csv or the database",
            "courses.csv line 3: supersedes 'ZZZ10221' is the course itself: a course cannot replace itself",
            "courses.csv line 4: supersedes makes a loop: ZZZ10321 would end up replacing itself",
            "courses.csv line 5: supersedes makes a loop: ZZZ10421 would end up replacing itself",
            "courses.csv line 6: supersedes has an empty code: separate the codes with a single ';'",
            "courses.csv line 7: supersedes makes a loop: SIT30816 would end up replacing itself",
        ]
    );
    assert_eq!(links(&app).await, before, "nothing changed");

    // Good rows: a chain within the file, and a cell left empty keeps the stored links.
    let good = [
        row("zz-old", "ZZZ20116", ""),
        row("zz-mid", "ZZZ20121", "ZZZ20116"),
        row("zz-new", "ZZZ20125", "ZZZ20121;SIT30816"),
        row("certificate-iii-in-commercial-cookery", "SIT30821", ""),
    ]
    .concat();
    let report = import(&app, &[("courses.csv", &format!("{header}{good}"))])
        .await
        .unwrap();
    assert_eq!(report.supersessions, 2);
    assert!(
        report
            .summary(true)
            .contains("courses replacing earlier ones: 2 set")
    );
    let after = links(&app).await;
    for link in [
        ("ZZZ20121", "ZZZ20116"),
        ("ZZZ20125", "ZZZ20121"),
        ("ZZZ20125", "SIT30816"),
        ("SIT30821", "SIT30816"),
    ] {
        assert!(
            after.contains(&(link.0.into(), link.1.into())),
            "{link:?} in {after:?}"
        );
    }
    let new = course(&app, "zz-new").await;
    assert_eq!(codes(&new["replaces"]), ["SIT30816", "ZZZ20121"]);
    // A file without the column leaves every link as it is.
    import(
        &app,
        &[(
            "courses.csv",
            "slug,code,name,copy,careers\nzz-new,ZZZ20125,Course,Copy.,cook\n",
        )],
    )
    .await
    .unwrap();
    assert_eq!(links(&app).await.len(), after.len());
}

#[tokio::test]
async fn the_register_sync_records_which_qualification_superseded_which() {
    use common::register::{self as stand_in, Register};
    let register = Register::start(stand_in::small()).await;
    let app = TestApp::new().await;
    crate::catalogue_sync::full(&app, &register).await;
    // The stand-in's first qualification superseded an older one (not current, so kept for
    // lineage only: retired), which superseded another the catalogue never needed.
    let (first, slug): (String, String) = app
        .state
        .db
        .read(|c| {
            c.query_row(
                "SELECT code, slug FROM courses WHERE retired_at IS NULL ORDER BY id LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .await
        .unwrap();
    let older = format!("{}9{}", &first[..3], &first[4..]);
    let new = course(&app, &slug).await;
    assert_eq!(codes(&new["replaces"]), [older.as_str()], "{new}");
    let kept = new["replaces"][0]["slug"].as_str().unwrap().to_owned();
    let old = course(&app, &kept).await;
    assert_eq!(codes(&old["replacedBy"]), [first.as_str()]);
    let retired: bool = app
        .state
        .db
        .read(move |c| {
            c.query_row(
                "SELECT retired_at IS NOT NULL FROM courses WHERE code = ?1",
                [older],
                |r| r.get(0),
            )
        })
        .await
        .unwrap();
    assert!(retired, "kept for lineage, out of the lists");
    // A second sync changes nothing about it.
    crate::catalogue_sync::full(&app, &register).await;
    assert_eq!(
        links(&app)
            .await
            .iter()
            .filter(|(n, _)| *n == first)
            .count(),
        1
    );
}

//! `app import` of offering facts: `campuses.csv` and the optional fact columns of
//! `offerings.csv`, checked by the editors' rules with every bad row reported by file and line
//! and nothing written; the facts shown as 'Added by CourseSource' with history rows whose
//! source is the import; a second import of the same files changes nothing; a row whose fact
//! cells are empty leaves the facts alone; `--dry-run` writes nothing.

use crate::common;

use std::{fs, path::Path};

use common::{TestApp, app_command, reviewing::*};
use coursesource::catalog::facts::check::Month;
use serde_json::json;
use tempfile::TempDir;

const CAMPUSES_HEADER: &str = "provider,name,street,town,state,postcode,latitude,longitude";
const OFFERINGS_HEADER: &str = "course,provider,fee,subsidised_fee,subsidy_state,duration_weeks,duration_max_weeks,delivery_modes,campuses,intakes,funding_notes,course_url";

fn write(dir: &Path, campuses: &str, offerings: &str) {
    fs::write(
        dir.join("campuses.csv"),
        format!("{CAMPUSES_HEADER}\n{campuses}"),
    )
    .unwrap();
    fs::write(
        dir.join("offerings.csv"),
        format!("{OFFERINGS_HEADER}\n{offerings}"),
    )
    .unwrap();
}

async fn scalar(app: &TestApp, sql: String) -> i64 {
    app.state
        .db
        .read(move |c| c.query_row(&sql, [], |r| r.get(0)))
        .await
        .unwrap()
}

fn campus_row(provider: &str, name: &str) -> String {
    format!("{provider},{name},1 Wharf St,Geelong,VIC,3220,-38.1499,144.3617\n")
}

#[tokio::test]
async fn campuses_and_facts_import_with_history_and_a_second_import_changes_nothing() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let (code, slug) = (&pair.course_code, &pair.provider_slug);
    let intake = Month::now().plus(2).text();
    let dir = TempDir::new().unwrap();
    write(
        dir.path(),
        &format!(
            "{}{}",
            campus_row(slug, "Geelong waterfront"),
            campus_row(slug, "Geelong north")
        ),
        &format!(
            "{code},{slug},12500,4000,VIC,26,52,online;on campus,Geelong waterfront;Geelong north,{intake},Government subsidised;VET Student Loans,\n"
        ),
    );
    let report = app.import_dir(dir.path()).await.unwrap();
    assert_eq!(
        (report.campuses, report.new_campuses, report.offering_facts),
        (2, 2, 1)
    );
    let body =
        json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() });
    let facts = app.post_json("/api/getofferingfacts", &body).await.json();
    assert_eq!(facts["fee"], 12500);
    assert_eq!(facts["subsidisedFee"], 4000);
    assert_eq!(facts["subsidyState"], "VIC");
    assert_eq!(facts["durationWeeks"], 26);
    assert_eq!(facts["durationMaxWeeks"], 52);
    assert_eq!(facts["deliveryModes"], json!(["on campus", "online"]));
    assert_eq!(facts["intakes"], json!([intake]));
    assert_eq!(
        facts["fundingNotes"],
        json!(["Government subsidised", "VET Student Loans"])
    );
    assert_eq!(facts["campuses"].as_array().unwrap().len(), 2);
    assert_eq!(facts["source"], "import");
    assert!(facts["confirmedAt"].is_string());
    let provider = pair.provider;
    let history = |source: &'static str| {
        format!(
            "SELECT COUNT(*) FROM fact_history WHERE provider_id = {provider} AND source = '{source}' AND user_id IS NULL"
        )
    };
    assert_eq!(
        scalar(&app, history("import")).await,
        3,
        "two campuses, one offering"
    );

    let again = app.import_dir(dir.path()).await.unwrap();
    assert_eq!(
        (again.campuses, again.new_campuses, again.offering_facts),
        (0, 0, 0)
    );
    assert_eq!(scalar(&app, history("import")).await, 3, "nothing new");

    // A row that only lists the offering leaves its facts; a changed campus is updated.
    write(
        dir.path(),
        &format!("{slug},Geelong north,9 Hill Rd,Geelong,VIC,3214,-38.09,144.35\n"),
        &format!("{code},{slug},,,,,,,,,,\n"),
    );
    let third = app.import_dir(dir.path()).await.unwrap();
    assert_eq!(
        (third.campuses, third.new_campuses, third.offering_facts),
        (1, 0, 0)
    );
    let facts = app.post_json("/api/getofferingfacts", &body).await.json();
    assert_eq!(facts["fee"], 12500, "facts left as they were");
    assert_eq!(scalar(&app, history("import")).await, 4);
}

#[tokio::test]
async fn every_bad_fact_and_campus_is_reported_by_line_and_nothing_is_imported() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let (code, slug) = (&pair.course_code, &pair.provider_slug);
    let past = Month::now().plus(-1).text();
    let dir = TempDir::new().unwrap();
    let campuses = [
        campus_row(slug, "Good campus"),
        format!("{slug},Wrong postcode,,Geelong,VIC,2000,-38.1,144.3\n"),
        format!("{slug},At sea,,Geelong,VIC,3220,-60,144.3\n"),
        campus_row("no-such-provider", "Nowhere"),
        campus_row(slug, "Good campus"),
    ]
    .concat();
    let offerings = [
        format!("{code},{slug},-5,,,,,,,,,\n"),
        format!("{code},{slug},lots,,,,,,,,,\n"),
        format!("{code},{slug},100,200,VIC,,,,,,,\n"),
        format!("{code},{slug},,,,300,,,,,,\n"),
        format!("{code},{slug},,,,,,by post,,,,\n"),
        format!("{code},{slug},,,,,,,Nowhere campus,,,\n"),
        format!("{code},{slug},,,,,,,,{past},,\n"),
        format!("{code},{slug},,,,,,,,,Free money,\n"),
        format!("{code},{slug},,,,,,,,,,ftp://x.example\n"),
    ]
    .concat();
    write(dir.path(), &campuses, &offerings);
    let before = scalar(&app, "SELECT COUNT(*) FROM campuses".into()).await;
    let errors = app.import_dir(dir.path()).await.unwrap_err().0;
    let expected = [
        "campuses.csv line 3: Postcode does not match the state".to_owned(),
        "campuses.csv line 4: Latitude and longitude must be in Australia".into(),
        "campuses.csv line 5: provider 'no-such-provider' is not in providers.csv or the database".into(),
        format!("campuses.csv line 6: Good campus at {slug} appears twice"),
        "offerings.csv line 2: Fee must be a whole number of dollars from 0 to 100,000".into(),
        "offerings.csv line 3: Fee must be a whole number of dollars from 0 to 100,000".into(),
        "offerings.csv line 4: Subsidised fee must not be more than the full fee".into(),
        "offerings.csv line 5: Duration must be a whole number of weeks from 1 to 260".into(),
        "offerings.csv line 6: Delivery mode must be 'on campus', 'online', 'blended' or 'in the workplace'".into(),
        format!("offerings.csv line 7: campus 'Nowhere campus' of {slug} is not in campuses.csv or the database"),
        "offerings.csv line 8: An intake must not be in the past".into(),
        "offerings.csv line 9: funding note 'Free money' is not one of Fee-free TAFE; Government subsidised; VET Student Loans; Apprenticeship or traineeship".into(),
        "offerings.csv line 10: Course web page must be an http or https address".into(),
    ];
    for line in &expected {
        assert!(errors.contains(line), "{line}\nin {errors:#?}");
    }
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM campuses".into()).await,
        before,
        "all or nothing"
    );
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM fact_history".into()).await,
        0
    );
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM offerings WHERE facts_source IS NOT NULL".into()
        )
        .await,
        0
    );
}

#[tokio::test]
async fn an_unknown_fact_column_is_named_with_the_full_header() {
    let app = TestApp::new().await;
    let dir = TempDir::new().unwrap();
    fs::write(dir.path().join("offerings.csv"), "course,provider,price\n").unwrap();
    let errors = app.import_dir(dir.path()).await.unwrap_err().0;
    assert_eq!(
        errors,
        vec![format!(
            "offerings.csv line 1: the column 'price' is not one of {}",
            OFFERINGS_HEADER
        )]
    );
}

#[test]
fn a_dry_run_of_facts_reports_them_and_writes_nothing() {
    let tmp = TempDir::new().unwrap();
    let (files, data) = (tmp.path().join("in"), tmp.path().join("data"));
    fs::create_dir(&files).unwrap();
    let providers = "slug,name,website,town,state,latitude,longitude,description\nbay-college,Bay College,https://bay.example,Geelong,VIC,-38.1499,144.3617,<p>By the bay.</p>\n";
    fs::write(files.join("providers.csv"), providers).unwrap();
    write(
        &files,
        &campus_row("bay-college", "Waterfront"),
        "SIT30821,bay-college,9000,,,52,,online,Waterfront,,,https://bay.example/cookery\n",
    );
    let run = |args: &[&str]| {
        let out = app_command(&data).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let rehearsed = run(&["import", "--dry-run", files.to_str().unwrap()]);
    assert!(
        rehearsed.contains("campuses: 1 would be added"),
        "{rehearsed}"
    );
    assert!(
        rehearsed.contains("offering facts: 1 would be changed"),
        "{rehearsed}"
    );
    let count = |sql: &str| -> i64 {
        rusqlite::Connection::open(data.join("app.db"))
            .unwrap()
            .query_row(sql, [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(count("SELECT COUNT(*) FROM campuses"), 0);
    let done = run(&["import", files.to_str().unwrap()]);
    assert!(done.contains("offering facts: 1 changed"), "{done}");
    assert_eq!(
        count(
            "SELECT COUNT(*) FROM offerings WHERE fee = 9000 AND facts_source = 'import' AND course_url_flagged = 0"
        ),
        1
    );
}

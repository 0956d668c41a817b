//! The providers list's filters and 'Lowest fee' sort (`POST /api/getprovidersbycourseid` with
//! `deliveryMode`, `maxFee`, `fundingNote`, `intakeWithinMonths`, `sort`): on every offering
//! given facts the way the bench data set gives them, each answer equals a brute-force filter
//! of the same rows; bad filters have their messages. The fee filter and the sort compare the
//! lowest fee: the subsidised fee where one is set, else the full fee.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, reviewing::*, scenario::Case};
use coursesource::catalog::facts::check::Month;
use serde_json::{Value, json};

/// One offering's facts as stored: course, provider name, lowest fee, delivery bits, notes, intakes.
#[derive(Debug, Clone)]
struct Facts {
    course: i64,
    provider: String,
    fee: Option<i64>,
    modes: i64,
    notes: Vec<String>,
    intakes: Vec<String>,
}

/// Gives every offering facts spread like the bench data's (some without a fee).
async fn spread_facts(app: &TestApp) {
    let now = Month::now();
    let months: Vec<String> = (0..12).map(|n| now.plus(n).text()).collect();
    let sql = format!(
        "UPDATE offerings SET fee = CASE WHEN id % 7 = 0 THEN NULL ELSE 500 + (id * 7919) % 20000 END,
                subsidised_fee = CASE WHEN id % 4 = 1 THEN 100 + (id * 31) % 400 END,
                subsidy_state = CASE WHEN id % 4 = 1 THEN 'VIC' END,
                delivery_modes = 1 + id % 15, facts_source = 'import', facts_confirmed_at = unixepoch();
         INSERT INTO offering_funding (offering_id, note)
             SELECT id, CASE id % 3 WHEN 0 THEN 'Fee-free TAFE' WHEN 1 THEN 'VET Student Loans' ELSE 'Government subsidised' END FROM offerings;
         INSERT INTO offering_intakes (offering_id, month) SELECT id, '{}' FROM offerings WHERE id % 2 = 0;
         INSERT INTO offering_intakes (offering_id, month) SELECT id, '{}' FROM offerings WHERE id % 3 = 0;
         INSERT INTO offering_intakes (offering_id, month) SELECT id, '{}' FROM offerings WHERE id % 5 = 0;",
        months[1], months[5], months[10]
    );
    app.state
        .db
        .write(move |tx| tx.execute_batch(&sql))
        .await
        .unwrap();
}

async fn all_facts(app: &TestApp) -> Vec<Facts> {
    app.state
        .db
        .read(|conn| {
            let mut stmt = conn.prepare(
                "SELECT o.id, o.course_id, p.name, coalesce(o.subsidised_fee, o.fee), o.delivery_modes FROM offerings o JOIN providers p ON p.id = o.provider_id",
            )?;
            let rows: Vec<(i64, i64, String, Option<i64>, i64)> = stmt
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
                .collect::<Result<_, _>>()?;
            let list = |sql: &str, id: i64| -> rusqlite::Result<Vec<String>> {
                let mut stmt = conn.prepare(sql)?;
                stmt.query_map([id], |r| r.get(0))?.collect()
            };
            rows.into_iter()
                .map(|(id, course, provider, fee, modes)| {
                    Ok(Facts {
                        course,
                        provider,
                        fee,
                        modes,
                        notes: list("SELECT note FROM offering_funding WHERE offering_id = ?1", id)?,
                        intakes: list("SELECT month FROM offering_intakes WHERE offering_id = ?1", id)?,
                    })
                })
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .await
        .unwrap()
}

const MODES: [&str; 4] = ["on campus", "online", "blended", "in the workplace"];

/// The providers (by name) a filter should list, in order, worked out row by row.
fn brute_force(facts: &[Facts], course: i64, filter: &Value) -> Vec<String> {
    let now = Month::now();
    let mut kept: Vec<&Facts> = facts
        .iter()
        .filter(|f| f.course == course)
        .filter(|f| match filter["deliveryMode"].as_str() {
            Some(mode) => f.modes & (1 << MODES.iter().position(|m| *m == mode).unwrap()) != 0,
            None => true,
        })
        .filter(|f| match filter["maxFee"].as_i64() {
            Some(max) => f.fee.is_some_and(|fee| fee <= max),
            None => true,
        })
        .filter(|f| match filter["fundingNote"].as_str() {
            Some(note) => f.notes.iter().any(|n| n == note),
            None => true,
        })
        .filter(|f| match filter["intakeWithinMonths"].as_i64() {
            Some(months) => {
                let (from, to) = (now.text(), now.plus(months).text());
                f.intakes.iter().any(|m| *m >= from && *m <= to)
            }
            None => true,
        })
        .collect();
    kept.sort_by_key(|f| f.provider.to_lowercase());
    if filter["sort"] == "lowest-fee" {
        kept.sort_by_key(|f| (f.fee.is_none(), f.fee));
    }
    kept.iter().map(|f| f.provider.clone()).collect()
}

#[tokio::test]
async fn every_filter_and_the_lowest_fee_sort_equal_a_brute_force_filter() {
    let app = TestApp::new().await;
    spread_facts(&app).await;
    let facts = all_facts(&app).await;
    let mut courses: Vec<i64> = facts.iter().map(|f| f.course).collect();
    courses.sort();
    courses.dedup();
    let filters = [
        json!({}),
        json!({ "deliveryMode": "online" }),
        json!({ "deliveryMode": "in the workplace", "sort": "lowest-fee" }),
        json!({ "maxFee": 8000 }),
        json!({ "maxFee": 8000, "sort": "lowest-fee" }),
        json!({ "maxFee": 400, "sort": "lowest-fee" }),
        json!({ "fundingNote": "Fee-free TAFE" }),
        json!({ "intakeWithinMonths": 3 }),
        json!({ "intakeWithinMonths": 6, "deliveryMode": "on campus" }),
        json!({ "sort": "lowest-fee" }),
        json!({ "deliveryMode": "blended", "maxFee": 15000, "fundingNote": "VET Student Loans", "intakeWithinMonths": 6, "sort": "lowest-fee" }),
    ];
    let mut compared = 0;
    for course in &courses {
        for filter in &filters {
            let body = common::with(json!({ "courseId": course.to_string() }), filter.clone());
            let res = app.post_json("/api/getprovidersbycourseid", &body).await;
            assert_eq!(res.status, StatusCode::OK, "{}", res.text());
            let listed: Vec<String> = res
                .json()
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["name"].as_str().unwrap().to_owned())
                .collect();
            let expected = brute_force(&facts, *course, filter);
            if filter["sort"] == "lowest-fee" {
                let fees: Vec<Value> = res
                    .json()
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| {
                        let facts = &p["facts"];
                        match &facts["subsidisedFee"] {
                            Value::Null => facts["fee"].clone(),
                            subsidised => subsidised.clone(),
                        }
                    })
                    .collect();
                assert!(
                    fees.windows(2)
                        .all(|w| w[1].is_null() || w[0].as_i64() <= w[1].as_i64()),
                    "{fees:?}"
                );
            }
            assert_eq!(listed, expected, "course {course}, filter {filter}");
            compared += listed.len();
        }
    }
    assert!(
        compared > 50,
        "the data gave the filters something to find: {compared}"
    );
}

#[tokio::test]
async fn the_fee_filter_lists_an_offering_whose_subsidised_fee_is_within_it() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let (offering_course, provider) = (pair.course, pair.provider);
    app.state
        .db
        .write(move |tx| {
            tx.execute(
                "UPDATE offerings SET fee = 9000, subsidised_fee = 3000, subsidy_state = 'NSW'
                 WHERE course_id = ?1 AND provider_id = ?2",
                [offering_course, provider],
            )
        })
        .await
        .unwrap();
    let list = |max: i64| {
        let body = json!({ "courseId": offering_course.to_string(), "maxFee": max });
        let app = &app;
        async move {
            let res = app.post_json("/api/getprovidersbycourseid", &body).await;
            assert_eq!(res.status, StatusCode::OK, "{}", res.text());
            res.json()
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["_id"].as_str() == Some(provider.to_string().as_str()))
                .cloned()
        }
    };
    let listed = list(5000).await.expect("listed by its subsidised fee");
    assert_eq!(listed["facts"]["fee"], 9000);
    assert_eq!(listed["facts"]["subsidisedFee"], 3000);
    assert_eq!(listed["facts"]["subsidyState"], "NSW");
    assert!(list(2999).await.is_none(), "above the subsidised fee");
}

#[tokio::test]
async fn bad_filters_have_their_messages() {
    let app = TestApp::new().await;
    let course = pair(&app, 0).await.course.to_string();
    let call = |name: &str, filter: Value| {
        Case::post(
            name,
            "/api/getprovidersbycourseid",
            common::with(json!({ "courseId": course }), filter),
        )
    };
    let bad = StatusCode::BAD_REQUEST;
    let cases = [
        call(
            "unknown delivery mode",
            json!({ "deliveryMode": "by post" }),
        )
        .error(
            bad,
            Some("deliveryMode"),
            "deliveryMode must be 'on campus', 'online', 'blended' or 'in the workplace'",
        ),
        call("negative fee", json!({ "maxFee": -5 })).error(
            bad,
            Some("maxFee"),
            "maxFee must be a whole number of dollars from 0 to 100,000",
        ),
        call("intake window", json!({ "intakeWithinMonths": 4 })).error(
            bad,
            Some("intakeWithinMonths"),
            "intakeWithinMonths must be 3 or 6",
        ),
        call("unknown sort", json!({ "sort": "cheapest" })).error(
            bad,
            Some("sort"),
            "sort must be 'lowest-fee' or 'recent-score'",
        ),
        // A note not on the operator's list names nothing, as an unknown course does: 404.
        call(
            "unknown funding note",
            json!({ "fundingNote": "Free money" }),
        )
        .error(StatusCode::NOT_FOUND, None, "No such funding note"),
    ];
    for case in &cases {
        app.run_case(case).await;
    }
}

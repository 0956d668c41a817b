//! Where readers meet offering facts beyond the course-provider page: the compare table's
//! 'Course details' rows (`POST /api/compareproviders` carries each provider's facts, with who
//! said them, when, and whether they are stale).

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, reviewing::*};
use serde_json::json;

async fn exec(app: &TestApp, sql: String) {
    app.state
        .db
        .write(move |tx| tx.execute_batch(&sql))
        .await
        .unwrap();
}

#[tokio::test]
async fn the_comparison_carries_each_providers_facts_and_marks_stale_ones() {
    let app = TestApp::new().await;
    let first = named_pair(&app, 0).await;
    let course = first.course;
    let slugs: Vec<String> = app
        .state
        .db
        .read(move |c| {
            c.prepare(
                "SELECT p.slug FROM offerings o JOIN providers p ON p.id = o.provider_id
                 WHERE o.course_id = ?1 ORDER BY p.slug LIMIT 2",
            )?
            .query_map([course], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()
        })
        .await
        .unwrap();
    assert_eq!(slugs.len(), 2, "a course with two providers");
    exec(
        &app,
        format!(
            "UPDATE offerings SET fee = 12500, subsidised_fee = 4000, subsidy_state = 'VIC', delivery_modes = 3,
                    facts_source = 'representative', facts_confirmed_at = unixepoch()
             WHERE course_id = {course} AND provider_id = (SELECT id FROM providers WHERE slug = '{}');
             UPDATE offerings SET fee = 900, facts_source = 'import', facts_confirmed_at = unixepoch() - 400 * 86400
             WHERE course_id = {course} AND provider_id = (SELECT id FROM providers WHERE slug = '{}');",
            slugs[0], slugs[1]
        ),
    )
    .await;
    let res = app
        .post_json(
            "/api/compareproviders",
            &json!({ "courseSlug": first.course_slug, "providerSlugs": slugs }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let compared = res.json()["providers"].clone();
    let facts = |i: usize| compared[i]["facts"].clone();
    assert_eq!(facts(0)["fee"], 12500);
    assert_eq!(facts(0)["subsidisedFee"], 4000);
    assert_eq!(facts(0)["deliveryModes"], json!(["on campus", "online"]));
    assert_eq!(facts(0)["source"], "representative");
    assert_eq!(facts(0)["stale"], false);
    assert_eq!(facts(1)["fee"], 900);
    assert_eq!(facts(1)["stale"], true, "not confirmed for 12 months");
}

#[tokio::test]
async fn demo_facts_cover_most_example_offerings_with_some_stale_and_are_written_once() {
    let app = TestApp::new().await;
    let written = coursesource::seed::demo::ensure_facts(&app.state.db)
        .await
        .unwrap();
    let count = |sql: &'static str| {
        let app = &app;
        async move { row::<i64>(app, sql).await }
    };
    let offerings = count("SELECT COUNT(*) FROM offerings").await;
    let with = count("SELECT COUNT(*) FROM offerings WHERE facts_source IS NOT NULL").await;
    assert_eq!(with, written as i64);
    assert!(
        with * 10 > offerings * 7 && with < offerings,
        "most, not all: {with} of {offerings}"
    );
    let stale = count(
        "SELECT COUNT(*) FROM offerings WHERE facts_confirmed_at < unixepoch() - 365 * 86400",
    )
    .await;
    assert!(stale > 0 && stale * 4 < with, "some stale: {stale}");
    let subsidised = count("SELECT COUNT(*) FROM offerings WHERE subsidised_fee < fee").await;
    assert!(subsidised > 0);
    // Each example provider with such offerings has a campus in its own town, with a postcode
    // of its state, and every offering not only online runs there.
    let campuses = count("SELECT COUNT(*) FROM campuses").await;
    let campus_providers = count(
        "SELECT COUNT(DISTINCT o.provider_id) FROM offerings o
         WHERE o.facts_source IS NOT NULL AND o.delivery_modes <> 2",
    )
    .await;
    assert_eq!(campuses, campus_providers);
    assert_eq!(
        count(
            "SELECT COUNT(*) FROM campuses c JOIN providers p ON p.id = c.provider_id
               WHERE c.town <> p.town OR c.state <> p.state OR c.name <> p.town || ' campus'"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            "SELECT COUNT(*) FROM offerings o WHERE o.facts_source IS NOT NULL
               AND o.delivery_modes <> 2
               AND NOT EXISTS (SELECT 1 FROM offering_campuses c WHERE c.offering_id = o.id)"
        )
        .await,
        0
    );
    assert_eq!(
        coursesource::seed::demo::ensure_facts(&app.state.db)
            .await
            .unwrap(),
        0,
        "written once"
    );
}

#[tokio::test]
async fn an_admin_extends_the_funding_notes_and_editors_can_choose_the_new_one() {
    use coursesource::catalog::facts::check;
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let admin_caller = common::scenario::Caller::Bearer(admin.clone());
    let add = |name: &str, body: serde_json::Value| {
        common::scenario::Case::post(name, "/api/admin/funding-notes", body).by(&admin_caller)
    };
    let bad = StatusCode::BAD_REQUEST;
    let cases = [
        add("blank", json!({ "name": "  " })).error(
            bad,
            Some("name"),
            check::FUNDING_NOTE_REQUIRED,
        ),
        add("too long", json!({ "name": "x".repeat(61) })).error(
            bad,
            Some("name"),
            check::FUNDING_NOTE_TOO_LONG,
        ),
        add("a line break", json!({ "name": "Job\nTrainer" })).error(
            bad,
            Some("name"),
            &check::control_characters("Funding note"),
        ),
        add("one on the list", json!({ "name": "VET Student Loans" })).error(
            StatusCode::CONFLICT,
            Some("name"),
            check::FUNDING_NOTE_TAKEN,
        ),
    ];
    for case in &cases {
        app.run_case(case).await;
    }
    let res = app
        .send(
            axum::http::Method::POST,
            "/api/admin/funding-notes",
            &[
                ("authorization", &format!("Bearer {admin}")),
                ("content-type", "application/json"),
            ],
            json!({ "name": " JobTrainer " }).to_string(),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let list = res.json();
    assert_eq!(list.as_array().unwrap().last().unwrap(), "JobTrainer");
    assert_eq!(app.get("/api/funding-notes").await.json(), list);

    let ours = pair(&app, 0).await;
    let offering: i64 = row(
        &app,
        format!(
            "SELECT id FROM offerings WHERE course_id = {} AND provider_id = {}",
            ours.course, ours.provider
        ),
    )
    .await;
    let saved = app
        .send(
            axum::http::Method::PUT,
            &format!("/api/offerings/{offering}/facts"),
            &[
                ("authorization", &format!("Bearer {admin}")),
                ("content-type", "application/json"),
            ],
            json!({ "version": 0, "fundingNotes": ["JobTrainer"] }).to_string(),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(saved.json()["fundingNotes"], json!(["JobTrainer"]));
}

/// The JSON-LD blocks of a page's server-written head.
fn json_ld(html: &str) -> Vec<serde_json::Value> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| serde_json::from_str(&rest[..rest.find("</script>").unwrap()]).unwrap())
        .collect()
}

#[tokio::test]
async fn the_course_provider_page_head_carries_the_facts_with_the_subsidised_fee_as_a_second_offer()
{
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let path = format!("/course/{}/{}", pair.course_slug, pair.provider_slug);
    let course_ld = |html: &str| {
        json_ld(html)
            .into_iter()
            .find(|block| block["@type"] == "Course")
    };
    let before = app.get(&path).await;
    assert_eq!(before.status, StatusCode::OK);
    assert!(
        course_ld(&before.text()).is_none(),
        "no Course without facts"
    );
    exec(
        &app,
        format!(
            "UPDATE offerings SET fee = 12500, subsidised_fee = 4000, subsidy_state = 'NSW', delivery_modes = 3,
                    duration_weeks = 26, facts_source = 'representative', facts_confirmed_at = unixepoch()
             WHERE course_id = {} AND provider_id = {}",
            pair.ids.course, pair.ids.provider
        ),
    )
    .await;
    // Two next intakes: each is a course instance starting that month.
    let now = time::OffsetDateTime::now_utc().date();
    let intakes: Vec<String> = [1, 2]
        .map(|years| format!("{}-{:02}", now.year() + years, u8::from(now.month())))
        .into();
    exec(
        &app,
        format!(
            "INSERT INTO offering_intakes (offering_id, month)
             SELECT id, '{}' FROM offerings WHERE course_id = {} AND provider_id = {}
             UNION ALL SELECT id, '{}' FROM offerings WHERE course_id = {} AND provider_id = {}",
            intakes[0],
            pair.ids.course,
            pair.ids.provider,
            intakes[1],
            pair.ids.course,
            pair.ids.provider
        ),
    )
    .await;
    let res = app.get(&path).await;
    assert_eq!(res.status, StatusCode::OK);
    let course = course_ld(&res.text()).expect("a Course once the provider said");
    let instances = course["hasCourseInstance"].as_array().unwrap();
    assert_eq!(instances.len(), 2);
    assert_eq!(instances[0]["startDate"], intakes[0]);
    assert_eq!(instances[1]["startDate"], intakes[1]);
    assert_eq!(course["@context"], "https://schema.org");
    assert_eq!(course["courseCode"], pair.course_code);
    let instance = &course["hasCourseInstance"][0];
    assert_eq!(instance["courseMode"], json!(["Onsite", "Online"]));
    assert_eq!(instance["courseSchedule"]["duration"], "P26W");
    let offers = course["offers"].as_array().unwrap();
    assert_eq!(offers.len(), 2, "{offers:?}");
    assert_eq!(offers[0]["price"], 12500);
    assert_eq!(offers[0]["priceCurrency"], "AUD");
    assert_eq!(offers[1]["price"], 4000);
    assert_eq!(offers[1]["priceCurrency"], "AUD");
    assert_eq!(offers[1]["category"], "Paid");
    assert_eq!(offers[1]["eligibleRegion"], "AU-NSW");
}

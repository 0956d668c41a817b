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

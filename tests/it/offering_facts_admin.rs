//! What admins do with offering facts beyond editing them: the list of flagged course pages
//! (`/api/admin/flagged-course-pages`: a course web page off the provider's website domain),
//! clearing a flag, which a later save of the same address keeps cleared, and the history
//! filtered by provider with its campuses named.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp,
    representing::representative,
    reviewing::*,
    scenario::{Caller, Case},
};
use coursesource::catalog::facts::flagged::{FLAG_CLEARED, NOT_FLAGGED};
use serde_json::{Value, json};

async fn send(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Value,
) -> common::TestResponse {
    let bearer = format!("Bearer {token}");
    app.send(
        method,
        path,
        &[("authorization", &bearer)],
        body.to_string(),
    )
    .await
}

async fn offering_of(app: &TestApp, pair: Pair) -> i64 {
    row(
        app,
        format!(
            "SELECT id FROM offerings WHERE course_id = {} AND provider_id = {}",
            pair.course, pair.provider
        ),
    )
    .await
}

/// Saves `facts` over `version` and answers the saved facts.
async fn save(app: &TestApp, token: &str, offering: i64, facts: Value) -> Value {
    let res = send(
        app,
        token,
        Method::PUT,
        &format!("/api/offerings/{offering}/facts"),
        facts,
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

async fn get(app: &TestApp, token: &str, path: &str) -> Value {
    let res = send(app, token, Method::GET, path, Value::Null).await;
    assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.text());
    res.json()
}

fn listed(list: &Value, offering: i64) -> Option<Value> {
    list.as_array()
        .unwrap()
        .iter()
        .find(|p| p["_id"] == json!(offering.to_string()))
        .cloned()
}

#[tokio::test]
async fn an_admin_lists_flagged_course_pages_and_clears_them_and_the_flag_stays_cleared() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let offering = offering_of(&app, ours).await;
    let (rep, _, _) = representative(&app, &admin, ours.provider, "Pat").await;
    let elsewhere = "https://courses.elsewhere.example/cookery";
    let saved = save(
        &app,
        &rep,
        offering,
        json!({ "version": 0, "courseUrl": elsewhere }),
    )
    .await;
    assert_eq!(saved["courseUrlFlagged"], true);

    let list = get(&app, &admin, "/api/admin/flagged-course-pages").await;
    let flagged = listed(&list, offering).expect("the flagged page is listed");
    assert_eq!(flagged["courseUrl"], elsewhere);
    assert_eq!(flagged["providerId"], json!(ours.provider.to_string()));
    assert_eq!(flagged["source"], "representative");
    assert!(
        flagged["providerWebsite"]
            .as_str()
            .unwrap()
            .starts_with("http")
    );
    assert!(flagged["changedAt"].as_str().is_some());

    let student = Caller::bearer(&user(&app, "Student", "Sam", Some("sam")).await.0);
    let representative = Caller::bearer(&rep);
    for caller in [&student, &representative] {
        app.run_case(
            &Case::get("the list is the admins'", "/api/admin/flagged-course-pages")
                .by(caller)
                .status(StatusCode::FORBIDDEN),
        )
        .await;
    }
    let clear = format!("/api/admin/flagged-course-pages/{offering}");
    let res = send(&app, &rep, Method::DELETE, &clear, Value::Null).await;
    assert_eq!(
        res.status,
        StatusCode::FORBIDDEN,
        "a representative cannot clear it"
    );

    let res = send(&app, &admin, Method::DELETE, &clear, Value::Null).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["msg"], FLAG_CLEARED);
    let res = send(&app, &admin, Method::DELETE, &clear, Value::Null).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.json()[0]["msg"], NOT_FLAGGED);
    for unknown in ["99999999", "abc"] {
        let res = send(
            &app,
            &admin,
            Method::DELETE,
            &format!("/api/admin/flagged-course-pages/{unknown}"),
            Value::Null,
        )
        .await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{unknown}");
    }
    let list = get(&app, &admin, "/api/admin/flagged-course-pages").await;
    assert!(listed(&list, offering).is_none(), "cleared: {list}");

    // The history keeps who cleared it.
    let history = get(
        &app,
        &admin,
        &format!("/api/admin/fact-history?providerId={}", ours.provider),
    )
    .await;
    assert_eq!(history[0]["source"], "admin");
    assert_eq!(history[0]["before"]["courseUrlFlagged"], true);
    assert_eq!(history[0]["after"]["courseUrlFlagged"], false);

    // Saving the same address keeps it cleared; a new address off the domain is flagged again.
    let saved = save(
        &app,
        &rep,
        offering,
        json!({ "version": 1, "fee": 900, "courseUrl": elsewhere }),
    )
    .await;
    assert_eq!(saved["courseUrlFlagged"], false, "{saved}");
    let other = "https://another.example/cookery";
    let saved = save(
        &app,
        &rep,
        offering,
        json!({ "version": 2, "courseUrl": other }),
    )
    .await;
    assert_eq!(saved["courseUrlFlagged"], true);
    let list = get(&app, &admin, "/api/admin/flagged-course-pages").await;
    assert_eq!(listed(&list, offering).unwrap()["courseUrl"], other);
}

#[tokio::test]
async fn the_history_names_campuses_even_removed_ones_and_filters_by_provider() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let offering = offering_of(&app, ours).await;
    let campus = send(
        &app,
        &admin,
        Method::POST,
        &format!("/api/providers/{}/campuses", ours.provider),
        json!({ "name": "Waterfront", "street": "1 Wharf St", "town": "Geelong", "state": "VIC",
                "postcode": "3220", "latitude": -38.1499, "longitude": 144.3617 }),
    )
    .await;
    assert_eq!(campus.status, StatusCode::CREATED, "{}", campus.text());
    let campus = campus.json()["_id"].as_str().unwrap().to_owned();
    save(
        &app,
        &admin,
        offering,
        json!({ "version": 0, "campusIds": [campus] }),
    )
    .await;
    let path = format!("/api/admin/fact-history?providerId={}", ours.provider);
    let history = get(&app, &admin, &path).await;
    assert_eq!(
        history[0]["campusNames"][&campus], "Waterfront",
        "{history}"
    );
    assert_eq!(history[1]["campusId"], json!(campus));
    assert_eq!(history[1]["campusNames"][&campus], "Waterfront");

    let res = send(
        &app,
        &admin,
        Method::DELETE,
        &format!("/api/campuses/{campus}"),
        Value::Null,
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let history = get(&app, &admin, &path).await;
    assert_eq!(history[0]["after"], Value::Null, "the removal");
    for row in history.as_array().unwrap() {
        assert_eq!(
            row["campusNames"][&campus], "Waterfront",
            "named after removal: {row}"
        );
    }

    // Another provider's change is in the full history, not in ours.
    let mut n = 1;
    let theirs = loop {
        let candidate = pair(&app, n).await;
        if candidate.provider != ours.provider {
            break candidate;
        }
        n += 1;
    };
    let their_offering = offering_of(&app, theirs).await;
    save(
        &app,
        &admin,
        their_offering,
        json!({ "version": 0, "fee": 700 }),
    )
    .await;
    let all = get(&app, &admin, "/api/admin/fact-history").await;
    assert_eq!(all[0]["offeringId"], json!(their_offering.to_string()));
    let only_ours = get(&app, &admin, &path).await;
    assert!(
        only_ours
            .as_array()
            .unwrap()
            .iter()
            .all(|row| row["providerId"] == json!(ours.provider.to_string())),
        "{only_ours}"
    );
    assert_eq!(only_ours.as_array().unwrap().len(), 3);
    let res = send(
        &app,
        &admin,
        Method::GET,
        "/api/admin/fact-history?providerId=x",
        Value::Null,
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
}

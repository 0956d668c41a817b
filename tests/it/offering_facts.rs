//! Offering facts and campuses (`/api/providers/{_id}/offerings`, `PUT /api/offerings/{_id}/facts`,
//! the campus calls, `/api/getofferingfacts`, `/api/admin/fact-history`): every field's message,
//! who may change them (403 for another provider, a revoked or unclaimed account), 409 on a
//! stale version, the history an admin reads.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp,
    representing::{decide_claim, representative},
    reviewing::*,
    scenario::{Caller, Case},
};
use coursesource::catalog::facts::{
    check::{self, Month},
    rules::{CHANGED_SINCE, NOT_A_REPRESENTATIVE, OTHER_PROVIDER},
};
use serde_json::{Value, json};

/// The first offering whose provider is not `provider`.
async fn other_provider_pair(app: &TestApp, provider: i64) -> Pair {
    for n in 1.. {
        let candidate = pair(app, n).await;
        if candidate.provider != provider {
            return candidate;
        }
    }
    unreachable!()
}

async fn offering_id(app: &TestApp, pair: Pair) -> i64 {
    row(
        app,
        format!(
            "SELECT id FROM offerings WHERE course_id = {} AND provider_id = {}",
            pair.course, pair.provider
        ),
    )
    .await
}

fn campus_body(name: &str) -> Value {
    json!({
        "name": name, "street": "1 Wharf St", "town": "Geelong", "state": "VIC",
        "postcode": "3220", "latitude": -38.1499, "longitude": 144.3617
    })
}

async fn send(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: &Value,
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

async fn add_campus(app: &TestApp, token: &str, provider: i64, name: &str) -> Value {
    let res = send(
        app,
        token,
        Method::POST,
        &format!("/api/providers/{provider}/campuses"),
        &campus_body(name),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    res.json()
}

fn month(ahead: i64) -> String {
    Month::now().plus(ahead).text()
}

fn good_facts(version: i64, campus: &str) -> Value {
    json!({
        "version": version, "fee": 12500, "subsidisedFee": 2100, "subsidyState": "VIC",
        "durationWeeks": 26, "durationMaxWeeks": 52, "deliveryModes": ["online", "on campus"],
        "campusIds": [campus], "intakes": [month(4), month(1)], "fundingNotes": ["VET Student Loans"],
        "courseUrl": "https://harbourlight.example/courses/cookery"
    })
}

#[tokio::test]
async fn a_representative_keeps_their_offerings_facts_and_an_admin_reads_the_history() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let offering = offering_id(&app, ours).await;
    let (rep, rep_id, _) = representative(&app, &admin, ours.provider, "Pat").await;

    let list = app
        .get_with(
            &format!("/api/providers/{}/offerings", ours.provider),
            &[("authorization", &format!("Bearer {rep}"))],
        )
        .await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text());
    let list = list.json();
    assert_eq!(list["fundingNotes"][0], "Fee-free TAFE");
    let loaded = list["offerings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["_id"] == json!(offering.to_string()))
        .unwrap()
        .clone();
    assert_eq!(loaded["version"], 0);
    assert_eq!(loaded["source"], Value::Null);

    let campus = add_campus(&app, &rep, ours.provider, "<b>Waterfront</b>").await;
    assert_eq!(campus["name"], "<b>Waterfront</b>", "HTML is kept as text");
    let campus_id = campus["_id"].as_str().unwrap();
    let res = send(
        &app,
        &rep,
        Method::PUT,
        &format!("/api/offerings/{offering}/facts"),
        &good_facts(0, campus_id),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let saved = res.json();
    assert_eq!(saved["version"], 1);
    assert_eq!(saved["source"], "representative");
    assert_eq!(saved["deliveryModes"], json!(["on campus", "online"]));
    assert_eq!(saved["intakes"], json!([month(1), month(4)]));
    assert_eq!(saved["campuses"][0]["town"], "Geelong");
    assert_eq!(saved["courseUrlFlagged"], true, "not the provider's domain");
    assert_eq!(saved["stale"], false);

    let public = app
        .post_json(
            "/api/getofferingfacts",
            &json!({ "courseId": ours.course.to_string(), "providerId": ours.provider.to_string() }),
        )
        .await;
    assert_eq!(public.status, StatusCode::OK);
    assert_eq!(public.json()["fee"], 12500);
    assert!(public.json()["confirmedAt"].as_str().is_some());

    let history = app
        .get_with(
            &format!("/api/admin/fact-history?providerId={}", ours.provider),
            &[("authorization", &format!("Bearer {admin}"))],
        )
        .await;
    assert_eq!(history.status, StatusCode::OK, "{}", history.text());
    let rows = history.json();
    assert_eq!(rows.as_array().unwrap().len(), 2, "{rows}");
    assert_eq!(rows[0]["offeringId"], json!(offering.to_string()));
    let name: String = row(
        &app,
        format!("SELECT name FROM providers WHERE id = {}", ours.provider),
    )
    .await;
    assert_eq!(rows[0]["providerName"], json!(name));
    assert_eq!(rows[0]["source"], "representative");
    assert_eq!(rows[0]["before"]["fee"], Value::Null);
    assert_eq!(rows[0]["after"]["fee"], 12500);
    let email: String = row(&app, format!("SELECT email FROM users WHERE id = {rep_id}")).await;
    assert_eq!(rows[0]["userEmail"], json!(email));
    assert_eq!(rows[1]["campusId"], json!(campus_id));
    assert_eq!(rows[1]["before"], Value::Null);

    // An admin changes any offering; readers then see CourseSource as the source.
    let res = send(
        &app,
        &admin,
        Method::PUT,
        &format!("/api/offerings/{offering}/facts"),
        &json!({ "version": 1, "fee": 9000 }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["source"], "admin");
    assert_eq!(res.json()["campusIds"], json!([]));
    let student = Caller::bearer(&user(&app, "Student", "Sam", Some("sam")).await.0);
    app.run_case(
        &Case::get("the history is the admins'", "/api/admin/fact-history")
            .by(&student)
            .status(StatusCode::FORBIDDEN),
    )
    .await;
}

#[tokio::test]
async fn every_bad_fact_has_its_message_and_changes_nothing() {
    let app = TestApp::new().await;
    let admin_token = admin(&app).await;
    let ours = pair(&app, 0).await;
    let theirs = other_provider_pair(&app, ours.provider).await;
    let offering = offering_id(&app, ours).await;
    let foreign_campus = add_campus(&app, &admin_token, theirs.provider, "Elsewhere").await;
    let admin = Caller::bearer(&admin_token);
    let path = format!("/api/offerings/{offering}/facts");
    let put = |name: &str, changes: Value| Case {
        method: Method::PUT,
        ..Case::post(name, &path, common::with(json!({ "version": 0 }), changes)).by(&admin)
    };
    let bad = StatusCode::BAD_REQUEST;
    let cases = [
        put("negative fee", json!({ "fee": -1 })).error(bad, Some("fee"), check::FEE_INVALID),
        put("fee not whole", json!({ "fee": 10.5 })).error(bad, Some("fee"), check::FEE_INVALID),
        put("fee over 100,000", json!({ "fee": 100001 })).error(
            bad,
            Some("fee"),
            check::FEE_INVALID,
        ),
        put(
            "subsidised fee above the full fee",
            json!({ "fee": 100, "subsidisedFee": 200, "subsidyState": "NSW" }),
        )
        .error(bad, Some("subsidisedFee"), check::SUBSIDISED_ABOVE_FULL),
        put(
            "subsidised fee not whole",
            json!({ "subsidisedFee": 1.5, "subsidyState": "NSW" }),
        )
        .error(bad, Some("subsidisedFee"), check::SUBSIDISED_FEE_INVALID),
        put(
            "subsidised fee without its state",
            json!({ "subsidisedFee": 100 }),
        )
        .error(bad, Some("subsidyState"), check::SUBSIDY_STATE_REQUIRED),
        put(
            "unknown state",
            json!({ "subsidisedFee": 100, "subsidyState": "Victoria" }),
        )
        .error(bad, Some("subsidyState"), check::STATE_INVALID),
        put("no weeks", json!({ "durationWeeks": 0 })).error(
            bad,
            Some("durationWeeks"),
            check::DURATION_INVALID,
        ),
        put("too many weeks", json!({ "durationWeeks": 261 })).error(
            bad,
            Some("durationWeeks"),
            check::DURATION_INVALID,
        ),
        put(
            "range ends before it starts",
            json!({ "durationWeeks": 40, "durationMaxWeeks": 20 }),
        )
        .error(
            bad,
            Some("durationMaxWeeks"),
            check::DURATION_RANGE_BACKWARDS,
        ),
        put(
            "range ending past 260 weeks",
            json!({ "durationWeeks": 40, "durationMaxWeeks": 261 }),
        )
        .error(bad, Some("durationMaxWeeks"), check::DURATION_MAX_INVALID),
        put("range without a start", json!({ "durationMaxWeeks": 20 })).error(
            bad,
            Some("durationMaxWeeks"),
            check::DURATION_MAX_ALONE,
        ),
        put("intake in the past", json!({ "intakes": [month(-1)] })).error(
            bad,
            Some("intakes"),
            check::INTAKE_PAST,
        ),
        put(
            "intake over three years ahead",
            json!({ "intakes": [month(37)] }),
        )
        .error(bad, Some("intakes"), check::INTAKE_TOO_FAR),
        put("intake not a month", json!({ "intakes": ["next March"] })).error(
            bad,
            Some("intakes"),
            check::INTAKE_INVALID,
        ),
        put(
            "seven intakes",
            json!({ "intakes": (1..=7).map(month).collect::<Vec<_>>() }),
        )
        .error(bad, Some("intakes"), check::TOO_MANY_INTAKES),
        put(
            "unknown delivery mode",
            json!({ "deliveryModes": ["by post"] }),
        )
        .error(bad, Some("deliveryModes"), check::DELIVERY_INVALID),
        put(
            "unknown funding note",
            json!({ "fundingNotes": ["Free money"] }),
        )
        .error(bad, Some("fundingNotes"), check::FUNDING_UNKNOWN),
        put(
            "another provider's campus",
            json!({ "campusIds": [foreign_campus["_id"]] }),
        )
        .error(bad, Some("campusIds"), check::CAMPUS_UNKNOWN),
        put(
            "a page that is not http(s)",
            json!({ "courseUrl": "javascript:alert(1)" }),
        )
        .error(bad, Some("courseUrl"), check::COURSE_URL_INVALID),
        put(
            "a page too long",
            json!({ "courseUrl": format!("https://a.example/{}", "x".repeat(500)) }),
        )
        .error(bad, Some("courseUrl"), check::COURSE_URL_TOO_LONG),
        put("no version", json!({ "version": null })).error(
            bad,
            Some("version"),
            check::VERSION_REQUIRED,
        ),
        put("several at once", json!({ "fee": -1, "durationWeeks": 0 }))
            .errors(bad, &[check::FEE_INVALID, check::DURATION_INVALID]),
    ];
    for case in &cases {
        app.run_case(case).await;
    }
    let version: i64 = row(
        &app,
        format!("SELECT facts_version FROM offerings WHERE id = {offering}"),
    )
    .await;
    assert_eq!(version, 0, "nothing refused was saved");
    let history: i64 = row(
        &app,
        "SELECT COUNT(*) FROM fact_history WHERE offering_id IS NOT NULL",
    )
    .await;
    assert_eq!(history, 0);
}

#[tokio::test]
async fn every_bad_campus_has_its_message() {
    let app = TestApp::new().await;
    let admin = Caller::bearer(&admin(&app).await);
    let ours = pair(&app, 0).await;
    let path = format!("/api/providers/{}/campuses", ours.provider);
    let post = |name: &str, changes: Value| {
        Case::post(name, &path, common::with(campus_body("Main"), changes)).by(&admin)
    };
    let bad = StatusCode::BAD_REQUEST;
    let cases = [
        post("no name", json!({ "name": " " })).error(
            bad,
            Some("name"),
            check::CAMPUS_NAME_REQUIRED,
        ),
        post("name too long", json!({ "name": "n".repeat(101) })).error(
            bad,
            Some("name"),
            check::CAMPUS_NAME_TOO_LONG,
        ),
        post("control characters", json!({ "name": "Main\u{7}" })).error(
            bad,
            Some("name"),
            &check::control_characters("Campus name"),
        ),
        post("street too long", json!({ "street": "s".repeat(201) })).error(
            bad,
            Some("street"),
            check::STREET_TOO_LONG,
        ),
        post("no town", json!({ "town": "" })).error(bad, Some("town"), check::TOWN_REQUIRED),
        post("town too long", json!({ "town": "t".repeat(101) })).error(
            bad,
            Some("town"),
            check::TOWN_TOO_LONG,
        ),
        post("unknown state", json!({ "state": "XX" })).error(
            bad,
            Some("state"),
            check::STATE_INVALID,
        ),
        post("postcode not four digits", json!({ "postcode": "32201" })).error(
            bad,
            Some("postcode"),
            check::POSTCODE_INVALID,
        ),
        post("postcode of another state", json!({ "postcode": "2000" })).error(
            bad,
            Some("postcode"),
            check::POSTCODE_STATE,
        ),
        post(
            "outside Australia",
            json!({ "latitude": 51.5, "longitude": -0.12 }),
        )
        .error(bad, Some("latitude"), check::LOCATION_OUTSIDE),
        post("no location", json!({ "latitude": null })).error(
            bad,
            Some("latitude"),
            check::LOCATION_REQUIRED,
        ),
        post("a good one", json!({})).status(StatusCode::CREATED),
        post("the same name again", json!({})).error(
            bad,
            Some("name"),
            coursesource::catalog::facts::rules::CAMPUS_NAME_TAKEN,
        ),
    ];
    for case in &cases {
        app.run_case(case).await;
    }
    let count: i64 = row(
        &app,
        format!(
            "SELECT COUNT(*) FROM campuses WHERE provider_id = {}",
            ours.provider
        ),
    )
    .await;
    assert_eq!(count, 1);
}

#[tokio::test]
async fn only_the_providers_own_representative_or_an_admin_changes_its_facts() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let theirs = other_provider_pair(&app, ours.provider).await;
    let offering = offering_id(&app, ours).await;
    let campus = add_campus(&app, &admin, ours.provider, "Main").await["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (other_rep, _, _) = representative(&app, &admin, theirs.provider, "Kim").await;
    let (revoked, _, claim) = representative(&app, &admin, ours.provider, "Rex").await;
    assert_eq!(
        decide_claim(&app, &admin, &claim, "revoke").await,
        StatusCode::OK
    );
    let (unclaimed, _) = user(&app, "Course Provider", "Una", None).await;
    let (student, _) = user(&app, "Student", "Sam", Some("sam")).await;
    let facts = format!("/api/offerings/{offering}/facts");
    let offerings = format!("/api/providers/{}/offerings", ours.provider);
    let campuses = format!("/api/providers/{}/campuses", ours.provider);
    let one_campus = format!("/api/campuses/{campus}");
    let calls = [
        Case {
            method: Method::PUT,
            ..Case::post("save facts", &facts, json!({ "version": 0, "fee": 1 }))
        },
        Case::get("list offerings", &offerings),
        Case::post("add a campus", &campuses, campus_body("Second")),
        Case {
            method: Method::PUT,
            ..Case::post(
                "change a campus",
                &one_campus,
                common::with(campus_body("Main"), json!({ "version": 1 })),
            )
        },
        Case {
            method: Method::DELETE,
            ..Case::get("remove a campus", &one_campus)
        },
    ];
    let forbidden = StatusCode::FORBIDDEN;
    for call in &calls {
        app.run_case(&call.clone().status(StatusCode::UNAUTHORIZED))
            .await;
        app.run_case(&call.clone().by(&Caller::bearer(&other_rep)).error(
            forbidden,
            None,
            OTHER_PROVIDER,
        ))
        .await;
        for (who, token) in [
            ("revoked", &revoked),
            ("unclaimed", &unclaimed),
            ("student", &student),
        ] {
            let case = Case {
                name: format!("{} by {who}", call.name),
                ..call.clone()
            };
            app.run_case(&case.by(&Caller::bearer(token)).error(
                forbidden,
                None,
                NOT_A_REPRESENTATIVE,
            ))
            .await;
        }
    }
    let version: i64 = row(
        &app,
        format!("SELECT facts_version FROM offerings WHERE id = {offering}"),
    )
    .await;
    assert_eq!(version, 0);
    let count: i64 = row(&app, "SELECT COUNT(*) FROM campuses").await;
    assert_eq!(count, 1);
    app.run_case(
        &Case::get("an unknown provider", "/api/providers/999999/offerings")
            .by(&Caller::bearer(&admin))
            .status(StatusCode::NOT_FOUND),
    )
    .await;
}

#[tokio::test]
async fn the_second_of_two_saves_from_the_same_version_is_refused() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let offering = offering_id(&app, ours).await;
    let (rep, _, _) = representative(&app, &admin, ours.provider, "Pat").await;
    let path = format!("/api/offerings/{offering}/facts");
    let first = send(
        &app,
        &rep,
        Method::PUT,
        &path,
        &json!({ "version": 0, "fee": 5000 }),
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    let second = send(
        &app,
        &admin,
        Method::PUT,
        &path,
        &json!({ "version": 0, "fee": 7000 }),
    )
    .await;
    assert_error(&second, StatusCode::CONFLICT, None, CHANGED_SINCE);
    let fee: i64 = row(
        &app,
        format!("SELECT fee FROM offerings WHERE id = {offering}"),
    )
    .await;
    assert_eq!(fee, 5000, "never a silent overwrite");

    let campus = add_campus(&app, &rep, ours.provider, "Main").await;
    let campus_path = format!("/api/campuses/{}", campus["_id"].as_str().unwrap());
    let edit = |name: &str| common::with(campus_body(name), json!({ "version": 1 }));
    let res = send(&app, &rep, Method::PUT, &campus_path, &edit("Harbour")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["version"], 2);
    let res = send(&app, &admin, Method::PUT, &campus_path, &edit("Bay")).await;
    assert_error(&res, StatusCode::CONFLICT, None, CHANGED_SINCE);
    let res = send(&app, &rep, Method::DELETE, &campus_path, &Value::Null).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let rows: i64 = row(
        &app,
        "SELECT COUNT(*) FROM fact_history WHERE campus_id IS NOT NULL",
    )
    .await;
    assert_eq!(rows, 3, "added, changed, removed");
}

#[tokio::test]
async fn facts_unconfirmed_for_twelve_months_are_marked_stale() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let offering = offering_id(&app, ours).await;
    let body =
        json!({ "courseId": ours.course.to_string(), "providerId": ours.provider.to_string() });
    for (days_ago, stale) in [(364, false), (366, true)] {
        sql(
            &app,
            &format!(
                "UPDATE offerings SET fee = 900, facts_source = 'representative',
                 facts_confirmed_at = unixepoch() - {days_ago} * 86400 WHERE id = {offering}"
            ),
        )
        .await;
        let facts = app.post_json("/api/getofferingfacts", &body).await.json();
        assert_eq!(facts["stale"], stale, "{days_ago} days: {facts}");
    }
}

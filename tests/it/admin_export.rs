//! Export CSV: admins only, a one-time link that expires, every review with its answers, and
//! cells a spreadsheet would run as formulas defused.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    reviewing::{admin, pair, row, sql, stored_review, user},
    scenario::{Caller, Case, admin_only},
};
use coursesource::reviews::ReviewerType;
use serde_json::json;

const EXPIRED: &str = "This download link has expired. Export the CSV again.";

async fn link(app: &TestApp, token: &str) -> String {
    let res = app.post_as(token, "/api/admin/exportcsv", &json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()["url"].as_str().unwrap().to_owned()
}

fn records(csv: &str) -> Vec<Vec<String>> {
    csv::Reader::from_reader(csv.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

#[tokio::test]
async fn only_admins_get_a_link_and_the_link_works_once() {
    let app = TestApp::new().await;
    let (student, _) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    app.run_cases(&admin_only(
        &[Case::post("export", "/api/admin/exportcsv", json!({}))],
        &Caller::bearer(&student),
    ))
    .await;

    let ada = admin(&app).await;
    let url = link(&app, &ada).await;
    assert!(url.starts_with("/api/admin/exportcsv/"), "{url}");
    let first = app.get(&url).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header("content-type"), "text/csv; charset=utf-8");
    let today = time::OffsetDateTime::now_utc().date();
    assert_eq!(
        first.header("content-disposition"),
        format!("attachment; filename=\"coursesource-reviews-{today}.csv\"")
    );
    app.run_cases(&[
        Case::get("used", &url).error(StatusCode::NOT_FOUND, None, EXPIRED),
        Case::get("forged", "/api/admin/exportcsv/abc.123").error(
            StatusCode::NOT_FOUND,
            None,
            EXPIRED,
        ),
    ])
    .await;

    let late = link(&app, &ada).await;
    sql(
        &app,
        "UPDATE one_time_tokens SET expires_at = unixepoch() - 1 WHERE purpose = 'export'",
    )
    .await;
    app.run_case(&Case::get("expired", &late).error(StatusCode::NOT_FOUND, None, EXPIRED))
        .await;
}

#[tokio::test]
async fn every_review_is_a_row_with_its_answers_and_formulas_are_defused() {
    let app = TestApp::new().await;
    let ada = admin(&app).await;
    let (_, sam) = user(&app, "Student", "=HYPERLINK(\"x\")", Some("SamCooks")).await;
    let (_, eve) = user(&app, "Employer", "Eve", None).await;
    let (p0, p1) = (pair(&app, 0).await, pair(&app, 1).await);
    let approved = stored_review(&app, sam, p0, ReviewerType::Student, 9, 3, true).await;
    let refused = stored_review(&app, eve, p0, ReviewerType::Employer, 4, 2, false).await;
    let waiting = stored_review(&app, eve, p1, ReviewerType::Employer, 6, 1, true).await;
    sql(
        &app,
        &format!(
        "UPDATE reviews SET actioned = 0, approved = 0, actioned_at = NULL WHERE id = {waiting};
         UPDATE reviews SET title = '+61 400 000 000', comment = '@SUM(1)' WHERE id = {approved};
         UPDATE reviews SET actioned_at = 1700000500, decision_reason = 'not-genuine', decision_note = ';=1+1'
           WHERE id = {refused};
         UPDATE reviews SET incentivised = 1 WHERE id = {approved};"
    ),
    )
    .await;

    let csv = app.get(&link(&app, &ada).await).await.text();
    let header: Vec<String> = csv::Reader::from_reader(csv.as_bytes())
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header[..14],
        [
            "id",
            "created",
            "decided",
            "status",
            "userType",
            "firstName",
            "lastName",
            "email",
            "courseCode",
            "courseName",
            "provider",
            "score",
            "title",
            "comment"
        ]
    );
    for slug in [
        "completedCourse",
        "howLikelyYouRecommend",
        "metYourExpectations",
        "notCompletedBecauseOther",
    ] {
        assert!(header.iter().any(|h| h == slug), "a column for {slug}");
    }
    let rows = records(&csv);
    assert_eq!(rows.len(), 3, "one row per review");
    let by_id = |id: i64| rows.iter().find(|r| r[0] == id.to_string()).unwrap();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();

    // Every cell is quoted, so no separator in a cell can start another one.
    let first_line = csv.lines().next().unwrap();
    assert!(
        first_line.starts_with("\"id\",\"created\","),
        "{first_line}"
    );

    let sams = by_id(approved);
    assert_eq!(sams[column("status")], "approved");
    assert_eq!(sams[column("firstName")], "'=HYPERLINK(\"x\")");
    assert_eq!(sams[column("title")], "'+61 400 000 000");
    assert_eq!(sams[column("comment")], "'@SUM(1)");
    assert_eq!(sams[column("score")], "4.5");
    assert_eq!(sams[column("userType")], "Student");
    let course_code: String = row(
        &app,
        format!("SELECT code FROM courses WHERE id = {}", p0.course),
    )
    .await;
    assert_eq!(sams[column("courseCode")], course_code);
    let stored_answer: String = row(
        &app,
        format!("SELECT answers ->> '$.completedCourse' FROM reviews WHERE id = {approved}"),
    )
    .await;
    assert_eq!(sams[column("completedCourse")], stored_answer);
    assert_eq!(
        [
            &sams[column("incentivised")],
            &sams[column("reason")],
            &sams[column("moderatorNote")]
        ],
        ["yes", "", ""]
    );

    let refused_row = by_id(refused);
    assert_eq!(refused_row[column("status")], "disapproved");
    assert_eq!(refused_row[column("decided")], "2023-11-14T22:21:40Z");
    assert_eq!(refused_row[column("score")], "2");
    assert_eq!(
        [
            &refused_row[column("incentivised")],
            &refused_row[column("reason")],
            &refused_row[column("moderatorNote")]
        ],
        ["no", "Not a genuine experience", "';=1+1"]
    );
    let waiting_row = by_id(waiting);
    assert_eq!(waiting_row[column("status")], "unactioned");
    assert_eq!(waiting_row[column("decided")], "");
}

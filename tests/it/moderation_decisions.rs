//! `POST /api/review/approvedisapprove` and its consequences: every counter through the public
//! catalogue calls, the author's notification and mail, a review going live.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp, employer,
    moderating::*,
    reviewing::*,
    scenario::{Caller, Case},
    student,
};
use serde_json::{Value, json};

/// What the public catalogue calls say about `pair`: (pair's counts and ratings, provider's
/// overall rating, course's review count, industry's review count).
async fn public_counts(app: &TestApp, pair: &NamedPair) -> (Value, Value, Value, Value) {
    let provider = app
        .post_json(
            "/api/getproviderbyslug",
            &json!({ "providerSlug": pair.provider_slug, "courseId": pair.course.to_string() }),
        )
        .await
        .json();
    let overall = app
        .post_json(
            "/api/getoverallproviderrating",
            &json!({ "providerId": pair.provider.to_string() }),
        )
        .await
        .json();
    let courses = app
        .post_json(
            "/api/getcoursesbycareerid",
            &json!({ "careerId": pair.career.to_string() }),
        )
        .await
        .json();
    let course = courses
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["_id"] == json!(pair.course.to_string()))
        .unwrap()["reviews"]
        .clone();
    let industries = app.get("/api/industries").await.json();
    let industry = industries
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["_id"] == json!(pair.industry.to_string()))
        .unwrap()["reviewCount"]
        .clone();
    (
        json!({ "reviewCount": provider["reviewCount"], "rating": provider["rating"] }),
        json!({ "totalScore": overall["totalScore"], "count": overall["count"] }),
        course,
        industry,
    )
}

fn counts(
    student: i64,
    employer: i64,
    student_avg: Value,
    employer_avg: Value,
    overall: Value,
    total_score: f64,
) -> (Value, Value, Value, Value) {
    let total = student + employer;
    // Written days ago without a study end, every review is recent: the recent score is the
    // overall one from 3 reviews up.
    let recent = if total >= 3 {
        overall.clone()
    } else {
        json!(null)
    };
    (
        json!({ "reviewCount": { "total": total, "student": student, "employer": employer }, "rating": { "student": student_avg, "employer": employer_avg, "overall": overall,
            "ratedCount": { "total": total, "student": student, "employer": employer },
            "recent": recent, "recentRatedCount": total } }),
        json!({ "totalScore": total_score, "count": total }),
        json!(total),
        json!(total),
    )
}

#[tokio::test]
async fn decisions_keep_every_counter_exact() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (_, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let (kim_token, kim) = app.signed_up(&student("kim@example.com", "KimBakes")).await;
    let (_, jo) = app.signed_up(&employer("jo@example.com")).await;
    let a = named_pair(&app, 0).await;
    let sam_review = review(&app, &sam, &a, "Student", "Sam's review", 8, 3).await;
    let kim_review = review(&app, &kim, &a, "Student", "Kim's review", 5, 2).await;
    let jo_review = review(&app, &jo, &a, "Employer", "Jo's review", 6, 1).await;
    let nothing = counts(0, 0, json!(null), json!(null), json!(null), 0.0);
    assert_eq!(
        public_counts(&app, &a).await,
        nothing,
        "unactioned reviews count nowhere"
    );

    let ada = Caller::bearer(&token);
    let decide_case =
        |name: &str, body: Value| Case::post(name, "/api/review/approvedisapprove", body).by(&ada);
    let step = |name: &str, action: &str, id: &str| decide_case(name, decision(action, id));
    let (all_three, without_sams) = (
        counts(2, 1, json!(3.25), json!(3.0), json!(19.0 / 6.0), 9.5),
        counts(1, 1, json!(2.5), json!(3.0), json!(2.75), 5.5),
    );
    // Each decision, and what the public calls say after it (when checked).
    #[rustfmt::skip]
    let steps = [
        (step("approve Sam's", "approve", &sam_review)
            .exactly(StatusCode::OK, json!({ "_id": sam_review, "actioned": true, "approved": true, "refusal": null })),
         None),
        (step("approve Kim's", "approve", &kim_review), None),
        (step("approve Jo's", "approve", &jo_review), Some(all_three.clone())),
        (step("disapprove Sam's", "disapprove", &sam_review)
            .exactly(StatusCode::OK, json!({ "_id": sam_review, "actioned": true, "approved": false,
                "refusal": { "reason": "offensive", "label": "Offensive", "note": null } })),
         Some(without_sams.clone())),
        (step("repeating changes nothing", "disapprove", &sam_review), Some(without_sams)),
        (step("re-approved", "approve", &sam_review), Some(all_three)),
    ];
    for (case, after) in &steps {
        app.run_case(case).await;
        if let Some(after) = after {
            assert_eq!(&public_counts(&app, &a).await, after, "{}", case.name);
        }
    }

    delete_account(&app, &kim_token).await;
    assert_eq!(
        public_counts(&app, &a).await,
        counts(1, 1, json!(4.0), json!(3.0), json!(3.5), 7.0),
        "the deleted author's review is gone"
    );

    #[rustfmt::skip]
    let cases = [
        decide_case("the deleted author's review", json!({ "action": "approve", "id": kim_review }))
            .errors(StatusCode::NOT_FOUND, &["Review not found"]),
        decide_case("another action", json!({ "action": "publish", "id": sam_review }))
            .error(StatusCode::BAD_REQUEST, Some("action"), "action must be 'approve' or 'disapprove'"),
        decide_case("no id", json!({ "action": "approve" })).errors(StatusCode::BAD_REQUEST, &["id is required"]),
    ];
    app.run_cases(&cases).await;
}

#[tokio::test]
async fn a_changed_decision_tells_the_author_once() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (sam_token, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let a = named_pair(&app, 0).await;
    let id = review(&app, &sam, &a, "Student", "Worth every cent", 8, 1).await;
    let notifications = || async {
        app.get_with(
            "/api/notifications",
            &[("authorization", &format!("Bearer {sam_token}"))],
        )
        .await
        .json()
    };
    let mails_before = app.mails_to("sam@example.com").await;
    let newest_mail = || async {
        app.state
            .db
            .read(|c| c.query_row("SELECT subject, body_text FROM mail_outbox WHERE to_address = 'sam@example.com' ORDER BY id DESC LIMIT 1", [], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))))
            .await
            .unwrap()
    };
    let link = format!("/course/{}/{}", a.course_slug, a.provider_slug);

    decide(&app, &token, "approve", &id).await;
    decide(&app, &token, "approve", &id).await;
    let list = notifications().await;
    assert_eq!(
        list.as_array().unwrap().len(),
        1,
        "a repeated decision tells nobody"
    );
    assert_eq!(list[0]["kind"], "review-approved");
    let message = list[0]["message"].as_str().unwrap();
    for part in [
        "Worth every cent",
        &a.course_name,
        &a.provider_name,
        "now live",
    ] {
        assert!(message.contains(part), "{part} in {message}");
    }
    assert_eq!(app.mails_to("sam@example.com").await, mails_before + 1);
    let (subject, body) = newest_mail().await;
    assert_eq!(subject, "Your CourseSource review is live");
    assert!(
        body.contains(&format!("http://127.0.0.1:8080{link}")) && body.contains("Worth every cent"),
        "{body}"
    );

    decide(&app, &token, "disapprove", &id).await;
    let list = notifications().await;
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert_eq!(list[0]["kind"], "review-disapproved");
    let message = list[0]["message"].as_str().unwrap();
    for part in [
        "Worth every cent",
        &a.course_name,
        &a.provider_name,
        "not published",
        "terms of use",
    ] {
        assert!(message.contains(part), "{part} in {message}");
    }
    assert_eq!(app.mails_to("sam@example.com").await, mails_before + 2);
    let (subject, body) = newest_mail().await;
    assert_eq!(subject, "Your CourseSource review was not published");
    assert!(
        body.contains("http://127.0.0.1:8080/profile/reviews")
            && body.contains("http://127.0.0.1:8080/contact")
            && body.contains("terms of use")
            && body.contains("Reason: Offensive."),
        "{body}"
    );
}

#[tokio::test]
async fn a_submitted_review_goes_live_once_approved() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (sam_token, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let a = named_pair(&app, 0).await;
    let mut body = json!({ "userType": "Student", "user": sam, "provider": a.provider.to_string(), "course": a.course.to_string(),
                           "title": "Through the front door", "comment": "Submitted like everyone else.", "incentivised": false });
    for (slug, answer) in
        coursesource::reviews::sample_answers(coursesource::reviews::ReviewerType::Student, 3)
    {
        body[slug] = answer;
    }
    let submitted = app.post_as(&sam_token, "/api/submitreview", &body).await;
    assert_eq!(
        submitted.status,
        StatusCode::CREATED,
        "{}",
        submitted.text()
    );
    let id = submitted.json()["_id"].as_str().unwrap().to_owned();
    let listed = || async {
        let list = app
            .post_as(
                &sam_token,
                "/api/getreviewsfor",
                &json!({ "courseId": a.course.to_string(), "providerId": a.provider.to_string() }),
            )
            .await;
        list.json().as_array().unwrap().len()
    };
    assert_eq!(
        (unactioned(&app, &token).await, listed().await),
        (json!(1), 0)
    );
    let (queue, _) = titles(
        &app,
        &token,
        json!({ "searchBy": "User Name", "searchText": "samcooks" }),
    )
    .await;
    assert_eq!(queue, ["Through the front door"]);
    decide(&app, &token, "approve", &id).await;
    assert_eq!(
        (unactioned(&app, &token).await, listed().await),
        (json!(0), 1)
    );
}

#[tokio::test]
async fn the_moderation_calls_are_documented() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").await.json();
    for (path, method) in [
        ("/api/review/getunactioned", "get"),
        ("/api/review/pullreviews", "post"),
        ("/api/review/approvedisapprove", "post"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{path}");
    }
    let pull = &doc["paths"]["/api/review/pullreviews"]["post"]["responses"]["200"];
    assert!(pull["headers"]["X-Total-Count"].is_object(), "{pull}");
}

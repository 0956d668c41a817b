//! `POST /api/submitreview` and `checkifuserreviewed` through the real router: what is stored
//! with the server's score, every validation message, who may submit for what, racing
//! submissions, and a real sign-up's review end to end.

use crate::common;

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use common::{
    TestApp,
    reviewing::*,
    scenario::{Caller, Case},
    student, with, without,
};
use serde_json::{Value, json};
use tower::ServiceExt;

const THANK_YOU: &str = "Thank you for your review! You'll be notified when your review is live.";
const ALREADY: &str =
    "You have already reviewed this course. You'll be notified when your review is live!";

#[tokio::test]
async fn a_student_review_is_stored_unactioned_with_the_servers_score() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let pair = pair(&app, 0).await;
    let check = json!({ "userId": id.to_string(), "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() });
    assert_eq!(
        app.post_as(&token, "/api/review/checkifuserreviewed", &check)
            .await
            .json(),
        json!(false)
    );

    let res = app
        .post_as(
            &token,
            "/api/submitreview",
            &submission(id, pair, "Student", best_student()),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let body = res.json();
    assert_eq!(
        (body["score"].as_f64(), body["msg"].as_str()),
        (Some(5.0), Some(THANK_YOU)),
        "the body's score 0.5 is ignored"
    );
    let review = body["_id"].as_str().unwrap();

    let stored: (i64, i64, i64, i64, String, String) = app
        .state
        .db
        .read({
            let review = review.to_owned();
            move |c| -> rusqlite::Result<_> {
                c.query_row(
                    "SELECT score_halves, actioned, approved, industry_id, user_type, answers FROM reviews WHERE id = ?1",
                    [review],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
                )
            }
        })
        .await
        .unwrap();
    assert_eq!(
        (stored.0, stored.1, stored.2),
        (10, 0, 0),
        "scored from the answers, unactioned"
    );
    assert_eq!((stored.3, stored.4.as_str()), (pair.industry, "Student"));
    assert_eq!(
        serde_json::from_str::<Value>(&stored.5).unwrap(),
        best_student(),
        "answers as slug -> answer"
    );
    assert_eq!(
        app.post_as(&token, "/api/review/checkifuserreviewed", &check)
            .await
            .json(),
        json!(true)
    );

    let again = app
        .post_as(
            &token,
            "/api/submitreview",
            &submission(id, pair, "Student", best_student()),
        )
        .await;
    assert_error(&again, StatusCode::CONFLICT, None, ALREADY);
}

#[tokio::test]
async fn an_employer_review_scores_its_path() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Employer", "Jane", None).await;
    let still_doing = json!({
        "completedCourse": "My employee(s) are still doing the course", "courseWasBeneficialToJobRole": "Strongly agree",
        "workExperienceWasBeneficial": "Strongly agree", "trainingProviderDiscussedRequirements": "Yes",
        "trainingMetBusinessNeeds": "Strongly agree", "trainersWereKnowledgeable": "Strongly agree",
        "trainingImprovedEmployeeKnowledge": "Strongly agree", "metYourExpectations": "Strongly agree",
        "howLikelyYouUseThisTrainingProvider": "Very likely"
    });
    let res = app
        .post_as(
            &token,
            "/api/submitreview",
            &submission(id, pair(&app, 0).await, "Employer", still_doing),
        )
        .await;
    assert_eq!(
        (res.status, res.json()["score"].as_f64()),
        (StatusCode::CREATED, Some(5.0)),
        "{}",
        res.text()
    );
    let did_not = json!({ "completedCourse": "My employee(s) did not complete the course" });
    let mut body = submission(id, pair(&app, 1).await, "Employer", did_not);
    body["industry"] = json!("999999");
    let res = app.post_as(&token, "/api/submitreview", &body).await;
    assert_eq!(
        (res.status, res.json()["score"].clone()),
        (StatusCode::CREATED, json!(null)),
        "asked no scored question: no rating, {}",
        res.text()
    );
    let industry: i64 = row(
        &app,
        format!(
            "SELECT industry_id FROM reviews WHERE id = {}",
            res.json()["_id"].as_str().unwrap()
        ),
    )
    .await;
    assert_eq!(
        industry,
        pair(&app, 1).await.industry,
        "an industry the course is not in falls back to the course's"
    );
}

#[tokio::test]
async fn every_validation_message() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let base = submission(id, pair(&app, 0).await, "Student", best_student());
    let looking = json!({ "describesYourSituation": "Still looking for work" });
    let not_completed = json!({ "completedCourse": "No", "completedHalfCourse": "No", "notCompletedBecause": "Other",
                                "notCompletedBecauseOther": "Bloody hell, what a fucking mess", "howLikelyYouRecommend": "Unlikely" });
    let sam = Caller::bearer(&token);
    // A refused submission: 400 naming the field with the spec's message.
    let invalid = |body: Value, param: &str, msg: &str| {
        Case::post(msg, "/api/submitreview", body).by(&sam).error(
            StatusCode::BAD_REQUEST,
            Some(param),
            msg,
        )
    };
    let cases = [
        invalid(
            without(base.clone(), "title"),
            "title",
            "Review title is required",
        ),
        invalid(
            with(base.clone(), json!({ "title": "x".repeat(81) })),
            "title",
            "Review title must not be longer than 80 characters",
        ),
        invalid(
            with(base.clone(), json!({ "title": "Shit course" })),
            "title",
            "Profanity in review title is not allowed",
        ),
        invalid(
            with(base.clone(), json!({ "comment": " " })),
            "comment",
            "Review comment is required",
        ),
        invalid(
            with(base.clone(), json!({ "comment": "x".repeat(501) })),
            "comment",
            "review comment must not be longer than 500 characters",
        ),
        invalid(
            with(
                base.clone(),
                json!({ "comment": "The trainer is a dickhead" }),
            ),
            "comment",
            "Profanity in review comment is not allowed",
        ),
        invalid(
            with(
                with(base.clone(), looking.clone()),
                json!({ "describesYourSituationStillLooking": "fucking ages" }),
            ),
            "describesYourSituationStillLooking",
            "Profanity in other reason is not allowed",
        ),
        invalid(
            submission(id, pair(&app, 0).await, "Student", not_completed),
            "notCompletedBecauseOther",
            "Profanity in other reason is not allowed",
        ),
        invalid(
            without(base.clone(), "trainersWereResponsive"),
            "trainersWereResponsive",
            "Please answer: The trainers were responsive to my needs.",
        ),
        invalid(
            with(base.clone(), looking),
            "describesYourSituationStillLooking",
            "Please answer: Approximately how long have you been looking for work?",
        ),
        invalid(
            with(base.clone(), json!({ "completedHalfCourse": "No" })),
            "completedHalfCourse",
            "Did you complete more than half of the course? was not asked",
        ),
        invalid(
            with(
                base.clone(),
                json!({ "howLikelyYouRecommend": "Extremely likely" }),
            ),
            "howLikelyYouRecommend",
            "'Extremely likely' is not an answer to: How likely are you to recommend this training provider to a friend?",
        ),
        invalid(
            with(base.clone(), json!({ "metYourExpectations": "Agree" })),
            "metYourExpectations",
            "Unknown question: metYourExpectations",
        ),
        invalid(
            with(
                base.clone(),
                json!({ "completedCourseIn": { "month": "00", "year": "2024" } }),
            ),
            "completedCourseIn",
            "'00/2024' is not an answer to: When did you finish the course?",
        ),
        invalid(
            with(base.clone(), json!({ "userType": "Employer" })),
            "userType",
            "userType must be 'Student', the type of your account",
        ),
        invalid(
            without(base.clone(), "course"),
            "course",
            "course is required",
        ),
        invalid(
            without(base.clone(), "incentivised"),
            "incentivised",
            "Please say whether you received payment, a gift or a discount for this review",
        ),
        invalid(
            with(base.clone(), json!({ "incentivised": null })),
            "incentivised",
            "Please say whether you received payment, a gift or a discount for this review",
        ),
    ];
    app.run_cases(&cases).await;
    let res = app
        .post_as(
            &token,
            "/api/submitreview",
            &json!({ "userType": "Student", "course": "1", "provider": "1" }),
        )
        .await;
    let errors = res.json();
    let params: Vec<&str> = errors
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["param"].as_str().unwrap())
        .collect();
    assert_eq!(
        params,
        ["title", "completedCourse", "comment", "incentivised"],
        "every problem at once, in form order"
    );
    assert_eq!(row::<i64>(&app, "SELECT COUNT(*) FROM reviews").await, 0);
}

#[tokio::test]
async fn who_may_submit_and_for_what() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let body = submission(id, pair, "Student", best_student());
    let (parent, parent_id) = user(&app, "Parent", "Pat", None).await;
    let (advisor, advisor_id) = user(&app, "Career Advisor", "Cam", None).await;
    let (other, _) = user(&app, "Student", "Kim", Some("KimBakes")).await;
    let (sam, kim) = (Caller::bearer(&token), Caller::bearer(&other));
    let elsewhere: i64 = row(&app, format!("SELECT id FROM providers WHERE id NOT IN (SELECT provider_id FROM offerings WHERE course_id = {}) LIMIT 1", pair.course)).await;
    let submit = |name: &str, body: Value| Case::post(name, "/api/submitreview", body);
    let mut cases = vec![
        submit("anonymous", body.clone()).status(StatusCode::UNAUTHORIZED),
        submit(
            "a parent",
            submission(parent_id, pair, "Student", best_student()),
        )
        .by(&Caller::bearer(&parent))
        .error(
            StatusCode::FORBIDDEN,
            None,
            "As a Parent user, you do not have the ability to leave a review.",
        ),
        submit(
            "a career advisor",
            submission(advisor_id, pair, "Student", best_student()),
        )
        .by(&Caller::bearer(&advisor))
        .error(
            StatusCode::FORBIDDEN,
            None,
            "As a Career Advisor user, you do not have the ability to leave a review.",
        ),
        submit("Sam's id in Kim's session", body.clone())
            .by(&kim)
            .status(StatusCode::FORBIDDEN),
        submit(
            "a provider that does not offer the course",
            with(body.clone(), json!({ "provider": elsewhere.to_string() })),
        )
        .by(&sam)
        .error(
            StatusCode::NOT_FOUND,
            None,
            "This provider does not offer this course",
        ),
    ];
    for path in [
        "/api/review/checkifuserreviewed",
        "/api/review/getuserreviews",
    ] {
        let sams = json!({ "userId": id.to_string(), "courseId": "1", "providerId": "1" });
        cases.push(
            Case::post(path, path, sams)
                .by(&kim)
                .status(StatusCode::FORBIDDEN),
        );
        cases.push(Case::post(path, path, json!({})).status(StatusCode::UNAUTHORIZED));
    }
    app.run_cases(&cases).await;
    assert_eq!(row::<i64>(&app, "SELECT COUNT(*) FROM reviews").await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_submissions_store_exactly_one() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let body = submission(id, pair(&app, 0).await, "Student", best_student()).to_string();
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let request = Request::post("/api/submitreview")
                .header(header::CONTENT_TYPE, "application/json")
                .header(header::AUTHORIZATION, format!("Bearer {token}"))
                .body(Body::from(body.clone()))
                .unwrap();
            tokio::spawn(app.router.clone().oneshot(request))
        })
        .collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap().unwrap().status());
    }
    statuses.sort();
    let mut expected = vec![StatusCode::CONFLICT; 7];
    expected.insert(0, StatusCode::CREATED);
    assert_eq!(statuses, expected);
    assert_eq!(row::<i64>(&app, "SELECT COUNT(*) FROM reviews").await, 1);
}

#[tokio::test]
async fn html_is_stored_and_returned_as_typed() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let title = "<b>Great</b> & <script>alert(1)</script>";
    let comment = "<img src=x onerror=alert(1)> \"quoted\" 'single'";
    let body = with(
        submission(id, pair(&app, 0).await, "Student", best_student()),
        json!({ "title": title, "comment": comment }),
    );
    let res = app.post_as(&token, "/api/submitreview", &body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    sql(&app, "UPDATE reviews SET actioned = 1, approved = 1").await;
    let pair = pair(&app, 0).await;
    let (reader, _) = user(&app, "Parent", "Pat", None).await;
    let list = app.post_as(&reader, "/api/getreviewsfor", &json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() })).await;
    assert_eq!(
        (
            list.json()[0]["review"]["title"].as_str(),
            list.json()[0]["review"]["comment"].as_str()
        ),
        (Some(title), Some(comment))
    );
    let mine = app
        .post_as(
            &token,
            "/api/review/getuserreviews",
            &json!({ "userId": id.to_string() }),
        )
        .await
        .json();
    assert_eq!(mine[0]["title"], title);
}

#[tokio::test]
async fn a_real_sign_up_can_review_and_every_call_is_documented() {
    let app = TestApp::new().await;
    let (token, id) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let body = submission(
        id.parse().unwrap(),
        pair(&app, 0).await,
        "Student",
        best_student(),
    );
    assert_eq!(
        app.post_as(&token, "/api/submitreview", &body).await.status,
        StatusCode::CREATED
    );

    let doc = app.get("/api/openapi.json").await.json();
    for path in [
        "/api/review/questions",
        "/api/submitreview",
        "/api/review/checkifuserreviewed",
        "/api/getreviewsfor",
        "/api/likeordislikereview",
        "/api/review/getuserreviews",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is documented");
    }
}

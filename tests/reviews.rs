//! The review calls through the real router: question definitions, submission with its rules
//! and refusals, the already-reviewed check, a pair's list (paging, sorts, filter), likes and
//! dislikes, and an author's own reviews. Moderation decisions are set with SQL here.

mod common;

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use common::{TestApp, TestResponse, student};
use coursesource::reviews::{
    ReviewerType, sample_answers,
    store::{self, NewReview},
};
use serde_json::{Value, json};
use tower::ServiceExt;

const THANK_YOU: &str = "Thank you for your review! You'll be notified when your review is live.";
const ALREADY: &str =
    "You have already reviewed this course. You'll be notified when your review is live!";

/// A course and a provider that offers it, with the course's industry.
#[derive(Clone, Copy, Debug)]
struct Pair {
    course: i64,
    provider: i64,
    industry: i64,
}

/// The `n`th offering of the shipped catalogue.
async fn pair(app: &TestApp, n: i64) -> Pair {
    app.state
        .db
        .read(move |c| {
            Ok(c.query_row(
                "SELECT o.course_id, o.provider_id, ca.industry_id FROM offerings o
                 JOIN course_careers cc ON cc.course_id = o.course_id JOIN careers ca ON ca.id = cc.career_id
                 GROUP BY o.id ORDER BY o.id LIMIT 1 OFFSET ?1",
                [n],
                |r| Ok(Pair { course: r.get(0)?, provider: r.get(1)?, industry: r.get(2)? }),
            )?)
        })
        .await
        .unwrap()
}

/// A verified user written straight into the database with a session token: (token, id).
async fn user(app: &TestApp, user_type: &str, first: &str, nick: Option<&str>) -> (String, i64) {
    let (user_type, first, nick) = (
        user_type.to_owned(),
        first.to_owned(),
        nick.map(str::to_owned),
    );
    let id = app
        .state
        .db
        .write(move |tx| {
            let n: i64 = tx.query_row("SELECT COUNT(*) FROM users", [], |r| r.get(0))?;
            tx.execute(
                "INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type, nick_name, avatar, verified_at)
                 VALUES (?1, 'x', ?2, 'Doe', 'Other', ?3, ?4, 3, unixepoch())",
                (format!("user{n}@example.com"), first, user_type, nick),
            )?;
            Ok(tx.last_insert_rowid())
        })
        .await
        .unwrap();
    (
        app.state.sessions.issue(id, 0, false, false).unwrap().token,
        id,
    )
}

fn best_student() -> Value {
    json!({
        "completedCourse": "Yes", "completedCourseIn": { "month": "06", "year": "2024" }, "howWasCourseDelivered": "Online",
        "easeOfAdministrationProcedures": "Very easy", "involveAnyPracticalWorkExperience": "Yes",
        "whoArrangedWork": "The training provider arranged it", "workExperienceWasBeneficial": "Strongly agree",
        "assessmentsBasedOnRealisticActivities": "Strongly agree", "trainersWereKnowledgeable": "Strongly agree",
        "trainersWereResponsive": "Strongly agree", "describesYourSituation": "Studying further",
        "howLikelyYouRecommend": "Very likely"
    })
}

/// A valid student submission for `pair` by `user`, answers at the top level as the form sends them.
fn submission(user: i64, pair: Pair, user_type: &str, answers: Value) -> Value {
    let mut body = json!({
        "userType": user_type, "user": user.to_string(), "provider": pair.provider.to_string(),
        "course": pair.course.to_string(), "industry": pair.industry.to_string(), "score": 0.5,
        "title": "Great kitchen practice", "comment": "Plenty of time in a real kitchen."
    });
    for (slug, answer) in answers.as_object().unwrap() {
        body[slug] = answer.clone();
    }
    body
}

fn with(mut body: Value, changes: Value) -> Value {
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

fn without(mut body: Value, key: &str) -> Value {
    body.as_object_mut().unwrap().remove(key);
    body
}

/// Stores a review as the seeder does, already decided; answers its id.
async fn stored_review(
    app: &TestApp,
    user: i64,
    pair: Pair,
    reviewer: ReviewerType,
    score_halves: i64,
    age_days: i64,
    approved: bool,
) -> i64 {
    app.state
        .db
        .write(move |tx| {
            let answers = sample_answers(reviewer, user as u64);
            store::insert(
                tx,
                &NewReview {
                    user_id: user,
                    course_id: pair.course,
                    provider_id: pair.provider,
                    industry_id: Some(pair.industry),
                    reviewer,
                    title: &format!("Review by {user}"),
                    comment: "A comment.",
                    score_halves,
                    answers: &answers,
                    created_at: Some(1_700_000_000 - age_days * 86_400),
                    decision: Some(approved),
                },
            )
        })
        .await
        .unwrap()
}

async fn sql(app: &TestApp, statement: &str) {
    let statement = statement.to_owned();
    app.state
        .db
        .write(move |tx| Ok(tx.execute_batch(&statement)?))
        .await
        .unwrap();
}

async fn row<T: rusqlite::types::FromSql + Send + 'static>(
    app: &TestApp,
    query: impl Into<String>,
) -> T {
    let query = query.into();
    app.state
        .db
        .read(move |c| Ok(c.query_row(&query, [], |r| r.get(0))?))
        .await
        .unwrap()
}

fn assert_error(res: &TestResponse, status: StatusCode, param: Option<&str>, msg: &str) {
    assert_eq!(res.status, status, "{}", res.text());
    let first = &res.json()[0];
    assert_eq!(first["msg"], msg, "{}", res.text());
    assert_eq!(first["param"].as_str(), param, "{}", res.text());
}

#[tokio::test]
async fn question_sets_are_served_by_user_type() {
    let app = TestApp::new().await;
    let students = app.get("/api/review/questions?userType=Student").await;
    assert_eq!(students.status, StatusCode::OK);
    let list = students.json();
    assert_eq!(list.as_array().unwrap().len(), 14);
    assert_eq!(
        list[0],
        json!({ "slug": "completedCourse", "label": "Completed the course", "question": "Did you complete the course?",
                "smallText": null, "points": false, "answersType": "trueFalse",
                "answers": [{ "answer": "Yes", "points": 0 }, { "answer": "No", "points": 0 }],
                "subQuestion": null, "subQuestions": [] })
    );
    assert_eq!(
        list[2]["subQuestion"]["slug"],
        "notCompletedBecauseStillDoing"
    );
    assert_eq!(
        list[2]["subQuestions"][1]["slug"],
        "notCompletedBecauseOther"
    );
    assert_eq!(list[3]["answersType"], "month-year");
    let employers = app
        .get("/api/review/questions?userType=Employer")
        .await
        .json();
    assert_eq!(employers.as_array().unwrap().len(), 9);
    assert_eq!(
        employers[2]["answers"][4],
        json!({ "answer": "Unsure", "points": 0 })
    );
    for query in ["?userType=Parent", ""] {
        let res = app.get(&format!("/api/review/questions{query}")).await;
        assert_error(
            &res,
            StatusCode::BAD_REQUEST,
            Some("userType"),
            "userType must be 'Student' or 'Employer'",
        );
    }
}

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
            move |c| {
                Ok(c.query_row(
                    "SELECT score_halves, actioned, approved, industry_id, user_type, answers FROM reviews WHERE id = ?1",
                    [review],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
                )?)
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
        (res.status, res.json()["score"].as_f64()),
        (StatusCode::CREATED, Some(1.0)),
        "raw 8 of 32: 1.25 stars"
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
    let cases = [
        (
            without(base.clone(), "title"),
            "title",
            "Review title is required",
        ),
        (
            with(base.clone(), json!({ "title": "x".repeat(81) })),
            "title",
            "Review title must not be longer than 80 characters",
        ),
        (
            with(base.clone(), json!({ "title": "Shit course" })),
            "title",
            "Profanity in review title is not allowed",
        ),
        (
            with(base.clone(), json!({ "comment": " " })),
            "comment",
            "Review comment is required",
        ),
        (
            with(base.clone(), json!({ "comment": "x".repeat(501) })),
            "comment",
            "review comment must not be longer than 500 characters",
        ),
        (
            with(
                base.clone(),
                json!({ "comment": "The trainer is a dickhead" }),
            ),
            "comment",
            "Profanity in review comment is not allowed",
        ),
        (
            with(
                with(base.clone(), looking.clone()),
                json!({ "describesYourSituationStillLooking": "fucking ages" }),
            ),
            "describesYourSituationStillLooking",
            "Profanity in other reason is not allowed",
        ),
        (
            submission(id, pair(&app, 0).await, "Student", not_completed),
            "notCompletedBecauseOther",
            "Profanity in other reason is not allowed",
        ),
        (
            without(base.clone(), "trainersWereResponsive"),
            "trainersWereResponsive",
            "Please answer: The trainers were responsive to my needs.",
        ),
        (
            with(base.clone(), looking),
            "describesYourSituationStillLooking",
            "Please answer: Approximately how long have you been looking for work?",
        ),
        (
            with(base.clone(), json!({ "completedHalfCourse": "No" })),
            "completedHalfCourse",
            "Did you complete more than half of the course? was not asked",
        ),
        (
            with(
                base.clone(),
                json!({ "howLikelyYouRecommend": "Extremely likely" }),
            ),
            "howLikelyYouRecommend",
            "'Extremely likely' is not an answer to: How likely are you to recommend this training provider to a friend?",
        ),
        (
            with(base.clone(), json!({ "metYourExpectations": "Agree" })),
            "metYourExpectations",
            "Unknown question: metYourExpectations",
        ),
        (
            with(
                base.clone(),
                json!({ "completedCourseIn": { "month": "00", "year": "2024" } }),
            ),
            "completedCourseIn",
            "'00/2024' is not an answer to: When did you finish the course?",
        ),
        (
            with(base.clone(), json!({ "userType": "Employer" })),
            "userType",
            "userType must be 'Student', the type of your account",
        ),
        (
            without(base.clone(), "course"),
            "course",
            "course is required",
        ),
    ];
    for (body, param, msg) in cases {
        let res = app.post_as(&token, "/api/submitreview", &body).await;
        assert_error(&res, StatusCode::BAD_REQUEST, Some(param), msg);
    }
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
        ["title", "completedCourse", "comment"],
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
    assert_eq!(
        app.post_json("/api/submitreview", &body).await.status,
        StatusCode::UNAUTHORIZED
    );

    let (parent, parent_id) = user(&app, "Parent", "Pat", None).await;
    let res = app
        .post_as(
            &parent,
            "/api/submitreview",
            &submission(parent_id, pair, "Student", best_student()),
        )
        .await;
    assert_error(
        &res,
        StatusCode::FORBIDDEN,
        None,
        "As a Parent user, you do not have the ability to leave a review.",
    );
    let (advisor, advisor_id) = user(&app, "Career Advisor", "Cam", None).await;
    let res = app
        .post_as(
            &advisor,
            "/api/submitreview",
            &submission(advisor_id, pair, "Student", best_student()),
        )
        .await;
    assert_eq!(
        res.error_msg(),
        "As a Career Advisor user, you do not have the ability to leave a review."
    );

    let (other, _) = user(&app, "Student", "Kim", Some("KimBakes")).await;
    assert_eq!(
        app.post_as(&other, "/api/submitreview", &body).await.status,
        StatusCode::FORBIDDEN,
        "Sam's id in Kim's session"
    );

    let elsewhere: i64 = row(&app, format!("SELECT id FROM providers WHERE id NOT IN (SELECT provider_id FROM offerings WHERE course_id = {}) LIMIT 1", pair.course)).await;
    let res = app
        .post_as(
            &token,
            "/api/submitreview",
            &with(body.clone(), json!({ "provider": elsewhere.to_string() })),
        )
        .await;
    assert_error(
        &res,
        StatusCode::NOT_FOUND,
        None,
        "This provider does not offer this course",
    );
    assert_eq!(row::<i64>(&app, "SELECT COUNT(*) FROM reviews").await, 0);

    for path in [
        "/api/review/checkifuserreviewed",
        "/api/review/getuserreviews",
    ] {
        let res = app
            .post_as(
                &other,
                path,
                &json!({ "userId": id.to_string(), "courseId": "1", "providerId": "1" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(
            app.post_json(path, &json!({})).await.status,
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
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
async fn likes_toggle_switch_and_keep_the_counts() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let (author_token, author) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let (token, me) = user(&app, "Parent", "Pat", None).await;
    let (other, other_id) = user(&app, "Employer", "Jane", None).await;
    let review = stored_review(&app, author, pair, ReviewerType::Student, 8, 1, true).await;
    let vote = |action: &str, user: i64| json!({ "action": action, "reviewId": review.to_string(), "userId": user.to_string() });
    let counts = || {
        row::<String>(
            &app,
            format!("SELECT like_count || '/' || dislike_count FROM reviews WHERE id = {review}"),
        )
    };

    let (me_s, other_s) = (me.to_string(), other_id.to_string());
    let steps = [
        ("like", json!([me_s]), json!([]), "1/0"),
        ("like", json!([]), json!([]), "0/0"),
        ("dislike", json!([]), json!([me_s]), "0/1"),
        ("like", json!([me_s]), json!([]), "1/0"),
        ("removedislike", json!([me_s]), json!([]), "1/0"),
        ("removelike", json!([]), json!([]), "0/0"),
        ("removelike", json!([]), json!([]), "0/0"),
        ("dislike", json!([]), json!([me_s]), "0/1"),
        ("dislike", json!([]), json!([]), "0/0"),
    ];
    for (action, likes, dislikes, count) in steps {
        let res = app
            .post_as(&token, "/api/likeordislikereview", &vote(action, me))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{action}: {}", res.text());
        assert_eq!(
            res.json(),
            json!({ "_id": review.to_string(), "likes": likes, "dislikes": dislikes }),
            "{action}"
        );
        assert_eq!(counts().await, count, "{action}");
    }
    app.post_as(&token, "/api/likeordislikereview", &vote("like", me))
        .await;
    let res = app
        .post_as(
            &other,
            "/api/likeordislikereview",
            &vote("dislike", other_id),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({ "_id": review.to_string(), "likes": [me_s], "dislikes": [other_s] })
    );
    assert_eq!(counts().await, "1/1");

    let own = app
        .post_as(
            &author_token,
            "/api/likeordislikereview",
            &vote("like", author),
        )
        .await;
    assert_error(
        &own,
        StatusCode::FORBIDDEN,
        None,
        "You cannot like or dislike your own review",
    );
    assert_eq!(
        app.post_as(&token, "/api/likeordislikereview", &vote("like", other_id))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.post_json("/api/likeordislikereview", &vote("like", me))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let bad = app
        .post_as(&token, "/api/likeordislikereview", &vote("love", me))
        .await;
    assert_eq!(
        (bad.status, bad.json()[0]["param"].as_str()),
        (StatusCode::BAD_REQUEST, Some("action"))
    );

    let (_, pending_author) = user(&app, "Student", "Kim", Some("KimBakes")).await;
    let pending = stored_review(
        &app,
        pending_author,
        pair,
        ReviewerType::Student,
        8,
        1,
        false,
    )
    .await;
    sql(
        &app,
        &format!("UPDATE reviews SET actioned = 0 WHERE id = {pending}"),
    )
    .await;
    for id in [pending, 999_999] {
        let res = app
            .post_as(
                &token,
                "/api/likeordislikereview",
                &json!({ "action": "like", "reviewId": id.to_string() }),
            )
            .await;
        assert_error(&res, StatusCode::NOT_FOUND, None, "Review not found");
    }
    assert_eq!(
        row::<i64>(
            &app,
            format!("SELECT COUNT(*) FROM review_votes WHERE review_id = {pending}")
        )
        .await,
        0
    );
}

/// 25 approved reviews of one pair (12 by students) and one awaiting moderation.
async fn listed_pair(app: &TestApp) -> (Pair, Vec<i64>) {
    let pair = pair(app, 0).await;
    let mut ids = Vec::new();
    for n in 0..25_i64 {
        let reviewer = if n % 2 == 0 {
            ReviewerType::Employer
        } else {
            ReviewerType::Student
        };
        let (_, author) = user(
            app,
            reviewer.as_str(),
            &format!("Author{n}"),
            Some(&format!("Nick{n}")),
        )
        .await;
        // age n days; score (n * 7) % 11 half stars; n % 4 likes
        ids.push(stored_review(app, author, pair, reviewer, (n * 7) % 11, n, true).await);
    }
    let (_, pending) = user(app, "Student", "Pending", Some("Pending")).await;
    stored_review(app, pending, pair, ReviewerType::Student, 10, 0, false).await;
    for (n, id) in ids.iter().enumerate() {
        sql(
            app,
            &format!("UPDATE reviews SET like_count = {} WHERE id = {id}", n % 4),
        )
        .await;
    }
    (pair, ids)
}

fn review_ids(res: &TestResponse) -> Vec<i64> {
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["review"]["_id"].as_str().unwrap().parse().unwrap())
        .collect()
}

#[tokio::test]
async fn the_list_pages_sorts_and_filters_approved_reviews() {
    let app = TestApp::new().await;
    let (pair, ids) = listed_pair(&app).await;
    let (token, _) = user(&app, "Parent", "Pat", None).await;
    let query = |extra: Value| {
        with(
            json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() }),
            extra,
        )
    };
    assert_eq!(
        app.post_json("/api/getreviewsfor", &query(json!({})))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );

    // Most Recent by default: ids were stored newest first.
    let first = review_ids(
        &app.post_as(&token, "/api/getreviewsfor", &query(json!({})))
            .await,
    );
    let second = review_ids(
        &app.post_as(&token, "/api/getreviewsfor", &query(json!({ "page": 2 })))
            .await,
    );
    assert_eq!(
        (first.as_slice(), second.as_slice()),
        (&ids[..20], &ids[20..])
    );
    assert!(
        review_ids(
            &app.post_as(&token, "/api/getreviewsfor", &query(json!({ "page": 3 })))
                .await
        )
        .is_empty()
    );

    let expected = |key: &dyn Fn(i64) -> (i64, i64)| {
        let mut order: Vec<(usize, i64)> = ids.iter().copied().enumerate().collect();
        order.sort_by_key(|(n, _)| key(*n as i64));
        order.into_iter().map(|(_, id)| id).collect::<Vec<_>>()
    };
    // ties broken newest first, i.e. by age
    let liked = expected(&|n| (-(n % 4), n));
    let rated = expected(&|n| (-((n * 7) % 11), n));
    for (sort, order) in [("Most Liked", liked), ("Top Rated", rated)] {
        let page1 = review_ids(
            &app.post_as(
                &token,
                "/api/getreviewsfor",
                &query(json!({ "sort": sort })),
            )
            .await,
        );
        let page2 = review_ids(
            &app.post_as(
                &token,
                "/api/getreviewsfor",
                &query(json!({ "sort": sort, "page": 2 })),
            )
            .await,
        );
        assert_eq!([page1, page2].concat(), order, "{sort}");
    }
    let students = app
        .post_as(
            &token,
            "/api/getreviewsfor",
            &query(json!({ "userType": "Student", "sort": "Top Rated" })),
        )
        .await;
    let list = students.json();
    assert_eq!(list.as_array().unwrap().len(), 12);
    assert!(list.as_array().unwrap().iter().all(
        |item| item["review"]["userType"] == "Student" && item["user"]["userType"] == "Student"
    ));
    let employers = review_ids(
        &app.post_as(
            &token,
            "/api/getreviewsfor",
            &query(json!({ "userType": "Employer" })),
        )
        .await,
    );
    assert_eq!(
        employers,
        ids.iter().step_by(2).copied().collect::<Vec<_>>()
    );
    assert_eq!(
        review_ids(
            &app.post_as(
                &token,
                "/api/getreviewsfor",
                &query(json!({ "userType": "All" }))
            )
            .await
        ),
        first
    );

    for (field, value) in [
        ("sort", json!("Best")),
        ("userType", json!("Parent")),
        ("page", json!(0)),
    ] {
        let res = app
            .post_as(
                &token,
                "/api/getreviewsfor",
                &query(json!({ field: value })),
            )
            .await;
        assert_eq!(
            (res.status, res.json()[0]["param"].as_str()),
            (StatusCode::BAD_REQUEST, Some(field))
        );
    }
}

#[tokio::test]
async fn a_listed_review_shows_its_author_votes_and_answers() {
    let app = TestApp::new().await;
    let pair = pair(&app, 0).await;
    let (_, jane) = user(&app, "Employer", "Jane", None).await;
    let (_, sam) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    sql(
        &app,
        &format!("UPDATE users SET profile_image = 'abc123.png' WHERE id = {sam}"),
    )
    .await;
    let employer_review = stored_review(&app, jane, pair, ReviewerType::Employer, 7, 2, true).await;
    stored_review(&app, sam, pair, ReviewerType::Student, 9, 1, true).await;
    let (liker, liker_id) = user(&app, "Parent", "Pat", None).await;
    let (disliker, disliker_id) = user(&app, "Other", "Oz", None).await;
    let vote = |action: &str| json!({ "action": action, "reviewId": employer_review.to_string() });
    app.post_as(&liker, "/api/likeordislikereview", &vote("like"))
        .await;
    app.post_as(&disliker, "/api/likeordislikereview", &vote("dislike"))
        .await;

    let list = app.post_as(&liker, "/api/getreviewsfor", &json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() })).await.json();
    assert_eq!(
        list[0]["user"],
        json!({ "_id": sam.to_string(), "name": "SamCooks", "image": "/media/abc123.png", "userType": "Student" })
    );
    assert_eq!(
        list[1]["user"],
        json!({ "_id": jane.to_string(), "name": "Jane D.", "image": "/assets/img/avatars/Employer-avatar-3.png", "userType": "Employer" })
    );
    let review = &list[1]["review"];
    assert_eq!(
        (review["score"].as_f64(), review["title"].as_str()),
        (Some(3.5), Some(format!("Review by {jane}").as_str()))
    );
    assert_eq!(review["createdAt"], "2023-11-12T22:13:20Z");
    assert_eq!(
        (review["likes"].clone(), review["dislikes"].clone()),
        (
            json!([liker_id.to_string()]),
            json!([disliker_id.to_string()])
        )
    );
    assert_eq!(
        review["questions"],
        Value::Object(sample_answers(ReviewerType::Employer, jane as u64))
    );
    assert_eq!(list[0]["review"]["likes"], json!([]));
}

#[tokio::test]
async fn an_author_sees_their_reviews_with_status() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let mut reviews = Vec::new();
    for n in 0..3 {
        let body = submission(id, pair(&app, n).await, "Student", best_student());
        let res = app.post_as(&token, "/api/submitreview", &body).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        reviews.push(res.json()["_id"].as_str().unwrap().to_owned());
    }
    // newest first: make the first the newest, decide the other two
    sql(
        &app,
        &format!(
            "UPDATE reviews SET created_at = created_at + 100 WHERE id = {}",
            reviews[0]
        ),
    )
    .await;
    sql(
        &app,
        &format!(
            "UPDATE reviews SET actioned = 1, approved = 1 WHERE id = {}",
            reviews[1]
        ),
    )
    .await;
    sql(
        &app,
        &format!(
            "UPDATE reviews SET actioned = 1, approved = 0 WHERE id = {}",
            reviews[2]
        ),
    )
    .await;
    let (_, kim) = user(&app, "Student", "Kim", Some("KimBakes")).await;
    stored_review(
        &app,
        kim,
        pair(&app, 0).await,
        ReviewerType::Student,
        4,
        0,
        true,
    )
    .await;

    let res = app
        .post_as(
            &token,
            "/api/review/getuserreviews",
            &json!({ "userId": id.to_string() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let list = res.json();
    let list = list.as_array().unwrap();
    let got: Vec<(&str, &str)> = list
        .iter()
        .map(|r| (r["_id"].as_str().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            (reviews[0].as_str(), "unactioned"),
            (reviews[2].as_str(), "disapproved"),
            (reviews[1].as_str(), "approved")
        ]
    );
    assert_eq!(
        (list[1]["actioned"].as_bool(), list[1]["approved"].as_bool()),
        (Some(true), Some(false))
    );
    let first = pair(&app, 0).await;
    assert_eq!(list[0]["provider"][0]["_id"], first.provider.to_string());
    assert_eq!(list[0]["course"][0]["_id"], first.course.to_string());
    for key in ["name", "slug", "courseCode"] {
        assert!(
            list[0]["course"][0][key]
                .as_str()
                .is_some_and(|v| !v.is_empty()),
            "{key}"
        );
    }
    assert_eq!(
        (list[0]["score"].as_f64(), list[0]["userType"].as_str()),
        (Some(5.0), Some("Student"))
    );
    assert!(list[0]["createdAt"].as_str().unwrap().ends_with('Z'));
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

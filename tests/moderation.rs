//! The admins' moderation calls: the unactioned count, the queue's filters and paging, the
//! decision and its consequences (counters through the public catalogue calls, the author's
//! notification and mail), and who may call them.

mod common;

use axum::http::{Method, StatusCode};
use common::{TestApp, employer, student};
use serde_json::{Value, json};

const ADMIN: &str = "ada@example.com";

/// A course at an example provider, with the ids and names the checks need.
#[derive(Clone, Debug)]
struct Pair {
    course: i64,
    provider: i64,
    industry: i64,
    career: i64,
    course_slug: String,
    course_name: String,
    course_code: String,
    provider_slug: String,
    provider_name: String,
}

/// The `n`th example offering (by id) whose course leads to a career.
async fn pair(app: &TestApp, n: i64) -> Pair {
    app.state
        .db
        .read(move |c| {
            Ok(c.query_row(
                "SELECT o.course_id, o.provider_id, ca.industry_id, ca.id, c.slug, c.name, c.code, p.slug, p.name
                 FROM offerings o JOIN courses c ON c.id = o.course_id JOIN providers p ON p.id = o.provider_id
                 JOIN careers ca ON ca.id = (SELECT MIN(career_id) FROM course_careers WHERE course_id = c.id)
                 WHERE p.is_example = 1 ORDER BY o.id LIMIT 1 OFFSET ?1",
                [n],
                |r| {
                    Ok(Pair {
                        course: r.get(0)?,
                        provider: r.get(1)?,
                        industry: r.get(2)?,
                        career: r.get(3)?,
                        course_slug: r.get(4)?,
                        course_name: r.get(5)?,
                        course_code: r.get(6)?,
                        provider_slug: r.get(7)?,
                        provider_name: r.get(8)?,
                    })
                },
            )?)
        })
        .await
        .unwrap()
}

/// An unactioned review written straight into the database, `age` days old; answers its id.
async fn review(
    app: &TestApp,
    user: &str,
    pair: &Pair,
    user_type: &str,
    title: &str,
    score_halves: i64,
    age: i64,
) -> String {
    let (user, course, provider, industry) = (
        user.parse::<i64>().unwrap(),
        pair.course,
        pair.provider,
        pair.industry,
    );
    let (user_type, title) = (user_type.to_owned(), title.to_owned());
    let id: i64 = app
        .state
        .db
        .write(move |tx| {
            tx.execute(
                "INSERT INTO reviews (user_id, course_id, provider_id, industry_id, user_type, title, comment, score_halves, answers, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'The trainers knew their stuff.', ?7, '{\"completedCourse\":\"Yes\"}', unixepoch() - ?8 * 86400)",
                rusqlite::params![user, course, provider, industry, user_type, title, score_halves, age],
            )?;
            Ok(tx.last_insert_rowid())
        })
        .await
        .unwrap();
    id.to_string()
}

async fn admin(app: &TestApp) -> String {
    app.create_admin(ADMIN, "Secret123").await;
    let login = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": ADMIN, "password": "Secret123" }),
        )
        .await;
    login.json()["token"].as_str().unwrap().to_owned()
}

fn named(mut registration: Value, first: &str, last: &str) -> Value {
    registration["firstName"] = json!(first);
    registration["lastName"] = json!(last);
    registration
}

fn filter(changes: Value) -> Value {
    let mut body = json!({ "actioned": false, "approved": null, "sort": "Oldest", "userType": "All", "searchBy": "Course Name", "searchText": "" });
    for (k, v) in changes.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

/// The titles of one page of the queue, and the X-Total-Count header.
async fn titles(app: &TestApp, token: &str, changes: Value) -> (Vec<String>, i64) {
    let res = app
        .post_as(token, "/api/review/pullreviews", &filter(changes))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let total = res.header("x-total-count").parse().unwrap();
    let titles = res
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["title"].as_str().unwrap().to_owned())
        .collect();
    (titles, total)
}

async fn decide(app: &TestApp, token: &str, action: &str, id: &str) -> Value {
    let res = app
        .post_as(
            token,
            "/api/review/approvedisapprove",
            &json!({ "action": action, "id": id }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

async fn unactioned(app: &TestApp, token: &str) -> Value {
    app.get_with(
        "/api/review/getunactioned",
        &[("authorization", &format!("Bearer {token}"))],
    )
    .await
    .json()
}

#[tokio::test]
async fn only_admins_moderate() {
    let app = TestApp::new().await;
    let (student_token, student_id) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let id = review(
        &app,
        &student_id,
        &pair(&app, 0).await,
        "Student",
        "Great course",
        8,
        1,
    )
    .await;
    let calls = [
        (Method::GET, "/api/review/getunactioned", json!(null)),
        (Method::POST, "/api/review/pullreviews", filter(json!({}))),
        (
            Method::POST,
            "/api/review/approvedisapprove",
            json!({ "action": "approve", "id": id }),
        ),
    ];
    for (method, path, body) in calls {
        let anonymous = app.send(method.clone(), path, &[], body.to_string()).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED, "{path}");
        let bearer = format!("Bearer {student_token}");
        let student = app
            .send(
                method,
                path,
                &[("authorization", &bearer)],
                body.to_string(),
            )
            .await;
        assert_eq!(
            (student.status, student.error_msg().as_str()),
            (StatusCode::FORBIDDEN, "Only admins may do that."),
            "{path}"
        );
    }
    let token = admin(&app).await;
    assert_eq!(
        unactioned(&app, &token).await,
        json!(1),
        "the student's attempt changed nothing"
    );
}

#[tokio::test]
async fn the_queue_filters_sorts_searches_and_pages() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (_, sam) = app
        .signed_up(&named(
            student("sam@example.com", "SamCooks"),
            "Samantha",
            "Nguyen",
        ))
        .await;
    let (_, jo) = app
        .signed_up(&named(employer("jo@example.com"), "Jordan", "Blake"))
        .await;
    let (a, b, c) = (
        pair(&app, 0).await,
        pair(&app, 1).await,
        pair(&app, 200).await,
    );
    assert_ne!(
        a.course_name, c.course_name,
        "the search cases need two courses"
    );

    let oldest = review(
        &app,
        &sam,
        &a,
        "Student",
        "Loved the practical classes",
        9,
        30,
    )
    .await;
    let approved = review(&app, &jo, &a, "Employer", "Well prepared apprentice", 7, 20).await;
    let disapproved = review(&app, &sam, &b, "Student", "100% rubbish_course", 2, 10).await;
    review(&app, &jo, &c, "Employer", "Solid trainers", 6, 5).await;
    review(&app, &sam, &c, "Student", "Newest one", 5, 1).await;
    decide(&app, &token, "approve", &approved).await;
    decide(&app, &token, "disapprove", &disapproved).await;
    assert_eq!(unactioned(&app, &token).await, json!(3));

    let cases = [
        (
            json!({}),
            vec![
                "Loved the practical classes",
                "Solid trainers",
                "Newest one",
            ],
        ),
        (
            json!({ "sort": "Latest" }),
            vec![
                "Newest one",
                "Solid trainers",
                "Loved the practical classes",
            ],
        ),
        (
            json!({ "approved": true }),
            vec![
                "Loved the practical classes",
                "Solid trainers",
                "Newest one",
            ],
        ),
        (
            json!({ "actioned": true }),
            vec!["Well prepared apprentice", "100% rubbish_course"],
        ),
        (
            json!({ "actioned": true, "sort": "Latest" }),
            vec!["100% rubbish_course", "Well prepared apprentice"],
        ),
        (
            json!({ "actioned": true, "approved": true }),
            vec!["Well prepared apprentice"],
        ),
        (
            json!({ "actioned": true, "approved": false }),
            vec!["100% rubbish_course"],
        ),
        (
            json!({ "userType": "Student" }),
            vec!["Loved the practical classes", "Newest one"],
        ),
        (json!({ "userType": "Employer" }), vec!["Solid trainers"]),
        (
            json!({ "actioned": true, "userType": "Employer" }),
            vec!["Well prepared apprentice"],
        ),
        (
            json!({ "searchText": c.course_name.to_uppercase() }),
            vec!["Solid trainers", "Newest one"],
        ),
        (
            json!({ "searchBy": "Course Code", "searchText": a.course_code.to_lowercase() }),
            vec!["Loved the practical classes"],
        ),
        (
            json!({ "searchBy": "User Name", "searchText": "mantha" }),
            vec!["Loved the practical classes", "Newest one"],
        ),
        (
            json!({ "searchBy": "User Name", "searchText": "BLAKE" }),
            vec!["Solid trainers"],
        ),
        (
            json!({ "searchBy": "User Name", "searchText": "samantha nguyen" }),
            vec!["Loved the practical classes", "Newest one"],
        ),
        (
            json!({ "searchBy": "User Name", "searchText": "samcook" }),
            vec!["Loved the practical classes", "Newest one"],
        ),
        (
            json!({ "searchBy": "Review Title", "searchText": "  PRACTICAL " }),
            vec!["Loved the practical classes"],
        ),
        (
            json!({ "actioned": true, "searchBy": "Review Title", "searchText": "100%" }),
            vec!["100% rubbish_course"],
        ),
        (
            json!({ "actioned": true, "searchBy": "Review Title", "searchText": "0_" }),
            vec![],
        ),
        (
            json!({ "searchBy": "Review Title", "searchText": "nothing like this" }),
            vec![],
        ),
    ];
    for (changes, expected) in cases {
        let (got, total) = titles(&app, &token, changes.clone()).await;
        assert_eq!(got, expected, "{changes}");
        assert_eq!(total, expected.len() as i64, "{changes}");
    }

    let res = app
        .post_as(&token, "/api/review/pullreviews", &filter(json!({})))
        .await;
    let first = &res.json()[0];
    assert_eq!(first["_id"], json!(oldest));
    assert_eq!(
        first["user"],
        json!({ "_id": sam, "firstName": "Samantha", "lastName": "Nguyen", "email": "sam@example.com", "avatar": 2, "profileImage": null })
    );
    assert_eq!(
        (first["userType"].as_str(), first["score"].as_f64()),
        (Some("Student"), Some(4.5))
    );
    assert_eq!(
        first["provider"],
        json!({ "_id": a.provider.to_string(), "name": a.provider_name, "slug": a.provider_slug })
    );
    assert_eq!(
        first["course"],
        json!({ "_id": a.course.to_string(), "courseCode": a.course_code, "name": a.course_name, "slug": a.course_slug })
    );
    assert_eq!(first["questions"], json!({ "completedCourse": "Yes" }));
    assert_eq!(
        (first["actioned"].as_bool(), first["approved"].as_bool()),
        (Some(false), Some(false))
    );
    assert_eq!(first["comment"], "The trainers knew their stuff.");
    let created = first["createdAt"].as_str().unwrap();
    assert!(
        created.len() == 20 && created.ends_with('Z') && created.as_bytes()[10] == b'T',
        "ISO 8601: {created}"
    );

    let bad = [
        (
            json!({ "sort": "Newest" }),
            "sort",
            "sort must be 'Oldest' or 'Latest'",
        ),
        (
            json!({ "userType": "Parent" }),
            "userType",
            "userType must be 'All', 'Student' or 'Employer'",
        ),
        (
            json!({ "searchBy": "Email" }),
            "searchBy",
            "searchBy must be 'Course Name', 'Course Code', 'User Name' or 'Review Title'",
        ),
        (json!({ "page": 0 }), "page", "page must be 1 or more"),
    ];
    for (changes, param, msg) in bad {
        let res = app
            .post_as(&token, "/api/review/pullreviews", &filter(changes))
            .await;
        assert_eq!(
            (
                res.status,
                res.json()[0]["param"].as_str(),
                res.error_msg().as_str()
            ),
            (StatusCode::BAD_REQUEST, Some(param), msg)
        );
    }
}

#[tokio::test]
async fn the_queue_pages_by_ten() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (_, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    for n in 0..23 {
        review(
            &app,
            &sam,
            &pair(&app, n).await,
            "Student",
            &format!("Review {n:02}"),
            6,
            100 - n,
        )
        .await;
    }
    let expected =
        |range: std::ops::Range<i64>| range.map(|n| format!("Review {n:02}")).collect::<Vec<_>>();
    assert_eq!(
        titles(&app, &token, json!({})).await,
        (expected(0..10), 23),
        "page 1 by default"
    );
    assert_eq!(
        titles(&app, &token, json!({ "page": 2 })).await,
        (expected(10..20), 23)
    );
    assert_eq!(
        titles(&app, &token, json!({ "page": 3 })).await,
        (expected(20..23), 23)
    );
    assert_eq!(
        titles(&app, &token, json!({ "page": 4 })).await,
        (vec![], 23)
    );
    let latest = titles(&app, &token, json!({ "page": 3, "sort": "Latest" }))
        .await
        .0;
    assert_eq!(latest, vec!["Review 02", "Review 01", "Review 00"]);
    assert_eq!(unactioned(&app, &token).await, json!(23));
}

/// What the public catalogue calls say about `pair`: (pair's counts and ratings, provider's
/// overall rating, course's review count, industry's review count).
async fn public_counts(app: &TestApp, pair: &Pair) -> (Value, Value, Value, Value) {
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
    (
        json!({ "reviewCount": { "total": total, "student": student, "employer": employer }, "rating": { "student": student_avg, "employer": employer_avg, "overall": overall } }),
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
    let a = pair(&app, 0).await;
    let sam_review = review(&app, &sam, &a, "Student", "Sam's review", 8, 3).await;
    let kim_review = review(&app, &kim, &a, "Student", "Kim's review", 5, 2).await;
    let jo_review = review(&app, &jo, &a, "Employer", "Jo's review", 6, 1).await;
    let nothing = counts(0, 0, json!(null), json!(null), json!(null), 0.0);
    assert_eq!(
        public_counts(&app, &a).await,
        nothing,
        "unactioned reviews count nowhere"
    );

    let answer = decide(&app, &token, "approve", &sam_review).await;
    assert_eq!(
        answer,
        json!({ "_id": sam_review, "actioned": true, "approved": true })
    );
    decide(&app, &token, "approve", &kim_review).await;
    decide(&app, &token, "approve", &jo_review).await;
    assert_eq!(
        public_counts(&app, &a).await,
        counts(2, 1, json!(3.25), json!(3.0), json!(19.0 / 6.0), 9.5)
    );

    assert_eq!(
        decide(&app, &token, "disapprove", &sam_review).await,
        json!({ "_id": sam_review, "actioned": true, "approved": false })
    );
    assert_eq!(
        public_counts(&app, &a).await,
        counts(1, 1, json!(2.5), json!(3.0), json!(2.75), 5.5)
    );
    decide(&app, &token, "disapprove", &sam_review).await;
    assert_eq!(
        public_counts(&app, &a).await,
        counts(1, 1, json!(2.5), json!(3.0), json!(2.75), 5.5),
        "repeating changes nothing"
    );
    decide(&app, &token, "approve", &sam_review).await;
    assert_eq!(
        public_counts(&app, &a).await,
        counts(2, 1, json!(3.25), json!(3.0), json!(19.0 / 6.0), 9.5),
        "re-approved"
    );

    let deleted = app
        .post_as(
            &kim_token,
            "/api/account/delete",
            &json!({ "password": "Secret123" }),
        )
        .await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
    assert_eq!(
        public_counts(&app, &a).await,
        counts(1, 1, json!(4.0), json!(3.0), json!(3.5), 7.0),
        "the deleted author's review is gone"
    );

    let missing = app
        .post_as(
            &token,
            "/api/review/approvedisapprove",
            &json!({ "action": "approve", "id": kim_review }),
        )
        .await;
    assert_eq!(
        (missing.status, missing.error_msg().as_str()),
        (StatusCode::NOT_FOUND, "Review not found")
    );
    let bad = app
        .post_as(
            &token,
            "/api/review/approvedisapprove",
            &json!({ "action": "publish", "id": sam_review }),
        )
        .await;
    assert_eq!(
        (
            bad.status,
            bad.json()[0]["param"].as_str(),
            bad.error_msg().as_str()
        ),
        (
            StatusCode::BAD_REQUEST,
            Some("action"),
            "action must be 'approve' or 'disapprove'"
        )
    );
    let no_id = app
        .post_as(
            &token,
            "/api/review/approvedisapprove",
            &json!({ "action": "approve" }),
        )
        .await;
    assert_eq!(
        (no_id.status, no_id.error_msg().as_str()),
        (StatusCode::BAD_REQUEST, "id is required")
    );
}

#[tokio::test]
async fn a_changed_decision_tells_the_author_once() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (sam_token, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let a = pair(&app, 0).await;
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
            .read(|c| Ok(c.query_row("SELECT subject, body_text FROM mail_outbox WHERE to_address = 'sam@example.com' ORDER BY id DESC LIMIT 1", [], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?))
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
        body.contains(&link) && body.contains("terms of use"),
        "{body}"
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

#[tokio::test]
async fn demo_reviews_are_written_once_and_follow_the_rules() {
    use coursesource::moderation::demo::{REVIEWS, UNACTIONED, ensure_reviews};
    use coursesource::reviews::{ReviewerType, flow::check_answers, score_halves};

    let app = TestApp::new().await;
    assert_eq!(ensure_reviews(&app.state.db).await.unwrap(), REVIEWS);
    assert_eq!(
        ensure_reviews(&app.state.db).await.unwrap(),
        0,
        "a second start writes nothing"
    );
    let token = admin(&app).await;
    assert_eq!(unactioned(&app, &token).await, json!(UNACTIONED));
    let (_, disapproved) =
        titles(&app, &token, json!({ "actioned": true, "approved": false })).await;
    assert_eq!(disapproved, 4);

    let facts = app
        .state
        .db
        .read(|c| {
            let one = |sql: &str| c.query_row(sql, [], |r| r.get::<_, i64>(0));
            let mut stmt = c.prepare("SELECT user_type, answers, score_halves, title, comment FROM reviews")?;
            let reviews = stmt
                .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, String>(3)?, r.get::<_, String>(4)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok((
                [
                    one("SELECT COUNT(*) FROM reviews r JOIN providers p ON p.id = r.provider_id WHERE p.is_example = 0")?,
                    one("SELECT COUNT(*) FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.is_demo = 0 OR u.user_type <> r.user_type")?,
                    one("SELECT COUNT(DISTINCT user_id) FROM reviews")?,
                    one("SELECT COUNT(DISTINCT course_id || '-' || provider_id) FROM reviews")?,
                    one("SELECT COUNT(DISTINCT title || comment) FROM reviews")?,
                    one("SELECT COUNT(*) FROM review_votes v JOIN reviews r ON r.id = v.review_id WHERE v.user_id = r.user_id OR r.approved = 0")?,
                    one("SELECT COUNT(*) FROM reviews r WHERE like_count <> (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = r.id AND vote = 'like')
                         OR dislike_count <> (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = r.id AND vote = 'dislike')")?,
                    one("SELECT COUNT(*) FROM review_votes")?,
                    one("SELECT COALESCE(SUM(student_review_count + employer_review_count), 0) FROM offerings")?,
                    one("SELECT COUNT(*) FROM reviews WHERE approved = 1")?,
                    one("SELECT COALESCE(SUM(review_count), 0) FROM industries")?,
                    one("SELECT COUNT(*) FROM reviews WHERE approved = 1 AND industry_id IS NOT NULL")?,
                    one("SELECT COUNT(*) FROM users WHERE is_demo = 1 AND user_type = 'Student' AND nick_name IS NULL")?,
                    one("SELECT COUNT(*) FROM users WHERE is_demo = 1 AND user_type = 'Employer' AND (abn IS NULL OR business_name IS NULL)")?,
                ],
                reviews,
            ))
        })
        .await
        .unwrap();
    let (
        [
            foreign,
            wrong_author,
            reviewers,
            offerings,
            distinct_texts,
            bad_votes,
            miscounted,
            votes,
            counted,
            approved,
            industry_counted,
            industry_approved,
            no_nick,
            no_business,
        ],
        reviews,
    ) = facts;
    assert_eq!(
        (
            foreign,
            wrong_author,
            bad_votes,
            miscounted,
            no_nick,
            no_business
        ),
        (0, 0, 0, 0, 0, 0)
    );
    assert!(
        (40..=150).contains(&reviewers),
        "several dozen reviewers: {reviewers}"
    );
    assert!(offerings > 100, "spread over many offerings: {offerings}");
    assert!(distinct_texts > 250, "varied texts: {distinct_texts}");
    assert!(votes > 300, "likes and dislikes: {votes}");
    assert_eq!(
        (counted, industry_counted),
        (approved, industry_approved),
        "counters recounted"
    );
    assert_eq!(approved as usize, REVIEWS - UNACTIONED - 4);

    let mut scores = std::collections::BTreeSet::new();
    for (user_type, answers, halves, title, comment) in reviews {
        let reviewer = ReviewerType::parse(&user_type).unwrap();
        let answers: serde_json::Map<String, Value> = serde_json::from_str(&answers).unwrap();
        let checked =
            check_answers(reviewer, &answers, 2100).unwrap_or_else(|e| panic!("{e:?} {answers:?}"));
        assert_eq!(checked, answers);
        assert_eq!(score_halves(reviewer, &answers), halves, "{answers:?}");
        assert!(
            title.chars().count() <= 80 && comment.chars().count() <= 500 && !comment.contains('{'),
            "{title}: {comment}"
        );
        scores.insert(halves);
    }
    assert!(scores.len() >= 7, "varied scores: {scores:?}");
}

#[tokio::test]
async fn a_submitted_review_goes_live_once_approved() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (sam_token, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let a = pair(&app, 0).await;
    let mut body = json!({ "userType": "Student", "user": sam, "provider": a.provider.to_string(), "course": a.course.to_string(),
                           "title": "Through the front door", "comment": "Submitted like everyone else." });
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

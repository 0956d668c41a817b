//! The admins' moderation queue: `getunactioned` and `pullreviews` with their filters, sorts,
//! search and paging, and who may call them.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp, employer,
    moderating::*,
    reviewing::*,
    scenario::{Caller, Case, admin_only},
    student,
};
use serde_json::{Value, json};

#[tokio::test]
async fn only_admins_moderate() {
    let app = TestApp::new().await;
    let (student_token, student_id) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let id = review(
        &app,
        &student_id,
        &named_pair(&app, 0).await,
        "Student",
        "Great course",
        8,
        1,
    )
    .await;
    let student = Caller::bearer(&student_token);
    let calls = [
        Case::get("the unactioned count", "/api/review/getunactioned"),
        Case::post("the queue", "/api/review/pullreviews", filter(json!({}))),
        Case::post(
            "a decision",
            "/api/review/approvedisapprove",
            json!({ "action": "approve", "id": id }),
        ),
    ];
    app.run_cases(&admin_only(&calls, &student)).await;
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
        named_pair(&app, 0).await,
        named_pair(&app, 1).await,
        named_pair(&app, 200).await,
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

    let ada = Caller::bearer(&token);
    let refused = |changes: Value, param: &str, msg: &str| {
        Case::post(
            format!("{changes}"),
            "/api/review/pullreviews",
            filter(changes),
        )
        .by(&ada)
        .error(StatusCode::BAD_REQUEST, Some(param), msg)
    };
    #[rustfmt::skip]
    let cases = [
        refused(json!({ "sort": "Newest" }), "sort", "sort must be 'Oldest' or 'Latest'"),
        refused(json!({ "userType": "Parent" }), "userType", "userType must be 'All', 'Student' or 'Employer'"),
        refused(json!({ "searchBy": "Email" }), "searchBy",
                "searchBy must be 'Course Name', 'Course Code', 'User Name' or 'Review Title'"),
        refused(json!({ "page": 0 }), "page", "page must be 1 or more"),
    ];
    app.run_cases(&cases).await;
}

/// A title search finds the text anywhere in a title, whatever its case, quotes and length
/// (the trigram index serves three characters or more, a scan of the titles fewer).
#[tokio::test]
async fn a_title_search_finds_any_part_of_a_title() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (_, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let titles_written = [r#"Trainers said "hands-on""#, "On time", "Hands on at last"];
    for (n, title) in titles_written.iter().enumerate() {
        let pair = named_pair(&app, n as i64).await;
        review(&app, &sam, &pair, "Student", title, 8, 10 - n as i64).await;
    }
    let cases = [
        (r#""hands-on""#, vec![titles_written[0]]),
        ("HANDS", vec![titles_written[0], titles_written[2]]),
        ("on", titles_written.to_vec()),
        ("n t", vec![titles_written[1]]),
        ("ds on at", vec![titles_written[2]]),
        ("hands  on", vec![]),
    ];
    for (text, expected) in cases {
        let (got, total) = titles(
            &app,
            &token,
            json!({ "searchBy": "Review Title", "searchText": text }),
        )
        .await;
        assert_eq!(
            (got, total),
            (
                expected.iter().map(|t| t.to_string()).collect(),
                expected.len() as i64
            ),
            "{text}"
        );
    }
}

/// `count` accounts `<prefix><n>@example.com`, written straight into the database for the tests
/// that need more reviewers than signing up through the API would allow.
async fn bulk_users(app: &TestApp, prefix: &str, count: i64) {
    sql(
        app,
        &format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count})
             INSERT INTO users (email, password_hash, first_name, last_name, gender, user_type)
             SELECT '{prefix}' || i || '@example.com', 'x', 'Bulk', 'Writer', 'Other', 'Student' FROM n"
        ),
    )
    .await;
}

/// A title search lists the newest 1,000 reviews of the asked state whose title holds its text,
/// and says when more do: a text found in ten thousand reviews must not read all of them
/// for every page.
#[tokio::test]
async fn a_title_search_reads_the_newest_thousand_matches_and_says_so() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let pair = named_pair(&app, 0).await.ids;
    bulk_users(&app, "bulk", 1_005).await;
    sql(
        &app,
        &format!(
            "INSERT INTO reviews (user_id, course_id, provider_id, user_type, title, comment, score_halves, created_at)
             SELECT id, {}, {}, 'Student', 'Placement week ' || id, 'Text.', 8, 1700000000 + id
             FROM users WHERE email LIKE 'bulk%@example.com' ORDER BY id;",
            pair.course, pair.provider
        ),
    )
    .await;
    let newest: i64 = row(&app, "SELECT MAX(id) FROM users").await;
    let pulled = |text: String| {
        let body =
            filter(json!({ "searchBy": "Review Title", "searchText": text, "sort": "Latest" }));
        let (app, token) = (&app, &token);
        async move { app.post_as(token, "/api/review/pullreviews", &body).await }
    };
    let res = pulled("placement".into()).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.header("x-total-count"), "1000");
    assert_eq!(res.header("x-total-capped"), "true");
    assert_eq!(
        res.json()[0]["title"],
        json!(format!("Placement week {newest}"))
    );
    // Fewer matches than the cap: all of them, and no cap.
    let (_, total) = titles(
        &app,
        &token,
        json!({ "searchBy": "Review Title", "searchText": format!("week {newest}") }),
    )
    .await;
    assert_eq!(total, 1);
    let res = pulled(format!("week {}", newest - 1)).await;
    assert_eq!(res.header("x-total-capped"), "");

    // Its pages come from the same newest 1,000 matches, in the list's order either way.
    let title_on = |sort: &'static str, page: i64| {
        let body = filter(
            json!({ "searchBy": "Review Title", "searchText": "placement", "sort": sort, "page": page }),
        );
        let (app, token) = (&app, &token);
        async move {
            let res = app.post_as(token, "/api/review/pullreviews", &body).await;
            assert_eq!(res.json().as_array().unwrap().len(), 10);
            res.json()[0]["title"].as_str().unwrap().to_owned()
        }
    };
    let week = |id: i64| format!("Placement week {id}");
    assert_eq!(title_on("Latest", 3).await, week(newest - 20));
    assert_eq!(title_on("Oldest", 1).await, week(newest - 999));
    assert_eq!(title_on("Oldest", 100).await, week(newest - 9));
    // A decision is seen at once: the approved review leaves the waiting list's matches, whose
    // newest 1,000 now reach one further back, and is the only match of the approved list.
    let newest_review: String = row(&app, "SELECT CAST(MAX(id) AS TEXT) FROM reviews").await;
    decide(&app, &token, "approve", &newest_review).await;
    let res = pulled("placement".into()).await;
    assert_eq!(res.header("x-total-count"), "1000");
    assert_eq!(res.header("x-total-capped"), "true");
    assert_eq!(res.json()[0]["title"], json!(week(newest - 1)));
    assert_eq!(title_on("Oldest", 1).await, week(newest - 1_000));
    let approved = json!({ "actioned": true, "approved": true, "searchBy": "Review Title", "searchText": "placement" });
    assert_eq!(
        titles(&app, &token, approved).await,
        (vec![week(newest)], 1)
    );
}

/// The title index keys each review by its state, date, id and reviewer type (V31): a search of
/// both actioned states lists them together by date, and the type and 'Flagged' filters narrow
/// it, however the reviews were written and decided.
#[tokio::test]
async fn a_title_search_lists_both_actioned_states_by_date_and_narrows_by_type_and_signal() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let pair = named_pair(&app, 0).await.ids;
    // Written out of id order, so the list's order (by date) is not the ids'.
    bulk_users(&app, "keyed", 6).await;
    sql(
        &app,
        &format!(
            "INSERT INTO reviews (user_id, course_id, provider_id, user_type, title, comment, score_halves, created_at, actioned, approved)
             SELECT id, {}, {}, CASE WHEN id % 2 = 0 THEN 'Employer' ELSE 'Student' END,
                    'Keyed kitchen ' || (7 - (id - (SELECT MIN(id) FROM users WHERE email LIKE 'keyed%'))),
                    'Text.', 8, 1800000000 - id * 1000, 1, id % 3 <> 0
             FROM users WHERE email LIKE 'keyed%' ORDER BY id;",
            pair.course, pair.provider
        ),
    )
    .await;
    // Each review's title number is 7 minus its place in id order: the newest has the highest.
    let state = |approved: &str| json!({ "actioned": true, "approved": approved.parse::<bool>().ok(), "sort": "Latest", "searchBy": "Review Title", "searchText": "keyed kitchen" });
    let (both, total) = titles(&app, &token, state("either")).await;
    assert_eq!(total, 6);
    let numbers: Vec<String> = both
        .iter()
        .map(|t| t.replace("Keyed kitchen ", ""))
        .collect();
    assert_eq!(
        numbers,
        ["7", "6", "5", "4", "3", "2"],
        "newest first across both states"
    );
    let (approved, _) = titles(&app, &token, state("true")).await;
    let (refused, _) = titles(&app, &token, state("false")).await;
    assert_eq!(approved.len() + refused.len(), 6);
    assert!(
        !approved.is_empty() && !refused.is_empty(),
        "{approved:?} {refused:?}"
    );
    let oldest_first = json!({ "actioned": true, "approved": null, "sort": "Oldest", "searchBy": "Review Title", "searchText": "keyed kitchen" });
    let (oldest, _) = titles(&app, &token, oldest_first).await;
    assert_eq!(oldest, both.iter().rev().cloned().collect::<Vec<_>>());

    let employers = json!({ "actioned": true, "approved": null, "userType": "Employer", "sort": "Latest", "searchBy": "Review Title", "searchText": "keyed kitchen" });
    let (by_employers, total) = titles(&app, &token, employers).await;
    let written_by_employers: i64 = row(
        &app,
        "SELECT COUNT(*) FROM reviews WHERE title LIKE 'Keyed kitchen%' AND user_type = 'Employer'",
    )
    .await;
    assert_eq!(total, written_by_employers);
    assert_eq!(by_employers.len() as i64, written_by_employers);

    sql(
        &app,
        "INSERT INTO review_signals (review_id, signal, detail)
         SELECT id, 'burst', 'test' FROM reviews WHERE title = 'Keyed kitchen 5'",
    )
    .await;
    let flagged = json!({ "actioned": true, "approved": null, "flagged": true, "searchBy": "Review Title", "searchText": "keyed kitchen" });
    assert_eq!(
        titles(&app, &token, flagged).await,
        (vec!["Keyed kitchen 5".to_owned()], 1)
    );
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
            &named_pair(&app, n).await,
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

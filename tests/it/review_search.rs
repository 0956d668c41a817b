//! Search inside a pair's reviews (`search` of `POST /api/getreviewsfor`, issue 29 point 4):
//! words and phrases, case and accents ignored, only the pair's approved reviews, with the
//! server's marks and never the review's own markup; hostile text is only text; it combines
//! with the star filter, the sorts and paging; and V20's index follows every decision.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp, TestResponse,
    moderating::{decide, review},
    reviewing::*,
    with,
};
use coursesource::reviews::search::{TOO_LONG, TOO_SHORT};
use serde_json::{Value, json};

/// A pair with approved reviews of these titles and comments (newest first) and their ids.
async fn reviews_of(app: &TestApp, pair: &NamedPair, texts: &[(&str, &str)]) -> Vec<String> {
    let mut ids = Vec::new();
    for (n, (title, comment)) in texts.iter().enumerate() {
        let (_, author) = user(
            app,
            "Student",
            &format!("Writer{n}"),
            Some(&format!("W{}x{n}", pair.ids.provider)),
        )
        .await;
        let id = review(
            app,
            &author.to_string(),
            pair,
            "Student",
            title,
            2 * (n as i64 % 5) + 2,
            n as i64,
        )
        .await;
        let (title, comment) = (title.to_string(), comment.to_string());
        let stored = id.clone();
        app.state
            .db
            .write(move |tx| {
                tx.execute(
                    "UPDATE reviews SET comment = ?2, approved = 1, actioned = 1 WHERE id = ?1",
                    rusqlite::params![stored, comment],
                )?;
                tx.execute(
                    "UPDATE reviews SET title = ?2 WHERE id = ?1",
                    rusqlite::params![stored, title],
                )
            })
            .await
            .unwrap();
        ids.push(id);
    }
    ids
}

async fn search(app: &TestApp, token: &str, pair: &NamedPair, extra: Value) -> TestResponse {
    let body = json!({ "courseId": pair.ids.course.to_string(), "providerId": pair.ids.provider.to_string() });
    app.post_as(token, "/api/getreviewsfor", &with(body, extra))
        .await
}

/// The ids found, and the count header.
async fn found(app: &TestApp, token: &str, pair: &NamedPair, extra: Value) -> (Vec<String>, i64) {
    let res = search(app, token, pair, extra).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let ids = res
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["review"]["_id"].as_str().unwrap().to_owned())
        .collect();
    (ids, res.header("x-total-count").parse().unwrap_or(-1))
}

async fn ids_for(app: &TestApp, token: &str, pair: &NamedPair, text: &str) -> Vec<String> {
    found(app, token, pair, json!({ "search": text })).await.0
}

/// A segment list as text, the matches in brackets.
fn marked(segments: &Value) -> String {
    segments
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let text = s["text"].as_str().unwrap();
            if s["match"] == true {
                format!("[{text}]")
            } else {
                text.to_owned()
            }
        })
        .collect()
}

#[tokio::test]
async fn words_and_phrases_match_whatever_the_case_and_accents() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let other = named_pair(&app, 1).await;
    let ids = reviews_of(
        &app,
        &pair,
        &[
            ("Great teacher", "The teacher knew the kitchen well."),
            (
                "Café placement",
                "My placement at a CAFÉ was the best part.",
            ),
            (
                "Slow admin",
                "Great kitchen, but the admin teacher was slow.",
            ),
        ],
    )
    .await;
    reviews_of(
        &app,
        &other,
        &[("Great teacher too", "Another provider's teacher.")],
    )
    .await;
    let (_, pending) = user(&app, "Student", "Pending", Some("Pend")).await;
    review(
        &app,
        &pending.to_string(),
        &pair,
        "Student",
        "Teacher pending",
        8,
        0,
    )
    .await;
    let (token, _) = user(&app, "Student", "Reader", Some("Reader")).await;

    // A word, in any case, in the title or the comment; only this pair's approved reviews.
    assert_eq!(
        ids_for(&app, &token, &pair, "TEACHER").await,
        [ids[0].clone(), ids[2].clone()]
    );
    // A phrase: its words next to each other and in order.
    assert_eq!(
        ids_for(&app, &token, &pair, "great teacher").await,
        [ids[0].clone()]
    );
    assert_eq!(
        ids_for(&app, &token, &pair, "teacher great").await,
        Vec::<String>::new()
    );
    // Accents and case both ways.
    assert_eq!(ids_for(&app, &token, &pair, "cafe").await, [ids[1].clone()]);
    assert_eq!(ids_for(&app, &token, &pair, "Cafè").await, [ids[1].clone()]);
    // Whole words: a part of one finds nothing.
    assert_eq!(
        ids_for(&app, &token, &pair, "teach").await,
        Vec::<String>::new()
    );

    // The count, and the matches marked by the server in the title and the comment.
    let res = search(&app, &token, &pair, json!({ "search": "café" })).await;
    assert_eq!(res.header("x-total-count"), "1");
    let review = &res.json()[0]["review"];
    assert_eq!(review["title"], "Café placement");
    assert_eq!(marked(&review["highlight"]["title"]), "[Café] placement");
    assert_eq!(
        marked(&review["highlight"]["comment"]),
        "My placement at a [CAFÉ] was the best part."
    );
    // Without a search there is no highlight and no count.
    let res = search(&app, &token, &pair, json!({ "search": "  " })).await;
    assert_eq!(res.json().as_array().unwrap().len(), 3);
    assert!(res.json()[0]["review"].get("highlight").is_none());
    assert_eq!(res.header("x-total-count"), "");
}

#[tokio::test]
async fn short_long_and_hostile_searches() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let ids = reviews_of(
        &app,
        &pair,
        &[
            (
                "Quotes \"and\" stars*",
                "title: NEAR(great teacher) OR kitchen AND NOT admin ^start",
            ),
            (
                "<b>Bold</b> <script>alert(1)</script>",
                "<img src=x onerror=alert(1)> great <mark>teacher</mark>",
            ),
        ],
    )
    .await;
    let (token, _) = user(&app, "Student", "Reader", Some("Reader")).await;

    for short in ["ab", " a b ", "\"*\"", "a()"] {
        let res = search(&app, &token, &pair, json!({ "search": short })).await;
        assert_error(&res, StatusCode::BAD_REQUEST, Some("search"), TOO_SHORT);
    }
    let res = search(&app, &token, &pair, json!({ "search": "é".repeat(201) })).await;
    assert_error(&res, StatusCode::BAD_REQUEST, Some("search"), TOO_LONG);
    let res = search(&app, &token, &pair, json!({ "search": "é".repeat(200) })).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    // FTS5 syntax is text: never an operator, never a 500.
    for hostile in [
        "\"",
        "\"teacher",
        "teacher\"",
        "teacher*",
        "NEAR(great teacher)",
        "great OR kitchen",
        "kitchen AND NOT admin",
        "title: great",
        "pair: p1c1",
        "{title comment}: great",
        "(great)",
        "^start",
        "-admin",
        "great + teacher",
        "'; DROP TABLE reviews; --",
        "\u{E000}great\u{E001}",
        "\0\0\0",
        "abc\0def",
        "abc\u{1}\u{7f}",
        "abc\"\"",
        "a*b*c*",
        "NEAR/3 abc",
        "abc OR",
        "AND abc",
        "NOT abc",
        "(abc",
        "abc)",
        "{abc}",
        "[abc]",
        "abc:",
        "\\\"abc\\",
    ] {
        let res = search(&app, &token, &pair, json!({ "search": hostile })).await;
        assert!(
            res.status == StatusCode::OK || res.status == StatusCode::BAD_REQUEST,
            "{hostile}: {}",
            res.text()
        );
    }
    // An operator word finds only the reviews that say it.
    assert_eq!(
        ids_for(&app, &token, &pair, "teacher OR kitchen").await,
        [ids[0].clone()]
    );
    assert_eq!(
        ids_for(&app, &token, &pair, "NEAR(great teacher)").await,
        [ids[0].clone()]
    );
    assert_eq!(ids_for(&app, &token, &pair, "teacher*").await, ids);

    // The moderators' title search shares the phrase: a NUL in it is no 500 either.
    let admin = admin(&app).await;
    let filter = json!({ "actioned": true, "approved": true, "sort": "Oldest", "userType": "All", "searchBy": "Review Title", "searchText": "Quo\0tes" });
    let res = app
        .post_as(&admin, "/api/review/pullreviews", &filter)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    // HTML in a review is text in the segments; the only marks are the server's `match`.
    let res = search(&app, &token, &pair, json!({ "search": "alert" })).await;
    let review = &res.json()[0]["review"];
    assert_eq!(
        marked(&review["highlight"]["title"]),
        "<b>Bold</b> <script>[alert](1)</script>"
    );
    assert_eq!(
        marked(&review["highlight"]["comment"]),
        "<img src=x onerror=[alert](1)> great <mark>teacher</mark>"
    );
    let res = search(
        &app,
        &token,
        &pair,
        json!({ "search": "mark teacher mark" }),
    )
    .await;
    assert_eq!(
        marked(&res.json()[0]["review"]["highlight"]["comment"]),
        "<img src=x onerror=alert(1)> great <[mark>teacher</mark]>"
    );
}

#[tokio::test]
async fn the_search_combines_with_stars_sorts_and_pages() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    // 25 matching reviews (stars 1 to 5 in turn, newest first) and 5 that do not match.
    let mut texts: Vec<(String, String)> = (0..25)
        .map(|n| {
            (
                format!("Review {n}"),
                format!("The trainer number {n} was kind."),
            )
        })
        .collect();
    texts.extend((0..5).map(|n| (format!("Other {n}"), "Nothing to see.".to_owned())));
    let refs: Vec<(&str, &str)> = texts
        .iter()
        .map(|(t, c)| (t.as_str(), c.as_str()))
        .collect();
    let ids = reviews_of(&app, &pair, &refs).await;
    let matching: Vec<String> = ids[..25].to_vec();
    let (token, _) = user(&app, "Student", "Reader", Some("Reader")).await;

    let (page1, total) = found(&app, &token, &pair, json!({ "search": "trainer" })).await;
    let (page2, _) = found(
        &app,
        &token,
        &pair,
        json!({ "search": "trainer", "page": 2 }),
    )
    .await;
    assert_eq!(total, 25);
    assert_eq!([page1, page2].concat(), matching);

    // The star filter: reviews n with n % 5 == 2 have 3 stars (score halves 2 * (n % 5) + 2).
    let (three, total) = found(
        &app,
        &token,
        &pair,
        json!({ "search": "trainer", "stars": 3 }),
    )
    .await;
    let expected: Vec<String> = matching
        .iter()
        .enumerate()
        .filter(|(n, _)| n % 5 == 2)
        .map(|(_, id)| id.clone())
        .collect();
    assert_eq!((three, total), (expected, 5));

    // Top Rated: the 5-star matches first, newest first among equals.
    let (rated, _) = found(
        &app,
        &token,
        &pair,
        json!({ "search": "trainer", "sort": "Top Rated" }),
    )
    .await;
    assert_eq!(
        rated[..5],
        [
            &matching[4],
            &matching[9],
            &matching[14],
            &matching[19],
            &matching[24]
        ]
        .map(|s| s.clone())
    );
    // Most Liked and Most Helpful order the same matches.
    sql(
        &app,
        &format!(
            "UPDATE reviews SET like_count = 3, helpful_score = 0.5 WHERE id = {}",
            matching[20]
        ),
    )
    .await;
    for sort in ["Most Liked", "Most Helpful"] {
        let (first, total) = found(
            &app,
            &token,
            &pair,
            json!({ "search": "trainer", "sort": sort }),
        )
        .await;
        assert_eq!((&first[0], total), (&matching[20], 25), "{sort}");
    }
    // The user type filter counts too.
    let (_, employers) = found(
        &app,
        &token,
        &pair,
        json!({ "search": "trainer", "userType": "Employer" }),
    )
    .await;
    assert_eq!(employers, 0);
}

#[tokio::test]
async fn the_index_follows_approval_removal_edits_and_deletion() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let pair = named_pair(&app, 0).await;
    let (sam_token, sam) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let (token, _) = user(&app, "Student", "Reader", Some("Reader")).await;
    let kim = user(&app, "Student", "Kim", Some("KimBakes")).await.1;
    let id = review(
        &app,
        &sam.to_string(),
        &pair,
        "Student",
        "Lovely pastry kitchen",
        8,
        1,
    )
    .await;
    let id = id.as_str();
    let finds = |text: &'static str| {
        let (app, token, pair) = (&app, &token, &pair);
        async move { ids_for(app, token, pair, text).await.len() }
    };

    // Waiting: not found. Approved: found.
    assert_eq!(finds("pastry").await, 0);
    decide(&app, &admin, "approve", id).await;
    assert_eq!(finds("pastry").await, 1);
    // Removed by a moderator: gone.
    decide(&app, &admin, "disapprove", id).await;
    assert_eq!(finds("pastry").await, 0);
    // Edited and sent back: still waiting, so neither text is found.
    let edit = json!({ "id": id, "title": "Better bread kitchen", "comment": "Sourdough every day.", "incentivised": false });
    let res = app.post_as(&sam_token, "/api/review/resubmit", &edit).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!((finds("pastry").await, finds("sourdough").await), (0, 0));
    // Approved again: only the new text.
    decide(&app, &admin, "approve", id).await;
    assert_eq!((finds("pastry").await, finds("sourdough").await), (0, 1));
    assert_eq!(finds("bread kitchen").await, 1);
    // The author's account deleted: their review leaves the index with it.
    let res = app
        .send(
            Method::DELETE,
            &format!("/api/admin/user/{sam}"),
            &[("authorization", &format!("Bearer {admin}"))],
            "",
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    assert_eq!(finds("sourdough").await, 0);
    // The index holds exactly the pair's approved reviews.
    let other = review(&app, &kim.to_string(), &pair, "Student", "Still here", 8, 1).await;
    decide(&app, &admin, "approve", &other).await;
    let token_of_pair = format!("p{}c{}", pair.ids.provider, pair.ids.course);
    let indexed: i64 = row(
        &app,
        format!(
            "SELECT COUNT(*) FROM review_search WHERE review_search MATCH 'pair : {token_of_pair}'"
        ),
    )
    .await;
    let approved: i64 = row(&app, "SELECT COUNT(*) FROM reviews WHERE approved = 1").await;
    assert_eq!((indexed, approved), (1, 1));
}

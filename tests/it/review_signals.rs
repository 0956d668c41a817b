//! Signals of fake reviews for moderators (issue 30 point 2): each raised by a review submitted
//! through `POST /api/submitreview` at its threshold and not below it (other reviews dated with
//! SQL, the test clock); shown in the moderation queue with the 'Flagged' filter to admins only,
//! never to the reviewer or the public; the hashed network stored without the address and
//! deleted after 90 days.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp,
    reviewing::*,
    scenario::{Caller, Case},
};
use coursesource::{dates::unix_now, reviews::ReviewerType};
use serde_json::{Value, json};

const HOUR: i64 = 3600;
const DAY: i64 = 86_400;

pub async fn app() -> TestApp {
    TestApp::with_settings(|s| s.trust_proxy = true).await
}

/// Submits `user`'s review of `pair` from `ip`, with a title and comment; answers its id.
pub async fn submit(
    app: &TestApp,
    user: (&str, i64),
    pair: Pair,
    ip: &str,
    text: (&str, &str),
) -> i64 {
    let body = common::with(
        submission(user.1, pair, "Student", best_student()),
        json!({ "title": text.0, "comment": text.1 }),
    );
    let res = app
        .send(
            Method::POST,
            "/api/submitreview",
            &[
                ("authorization", &format!("Bearer {}", user.0)),
                ("x-forwarded-for", ip),
            ],
            body.to_string(),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    res.json()["_id"].as_str().unwrap().parse().unwrap()
}

/// A user who has been around for a month (so 'fresh account' stays quiet).
pub async fn settled(app: &TestApp, first: &str) -> (String, i64) {
    let (token, id) = user(app, "Student", first, None).await;
    sql(
        app,
        &format!("UPDATE users SET created_at = unixepoch() - 30 * 86400 WHERE id = {id}"),
    )
    .await;
    (token, id)
}

/// The signals (kind, text) the queue shows an admin for `review`.
pub async fn signals(app: &TestApp, admin: &str, review: i64) -> Vec<(String, String)> {
    let res = app
        .post_as(
            admin,
            "/api/review/pullreviews",
            &json!({ "sort": "Latest" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let list = res.json();
    let item = list
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["_id"] == json!(review.to_string()))
        .unwrap_or_else(|| panic!("{review} not in the queue: {list}"))
        .clone();
    item["signals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["signal"].as_str().unwrap().to_owned(),
                s["text"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

pub fn kinds(signals: &[(String, String)]) -> Vec<&str> {
    signals.iter().map(|(k, _)| k.as_str()).collect()
}

/// Three offerings of one provider.
pub async fn one_providers_offerings(app: &TestApp) -> Vec<Pair> {
    let first = pair(app, 0).await;
    let mut found = Vec::new();
    for n in 0..400 {
        let p = pair(app, n).await;
        if p.provider == first.provider && !found.iter().any(|f: &Pair| f.course == p.course) {
            found.push(p);
        }
        if found.len() == 3 {
            return found;
        }
    }
    // Another provider with three courses.
    let provider: i64 = row(
        app,
        "SELECT provider_id FROM offerings GROUP BY provider_id HAVING COUNT(*) >= 3 ORDER BY provider_id LIMIT 1".to_owned(),
    )
    .await;
    let mut found = Vec::new();
    for n in 0..2000 {
        let p = pair(app, n).await;
        if p.provider == provider {
            found.push(p);
        }
        if found.len() == 3 {
            break;
        }
    }
    found
}

#[tokio::test]
async fn a_burst_is_five_reviews_of_an_offering_in_a_day_above_three_times_its_median() {
    let app = app().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    for n in 0..3 {
        let (_, other) = settled(&app, &format!("Other{n}")).await;
        let review = stored_review(&app, other, ours, ReviewerType::Student, 8, 0, true).await;
        sql(
            &app,
            &format!(
                "UPDATE reviews SET created_at = unixepoch() - {} WHERE id = {review}",
                (n + 1) * HOUR
            ),
        )
        .await;
    }
    let (token, fourth) = settled(&app, "Fourth").await;
    let below = submit(
        &app,
        (&token, fourth),
        ours,
        "10.0.0.1",
        ("Fine course", "I learned to cook well."),
    )
    .await;
    assert!(
        !kinds(&signals(&app, &admin, below).await).contains(&"burst"),
        "4 in a day is no burst"
    );
    let (token, fifth) = settled(&app, "Fifth").await;
    let at = submit(
        &app,
        (&token, fifth),
        ours,
        "10.0.1.1",
        ("Good enough", "The trainers were patient."),
    )
    .await;
    let raised = signals(&app, &admin, at).await;
    let burst = raised
        .iter()
        .find(|(k, _)| k == "burst")
        .expect("the fifth raises a burst");
    assert_eq!(
        burst.1,
        "Burst: 5 reviews of this course at this provider in 24 hours; its daily median over the 90 days before is 0."
    );
    // The reviews before it in the same day are part of the burst too.
    assert!(signals(&app, &admin, below).await.contains(burst));
    // And so is each review after it, with the count it made; the earlier ones keep theirs.
    let (token, sixth) = settled(&app, "Sixth").await;
    let after = submit(
        &app,
        (&token, sixth),
        ours,
        "10.0.2.1",
        ("Still good", "Real kitchen every week."),
    )
    .await;
    assert!(signals(&app, &admin, after).await.contains(&(
        "burst".into(),
        "Burst: 6 reviews of this course at this provider in 24 hours; its daily median over the 90 days before is 0.".into()
    )));
    assert!(signals(&app, &admin, below).await.contains(burst));
    assert!(signals(&app, &admin, at).await.contains(burst));
}

#[tokio::test]
async fn the_thresholds_are_settings() {
    let app = TestApp::with_settings(|s| {
        s.trust_proxy = true;
        s.signals.fresh_hours = 2;
    })
    .await;
    let admin = admin(&app).await;
    let (token, fresh) = user(&app, "Student", "Fresh", None).await;
    sql(
        &app,
        &format!("UPDATE users SET created_at = unixepoch() - 3 * 3600 WHERE id = {fresh}"),
    )
    .await;
    let review = submit(
        &app,
        (&token, fresh),
        pair(&app, 0).await,
        "10.2.0.1",
        ("Fine", "Good course."),
    )
    .await;
    assert!(
        signals(&app, &admin, review).await.is_empty(),
        "3 hours old is not fresh within 2"
    );
}

#[tokio::test]
async fn a_cluster_is_three_reviews_of_a_provider_in_seven_days_from_one_network() {
    let app = app().await;
    let admin = admin(&app).await;
    let offerings = one_providers_offerings(&app).await;
    assert_eq!(offerings.len(), 3);
    let texts = [
        ("Hands on", "Lots of practice in the kitchen."),
        ("Patient trainers", "They explained every step twice."),
        ("Worth it", "I found work soon after finishing."),
    ];
    let mut ids = Vec::new();
    for (n, ip) in ["10.1.2.3", "10.1.2.200", "10.1.2.77"].iter().enumerate() {
        let (token, id) = settled(&app, &format!("Net{n}")).await;
        ids.push(submit(&app, (&token, id), offerings[n], ip, texts[n]).await);
        if n == 1 {
            assert!(
                !kinds(&signals(&app, &admin, ids[1]).await).contains(&"cluster"),
                "2 is below"
            );
        }
    }
    let raised = signals(&app, &admin, ids[2]).await;
    assert!(
        raised.contains(&(
            "cluster".into(),
            "Cluster: 3 reviews of this provider in 7 days came from one network.".into()
        )),
        "{raised:?}"
    );
    for &earlier in &ids[..2] {
        let theirs = signals(&app, &admin, earlier).await;
        assert!(
            theirs.iter().any(|s| s.0 == "cluster"),
            "part of it too: {theirs:?}"
        );
    }
    // A fourth from the network joins it with its own count.
    let (token, fourth) = settled(&app, "Net3").await;
    let joined = submit(
        &app,
        (&token, fourth),
        offerings[0],
        "10.1.2.9",
        ("Good mentors", "Mentors helped with the placement."),
    )
    .await;
    assert!(signals(&app, &admin, joined).await.contains(&(
        "cluster".into(),
        "Cluster: 4 reviews of this provider in 7 days came from one network.".into()
    )));

    // Stored as a keyed hash, never the address; deleted after 90 days.
    let stored: String = row(
        &app,
        "SELECT group_concat(network, ' ') FROM review_networks".to_owned(),
    )
    .await;
    assert!(
        !stored.contains("10.1.2") && stored.len() > 3 * 60,
        "{stored}"
    );
    let db = app.state.db.clone();
    coursesource::housekeeping::tidy(&db, unix_now() + 89 * DAY)
        .await
        .unwrap();
    let kept: i64 = row(&app, "SELECT COUNT(*) FROM review_networks".to_owned()).await;
    assert_eq!(kept, 4, "kept for 90 days");
    coursesource::housekeeping::tidy(&db, unix_now() + 90 * DAY + 60)
        .await
        .unwrap();
    let kept: i64 = row(&app, "SELECT COUNT(*) FROM review_networks".to_owned()).await;
    assert_eq!(kept, 0, "gone after 90 days");
}

#[tokio::test]
async fn a_fresh_account_is_one_made_less_than_a_day_before_its_first_review_with_nothing_else() {
    let app = app().await;
    let admin = admin(&app).await;
    let (token, fresh) = user(&app, "Student", "Fresh", None).await;
    sql(
        &app,
        &format!("UPDATE users SET created_at = unixepoch() - 23 * 3600 WHERE id = {fresh}"),
    )
    .await;
    let review = submit(
        &app,
        (&token, fresh),
        pair(&app, 0).await,
        "10.2.0.1",
        ("Fine", "Good course."),
    )
    .await;
    assert!(signals(&app, &admin, review).await.contains(&(
        "fresh-account".into(),
        "Fresh account: created 23 hours before its first review, with no other activity.".into()
    )));
    let (token, day_old) = user(&app, "Student", "DayOld", None).await;
    sql(
        &app,
        &format!("UPDATE users SET created_at = unixepoch() - 24 * 3600 WHERE id = {day_old}"),
    )
    .await;
    let review = submit(
        &app,
        (&token, day_old),
        pair(&app, 1).await,
        "10.3.0.1",
        ("Fine", "Good course."),
    )
    .await;
    assert!(
        !kinds(&signals(&app, &admin, review).await).contains(&"fresh-account"),
        "24 hours is not fresh"
    );
    let (token, active) = user(&app, "Student", "Active", None).await;
    let liked = pair(&app, 5).await;
    sql(
        &app,
        &format!(
            "INSERT INTO favourites (user_id, course_id, provider_id) VALUES ({active}, {}, {})",
            liked.course, liked.provider
        ),
    )
    .await;
    let review = submit(
        &app,
        (&token, active),
        pair(&app, 2).await,
        "10.4.0.1",
        ("Fine", "Good course."),
    )
    .await;
    assert!(
        !kinds(&signals(&app, &admin, review).await).contains(&"fresh-account"),
        "a favourite is activity"
    );
}

#[tokio::test]
async fn a_near_duplicate_is_80_percent_alike_by_word_trigrams_to_a_review_of_the_provider() {
    let app = app().await;
    let admin = admin(&app).await;
    let offerings = one_providers_offerings(&app).await;
    let (token, other) = settled(&app, "Orig").await;
    let original = submit(
        &app,
        (&token, other),
        offerings[0],
        "10.4.0.1",
        (
            "Great trainers and",
            "real kitchen time every week of the year",
        ),
    )
    .await;
    // 11 words, 9 trigrams; the last word changed: 8 shared of 10 in all, 80%.
    let (token, a) = settled(&app, "Copy").await;
    let at = submit(
        &app,
        (&token, a),
        offerings[1],
        "10.5.0.1",
        (
            "Great trainers and",
            "real kitchen time every week of the month",
        ),
    )
    .await;
    let raised = signals(&app, &admin, at).await;
    assert!(
        raised.contains(&(
            "near-duplicate".into(),
            format!("Near-duplicate: 80% alike by word trigrams to review {original} of this provider, \"Great trainers and\".")
        )),
        "{raised:?}"
    );
    // Two words changed: 6 shared of 12, 50%.
    let (token, b) = settled(&app, "Near").await;
    let below = submit(
        &app,
        (&token, b),
        offerings[2],
        "10.6.0.1",
        (
            "Great trainers and",
            "real kitchen time every week in the month",
        ),
    )
    .await;
    let raised = signals(&app, &admin, below).await;
    assert!(
        !raised
            .iter()
            .any(|(k, t)| k == "near-duplicate" && t.contains(&format!("review {original} "))),
        "{raised:?}"
    );
}

#[tokio::test]
async fn a_reviewer_tied_to_the_provider_by_claim_or_email_domain_is_flagged() {
    let app = app().await;
    let admin_token = admin(&app).await;
    let ours = pair(&app, 0).await;
    let domain = common::representing::website_domain(&app, ours.provider).await;
    common::representing::representative(&app, &admin_token, ours.provider, "Rita").await;
    let (token, colleague) = settled(&app, "Colleague").await;
    sql(
        &app,
        &format!("UPDATE users SET email = 'pat@{domain}' WHERE id = {colleague}"),
    )
    .await;
    let review = submit(
        &app,
        (&token, colleague),
        ours,
        "10.7.0.1",
        ("Fine", "Good course."),
    )
    .await;
    assert!(signals(&app, &admin_token, review).await.contains(&(
        "tied-to-provider".into(),
        format!(
            "Tied to the provider: the reviewer's email domain, {domain}, is its representative's."
        )
    )));
    let (token, claimant) = settled(&app, "Claimant").await;
    sql(&app, &format!("INSERT INTO provider_claims (user_id, provider_id, work_email, status) VALUES ({claimant}, {}, 'x@elsewhere.example', 'pending')", ours.provider)).await;
    let review = submit(
        &app,
        (&token, claimant),
        ours,
        "10.8.0.1",
        ("Fine", "Good course."),
    )
    .await;
    assert!(signals(&app, &admin_token, review).await.contains(&(
        "tied-to-provider".into(),
        "Tied to the provider: the reviewer is its representative.".into()
    )));
    let (token, stranger) = settled(&app, "Stranger").await;
    let review = submit(
        &app,
        (&token, stranger),
        ours,
        "10.9.0.1",
        ("Fine", "Good course."),
    )
    .await;
    assert!(!kinds(&signals(&app, &admin_token, review).await).contains(&"tied-to-provider"));
}

#[tokio::test]
async fn the_flagged_filter_shows_moderators_only_the_reviews_with_signals_and_nobody_else_sees_them()
 {
    let app = app().await;
    let admin_token = admin(&app).await;
    let admin_c = Caller::bearer(&admin_token);
    let (fresh_token, fresh) = user(&app, "Student", "Fresh", None).await;
    let flagged = submit(
        &app,
        (&fresh_token, fresh),
        pair(&app, 0).await,
        "10.10.0.1",
        ("Fine", "Good course."),
    )
    .await;
    let (token, calm) = settled(&app, "Calm").await;
    submit(
        &app,
        (&token, calm),
        pair(&app, 1).await,
        "10.11.0.1",
        ("Solid", "The trainers knew their craft."),
    )
    .await;
    app.run_cases(&[
        Case::post(
            "flagged",
            "/api/review/pullreviews",
            json!({ "flagged": true }),
        )
        .by(&admin_c)
        .expect(
            StatusCode::OK,
            json!([{ "_id": flagged.to_string(), "signals": [{ "signal": "fresh-account" }] }]),
        ),
        Case::post(
            "a reviewer asks for the flagged",
            "/api/review/pullreviews",
            json!({ "flagged": true }),
        )
        .by(&Caller::bearer(&fresh_token))
        .status(StatusCode::FORBIDDEN),
        Case::post(
            "anonymous",
            "/api/review/pullreviews",
            json!({ "flagged": true }),
        )
        .status(StatusCode::UNAUTHORIZED),
    ])
    .await;
    let res = app
        .send(
            Method::POST,
            "/api/review/pullreviews",
            &[("authorization", &format!("Bearer {admin_token}"))],
            json!({ "flagged": true }).to_string(),
        )
        .await;
    assert_eq!(res.header("x-total-count"), "1");
    assert_eq!(res.json().as_array().unwrap().len(), 1);
    let all = app
        .post_as(&admin_token, "/api/review/pullreviews", &json!({}))
        .await;
    assert_eq!(all.header("x-total-count"), "2");
    // The reviewer's own list and the public list never carry them, published or not.
    sql(
        &app,
        &format!("UPDATE reviews SET actioned = 1, approved = 1 WHERE id = {flagged}"),
    )
    .await;
    let own: Value = app
        .post_as(
            &fresh_token,
            "/api/review/getuserreviews",
            &json!({ "userId": fresh.to_string() }),
        )
        .await
        .json();
    assert_eq!(own.as_array().unwrap().len(), 1);
    let p = pair(&app, 0).await;
    let public = app
        .post_as(
            &fresh_token,
            "/api/getreviewsfor",
            &json!({ "courseId": p.course.to_string(), "providerId": p.provider.to_string() }),
        )
        .await
        .text();
    for text in [own.to_string(), public] {
        assert!(
            !text.contains("signal") && !text.contains("Fresh account"),
            "{text}"
        );
    }
}

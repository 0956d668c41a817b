//! The weekly digest on a test clock: Monday 08:00 in each user's own zone, the new approved
//! reviews of what they follow (never a refused one, never one of something they stopped
//! following), once per user and week across a run stopped halfway and two runs at once, only
//! for those who hear of it weekly, and a one-click unsubscribe that stops it.

use crate::alerts::follow;
use crate::common::{
    TestApp, moderating, representing,
    reviewing::{self, NamedPair, row, sql, stored_review, user},
};
use axum::http::{Method, StatusCode};
use coursesource::accounts::digest::{self, BATCH, Sent};
use coursesource::reviews::ReviewerType;
use serde_json::json;

/// Monday 30 November 2026, 08:00 in Sydney (AEDT, UTC+11).
const SYDNEY_MONDAY: i64 = 1_795_986_000;
/// The same Monday's 08:00 in Perth (AWST, UTC+8), three hours later.
const PERTH_MONDAY: i64 = SYDNEY_MONDAY + 3 * 3600;
/// When the week's alerts were written: the Friday before.
const FRIDAY: i64 = SYDNEY_MONDAY - 3 * 86_400;

/// A review of `pair` by a new student, approved by the admin; its alerts dated last Friday.
async fn approved_review(app: &TestApp, admin: &str, pair: &NamedPair, name: &str) -> i64 {
    let (_, author) = user(app, "Student", name, Some(name)).await;
    let review = stored_review(app, author, pair.ids, ReviewerType::Student, 9, 1, false).await;
    sql(
        app,
        &format!("UPDATE reviews SET actioned = 0 WHERE id = {review}"),
    )
    .await;
    moderating::decide(app, admin, "approve", &review.to_string()).await;
    sql(
        app,
        &format!("UPDATE notifications SET created_at = {FRIDAY} WHERE review_id = {review}"),
    )
    .await;
    review
}

/// The digests due at `now`: how many claimed and how many mailed.
async fn run(app: &TestApp, now: i64) -> (usize, usize) {
    let report = digest::run(
        &app.state.db,
        &app.state.settings,
        now,
        (BATCH, usize::MAX),
        &mut Sent::default(),
    )
    .await
    .unwrap();
    (report.claimed, report.mails)
}

/// The subjects, bodies and one-click addresses of the digests mailed to `user`.
async fn digests(app: &TestApp, user: i64) -> Vec<(String, String, String)> {
    app.state
        .db
        .read(move |c| {
            c.prepare(
                "SELECT m.subject, m.body_text, m.list_unsubscribe FROM mail_outbox m
                 JOIN users u ON u.email = m.to_address
                 WHERE u.id = ?1 AND m.subject LIKE 'Your weekly digest%' ORDER BY m.id",
            )?
            .query_map([user], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect()
        })
        .await
        .unwrap()
}

async fn choose(app: &TestApp, token: &str, body: serde_json::Value) {
    let res = app
        .send(
            Method::PUT,
            "/api/notification-settings",
            &[("authorization", &format!("Bearer {token}"))],
            body.to_string(),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

#[tokio::test]
async fn the_digest_lists_what_is_still_news_once_and_only_for_weekly_listeners() {
    let app = TestApp::new().await;
    let admin = reviewing::admin(&app).await;
    let pair = reviewing::named_pair(&app, 0).await;
    let other = reviewing::named_pair(&app, 1).await;
    let (fan, fan_id) = user(&app, "Parent", "Fay", None).await;
    let (eager, eager_id) = user(&app, "Parent", "Eli", None).await;
    let (quiet, quiet_id) = user(&app, "Parent", "Quinn", None).await;
    let (leaver, leaver_id) = user(&app, "Parent", "Lee", None).await;
    let (_, rep_id, _) = representing::representative(&app, &admin, pair.provider, "Rita").await;
    for token in [&fan, &eager, &quiet, &leaver] {
        follow(&app, token, Some(pair.course), Some(pair.provider)).await;
    }
    follow(&app, &fan, Some(other.course), Some(other.provider)).await;
    choose(
        &app,
        &eager,
        json!({ "choices": { "followed-review": "now" } }),
    )
    .await;
    choose(
        &app,
        &quiet,
        json!({ "choices": { "followed-review": "site" } }),
    )
    .await;

    approved_review(&app, &admin, &pair, "Ana").await;
    let refused = approved_review(&app, &admin, &pair, "Bea").await;
    approved_review(&app, &admin, &other, "Cy").await;
    moderating::decide(&app, &admin, "disapprove", &refused.to_string()).await;
    let res = app
        .post_as(
            &leaver,
            "/api/follows",
            &json!({ "action": "unfollow", "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());

    // Sunday night: not yet.
    assert_eq!(run(&app, SYDNEY_MONDAY - 1).await, (0, 0));
    assert!(digests(&app, fan_id).await.is_empty());

    let report = run(&app, SYDNEY_MONDAY).await;
    let mails = digests(&app, fan_id).await;
    assert_eq!(mails.len(), 1, "{report:?}");
    let (subject, body, one_click) = &mails[0];
    assert_eq!(subject, "Your weekly digest: 2 new reviews");
    for expected in [
        format!("{} at {}", pair.course_name, pair.provider_name),
        format!("{} at {}", other.course_name, other.provider_name),
        format!("/course/{}/{}", pair.course_slug, pair.provider_slug),
        "(4.5 out of 5), 27 November 2026".to_owned(),
        "/profile/notification-settings".to_owned(),
        "/unsubscribe/".to_owned(),
    ] {
        assert!(body.contains(&expected), "{expected} in {body}");
    }
    assert_eq!(
        body.matches("out of 5").count(),
        2,
        "the refused review is not listed: {body}"
    );
    assert!(one_click.contains("/api/unsubscribe/"), "{one_click}");

    // The representative hears of their provider's review weekly by default.
    let rep_mails = digests(&app, rep_id).await;
    assert_eq!(rep_mails.len(), 1);
    assert!(
        rep_mails[0].0.ends_with("1 new review"),
        "{:?}",
        rep_mails[0]
    );
    // At once, in the site only, or no longer following: no digest.
    for (who, id) in [
        ("mailed at once", eager_id),
        ("site only", quiet_id),
        ("unfollowed", leaver_id),
    ] {
        assert!(digests(&app, id).await.is_empty(), "{who}");
    }
    let claimed: i64 = row(
        &app,
        format!(
            "SELECT COUNT(*) FROM digest_weeks WHERE user_id = {leaver_id} AND mail_id IS NULL"
        ),
    )
    .await;
    assert_eq!(
        claimed, 1,
        "the leaver's week is claimed with nothing to tell"
    );

    // The same week again, an hour later or the same second: nothing more.
    assert_eq!(run(&app, SYDNEY_MONDAY).await, (0, 0));
    assert_eq!(run(&app, SYDNEY_MONDAY + 3600).await, (0, 0));
    assert_eq!(digests(&app, fan_id).await.len(), 1);
}

#[tokio::test]
async fn a_run_stopped_halfway_or_two_runs_at_once_send_each_digest_once() {
    let app = TestApp::new().await;
    let admin = reviewing::admin(&app).await;
    let pair = reviewing::named_pair(&app, 0).await;
    let mut fans = Vec::new();
    for name in ["Ada", "Bo", "Cas", "Dee", "Eve"] {
        let (token, id) = user(&app, "Parent", name, None).await;
        follow(&app, &token, Some(pair.course), Some(pair.provider)).await;
        fans.push(id);
    }
    approved_review(&app, &admin, &pair, "Ana").await;

    // A run of one user per batch stops after two batches, as a crash would.
    let stopped = digest::run(
        &app.state.db,
        &app.state.settings,
        SYDNEY_MONDAY,
        (1, 2),
        &mut Sent::default(),
    )
    .await
    .unwrap();
    assert_eq!(stopped.mails, 2);
    // After the restart, two servers run at once.
    let (mut first, mut second) = (Sent::default(), Sent::default());
    let (db, settings) = (&app.state.db, &app.state.settings);
    let (one, two) = tokio::join!(
        digest::run(
            db,
            settings,
            SYDNEY_MONDAY + 60,
            (1, usize::MAX),
            &mut first
        ),
        digest::run(
            db,
            settings,
            SYDNEY_MONDAY + 60,
            (1, usize::MAX),
            &mut second
        ),
    );
    assert_eq!(one.unwrap().mails + two.unwrap().mails, 3);
    for id in fans {
        assert_eq!(digests(&app, id).await.len(), 1, "user {id}");
    }
}

#[tokio::test]
async fn perth_and_sydney_each_get_the_digest_at_their_own_eight() {
    let app = TestApp::new().await;
    let admin = reviewing::admin(&app).await;
    let pair = reviewing::named_pair(&app, 0).await;
    let (sydney, sydney_id) = user(&app, "Parent", "Syd", None).await;
    let (perth, perth_id) = user(&app, "Parent", "Per", None).await;
    follow(&app, &sydney, Some(pair.course), Some(pair.provider)).await;
    follow(&app, &perth, Some(pair.course), Some(pair.provider)).await;
    choose(&app, &perth, json!({ "timeZone": "Australia/Perth" })).await;
    approved_review(&app, &admin, &pair, "Ana").await;

    run(&app, SYDNEY_MONDAY).await;
    assert_eq!(digests(&app, sydney_id).await.len(), 1);
    assert!(digests(&app, perth_id).await.is_empty(), "05:00 in Perth");
    run(&app, PERTH_MONDAY - 1).await;
    assert!(digests(&app, perth_id).await.is_empty());
    run(&app, PERTH_MONDAY).await;
    assert_eq!(digests(&app, perth_id).await.len(), 1);
    assert_eq!(digests(&app, sydney_id).await.len(), 1);
}

#[tokio::test]
async fn the_digests_one_click_link_stops_it_and_the_undo_brings_it_back() {
    let app = TestApp::new().await;
    let admin = reviewing::admin(&app).await;
    let pair = reviewing::named_pair(&app, 0).await;
    let (rep, rep_id, _) = representing::representative(&app, &admin, pair.provider, "Rita").await;
    follow(&app, &rep, Some(pair.course), Some(pair.provider)).await;
    approved_review(&app, &admin, &pair, "Ana").await;
    run(&app, SYDNEY_MONDAY).await;
    let mails = digests(&app, rep_id).await;
    let one_click = &mails[0].2;
    let path = one_click
        .split_once("/api/")
        .map(|(_, rest)| format!("/api/{rest}"))
        .unwrap();
    let res = app.post_json(&path, &json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        res.json()["msg"],
        "You will get no more mails about 'New reviews of the provider you represent'. You still see them in the site's notifications. You can turn the mails back on here or in your notification settings."
    );
    let choices: String = row(
        &app,
        format!("SELECT group_concat(kind || '=' || choice, ' ') FROM (SELECT * FROM notification_settings WHERE user_id = {rep_id} ORDER BY kind)"),
    )
    .await;
    assert_eq!(
        choices, "provider-review=site",
        "the kind the digest listed"
    );

    // Next week's news: no digest for them.
    let review = approved_review(&app, &admin, &pair, "Bea").await;
    sql(
        &app,
        &format!(
            "UPDATE notifications SET created_at = {} WHERE review_id = {review}",
            FRIDAY + 7 * 86_400
        ),
    )
    .await;
    run(&app, SYDNEY_MONDAY + 7 * 86_400).await;
    assert_eq!(digests(&app, rep_id).await.len(), 1);

    let res = app.post_json(&format!("{path}/undo"), &json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["choice"], "weekly");
}

#[tokio::test]
async fn a_busy_course_lists_five_of_its_reviews_and_counts_the_rest() {
    let app = TestApp::new().await;
    let admin = reviewing::admin(&app).await;
    let pair = reviewing::named_pair(&app, 0).await;
    let (fan, fan_id) = user(&app, "Parent", "Fay", None).await;
    follow(&app, &fan, Some(pair.course), Some(pair.provider)).await;
    for name in ["Ana", "Bea", "Cy", "Di", "Ed", "Flo", "Gus"] {
        approved_review(&app, &admin, &pair, name).await;
    }
    run(&app, SYDNEY_MONDAY).await;
    let mails = digests(&app, fan_id).await;
    let (subject, body, _) = &mails[0];
    assert_eq!(subject, "Your weekly digest: 7 new reviews");
    assert_eq!(body.matches("out of 5").count(), 5, "{body}");
    assert!(body.contains("- 2 more new reviews\n"), "{body}");
}

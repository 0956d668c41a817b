//! What triggers an alert and how it is heard: a newly approved review of something followed
//! (never a pending or refused one), of a representative's provider, a reply and its edit, a
//! report's outcome; each exactly one notification, honouring the Notifications settings; the
//! one-click unsubscribe link of an alert mail.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp, moderating, representing,
    reviewing::{self, named_pair, row, sql, stored_review, user},
    scenario::{Caller, Case},
};
use coursesource::reviews::ReviewerType;
use serde_json::{Value, json};

pub async fn follow(app: &TestApp, token: &str, course: Option<i64>, provider: Option<i64>) {
    let mut body = json!({ "action": "follow" });
    if let Some(course) = course {
        body["courseId"] = json!(course.to_string());
    }
    if let Some(provider) = provider {
        body["providerId"] = json!(provider.to_string());
    }
    let res = app.post_as(token, "/api/follows", &body).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

/// The kinds of the user's notifications, oldest first.
async fn kinds(app: &TestApp, user: i64) -> Vec<String> {
    app.state
        .db
        .read(move |c| {
            c.prepare("SELECT kind FROM notifications WHERE user_id = ?1 ORDER BY id")?
                .query_map([user], |r| r.get(0))?
                .collect()
        })
        .await
        .unwrap()
}

async fn mails_with_unsubscribe(app: &TestApp, to_user: i64) -> Vec<(String, String)> {
    app.state
        .db
        .read(move |c| {
            c.prepare(
                "SELECT m.subject, m.list_unsubscribe FROM mail_outbox m JOIN users u ON u.email = m.to_address
                 WHERE u.id = ?1 AND m.list_unsubscribe IS NOT NULL ORDER BY m.id",
            )?
            .query_map([to_user], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
        })
        .await
        .unwrap()
}

#[tokio::test]
async fn a_newly_approved_review_tells_each_follower_and_representative_once() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let admin = reviewing::admin(&app).await;
    let (pair_fan, pair_fan_id) = user(&app, "Parent", "Pia", None).await;
    let (provider_fan, provider_fan_id) = user(&app, "Parent", "Pru", None).await;
    let (course_fan, course_fan_id) = user(&app, "Employer", "Cal", None).await;
    let (both, both_id) = user(&app, "Parent", "Bo", None).await;
    let (_, bystander_id) = user(&app, "Parent", "Ben", None).await;
    let (rep, rep_id, _) = representing::representative(&app, &admin, pair.provider, "Rita").await;
    let (author, author_id) = user(&app, "Student", "Ari", Some("Ari")).await;
    follow(&app, &pair_fan, Some(pair.course), Some(pair.provider)).await;
    follow(&app, &provider_fan, None, Some(pair.provider)).await;
    follow(&app, &course_fan, Some(pair.course), None).await;
    follow(&app, &both, Some(pair.course), Some(pair.provider)).await;
    follow(&app, &both, None, Some(pair.provider)).await;
    follow(&app, &rep, Some(pair.course), Some(pair.provider)).await;
    // The author follows what they review, and is not told of their own review.
    follow(&app, &author, None, Some(pair.provider)).await;

    let review = stored_review(
        &app,
        author_id,
        pair.ids,
        ReviewerType::Student,
        8,
        1,
        false,
    )
    .await;
    sql(
        &app,
        &format!("UPDATE reviews SET actioned = 0 WHERE id = {review}"),
    )
    .await;
    assert!(
        kinds(&app, pair_fan_id).await.is_empty(),
        "pending: nobody is told"
    );

    moderating::decide(&app, &admin, "disapprove", &review.to_string()).await;
    assert!(
        kinds(&app, pair_fan_id).await.is_empty(),
        "refused: nobody is told"
    );

    moderating::decide(&app, &admin, "approve", &review.to_string()).await;
    for (who, id) in [
        ("the pair's follower", pair_fan_id),
        ("the provider's follower", provider_fan_id),
        ("the course's follower", course_fan_id),
        ("a follower of the pair and the provider", both_id),
    ] {
        assert_eq!(kinds(&app, id).await, ["followed-review"], "{who}");
    }
    let rep_kinds = kinds(&app, rep_id).await;
    assert_eq!(
        rep_kinds
            .iter()
            .filter(|k| k.ends_with("-review"))
            .collect::<Vec<_>>(),
        ["provider-review"],
        "the representative hears once, as the provider's: {rep_kinds:?}"
    );
    assert!(kinds(&app, bystander_id).await.is_empty());
    assert_eq!(
        kinds(&app, author_id).await,
        ["review-disapproved", "review-approved"]
    );
    let message: String = row(
        &app,
        format!("SELECT message FROM notifications WHERE user_id = {pair_fan_id}"),
    )
    .await;
    assert_eq!(
        message,
        format!(
            "New review of {} at {}: \"Review by {author_id}\" (4 out of 5).",
            pair.course_name, pair.provider_name
        )
    );
    // Follows default to the weekly digest: no mail at once.
    assert!(mails_with_unsubscribe(&app, pair_fan_id).await.is_empty());

    // Refused and approved again: nobody is told twice.
    moderating::decide(&app, &admin, "disapprove", &review.to_string()).await;
    moderating::decide(&app, &admin, "approve", &review.to_string()).await;
    assert_eq!(kinds(&app, pair_fan_id).await, ["followed-review"]);
}

#[tokio::test]
async fn a_reply_and_its_edit_each_tell_the_reviewer_once_with_a_mail_that_unsubscribes() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let admin = reviewing::admin(&app).await;
    let (rep, _, _) = representing::representative(&app, &admin, pair.provider, "Rita").await;
    let (_, reviewer) = user(&app, "Student", "Ari", Some("Ari")).await;
    let review = stored_review(&app, reviewer, pair.ids, ReviewerType::Student, 8, 1, true).await;
    let path = format!("/api/reviews/{review}/reply");
    let res = app
        .post_as(&rep, &path, &json!({ "text": "Thank you." }))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let res = app
        .send(
            axum::http::Method::PUT,
            &path,
            &[("authorization", &format!("Bearer {rep}"))],
            json!({ "text": "Thank you, Ari." }).to_string(),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        kinds(&app, reviewer).await,
        ["review-reply", "review-reply"]
    );
    let last: String = row(
        &app,
        format!("SELECT message FROM notifications WHERE user_id = {reviewer} ORDER BY id DESC"),
    )
    .await;
    assert!(
        last.starts_with(&format!("{} edited its reply", pair.provider_name)),
        "{last}"
    );

    // Replies come at once by default, each mail with its one-click address.
    let mails = mails_with_unsubscribe(&app, reviewer).await;
    assert_eq!(mails.len(), 2, "{mails:?}");
    assert!(mails[1].0.contains("edited its reply"), "{mails:?}");
    let link = &mails[0].1;
    assert!(link.contains("/api/unsubscribe/"), "{link}");
    let token = link.rsplit('/').next().unwrap();
    let page = format!("/unsubscribe/{token}");
    let body: String = row(
        &app,
        "SELECT body_text FROM mail_outbox WHERE list_unsubscribe IS NOT NULL ORDER BY id LIMIT 1",
    )
    .await;
    assert!(
        body.contains(&page),
        "the body carries the page's link: {body}"
    );
    assert!(body.contains("/profile/notification-settings"), "{body}");

    // One click (any body, no login) turns the mails off, keeps the alerts in the site, and
    // keeps working; undo turns them back on.
    let unsubscribe = format!("/api/unsubscribe/{token}");
    let res = app
        .send(
            axum::http::Method::POST,
            &unsubscribe,
            &[("content-type", "application/x-www-form-urlencoded")],
            "List-Unsubscribe=One-Click",
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["choice"], "site");
    assert!(
        res.json()["msg"]
            .as_str()
            .unwrap()
            .contains("Replies to your reviews")
    );
    let again = app.post_json(&unsubscribe, &json!({})).await;
    assert_eq!(again.status, StatusCode::OK, "a used link keeps working");
    let choice: String = row(
        &app,
        format!("SELECT choice FROM notification_settings WHERE user_id = {reviewer} AND kind = 'review-reply'"),
    )
    .await;
    assert_eq!(choice, "site");
    let res = app
        .send(
            axum::http::Method::PUT,
            &path,
            &[("authorization", &format!("Bearer {rep}"))],
            json!({ "text": "Thanks again." }).to_string(),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(
        kinds(&app, reviewer).await.len(),
        3,
        "still told in the site"
    );
    assert_eq!(
        mails_with_unsubscribe(&app, reviewer).await.len(),
        2,
        "no more mail"
    );

    let undo = app
        .post_json(&format!("{unsubscribe}/undo"), &json!({}))
        .await;
    assert_eq!(undo.status, StatusCode::OK, "{}", undo.text());
    assert_eq!(undo.json()["choice"], "now");
}

#[tokio::test]
async fn forged_or_unknown_unsubscribe_links_are_refused_and_change_nothing() {
    let app = TestApp::new().await;
    let (_, id) = user(&app, "Student", "Ari", Some("Ari")).await;
    let refused = "This unsubscribe link is not valid, so nothing was changed. Log in and open your notification settings to choose what we mail you.";
    let forged = format!("AAAA.review-reply.now.{id}");
    let unknown_kind = format!("AAAA.everything.now.{id}");
    let mut cases = Vec::new();
    for (name, token) in [
        ("forged", forged.as_str()),
        ("unknown kind", unknown_kind.as_str()),
        ("nonsense", "x"),
    ] {
        cases.push(
            Case::post(name, &format!("/api/unsubscribe/{token}"), json!({})).error(
                StatusCode::BAD_REQUEST,
                None,
                refused,
            ),
        );
    }
    app.run_cases(&cases).await;
    let stored: i64 = row(&app, "SELECT COUNT(*) FROM notification_settings").await;
    assert_eq!(stored, 0);
}

#[tokio::test]
async fn a_report_outcome_is_told_in_the_site_unless_turned_off() {
    let app = TestApp::new().await;
    let pair = named_pair(&app, 0).await;
    let admin = reviewing::admin(&app).await;
    let (_, author) = user(&app, "Student", "Ari", Some("Ari")).await;
    let (reader, reader_id) = user(&app, "Parent", "Pat", None).await;
    let (quiet, quiet_id) = user(&app, "Parent", "Quin", None).await;
    let review = stored_review(&app, author, pair.ids, ReviewerType::Student, 8, 1, true).await;
    for token in [&reader, &quiet] {
        let res = app
            .post_as(
                token,
                &format!("/api/reviews/{review}/report"),
                &json!({ "reason": "offensive" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    }
    let res = app
        .send(
            axum::http::Method::PUT,
            "/api/notification-settings",
            &[("authorization", &format!("Bearer {quiet}"))],
            json!({ "choices": { "report-outcome": "off" } }).to_string(),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = app
        .post_as(
            &admin,
            &format!("/api/review/reported/{review}/decision"),
            &json!({ "action": "keep" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(kinds(&app, reader_id).await, ["report-outcome"]);
    assert!(kinds(&app, quiet_id).await.is_empty(), "turned off");
    assert!(
        mails_with_unsubscribe(&app, reader_id).await.is_empty(),
        "site only by default"
    );
}

#[tokio::test]
async fn the_settings_show_defaults_refuse_unknown_kinds_and_choices_and_save() {
    let app = TestApp::new().await;
    let (token, id) = user(&app, "Parent", "Pat", None).await;
    let (_, other) = user(&app, "Parent", "Olly", None).await;
    let pat = Caller::bearer(&token);
    let put = |name: &str, body: Value| Case {
        method: axum::http::Method::PUT,
        ..Case::post(name, "/api/notification-settings", body)
    };
    let shown = app
        .run_case(&Case::get("defaults", "/api/notification-settings").by(&pat))
        .await
        .json();
    assert_eq!(shown["timeZone"], "Australia/Sydney");
    assert_eq!(shown["timeZoneChosen"], false);
    let by_kind = |settings: &Value, kind: &str| -> Value {
        settings["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["kind"] == kind)
            .unwrap()
            .clone()
    };
    assert_eq!(by_kind(&shown, "followed-review")["choice"], "weekly");
    assert_eq!(by_kind(&shown, "provider-review")["choice"], "weekly");
    assert_eq!(by_kind(&shown, "review-reply")["choice"], "now");
    assert_eq!(
        by_kind(&shown, "review-reply")["choices"],
        json!(["site", "now", "off"])
    );
    assert_eq!(by_kind(&shown, "report-outcome")["choice"], "site");
    assert!(
        shown["timeZones"]
            .as_array()
            .unwrap()
            .contains(&json!("Australia/Perth"))
    );

    app.run_cases(&[
        put("anonymous", json!({ "choices": {} })).status(StatusCode::UNAUTHORIZED),
        put(
            "an unknown kind",
            json!({ "choices": { "everything": "now" } }),
        )
        .by(&pat)
        .error(
            StatusCode::BAD_REQUEST,
            Some("everything"),
            "There is no such kind of notification.",
        ),
        put(
            "an unknown choice",
            json!({ "choices": { "review-reply": "hourly" } }),
        )
        .by(&pat)
        .error(
            StatusCode::BAD_REQUEST,
            Some("review-reply"),
            "review-reply must be 'site', 'weekly', 'now' or 'off'",
        ),
        put(
            "a digest of replies",
            json!({ "choices": { "review-reply": "weekly" } }),
        )
        .by(&pat)
        .error(
            StatusCode::BAD_REQUEST,
            Some("review-reply"),
            "This kind of notification cannot come in the weekly digest.",
        ),
        put("a zone abroad", json!({ "timeZone": "Europe/London" }))
            .by(&pat)
            .error(
                StatusCode::BAD_REQUEST,
                Some("timeZone"),
                "Choose one of Australia's time zones.",
            ),
        put(
            "another user's",
            json!({ "userId": other.to_string(), "choices": {} }),
        )
        .by(&pat)
        .status(StatusCode::FORBIDDEN),
    ])
    .await;
    let stored: i64 = row(&app, "SELECT COUNT(*) FROM notification_settings").await;
    assert_eq!(stored, 0, "nothing refused was stored");

    let saved = app
        .run_case(
            &put(
                "saved",
                json!({ "choices": { "followed-review": "now", "review-reply": "off" }, "timeZone": "Australia/Perth" }),
            )
            .by(&pat),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(saved.json()["msg"], "Your notification settings are saved.");
    let settings = &saved.json()["settings"];
    assert_eq!(by_kind(settings, "followed-review")["choice"], "now");
    assert_eq!(by_kind(settings, "review-reply")["choice"], "off");
    assert_eq!(by_kind(settings, "report-outcome")["choice"], "site");
    assert_eq!(settings["timeZone"], "Australia/Perth");

    let export = app
        .get_with(
            "/api/account/export",
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await
        .json();
    assert_eq!(export["timeZone"]["time_zone"], "Australia/Perth");
    assert_eq!(export["notificationSettings"].as_array().unwrap().len(), 2);
    reviewing::delete_account(&app, &token).await;
    let left: i64 = row(
        &app,
        format!(
            "SELECT (SELECT COUNT(*) FROM notification_settings WHERE user_id = {id})
                  + (SELECT COUNT(*) FROM notification_time_zones WHERE user_id = {id})"
        ),
    )
    .await;
    assert_eq!(left, 0, "deletion removes the settings");
}

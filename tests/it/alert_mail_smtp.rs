//! An alert mailed at once through a real SMTP server (aiosmtpd, as `mail_smtp` starts it):
//! a follower who chose mails at once gets one for another user's newly approved review, with
//! `List-Unsubscribe` (an https address) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
//! (RFC 8058); the provider's one-click POST, without a login, turns those mails off. The
//! weekly digest arrives the same way, its list of reviews in both parts.

use crate::common;
use crate::mail_smtp::{FROM, PASSWORD, SmtpServer, assert_standard, post, server_with_admin};
use serde_json::json;
use tempfile::TempDir;

#[test]
fn a_followed_pairs_new_review_is_mailed_with_one_click_unsubscribe() {
    let tmp = TempDir::new().unwrap();
    let smtp = SmtpServer::start(&tmp.path().join("received"));
    let data = tmp.path().join("data");
    let server = server_with_admin(
        &data,
        &smtp,
        ("APP_PUBLIC_URL", "https://coursesource.example"),
    );

    // A reviewer signs up; the account mail carries no unsubscribe.
    let mut sam = common::student("sam@example.org", "SamCooks");
    sam["password"] = json!(PASSWORD);
    sam["passwordConfirm"] = json!(PASSWORD);
    post(&server, "/api/register", None, sam);
    let verification = smtp.received("sam@example.org", "Verify");
    let link = assert_standard(&verification, "verification", None).expect("a link");
    post(
        &server,
        "/api/verifyaccount",
        None,
        json!({ "token": link.rsplit('/').next().unwrap(), "password": PASSWORD }),
    );
    let login = |email: &str| {
        post(
            &server,
            "/api/auth/login",
            None,
            json!({ "email": email, "password": PASSWORD }),
        )
    };
    let sam = login("sam@example.org");
    let admin = login("ada@example.org")["token"]
        .as_str()
        .unwrap()
        .to_owned();

    // The follower (the admin, as any user) follows a pair and wants such mails at once.
    let conn = rusqlite::Connection::open(data.join("app.db")).unwrap();
    let (course, provider, industry): (i64, i64, i64) = conn
        .query_row(
            "SELECT o.course_id, o.provider_id, ca.industry_id FROM offerings o
             JOIN careers ca ON ca.id = (SELECT MIN(career_id) FROM course_careers WHERE course_id = o.course_id)
             ORDER BY o.id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    post(
        &server,
        "/api/follows",
        Some(&admin),
        json!({ "action": "follow", "courseId": course.to_string(), "providerId": provider.to_string() }),
    );
    let auth = format!("Bearer {admin}");
    let (status, text) = server.http(
        "PUT",
        "/api/notification-settings",
        &[
            ("Content-Type", "application/json"),
            ("Authorization", &auth),
        ],
        &json!({ "choices": { "followed-review": "now" } }).to_string(),
    );
    assert_eq!(status, 200, "{text}");

    let review = post(
        &server,
        "/api/submitreview",
        Some(sam["token"].as_str().unwrap()),
        json!({
            "userType": "Student", "user": sam["_id"], "course": course.to_string(),
            "provider": provider.to_string(), "industry": industry.to_string(),
            "title": "Real kitchen time", "comment": "Good trainers.",
            "completedCourse": "No", "completedHalfCourse": "No",
            "notCompletedBecause": "I found a job", "howLikelyYouRecommend": "Likely",
            "incentivised": false
        }),
    );
    post(
        &server,
        "/api/review/approvedisapprove",
        Some(&admin),
        json!({ "action": "approve", "id": review["_id"] }),
    );

    let alert = smtp.received("ada@example.org", "New review of");
    let read = assert_standard(&alert, "alert", None).expect("a link");
    assert!(
        read.starts_with("https://coursesource.example/course/"),
        "{read}"
    );
    let headers = &alert["headers"];
    let address = headers["List-Unsubscribe"]
        .as_str()
        .expect("List-Unsubscribe");
    assert!(
        address.starts_with("<https://coursesource.example/api/unsubscribe/")
            && address.ends_with('>'),
        "{address}"
    );
    assert_eq!(
        headers["List-Unsubscribe-Post"],
        "List-Unsubscribe=One-Click"
    );
    let raw = alert["raw"].as_str().unwrap();
    assert!(
        raw.contains("Real kitchen time"),
        "the mail names the review"
    );
    assert!(
        raw.contains("https://coursesource.example/unsubscribe/"),
        "the body's link"
    );
    assert!(
        raw.contains("/profile/notification-settings"),
        "the settings page"
    );

    // The mailbox provider's one-click POST: the address, a form body, no cookie, no login.
    let path = address
        .trim_start_matches("<https://coursesource.example")
        .trim_end_matches('>');
    let (status, text) = server.http(
        "POST",
        path,
        &[("Content-Type", "application/x-www-form-urlencoded")],
        "List-Unsubscribe=One-Click",
    );
    assert_eq!(status, 200, "{text}");
    let (_, settings) = server.http(
        "GET",
        "/api/notification-settings",
        &[("Authorization", &auth)],
        "",
    );
    let settings: serde_json::Value = serde_json::from_str(&settings).unwrap();
    let followed = settings["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["kind"] == "followed-review")
        .unwrap();
    assert_eq!(followed["choice"], "site", "mails off, still in the site");
}

#[tokio::test]
async fn the_weekly_digest_arrives_with_its_list_and_one_click_unsubscribe() {
    use crate::common::{TestApp, moderating, reviewing};
    use coursesource::{
        accounts::digest,
        dates::unix_now,
        mail::sender::{Sender, transport_for},
        reviews::ReviewerType,
    };
    let tmp = TempDir::new().unwrap();
    let smtp = SmtpServer::start(&tmp.path().join("received"));
    let app = TestApp::with_settings(|s| {
        s.public_url = Some("https://coursesource.example".to_owned());
    })
    .await;
    let admin = reviewing::admin(&app).await;
    let pair = reviewing::named_pair(&app, 0).await;
    let (fan, fan_id) = reviewing::user(&app, "Parent", "Fay", None).await;
    crate::alerts::follow(&app, &fan, Some(pair.course), Some(pair.provider)).await;
    let (_, author) = reviewing::user(&app, "Student", "Ana", Some("Ana")).await;
    let review =
        reviewing::stored_review(&app, author, pair.ids, ReviewerType::Student, 8, 1, false).await;
    reviewing::sql(
        &app,
        &format!("UPDATE reviews SET actioned = 0 WHERE id = {review}"),
    )
    .await;
    moderating::decide(&app, &admin, "approve", &review.to_string()).await;

    // The Monday 08:00 after now, in Sydney (the fan chose no zone).
    let monday = digest::week_of(unix_now() + 7 * 86_400, "Australia/Sydney")
        .unwrap()
        .0;
    let report = digest::run(
        &app.state.db,
        &app.state.settings,
        monday,
        (digest::BATCH, usize::MAX),
        &mut Default::default(),
    )
    .await
    .unwrap();
    assert_eq!(report.mails, 1);
    let transport = transport_for(Some(&smtp.url()), tmp.path()).unwrap();
    let sender = Sender::new(app.state.db.clone(), transport, FROM).unwrap();
    // The digest, and the author's mail that their review is live.
    assert_eq!(sender.deliver_due(unix_now()).await.unwrap().sent, 2);

    let email: String =
        reviewing::row(&app, format!("SELECT email FROM users WHERE id = {fan_id}")).await;
    let mail = smtp.received(&email, "Your weekly digest: 1 new review");
    let link = assert_standard(&mail, "alert digest", None).expect("a link");
    assert_eq!(
        link,
        format!(
            "https://coursesource.example/course/{}/{}",
            pair.course_slug, pair.provider_slug
        )
    );
    let raw = mail["raw"].as_str().unwrap();
    assert!(raw.contains(&format!("Review by {author}")), "{raw}");
    let address = mail["headers"]["List-Unsubscribe"].as_str().unwrap();
    assert_eq!(
        mail["headers"]["List-Unsubscribe-Post"],
        "List-Unsubscribe=One-Click"
    );
    let path = address
        .trim_start_matches("<https://coursesource.example")
        .trim_end_matches('>');
    let res = app
        .send(
            axum::http::Method::POST,
            path,
            &[("content-type", "application/x-www-form-urlencoded")],
            "List-Unsubscribe=One-Click",
        )
        .await;
    assert_eq!(res.status, axum::http::StatusCode::OK, "{}", res.text());
    let weekly: i64 = reviewing::row(
        &app,
        format!("SELECT COUNT(*) FROM notification_settings WHERE user_id = {fan_id} AND choice = 'site'"),
    )
    .await;
    assert_eq!(weekly, 1, "the kind the digest listed is off");
}

//! Invitation mails through a real SMTP server (aiosmtpd, as `mail_smtp` starts it): each
//! invitee gets a standard mail from the site with the single-use link in both parts,
//! `List-Unsubscribe` (an https address) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
//! (RFC 8058); the provider's one-click POST, without a login, refuses further invitations,
//! and the invitee who follows the link and reviews gets the label.

use crate::common;
use crate::mail_smtp::{PASSWORD, SmtpServer, assert_standard, post, server_with_admin};
use serde_json::json;
use tempfile::TempDir;

#[test]
fn invitations_arrive_with_their_link_and_one_click_refusal() {
    let tmp = TempDir::new().unwrap();
    let smtp = SmtpServer::start(&tmp.path().join("received"));
    let data = tmp.path().join("data");
    let server = server_with_admin(
        &data,
        &smtp,
        ("APP_PUBLIC_URL", "https://coursesource.example"),
    );
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
    let ada = login("ada@example.org");
    let ada_token = ada["token"].as_str().unwrap().to_owned();

    // Ada represents the first offering's provider (approved, as an admin's decision leaves it).
    let conn = rusqlite::Connection::open(data.join("app.db")).unwrap();
    let (offering, course, provider, industry): (i64, i64, i64, i64) = conn
        .query_row(
            "SELECT o.id, o.course_id, o.provider_id, ca.industry_id FROM offerings o
             JOIN careers ca ON ca.id = (SELECT MIN(career_id) FROM course_careers WHERE course_id = o.course_id)
             ORDER BY o.id LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    conn.execute(
        "INSERT INTO provider_claims (user_id, provider_id, work_email, status, verified_at, decided_at)
         SELECT id, ?1, 'ada@provider.example', 'approved', unixepoch(), unixepoch() FROM users WHERE email = 'ada@example.org'",
        [provider],
    )
    .unwrap();
    let sent = post(
        &server,
        &format!("/api/providers/{provider}/invitations"),
        Some(&ada_token),
        json!({ "offeringId": offering.to_string(), "periodFrom": "2025-01", "periodTo": "2025-06",
                "attested": true, "addresses": "sam@example.org\nkim@example.org" }),
    );
    assert_eq!(sent["sent"], 2, "{sent}");

    let mail = smtp.received("sam@example.org", "Review ");
    let link = assert_standard(&mail, "alert: invitation", None).expect("a link");
    assert!(
        link.starts_with("https://coursesource.example/invitation/"),
        "{link}"
    );
    let headers = &mail["headers"];
    assert_eq!(headers["From"], crate::mail_smtp::FROM, "from the site");
    let address = headers["List-Unsubscribe"]
        .as_str()
        .expect("List-Unsubscribe");
    assert!(
        address.starts_with("<https://coursesource.example/api/invitations/")
            && address.ends_with("/refuse>"),
        "{address}"
    );
    assert_eq!(
        headers["List-Unsubscribe-Post"],
        "List-Unsubscribe=One-Click"
    );
    let text = mail["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["type"] == "text/plain")
        .and_then(|p| p["content"].as_str())
        .unwrap()
        .to_owned();
    assert!(text.contains("January 2025"), "the attested period: {text}");
    assert!(
        text.contains("/invitation/") && text.contains("?refuse=1"),
        "the body's refusal link: {text}"
    );

    // Sam follows the link, accepts and reviews: the review is labelled.
    let token = link.rsplit('/').next().unwrap();
    let sam_token = sam["token"].as_str().unwrap();
    post(
        &server,
        &format!("/api/invitations/{token}/accept"),
        Some(sam_token),
        json!({}),
    );
    let review = post(
        &server,
        "/api/submitreview",
        Some(sam_token),
        json!({
            "userType": "Student", "user": sam["_id"], "course": course.to_string(),
            "provider": provider.to_string(), "industry": industry.to_string(),
            "title": "Real kitchen time", "comment": "Good trainers.",
            "completedCourse": "No", "completedHalfCourse": "No",
            "notCompletedBecause": "I found a job", "howLikelyYouRecommend": "Likely",
            "incentivised": false
        }),
    );
    let invited: bool = conn
        .query_row(
            "SELECT invited FROM reviews WHERE id = ?1",
            [review["_id"].as_str().unwrap()],
            |r| r.get(0),
        )
        .unwrap();
    assert!(invited);

    // Kim's mailbox provider posts the one-click refusal: a form body, no cookie, no login.
    let kims = smtp.received("kim@example.org", "Review ");
    let address = kims["headers"]["List-Unsubscribe"].as_str().unwrap();
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
    let auth = format!("Bearer {ada_token}");
    let (status, text) = server.http(
        "POST",
        &format!("/api/providers/{provider}/invitations"),
        &[("Content-Type", "application/json"), ("Authorization", &auth)],
        &json!({ "offeringId": offering.to_string(), "periodFrom": "2025-01", "periodTo": "2025-06",
                 "attested": true, "addresses": "kim@example.org" })
        .to_string(),
    );
    assert_eq!(status, 400, "{text}");
    assert!(
        text.contains("Line 1: kim@example.org asked not to receive invitations"),
        "{text}"
    );
}

//! Legal complaint mails through a real SMTP server (aiosmtpd, as `mail_smtp` starts it): a
//! complainant without an account gets the acknowledgement with the reference and each step;
//! the review's author gets the steps that concern them, the request to respond with the
//! complaint and the way to answer. Each passes the strict parser with the standard headers, no
//! unsubscribe (they are not bulk mail), and the complainant's never name the author.

use crate::common;
use crate::mail_smtp::{FROM, PASSWORD, SmtpServer, assert_standard, post, server_with_admin};
use serde_json::{Value, json};
use tempfile::TempDir;

const COMPLAINANT: &str = "kim@example.org";
const AUTHOR: &str = "sam@example.org";

fn text_part(mail: &Value) -> String {
    mail["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["type"] == "text/plain")
        .map(|p| p["content"].as_str().unwrap().to_owned())
        .unwrap()
}

/// Checks the mail's standard headers and its addressing; its text part.
fn checked(mail: &Value, kind: &str, to: &str, subject: &str) -> String {
    assert_standard(mail, kind, None);
    let headers = &mail["headers"];
    assert_eq!(headers["From"], FROM, "{kind}");
    assert_eq!(headers["To"], to, "{kind}");
    assert_eq!(headers["Subject"], subject, "{kind}");
    text_part(mail)
}

#[test]
fn a_complaint_and_its_steps_are_mailed_to_the_complainant_and_the_author() {
    let tmp = TempDir::new().unwrap();
    let smtp = SmtpServer::start(&tmp.path().join("received"));
    let data = tmp.path().join("data");
    let server = server_with_admin(
        &data,
        &smtp,
        ("APP_PUBLIC_URL", "https://coursesource.example"),
    );

    let mut sam = common::student(AUTHOR, "SamCooks");
    sam["password"] = json!(PASSWORD);
    sam["passwordConfirm"] = json!(PASSWORD);
    post(&server, "/api/register", None, sam);
    let verification = smtp.received(AUTHOR, "Verify");
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
    let sam = login(AUTHOR);
    let admin = login("ada@example.org")["token"]
        .as_str()
        .unwrap()
        .to_owned();
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
    let review = post(
        &server,
        "/api/submitreview",
        Some(sam["token"].as_str().unwrap()),
        json!({
            "userType": "Student", "user": sam["_id"], "course": course.to_string(),
            "provider": provider.to_string(), "industry": industry.to_string(),
            "title": "Real kitchen time", "comment": "The trainer Kim steals from students.",
            "completedCourse": "No", "completedHalfCourse": "No",
            "notCompletedBecause": "I found a job", "howLikelyYouRecommend": "Likely",
            "incentivised": false
        }),
    );
    let review_id = review["_id"].as_str().unwrap().to_owned();
    post(
        &server,
        "/api/review/approvedisapprove",
        Some(&admin),
        json!({ "action": "approve", "id": review_id }),
    );

    // Filed without an account: the acknowledgement, with the reference and a copy.
    let filed = post(
        &server,
        "/api/complaints",
        None,
        json!({
            "name": "Kim Nguyen", "email": COMPLAINANT, "onBehalf": "myself", "organisation": "",
            "link": format!("https://coursesource.example/course/a/b#review-{review_id}"),
            "words": "The trainer Kim steals from students.",
            "imputations": "It says I am a thief.", "harm": "Students stopped enrolling.",
            "declaration": true
        }),
    );
    assert_eq!(filed["reference"], "LC-000001");
    let ack = smtp.received(COMPLAINANT, "We received your complaint");
    let text = checked(
        &ack,
        "complaint acknowledgement",
        COMPLAINANT,
        "We received your complaint LC-000001",
    );
    assert!(text.contains("Dear Kim Nguyen,"), "{text}");
    assert!(text.contains("Your reference is LC-000001"), "{text}");
    assert!(
        text.contains("> The trainer Kim steals from students."),
        "{text}"
    );

    let steps = "/api/admin/complaints/1/steps";
    post(&server, steps, Some(&admin), json!({ "action": "hide" }));
    post(
        &server,
        steps,
        Some(&admin),
        json!({ "action": "ask-author", "days": 3 }),
    );
    let received = tmp.path().join("received");
    let text = wait_for(&received, AUTHOR, "A legal complaint about your review", 2)
        .iter()
        .map(|m| {
            checked(
                m,
                "complaint to the author",
                AUTHOR,
                "A legal complaint about your review on CourseSource",
            )
        })
        .find(|t| t.contains("Please tell us your side by"))
        .expect("the request to respond");
    assert!(
        text.contains("https://coursesource.example/profile")
            && text.contains("The complaint is below.")
            && text.contains("> It says I am a thief."),
        "{text}"
    );
    assert!(!text.contains(COMPLAINANT), "{text}");
    post(
        &server,
        steps,
        Some(&admin),
        json!({ "action": "remove", "reason": "It accuses a person of a crime." }),
    );

    // Every step reached the complainant, none naming the author; the author got theirs.
    let updates = wait_for(&received, COMPLAINANT, "an update", 3);
    let texts: Vec<String> = updates
        .iter()
        .map(|m| {
            checked(
                m,
                "complaint update",
                COMPLAINANT,
                "Your complaint LC-000001: an update",
            )
        })
        .collect();
    for text in &texts {
        assert!(
            !text.contains(AUTHOR) && !text.contains("SamCooks") && !text.contains("Sam "),
            "{text}"
        );
    }
    assert!(
        texts
            .iter()
            .any(|t| t.contains("We have hidden the review"))
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("We have asked the author of the review to respond by"))
    );
    assert!(texts.iter().any(|t| {
        t.contains("We have removed the review. Reason: It accuses a person of a crime.")
    }));
    let to_author = wait_for(&received, AUTHOR, "A legal complaint about your review", 3);
    let texts: Vec<String> = to_author
        .iter()
        .map(|m| {
            checked(
                m,
                "complaint to the author",
                AUTHOR,
                "A legal complaint about your review on CourseSource",
            )
        })
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("We have hidden the review while we consider the complaint."))
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("We have removed the review. Reason:"))
    );
}

/// The `count` mails to `to` whose subject contains `subject`, waiting up to 20 s for them.
fn wait_for(dir: &std::path::Path, to: &str, subject: &str, count: usize) -> Vec<Value> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let found = mails_to(dir, to, subject);
        if found.len() >= count || std::time::Instant::now() > deadline {
            assert_eq!(found.len(), count, "mails to {to} about {subject:?}");
            return found;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// Every mail received for `to` whose subject contains `subject`.
fn mails_to(dir: &std::path::Path, to: &str, subject: &str) -> Vec<Value> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .filter_map(|t| serde_json::from_str::<Value>(&t).ok())
        .filter(|m| {
            m["rcpt"][0] == to
                && m["headers"]["Subject"]
                    .as_str()
                    .is_some_and(|s| s.contains(subject))
        })
        .collect()
}

//! Legal complaints, what their first part left open: a review a complaint hides can be neither
//! sent back by its author nor approved by a moderator until the complaint is decided; every
//! step is an in-app notification to the author, and to the complainant when their email is an
//! account's; a representative whose reply was removed can reply again, while the complaint keeps
//! the removed reply and its author on record.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    counters::assert_counters_match_a_recount,
    reviewing::*,
    scenario::{Caller, Case},
};
use coursesource::{
    complaints::model::{HELD_FOR_AUTHOR, HELD_FOR_MODERATOR},
    reviews::ReviewerType,
};
use serde_json::{Value, json};

fn complaint(email: &str, link: &str) -> Value {
    json!({
        "name": "Kim Nguyen",
        "email": email,
        "onBehalf": "myself",
        "organisation": "",
        "link": link,
        "words": "The trainer Kim steals from students.",
        "imputations": "It says I am a thief. I have never taken anything.",
        "harm": "Students have stopped enrolling in my classes.",
        "declaration": true
    })
}

fn step(name: &str, body: Value) -> Case {
    Case::post(name, "/api/admin/complaints/1/steps", body)
}

fn resubmission(review: i64) -> Value {
    json!({ "id": review.to_string(), "title": "Kitchen time", "comment": "I said nothing about anyone.", "incentivised": false })
}

/// The kinds and messages of a user's notifications, oldest first.
async fn notices(app: &TestApp, token: &str) -> Vec<(String, String)> {
    let res = app
        .send(
            axum::http::Method::GET,
            "/api/notifications",
            &[("authorization", &format!("Bearer {token}"))],
            "",
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let mut list: Vec<(String, String)> = res
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["kind"].as_str().unwrap().to_owned(),
                n["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    list.reverse();
    list
}

#[tokio::test]
async fn a_review_a_complaint_hides_is_neither_sent_back_nor_approved_until_the_complaint_is_decided()
 {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let admin_c = Caller::bearer(&admin(&app).await);
    let (author_token, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let author_c = Caller::bearer(&author_token);
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    let link = format!("/course/a/b#review-{published}");
    app.post_json("/api/complaints", &complaint("kim@example.org", &link))
        .await;
    let approve = json!({ "action": "approve", "id": published.to_string() });
    app.run_cases(&[
        step("hide", json!({ "action": "hide" }))
            .by(&admin_c)
            .status(StatusCode::OK),
        Case::post(
            "the author sends it back",
            "/api/review/resubmit",
            resubmission(published),
        )
        .by(&author_c)
        .error(StatusCode::CONFLICT, None, HELD_FOR_AUTHOR),
        Case::post(
            "a moderator approves it",
            "/api/review/approvedisapprove",
            approve.clone(),
        )
        .by(&admin_c)
        .error(StatusCode::CONFLICT, None, HELD_FOR_MODERATOR),
    ])
    .await;
    let (approved, note): (bool, String) = app
        .state
        .db
        .read(move |c| {
            c.query_row(
                "SELECT approved, decision_note FROM reviews WHERE id = ?1",
                [published],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .await
        .unwrap();
    assert!(!approved);
    assert_eq!(
        note,
        coursesource::complaints::store::HIDDEN_NOTE,
        "nothing changed"
    );
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "after the refusals");

    // Once the complaint is decided (removed), the author may edit it and a moderator decide.
    app.run_cases(&[
        step(
            "remove",
            json!({ "action": "remove", "reason": "It accuses a person of a crime." }),
        )
        .by(&admin_c)
        .status(StatusCode::OK),
        Case::post(
            "sent back after the decision",
            "/api/review/resubmit",
            resubmission(published),
        )
        .by(&author_c)
        .status(StatusCode::OK),
        Case::post("and approved", "/api/review/approvedisapprove", approve)
            .by(&admin_c)
            .expect(StatusCode::OK, json!({ "approved": true })),
    ])
    .await;
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "after approval");
}

#[tokio::test]
async fn a_complaint_that_did_not_hide_the_review_leaves_moderation_as_it_was() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let admin_c = Caller::bearer(&admin(&app).await);
    let (_, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    app.post_json(
        "/api/complaints",
        &complaint("kim@example.org", &format!("/x#review-{published}")),
    )
    .await;
    let id = published.to_string();
    app.run_cases(&[
        Case::post(
            "disapproved for another reason",
            "/api/review/approvedisapprove",
            json!({ "action": "disapprove", "id": id, "reason": "off-topic" }),
        )
        .by(&admin_c)
        .status(StatusCode::OK),
        Case::post(
            "approved again",
            "/api/review/approvedisapprove",
            json!({ "action": "approve", "id": id }),
        )
        .by(&admin_c)
        .expect(StatusCode::OK, json!({ "approved": true })),
    ])
    .await;
}

#[tokio::test]
async fn every_step_is_a_notification_to_the_author_and_to_a_complainant_with_an_account() {
    let app = TestApp::new().await;
    let ours = named_pair(&app, 0).await;
    let admin_c = Caller::bearer(&admin(&app).await);
    let (author_token, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let (complainant_token, complainant) = user(&app, "Employer", "Kim", None).await;
    let email: String = row(
        &app,
        format!("SELECT email FROM users WHERE id = {complainant}"),
    )
    .await;
    let author_email: String =
        row(&app, format!("SELECT email FROM users WHERE id = {author}")).await;
    let published = stored_review(&app, author, ours.ids, ReviewerType::Student, 8, 3, true).await;
    app.run_case(
        &Case::post(
            "filed",
            "/api/complaints",
            complaint(&email.to_uppercase(), &format!("/x#review-{published}")),
        )
        .status(StatusCode::CREATED),
    )
    .await;
    app.run_cases(&[
        step("hide", json!({ "action": "hide" }))
            .by(&admin_c)
            .status(StatusCode::OK),
        step("ask", json!({ "action": "ask-author", "days": 5 }))
            .by(&admin_c)
            .status(StatusCode::OK),
        Case::post(
            "respond",
            "/api/complaints/1/response",
            json!({ "text": "Kim took my knives." }),
        )
        .by(&Caller::bearer(&author_token))
        .status(StatusCode::OK),
        step(
            "keep",
            json!({ "action": "keep", "reason": "Honest opinion." }),
        )
        .by(&admin_c)
        .status(StatusCode::OK),
    ])
    .await;

    let to_complainant = notices(&app, &complainant_token).await;
    let texts: Vec<&str> = to_complainant.iter().map(|(_, m)| m.as_str()).collect();
    assert_eq!(
        texts.len(),
        5,
        "received, hidden, asked, responded, kept: {texts:#?}"
    );
    assert!(to_complainant.iter().all(|(k, _)| k == "legal-complaint"));
    assert!(texts[0].starts_with("We received your legal complaint LC-000001 about the review"));
    assert!(texts[0].contains(&ours.course_name) && texts[0].contains("within 7 days"));
    assert!(texts[1].ends_with("We have hidden the review while we consider the complaint."));
    assert!(texts[2].contains("We have asked the author of the review to respond by"));
    assert!(texts[3].contains("The author responded on"));
    let title = review_title(&app, published).await;
    assert_eq!(
        texts[4],
        format!(
            "Your complaint LC-000001 about the review \"{title}\" of {} at {}: We have decided to keep the review published. Reason: Honest opinion.",
            ours.course_name, ours.provider_name
        )
    );
    for text in &texts {
        for secret in [author_email.as_str(), "Sam", "knives"] {
            assert!(
                !text.contains(secret),
                "the complainant learns of the author: {text}"
            );
        }
    }

    let to_author = notices(&app, &author_token).await;
    let texts: Vec<&str> = to_author.iter().map(|(_, m)| m.as_str()).collect();
    assert_eq!(texts.len(), 3, "hidden, asked, kept: {texts:#?}");
    assert!(texts[0].starts_with("A legal complaint was made about the review"));
    assert!(texts[1].contains("you can respond from your profile"));
    assert!(texts[2].ends_with("Reason: Honest opinion."));
    for text in &texts {
        for secret in [email.as_str(), "Kim Nguyen"] {
            assert!(
                !text.contains(secret),
                "the author learns of the complainant: {text}"
            );
        }
    }
}

async fn review_title(app: &TestApp, review: i64) -> String {
    row(
        app,
        format!("SELECT title FROM reviews WHERE id = {review}"),
    )
    .await
}

#[tokio::test]
async fn a_complainant_whose_email_is_no_verified_account_is_mailed_only() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let (_, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let (_, stranger) = user(&app, "Employer", "Kim", None).await;
    sql(
        &app,
        &format!("UPDATE users SET verified_at = NULL WHERE id = {stranger}"),
    )
    .await;
    let email: String = row(
        &app,
        format!("SELECT email FROM users WHERE id = {stranger}"),
    )
    .await;
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    app.post_json(
        "/api/complaints",
        &complaint(&email, &format!("/x#review-{published}")),
    )
    .await;
    assert_eq!(app.mails_to(&email).await, 1);
    let count: i64 = row(
        &app,
        format!("SELECT COUNT(*) FROM notifications WHERE user_id = {stranger}"),
    )
    .await;
    assert_eq!(count, 0, "an unverified address is nobody's yet");
}

#[tokio::test]
async fn a_representative_whose_reply_was_removed_replies_again_and_the_record_keeps_the_old_one() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let admin_token = admin(&app).await;
    let admin_c = Caller::bearer(&admin_token);
    let (_, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    let (rep_token, _, _) =
        common::representing::representative(&app, &admin_token, ours.provider, "Rita").await;
    let rep_c = Caller::bearer(&rep_token);
    let rep_email: String = row(
        &app,
        "SELECT email FROM users WHERE first_name = 'Rita'".to_owned(),
    )
    .await;
    let reply = format!("/api/reviews/{published}/reply");
    app.run_cases(&[
        Case::post("the reply", &reply, json!({ "text": "Kim is a thief too." }))
            .by(&rep_c)
            .status(StatusCode::CREATED),
        Case::post(
            "a complaint",
            "/api/complaints",
            complaint("kim@example.org", &format!("/x#reply-{published}")),
        )
        .status(StatusCode::CREATED),
        Case::post("a second one", "/api/complaints", complaint("lee@example.org", &format!("/x#reply-{published}")))
            .status(StatusCode::CREATED),
        step("hide", json!({ "action": "hide" }))
            .by(&admin_c)
            .status(StatusCode::OK),
        Case::post("no new reply while it is considered", &reply, json!({ "text": "Sorry." }))
            .by(&rep_c)
            .error(StatusCode::CONFLICT, None, "This review already has a reply. Edit that reply instead."),
        step("remove", json!({ "action": "remove", "reason": "It accuses a person of a crime." }))
            .by(&admin_c)
            .status(StatusCode::OK),
        Case::post("a new reply", &reply, json!({ "text": "We are sorry about your experience." }))
            .by(&rep_c)
            .expect(StatusCode::CREATED, json!({ "text": "We are sorry about your experience." })),
        Case::get("the record keeps the removed reply and its author", "/api/admin/complaints?status=closed")
            .by(&admin_c)
            .expect(
                StatusCode::OK,
                json!([{ "status": "removed", "replyText": "Kim is a thief too.", "authorEmail": rep_email }]),
            ),
        Case::get("so does the open one about it", "/api/admin/complaints")
            .by(&admin_c)
            .expect(
                StatusCode::OK,
                json!([{ "reference": "LC-000002", "replyText": "Kim is a thief too.", "authorEmail": rep_email }]),
            ),
    ])
    .await;
    let public = app
        .post_as(
            &admin_token,
            "/api/getreviewsfor",
            &json!({ "courseId": ours.course.to_string(), "providerId": ours.provider.to_string() }),
        )
        .await
        .text();
    assert!(
        public.contains("We are sorry about your experience."),
        "{public}"
    );
    assert!(!public.contains("thief too"), "{public}");
    let removal = app
        .state
        .db
        .read(move |c| {
            c.query_row(
                "SELECT body_text FROM mail_outbox WHERE to_address = ?1 ORDER BY id DESC LIMIT 1",
                [rep_email],
                |r| r.get::<_, String>(0),
            )
        })
        .await
        .unwrap();
    assert!(
        removal.contains("We have removed the reply.")
            && removal.contains("You can write a new reply to the review."),
        "{removal}"
    );
}

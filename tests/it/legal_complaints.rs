//! Legal (defamation) complaints: `POST /api/complaints` without an account, with every element
//! of a concerns notice and its message; the admin page's calls (`GET /api/admin/complaints`,
//! its open count, `POST /api/admin/complaints/{_id}/steps`) with the seven-day clock; the
//! author's side (`GET /api/complaints/mine`, `POST /api/complaints/{_id}/response`). Every step
//! is recorded and mailed, the complainant never learns who wrote the review, and hiding or
//! removing leaves every counter equal to a recount.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    counters::assert_counters_match_a_recount,
    reviewing::*,
    scenario::{Caller, Case},
};
use coursesource::{complaints::RECEIVED, reviews::ReviewerType};
use serde_json::{Value, json};

const COMPLAINANT: &str = "kim@example.org";

fn complaint(link: &str) -> Value {
    json!({
        "name": "Kim Nguyen",
        "email": COMPLAINANT,
        "onBehalf": "myself",
        "organisation": "",
        "link": link,
        "words": "The trainer Kim steals from students.",
        "imputations": "It says I am a thief. I have never taken anything.",
        "harm": "Students have stopped enrolling in my classes.",
        "declaration": true
    })
}

fn review_link(review: i64) -> String {
    format!("https://coursesource.example/course/a/b#review-{review}")
}

fn step(name: &str, complaint: &str, body: Value) -> Case {
    Case::post(
        name,
        &format!("/api/admin/complaints/{complaint}/steps"),
        body,
    )
}

/// The subjects and text bodies of the mails to `to`, in order.
async fn mails(app: &TestApp, to: &str) -> Vec<(String, String)> {
    let to = to.to_owned();
    app.state
        .db
        .read(move |c| {
            c.prepare(
                "SELECT subject, body_text FROM mail_outbox WHERE to_address = ?1 ORDER BY id",
            )?
            .query_map([to], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()
        })
        .await
        .unwrap()
}

async fn rating_count(app: &TestApp, provider: i64) -> i64 {
    app.post_json(
        "/api/getoverallproviderrating",
        &json!({ "providerId": provider.to_string() }),
    )
    .await
    .json()["count"]
        .as_i64()
        .unwrap()
}

#[tokio::test]
async fn every_missing_element_has_its_message() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let (_, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    let waiting = stored_review(
        &app,
        author,
        pair(&app, 1).await,
        ReviewerType::Student,
        8,
        3,
        false,
    )
    .await;
    let good = complaint(&review_link(published));
    app.run_cases(&[
        Case::post("nothing", "/api/complaints", json!({})).errors(
            StatusCode::BAD_REQUEST,
            &[
                "Name is required",
                "Email is required",
                "Say whether you complain for yourself or for an organisation",
                "Link to the review or reply is required",
                "The words you complain of are required",
                "Say why the words are defamatory of you",
                "Describe the harm the words cause you",
                "Please declare that what you wrote is true",
            ],
        ),
        Case::post(
            "an organisation without its name",
            "/api/complaints",
            common::with(good.clone(), json!({ "onBehalf": "organisation" })),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("organisation"),
            "Organisation name is required",
        ),
        Case::post(
            "a bad email",
            "/api/complaints",
            common::with(good.clone(), json!({ "email": "kim@" })),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("email"),
            "Please enter a valid email",
        ),
        Case::post(
            "a link to no review",
            "/api/complaints",
            common::with(
                good.clone(),
                json!({ "link": "https://coursesource.example/about" }),
            ),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("link"),
            "This link is not to a published review or reply on this site",
        ),
        Case::post(
            "an unpublished review (answered as no review, so nothing is learned)",
            "/api/complaints",
            common::with(good.clone(), json!({ "link": review_link(waiting) })),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("link"),
            "This link is not to a published review or reply on this site",
        ),
        Case::post(
            "a reply that does not exist",
            "/api/complaints",
            common::with(
                good.clone(),
                json!({ "link": format!("/x#reply-{published}") }),
            ),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("link"),
            "This link is not to a published review or reply on this site",
        ),
        Case::post(
            "not declared",
            "/api/complaints",
            common::with(good.clone(), json!({ "declaration": false })),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("declaration"),
            "Please declare that what you wrote is true",
        ),
        Case::post(
            "words too long",
            "/api/complaints",
            common::with(good.clone(), json!({ "words": "x".repeat(2001) })),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("words"),
            "The words must not be longer than 2000 characters",
        ),
    ])
    .await;
    assert_eq!(
        app.mails_to(COMPLAINANT).await,
        0,
        "nothing refused is mailed"
    );
}

#[tokio::test]
async fn anyone_files_a_complaint_and_is_mailed_a_reference_without_the_authors_identity() {
    let app = TestApp::new().await;
    let ours = named_pair(&app, 0).await;
    let (_, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let author_email: String =
        row(&app, format!("SELECT email FROM users WHERE id = {author}")).await;
    let published = stored_review(&app, author, ours.ids, ReviewerType::Student, 8, 3, true).await;
    let body = common::with(
        complaint(&review_link(published)),
        json!({ "onBehalf": "organisation", "organisation": "Kim's <b>Kitchen</b>", "words": "<script>alert(1)</script> steals" }),
    );
    app.run_case(
        &Case::post("no account needed", "/api/complaints", body).expect(
            StatusCode::CREATED,
            json!({ "msg": RECEIVED, "reference": "LC-000001" }),
        ),
    )
    .await;
    let sent = mails(&app, COMPLAINANT).await;
    assert_eq!(sent.len(), 1);
    let (subject, text) = &sent[0];
    assert_eq!(subject, "We received your complaint LC-000001");
    assert!(text.contains("Your reference is LC-000001"), "{text}");
    assert!(
        text.contains(&ours.course_name) && text.contains(&ours.provider_name),
        "{text}"
    );
    assert!(text.contains("within 7 days"), "{text}");
    for secret in [author_email.as_str(), "Sam", "Doe"] {
        assert!(
            !text.contains(secret),
            "the acknowledgement names the author: {text}"
        );
    }
    // HTML in a field is text: stored as written, escaped in the mail's HTML part.
    let html: String = row(
        &app,
        "SELECT body_html FROM mail_outbox ORDER BY id DESC LIMIT 1".to_owned(),
    )
    .await;
    assert!(
        !html.contains("<script>") && html.contains("&lt;script&gt;"),
        "{html}"
    );
    let stored: String = row(&app, "SELECT organisation FROM legal_complaints".to_owned()).await;
    assert_eq!(stored, "Kim's <b>Kitchen</b>");
}

#[tokio::test]
async fn an_admin_hides_asks_the_author_and_removes_with_every_step_recorded_and_mailed() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let admin_c = Caller::bearer(&admin(&app).await);
    let (author_token, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let author_email: String =
        row(&app, format!("SELECT email FROM users WHERE id = {author}")).await;
    let (_, other) = user(&app, "Employer", "Jo", None).await;
    let (stranger, _) = user(&app, "Student", "Al", Some("al")).await;
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    stored_review(&app, other, ours, ReviewerType::Employer, 6, 2, true).await;
    app.post_json("/api/complaints", &complaint(&review_link(published)))
        .await;

    app.run_cases(&[
        Case::get("the badge", "/api/admin/complaints/open-count")
            .by(&admin_c)
            .expect(StatusCode::OK, json!(1)),
        Case::get("the list", "/api/admin/complaints").by(&admin_c).expect(
            StatusCode::OK,
            json!([{ "_id": "1", "reference": "LC-000001", "status": "open", "day": 1, "daysLeft": 7,
                     "urgent": false, "authorEmail": author_email, "steps": [{ "step": "received" }] }]),
        ),
        step("an unknown action", "1", json!({ "action": "ignore" })).by(&admin_c).error(
            StatusCode::BAD_REQUEST,
            Some("action"),
            "action must be 'hide', 'ask-author', 'keep' or 'remove'",
        ),
        step("no such complaint", "99", json!({ "action": "hide" }))
            .by(&admin_c)
            .error(StatusCode::NOT_FOUND, None, "Complaint not found"),
        step("hide", "1", json!({ "action": "hide" }))
            .by(&admin_c)
            .expect(StatusCode::OK, json!({ "hidden": true, "steps": [{ "step": "received" }, { "step": "hidden" }] })),
        step("hide again", "1", json!({ "action": "hide" }))
            .by(&admin_c)
            .error(StatusCode::CONFLICT, None, "It is already hidden."),
    ])
    .await;
    assert_eq!(
        rating_count(&app, ours.provider).await,
        1,
        "a hidden review counts no more"
    );
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "after hiding");

    app.run_cases(&[
        step("no period", "1", json!({ "action": "ask-author" }))
            .by(&admin_c)
            .error(StatusCode::BAD_REQUEST, Some("days"), "Give the author between 1 and 28 days to respond"),
        step("too long a period", "1", json!({ "action": "ask-author", "days": 29 }))
            .by(&admin_c)
            .error(StatusCode::BAD_REQUEST, Some("days"), "Give the author between 1 and 28 days to respond"),
        step("ask the author", "1", json!({ "action": "ask-author", "days": 3 }))
            .by(&admin_c)
            .expect(StatusCode::OK, json!({ "steps": [{}, {}, { "step": "asked-author", "note": format!("3 days, until {}", coursesource::complaints::mails::long_date(coursesource::dates::unix_now() + 3 * 86_400)) }] })),
        step("ask again", "1", json!({ "action": "ask-author", "days": 3 }))
            .by(&admin_c)
            .error(StatusCode::CONFLICT, None, "The author has already been asked to respond."),
        Case::get("the author sees it", "/api/complaints/mine")
            .by(&Caller::bearer(&author_token))
            .expect(StatusCode::OK, json!([{ "_id": "1", "canRespond": true, "words": "The trainer Kim steals from students." }])),
        Case::get("nobody else does", "/api/complaints/mine")
            .by(&Caller::bearer(&stranger))
            .exactly(StatusCode::OK, json!([])),
        Case::post("a stranger cannot respond", "/api/complaints/1/response", json!({ "text": "Lies" }))
            .by(&Caller::bearer(&stranger))
            .error(StatusCode::NOT_FOUND, None, "Complaint not found"),
        Case::post("an empty response", "/api/complaints/1/response", json!({ "text": " " }))
            .by(&Caller::bearer(&author_token))
            .error(StatusCode::BAD_REQUEST, Some("text"), "Your response is required"),
        Case::post("the author responds", "/api/complaints/1/response", json!({ "text": "Kim took my knives." }))
            .by(&Caller::bearer(&author_token))
            .status(StatusCode::OK),
        Case::post("only once", "/api/complaints/1/response", json!({ "text": "Again" }))
            .by(&Caller::bearer(&author_token))
            .error(StatusCode::CONFLICT, None, "You have already responded."),
        step("remove without a reason", "1", json!({ "action": "remove" }))
            .by(&admin_c)
            .error(StatusCode::BAD_REQUEST, Some("reason"), "Give a reason"),
        step("remove", "1", json!({ "action": "remove", "reason": "The author could not support the claim." }))
            .by(&admin_c)
            .expect(StatusCode::OK, json!({ "status": "removed", "response": "Kim took my knives." })),
        step("a closed complaint takes no step", "1", json!({ "action": "keep", "reason": "x" }))
            .by(&admin_c)
            .error(StatusCode::CONFLICT, None, "This complaint is closed."),
        Case::get("no longer open", "/api/admin/complaints/open-count")
            .by(&admin_c)
            .expect(StatusCode::OK, json!(0)),
        Case::get("closed", "/api/admin/complaints?status=closed").by(&admin_c).expect(
            StatusCode::OK,
            json!([{ "steps": [{ "step": "received" }, { "step": "hidden" }, { "step": "asked-author" },
                                { "step": "author-responded" }, { "step": "removed", "note": "The author could not support the claim." }] }]),
        ),
    ])
    .await;
    assert_eq!(rating_count(&app, ours.provider).await, 1);
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "after removal");
    let note: String = row(
        &app,
        format!("SELECT decision_note FROM reviews WHERE id = {published}"),
    )
    .await;
    assert_eq!(
        note,
        "Removed after a legal complaint: The author could not support the claim."
    );

    // Every step mailed to the complainant (never naming the author); the author told of theirs.
    let to_complainant = mails(&app, COMPLAINANT).await;
    assert_eq!(
        to_complainant.len(),
        5,
        "received, hidden, asked, responded, removed"
    );
    for (_, text) in &to_complainant {
        assert!(
            !text.contains(&author_email) && !text.contains("Sam Doe"),
            "{text}"
        );
        assert!(
            !text.contains("Kim took my knives"),
            "the response stays with the moderators: {text}"
        );
    }
    assert!(
        to_complainant[4].1.contains(
            "We have removed the review. Reason: The author could not support the claim."
        )
    );
    let to_author = mails(&app, &author_email).await;
    assert_eq!(
        to_author.len(),
        3,
        "hidden, asked (with the complaint), removed"
    );
    assert!(
        to_author[1].1.contains("/profile") && to_author[1].1.contains("steals from students"),
        "{}",
        to_author[1].1
    );
    assert!(
        !to_author.iter().any(|(_, t)| t.contains(COMPLAINANT)),
        "the author is not given the complainant's email"
    );

    let figures = app.get("/api/moderation/figures").await.json();
    assert_eq!(
        figures["legalComplaints"],
        json!({ "received": 1, "open": 0, "kept": 0, "removed": 1 })
    );
}

#[tokio::test]
async fn keeping_a_hidden_review_publishes_it_again() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let admin_c = Caller::bearer(&admin(&app).await);
    let (_, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    app.post_json("/api/complaints", &complaint(&review_link(published)))
        .await;
    app.run_cases(&[
        step("hide", "1", json!({ "action": "hide" }))
            .by(&admin_c)
            .status(StatusCode::OK),
        step(
            "keep",
            "1",
            json!({ "action": "keep", "reason": "Honest opinion on a matter of public interest." }),
        )
        .by(&admin_c)
        .expect(StatusCode::OK, json!({ "status": "kept" })),
    ])
    .await;
    assert_eq!(rating_count(&app, ours.provider).await, 1);
    assert_counters_match_a_recount(&app.dir.path().join("app.db"), "after keeping");
    let figures = app.get("/api/moderation/figures").await.json();
    assert_eq!(figures["legalComplaints"]["kept"], 1);
}

#[tokio::test]
async fn the_clock_shows_the_days_left_of_seven_in_red_from_day_five() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let admin_c = Caller::bearer(&admin(&app).await);
    let (_, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    app.post_json("/api/complaints", &complaint(&review_link(published)))
        .await;
    for (days_ago, day, left, urgent) in [(3, 4, 4, false), (4, 5, 3, true), (7, 8, 0, true)] {
        sql(
            &app,
            &format!(
                "UPDATE legal_complaints SET created_at = unixepoch() - {days_ago} * 86400 - 60"
            ),
        )
        .await;
        app.run_case(
            &Case::get(format!("{days_ago} days ago"), "/api/admin/complaints")
                .by(&admin_c)
                .expect(
                    StatusCode::OK,
                    json!([{ "day": day, "daysLeft": left, "urgent": urgent }]),
                ),
        )
        .await;
    }
}

#[tokio::test]
async fn the_author_cannot_respond_once_the_period_has_passed() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let admin_c = Caller::bearer(&admin(&app).await);
    let (author_token, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    app.post_json("/api/complaints", &complaint(&review_link(published)))
        .await;
    app.run_case(
        &step("ask", "1", json!({ "action": "ask-author", "days": 1 }))
            .by(&admin_c)
            .status(StatusCode::OK),
    )
    .await;
    sql(
        &app,
        "UPDATE legal_complaints SET response_due_at = unixepoch() - 1",
    )
    .await;
    let author_c = Caller::bearer(&author_token);
    app.run_cases(&[
        Case::get("shown as past", "/api/complaints/mine")
            .by(&author_c)
            .expect(StatusCode::OK, json!([{ "canRespond": false }])),
        Case::post(
            "too late",
            "/api/complaints/1/response",
            json!({ "text": "Sorry, I was away." }),
        )
        .by(&author_c)
        .error(
            StatusCode::CONFLICT,
            None,
            "The time to respond has passed.",
        ),
    ])
    .await;
}

#[tokio::test]
async fn a_complaint_about_a_reply_hides_and_removes_the_reply_and_asks_its_representative() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let admin_token = admin(&app).await;
    let admin_c = Caller::bearer(&admin_token);
    let (_, author) = user(&app, "Student", "Sam", Some("sam")).await;
    let published = stored_review(&app, author, ours, ReviewerType::Student, 8, 3, true).await;
    let (rep_token, _, _) =
        common::representing::representative(&app, &admin_token, ours.provider, "Rita").await;
    let res = app
        .post_as(
            &rep_token,
            &format!("/api/reviews/{published}/reply"),
            &json!({ "text": "Kim is a thief too." }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let link = format!("/course/a/b#reply-{published}");
    app.run_case(
        &Case::post("a reply", "/api/complaints", complaint(&link)).status(StatusCode::CREATED),
    )
    .await;
    app.run_cases(&[
        step("hide", "1", json!({ "action": "hide" }))
            .by(&admin_c)
            .status(StatusCode::OK),
        step(
            "ask the representative",
            "1",
            json!({ "action": "ask-author", "days": 7 }),
        )
        .by(&admin_c)
        .status(StatusCode::OK),
        Case::get("the representative sees it", "/api/complaints/mine")
            .by(&Caller::bearer(&rep_token))
            .expect(
                StatusCode::OK,
                json!([{ "part": "reply", "canRespond": true }]),
            ),
    ])
    .await;
    let hidden: bool = row(
        &app,
        format!("SELECT hidden FROM review_replies WHERE review_id = {published}"),
    )
    .await;
    assert!(hidden);
    app.run_case(
        &Case::post(
            "a hidden reply takes no new complaint",
            "/api/complaints",
            complaint(&link),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("link"),
            "This link is not to a published review or reply on this site",
        ),
    )
    .await;
    app.run_case(
        &step(
            "remove",
            "1",
            json!({ "action": "remove", "reason": "It accuses a person of a crime." }),
        )
        .by(&admin_c)
        .expect(StatusCode::OK, json!({ "status": "removed" })),
    )
    .await;
    let approved: bool = row(
        &app,
        format!("SELECT approved FROM reviews WHERE id = {published}"),
    )
    .await;
    assert!(approved, "the review itself stays");
}

//! A provider's reply to a review (`POST`/`PUT`/`DELETE /api/reviews/{_id}/reply`): who may
//! write one, to which reviews, once; its text rules; the reviewer's notification and mail;
//! the reply in the public list; an admin's removal; a revoked representative.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{
    TestApp,
    representing::{decide_claim, representative},
    reviewing::*,
    scenario::{Caller, Case},
};
use coursesource::{
    representation::{
        REPLY_PROFANE, REPLY_REMOVED, REPLY_REQUIRED, REPLY_TOO_LONG,
        reply_rules::{
            ALREADY_REPLIED, NOT_A_REPRESENTATIVE, NOT_YOUR_REPLY, OTHER_PROVIDER, REPLY_NOT_FOUND,
            REVIEW_NOT_FOUND,
        },
    },
    reviews::ReviewerType,
};
use serde_json::{Value, json};

/// The first offering whose provider is not `provider`.
async fn other_provider_pair(app: &TestApp, provider: i64) -> Pair {
    for n in 1.. {
        let candidate = pair(app, n).await;
        if candidate.provider != provider {
            return candidate;
        }
    }
    unreachable!()
}

fn reply_case(name: &str, method: Method, review: i64, text: Option<&str>) -> Case {
    let path = format!("/api/reviews/{review}/reply");
    let case = match text {
        Some(text) => Case::post(name, &path, json!({ "text": text })),
        None => Case::get(name, &path),
    };
    Case { method, ..case }
}

/// The reply under `review` in the pair's public list, read by `token`.
async fn listed_reply(app: &TestApp, token: &str, pair: Pair, review: i64) -> Value {
    let list = app
        .post_as(
            token,
            "/api/getreviewsfor",
            &json!({ "courseId": pair.course.to_string(), "providerId": pair.provider.to_string() }),
        )
        .await
        .json();
    list.as_array()
        .unwrap()
        .iter()
        .find(|item| item["review"]["_id"] == json!(review.to_string()))
        .unwrap_or_else(|| panic!("review {review} not listed in {list}"))["review"]["reply"]
        .clone()
}

#[tokio::test]
async fn a_representative_replies_once_to_approved_reviews_of_their_provider_only() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let theirs = other_provider_pair(&app, ours.provider).await;
    let (rep, _, _) = representative(&app, &admin, ours.provider, "Pat").await;
    let (other_rep, _, _) = representative(&app, &admin, theirs.provider, "Kim").await;
    let (reader, reviewer_id) = user(&app, "Student", "Sam", Some("sam")).await;
    let (_, employer_id) = user(&app, "Employer", "Jo", None).await;
    let approved = stored_review(&app, reviewer_id, ours, ReviewerType::Student, 8, 3, true).await;
    let waiting = stored_review(&app, employer_id, ours, ReviewerType::Employer, 6, 2, false).await;
    sql(
        &app,
        &format!("UPDATE reviews SET actioned = 0 WHERE id = {waiting}"),
    )
    .await;
    let elsewhere =
        stored_review(&app, reviewer_id, theirs, ReviewerType::Student, 6, 2, true).await;
    let (rep_c, reader_c, other_c) = (
        Caller::bearer(&rep),
        Caller::bearer(&reader),
        Caller::bearer(&other_rep),
    );
    let provider_name = named_pair(&app, 0).await.provider_name;

    app.run_cases(&[
        reply_case("anonymous", Method::POST, approved, Some("Thanks"))
            .status(StatusCode::UNAUTHORIZED),
        reply_case("anonymous edit", Method::PUT, approved, Some("Thanks"))
            .status(StatusCode::UNAUTHORIZED),
        reply_case("anonymous removal", Method::DELETE, approved, None)
            .status(StatusCode::UNAUTHORIZED),
        reply_case("a reader", Method::POST, approved, Some("Thanks"))
            .by(&reader_c)
            .error(StatusCode::FORBIDDEN, None, NOT_A_REPRESENTATIVE),
        reply_case(
            "another provider's review",
            Method::POST,
            elsewhere,
            Some("Thanks"),
        )
        .by(&rep_c)
        .error(StatusCode::FORBIDDEN, None, OTHER_PROVIDER),
        reply_case(
            "an unpublished review",
            Method::POST,
            waiting,
            Some("Thanks"),
        )
        .by(&rep_c)
        .error(StatusCode::NOT_FOUND, None, REVIEW_NOT_FOUND),
        reply_case("no such review", Method::POST, 99_999, Some("Thanks"))
            .by(&rep_c)
            .error(StatusCode::NOT_FOUND, None, REVIEW_NOT_FOUND),
        reply_case("empty", Method::POST, approved, Some("  "))
            .by(&rep_c)
            .error(StatusCode::BAD_REQUEST, Some("text"), REPLY_REQUIRED),
        reply_case("too long", Method::POST, approved, Some(&"x".repeat(1001)))
            .by(&rep_c)
            .error(StatusCode::BAD_REQUEST, Some("text"), REPLY_TOO_LONG),
        reply_case(
            "profane",
            Method::POST,
            approved,
            Some("The reviewer is a dickhead"),
        )
        .by(&rep_c)
        .error(StatusCode::BAD_REQUEST, Some("text"), REPLY_PROFANE),
        reply_case(
            "edit before any reply",
            Method::PUT,
            approved,
            Some("Thanks"),
        )
        .by(&rep_c)
        .error(StatusCode::NOT_FOUND, None, REPLY_NOT_FOUND),
    ])
    .await;
    let replies: i64 = row(&app, "SELECT COUNT(*) FROM review_replies").await;
    assert_eq!(replies, 0);

    let text = format!("Thank you, <b>Sam</b>!\n{}", "x".repeat(970));
    let posted = app
        .run_case(
            &reply_case("the reply", Method::POST, approved, Some(&text))
                .by(&rep_c)
                .expect(
                    StatusCode::CREATED,
                    json!({ "providerName": provider_name, "text": text, "formerRepresentative": false }),
                ),
        )
        .await
        .json();
    assert_eq!(posted["createdAt"], posted["updatedAt"]);
    app.run_cases(&[
        reply_case("a second reply", Method::POST, approved, Some("Again"))
            .by(&rep_c)
            .error(StatusCode::CONFLICT, None, ALREADY_REPLIED),
        reply_case(
            "another provider's representative edits",
            Method::PUT,
            approved,
            Some("Mine"),
        )
        .by(&other_c)
        .error(StatusCode::FORBIDDEN, None, NOT_YOUR_REPLY),
        reply_case(
            "another provider's representative removes",
            Method::DELETE,
            approved,
            None,
        )
        .by(&other_c)
        .error(StatusCode::FORBIDDEN, None, NOT_YOUR_REPLY),
        reply_case("a reader removes", Method::DELETE, approved, None)
            .by(&reader_c)
            .error(StatusCode::FORBIDDEN, None, NOT_A_REPRESENTATIVE),
    ])
    .await;

    // The reviewer is told, in their notifications and by mail; every reader sees the reply.
    let (kind, message): (String, String) = app
        .state
        .db
        .read(move |c| {
            c.query_row(
                "SELECT kind, message FROM notifications WHERE user_id = ?1",
                [reviewer_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .await
        .unwrap();
    let course_name = named_pair(&app, 0).await.course_name;
    assert_eq!(kind, "review-reply");
    assert_eq!(
        message,
        format!(
            "{provider_name} replied to your review \"Review by {reviewer_id}\" of {course_name}."
        )
    );
    let subject: String = row(
        &app,
        format!(
            "SELECT subject FROM mail_outbox WHERE to_address = 'user{}@example.com'",
            reviewer_id - 1
        ),
    )
    .await;
    assert_eq!(
        subject,
        format!("{provider_name} replied to your CourseSource review")
    );
    assert_eq!(
        listed_reply(&app, &reader, ours, approved).await["text"],
        text
    );

    // Edited by the representative; the list shows the new text, no second notification.
    app.run_case(
        &reply_case(
            "edit",
            Method::PUT,
            approved,
            Some("Thanks for the kind words."),
        )
        .by(&rep_c)
        .expect(
            StatusCode::OK,
            json!({ "text": "Thanks for the kind words." }),
        ),
    )
    .await;
    assert_eq!(
        listed_reply(&app, &reader, ours, approved).await["text"],
        "Thanks for the kind words."
    );
    let notified: i64 = row(
        &app,
        format!("SELECT COUNT(*) FROM notifications WHERE user_id = {reviewer_id}"),
    )
    .await;
    assert_eq!(notified, 2, "the reply and its edit (issue 31)");

    // Removed by the representative, then written again.
    app.run_case(
        &reply_case("remove", Method::DELETE, approved, None)
            .by(&rep_c)
            .expect(StatusCode::OK, json!({ "msg": REPLY_REMOVED })),
    )
    .await;
    assert_eq!(
        listed_reply(&app, &reader, ours, approved).await,
        Value::Null
    );
    app.run_case(
        &reply_case("reply again", Method::POST, approved, Some("Thank you."))
            .by(&rep_c)
            .status(StatusCode::CREATED),
    )
    .await;

    // The public moderation figures count the providers' replies.
    let figures = app.get("/api/moderation/figures").await.json();
    assert_eq!(figures["providerReplies"], 1, "{figures}");
}

#[tokio::test]
async fn an_admin_removes_any_reply_and_a_revoked_representative_posts_no_more() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let (rep, _, claim) = representative(&app, &admin, ours.provider, "Pat").await;
    let (reader, reviewer) = user(&app, "Student", "Sam", Some("sam")).await;
    let (_, employer) = user(&app, "Employer", "Jo", None).await;
    let first = stored_review(&app, reviewer, ours, ReviewerType::Student, 8, 3, true).await;
    let second = stored_review(&app, employer, ours, ReviewerType::Employer, 6, 2, true).await;
    let (rep_c, admin_c) = (Caller::bearer(&rep), Caller::bearer(&admin));

    app.run_cases(&[
        reply_case("first", Method::POST, first, Some("Thank you."))
            .by(&rep_c)
            .status(StatusCode::CREATED),
        reply_case("second", Method::POST, second, Some("Sorry to hear it."))
            .by(&rep_c)
            .status(StatusCode::CREATED),
        reply_case("the admin removes one", Method::DELETE, second, None)
            .by(&admin_c)
            .expect(StatusCode::OK, json!({ "msg": REPLY_REMOVED })),
        reply_case("removed twice", Method::DELETE, second, None)
            .by(&admin_c)
            .error(StatusCode::NOT_FOUND, None, REPLY_NOT_FOUND),
    ])
    .await;
    assert_eq!(listed_reply(&app, &reader, ours, second).await, Value::Null);

    assert_eq!(
        decide_claim(&app, &admin, &claim, "revoke").await,
        StatusCode::OK
    );
    let kept = listed_reply(&app, &reader, ours, first).await;
    assert_eq!(kept["text"], "Thank you.");
    assert_eq!(kept["formerRepresentative"], true);
    app.run_cases(&[
        reply_case("revoked posts", Method::POST, second, Some("Hello"))
            .by(&rep_c)
            .error(StatusCode::FORBIDDEN, None, NOT_A_REPRESENTATIVE),
        reply_case("revoked edits", Method::PUT, first, Some("Hello"))
            .by(&rep_c)
            .error(StatusCode::FORBIDDEN, None, NOT_A_REPRESENTATIVE),
        reply_case("revoked removes", Method::DELETE, first, None)
            .by(&rep_c)
            .error(StatusCode::FORBIDDEN, None, NOT_A_REPRESENTATIVE),
    ])
    .await;
    let replies: i64 = row(&app, "SELECT COUNT(*) FROM review_replies").await;
    assert_eq!(replies, 1);
}

//! Reports of published reviews: `POST /api/reviews/{_id}/report` (once per reader, never one's
//! own or an unpublished review, with a reason of the list), Moderate Reviews' 'Reported' list
//! (`GET /api/review/reported`) and its decision (`POST /api/review/reported/{_id}/decision`):
//! keep, or remove with a reason, which withdraws the review, recounts every counter (equal to
//! a recount) and tells the author why and the reporters the outcome.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    counters::assert_counters_match_a_recount,
    reviewing::*,
    scenario::{Caller, Case, admin_only},
};
use coursesource::{
    reports::{
        REPORTED,
        store::{ALREADY_REPORTED, NOT_PUBLISHED, NOTHING_OPEN, OWN_REVIEW, REVIEW_NOT_FOUND},
    },
    reviews::ReviewerType,
};
use serde_json::{Value, json};

fn report(name: &str, review: i64, body: Value) -> Case {
    Case::post(name, &format!("/api/reviews/{review}/report"), body)
}

fn decision(name: &str, review: i64, body: Value) -> Case {
    Case::post(
        name,
        &format!("/api/review/reported/{review}/decision"),
        body,
    )
}

async fn notifications(app: &TestApp, user: i64) -> Vec<(String, String)> {
    app.state
        .db
        .read(move |c| {
            c.prepare("SELECT kind, message FROM notifications WHERE user_id = ?1 ORDER BY id")?
                .query_map([user], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .await
        .unwrap()
}

#[tokio::test]
async fn a_reader_reports_a_published_review_of_someone_else_once_with_a_reason() {
    let app = TestApp::new().await;
    let ours = pair(&app, 0).await;
    let (author, author_id) = user(&app, "Student", "Sam", Some("sam")).await;
    let (reader, _) = user(&app, "Parent", "Pia", None).await;
    let (_, other_id) = user(&app, "Employer", "Jo", None).await;
    let published = stored_review(&app, author_id, ours, ReviewerType::Student, 8, 3, true).await;
    let waiting = stored_review(&app, other_id, ours, ReviewerType::Employer, 6, 2, false).await;
    let reader_c = Caller::bearer(&reader);
    let offensive = json!({ "reason": "offensive" });

    app.run_cases(&[
        report("anonymous", published, offensive.clone()).status(StatusCode::UNAUTHORIZED),
        report("one's own review", published, offensive.clone())
            .by(&Caller::bearer(&author))
            .error(StatusCode::FORBIDDEN, None, OWN_REVIEW),
        report("an unpublished review", waiting, offensive.clone())
            .by(&reader_c)
            .error(StatusCode::CONFLICT, None, NOT_PUBLISHED),
        report("no such review", 99_999, offensive.clone())
            .by(&reader_c)
            .error(StatusCode::NOT_FOUND, None, REVIEW_NOT_FOUND),
        report("no reason", published, json!({}))
            .by(&reader_c)
            .error(
                StatusCode::BAD_REQUEST,
                Some("reason"),
                "reason is required: one of 'offensive', 'personal-information', 'off-topic', 'not-genuine' or 'other'",
            ),
        report("a reason off the list", published, json!({ "reason": "boring" }))
            .by(&reader_c)
            .error(
                StatusCode::BAD_REQUEST,
                Some("reason"),
                "reason must be one of 'offensive', 'personal-information', 'off-topic', 'not-genuine' or 'other'",
            ),
        report("other without a text", published, json!({ "reason": "other", "note": " " }))
            .by(&reader_c)
            .error(
                StatusCode::BAD_REQUEST,
                Some("note"),
                "note is required when the reason is 'Other': say what is wrong",
            ),
        report(
            "other with a text",
            published,
            json!({ "reason": "other", "note": "Names my trainer" }),
        )
        .by(&reader_c)
        .expect(StatusCode::CREATED, json!({ "msg": REPORTED })),
        report("twice", published, offensive.clone())
            .by(&reader_c)
            .error(StatusCode::CONFLICT, None, ALREADY_REPORTED),
    ])
    .await;
    let stored: (String, String) = app
        .state
        .db
        .read(|c| {
            c.query_row("SELECT reason, note FROM review_reports", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
        })
        .await
        .unwrap();
    assert_eq!(stored, ("other".to_owned(), "Names my trainer".to_owned()));
}

#[tokio::test]
async fn admins_keep_or_remove_reported_reviews_and_everyone_concerned_is_told() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let named = named_pair(&app, 0).await;
    let ours = named.ids;
    let (_, author_id) = user(&app, "Student", "Sam", Some("sam")).await;
    let (_, employer_id) = user(&app, "Employer", "Jo", None).await;
    let (first, first_id) = user(&app, "Parent", "Pia", None).await;
    let (second, second_id) = user(&app, "Student", "Ari", Some("ari")).await;
    let kept = stored_review(&app, employer_id, ours, ReviewerType::Employer, 6, 4, true).await;
    let removed = stored_review(&app, author_id, ours, ReviewerType::Student, 8, 3, true).await;
    // Stored as the seeder stores them, then counted as the seeder does.
    app.state
        .db
        .write(coursesource::catalog::counters_store::recount_all)
        .await
        .unwrap();
    let admin_c = Caller::bearer(&admin);

    let calls = [
        Case::get("the reported list", "/api/review/reported"),
        decision("a decision", kept, json!({ "action": "keep" })),
    ];
    app.run_cases(&admin_only(&calls, &Caller::bearer(&first)))
        .await;
    app.run_cases(&[
        report("first on kept", kept, json!({ "reason": "not-genuine" }))
            .by(&Caller::bearer(&first))
            .status(StatusCode::CREATED),
        report(
            "first on removed",
            removed,
            json!({ "reason": "personal-information" }),
        )
        .by(&Caller::bearer(&first))
        .status(StatusCode::CREATED),
        report(
            "second on removed",
            removed,
            json!({ "reason": "other", "note": "Full name of a trainer" }),
        )
        .by(&Caller::bearer(&second))
        .status(StatusCode::CREATED),
    ])
    .await;

    let listed = app
        .run_case(
            &Case::get("two reported reviews", "/api/review/reported")
                .by(&admin_c)
                .expect(
                    StatusCode::OK,
                    json!([
                        { "review": { "_id": kept.to_string() }, "reports": [{ "reason": "not-genuine", "label": "Not a genuine experience" }] },
                        { "review": { "_id": removed.to_string(), "title": format!("Review by {author_id}") },
                          "reports": [{ "reason": "personal-information", "label": "Personal information", "reporter": { "_id": first_id.to_string() } },
                                      { "reason": "other", "label": "Other", "note": "Full name of a trainer" }] }
                    ]),
                ),
        )
        .await;
    assert_eq!(listed.header("x-total-count"), "2");
    assert_eq!(listed.json()[0]["review"]["_id"], kept.to_string());

    app.run_cases(&[
        decision("a wrong action", kept, json!({ "action": "hide" }))
            .by(&admin_c)
            .error(StatusCode::BAD_REQUEST, Some("action"), "action must be 'keep' or 'remove'"),
        decision("remove without a reason", removed, json!({ "action": "remove" }))
            .by(&admin_c)
            .error(
                StatusCode::BAD_REQUEST,
                Some("reason"),
                "reason is required: one of 'offensive', 'personal-information', 'off-topic', 'not-genuine' or 'other'",
            ),
        decision("keep with a reason off the list", kept, json!({ "action": "keep", "reason": "rude" }))
            .by(&admin_c)
            .error(
                StatusCode::BAD_REQUEST,
                Some("reason"),
                "reason must be one of 'offensive', 'personal-information', 'off-topic', 'not-genuine' or 'other'",
            ),
        decision("no such review", 99_999, json!({ "action": "keep" }))
            .by(&admin_c)
            .error(StatusCode::NOT_FOUND, None, REVIEW_NOT_FOUND),
        decision("keep", kept, json!({ "action": "keep" }))
            .by(&admin_c)
            .expect(StatusCode::OK, json!({ "_id": kept.to_string(), "outcome": "kept" })),
        decision("keep again", kept, json!({ "action": "keep" }))
            .by(&admin_c)
            .error(StatusCode::CONFLICT, None, NOTHING_OPEN),
    ])
    .await;
    let still: bool = row(
        &app,
        format!("SELECT approved FROM reviews WHERE id = {kept}"),
    )
    .await;
    assert!(still, "a kept review stays published");

    let before = app
        .post_json(
            "/api/getoverallproviderrating",
            &json!({ "providerId": ours.provider.to_string() }),
        )
        .await
        .json();
    app.run_case(
        &decision(
            "remove",
            removed,
            json!({ "action": "remove", "reason": "personal-information", "note": "It names a trainer." }),
        )
        .by(&admin_c)
        .expect(StatusCode::OK, json!({ "outcome": "removed" })),
    )
    .await;
    let after = app
        .post_json(
            "/api/getoverallproviderrating",
            &json!({ "providerId": ours.provider.to_string() }),
        )
        .await
        .json();
    assert_eq!(
        (before["count"].as_i64(), after["count"].as_i64()),
        (Some(2), Some(1))
    );
    assert_counters_match_a_recount(
        &app.dir.path().join("app.db"),
        "after a removal following a report",
    );
    let state: (bool, bool, String, String) = app
        .state
        .db
        .read(move |c| {
            c.query_row(
                "SELECT actioned, approved, decision_reason, decision_note FROM reviews WHERE id = ?1",
                [removed],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
        })
        .await
        .unwrap();
    assert_eq!(
        state,
        (
            true,
            false,
            "personal-information".to_owned(),
            "It names a trainer.".to_owned()
        )
    );

    // The author is told why, in a notification and by mail; each reporter learns the outcome.
    let title = format!("Review by {author_id}");
    let (course, provider) = (&named.course_name, &named.provider_name);
    assert_eq!(
        notifications(&app, author_id).await,
        [(
            "review-removed".to_owned(),
            format!(
                "Your review \"{title}\" of {course} at {provider} was removed after a report. Reason: Personal information (It names a trainer.)."
            )
        )]
    );
    let subject: String = row(
        &app,
        format!(
            "SELECT subject FROM mail_outbox WHERE to_address = 'user{}@example.com'",
            author_id - 1
        ),
    )
    .await;
    assert_eq!(subject, "Your CourseSource review was removed");
    let employer_title = format!("Review by {employer_id}");
    assert_eq!(
        notifications(&app, first_id).await,
        [
            (
                "report-outcome".to_owned(),
                format!(
                    "We checked the review \"{employer_title}\" of {course} at {provider} that you reported: it meets our terms of use and stays published."
                )
            ),
            (
                "report-outcome".to_owned(),
                format!(
                    "The review \"{title}\" of {course} at {provider} that you reported has been removed. Thank you for telling us."
                )
            ),
        ]
    );
    assert_eq!(notifications(&app, second_id).await.len(), 1);
    app.run_cases(&[
        Case::get("nothing reported now", "/api/review/reported")
            .by(&admin_c)
            .expect(StatusCode::OK, json!([])),
        report(
            "a removed review is no longer reportable",
            removed,
            json!({ "reason": "offensive" }),
        )
        .by(&Caller::bearer(&second))
        .error(StatusCode::CONFLICT, None, NOT_PUBLISHED),
    ])
    .await;

    // The public figures count the removal.
    let figures = app.get("/api/moderation/figures").await.json();
    assert_eq!(figures["removedAfterReport"], 1, "{figures}");
    assert_eq!(figures["providerReplies"], 0, "{figures}");
}

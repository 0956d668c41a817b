//! A reason for every 'no' (DESIGN decision 19): the reason list, a disapproval's reason and
//! note (required, checked, stored, told to the author in the notification, the mail and their
//! reviews), and the refused author's edit and resubmission.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    counters::assert_counters_match_a_recount,
    moderating::*,
    reviewing::*,
    scenario::{Caller, Case},
    student,
};
use serde_json::{Value, json};

const KEYS: &str = "'offensive', 'personal-information', 'off-topic', 'not-genuine' or 'other'";
const WHAT_YOU_MAY_DO: &str = "You can edit your review and submit it again from your reviews page, or contact us if you think we got it wrong.";

#[tokio::test]
async fn the_reason_list_is_served_to_anyone() {
    let app = TestApp::new().await;
    app.run_case(&Case::get("the list", "/api/review/reasons").expect(
        StatusCode::OK,
        json!([
            { "key": "offensive", "label": "Offensive", "needsText": false },
            { "key": "personal-information", "label": "Personal information", "needsText": false },
            { "key": "off-topic", "label": "Not about this course and provider", "needsText": false },
            { "key": "not-genuine", "label": "Not a genuine experience", "needsText": false },
            { "key": "other", "label": "Other", "needsText": true }
        ]),
    ))
    .await;
    let list = app.get("/api/review/reasons").await.json();
    assert_eq!(
        list.as_array().unwrap().len(),
        5,
        "exactly the five reasons"
    );
}

#[tokio::test]
async fn a_disapproval_needs_a_reason_of_the_list() {
    let app = TestApp::new().await;
    let admin = Caller::bearer(&admin(&app).await);
    let (_, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let a = named_pair(&app, 0).await;
    let id = review(&app, &sam, &a, "Student", "Call me on 0400 000 000", 8, 1).await;
    let decide = |name: &str, body: Value| {
        let mut body = body;
        body["id"] = json!(id);
        Case::post(name, "/api/review/approvedisapprove", body).by(&admin)
    };
    let long_note = "n".repeat(501);
    app.run_cases(&[
        decide("no reason", json!({ "action": "disapprove" })).error(
            StatusCode::BAD_REQUEST,
            Some("reason"),
            &format!("reason is required: one of {KEYS}"),
        ),
        decide(
            "a blank reason",
            json!({ "action": "disapprove", "reason": "  " }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("reason"),
            &format!("reason is required: one of {KEYS}"),
        ),
        decide(
            "a reason off the list",
            json!({ "action": "disapprove", "reason": "rude" }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("reason"),
            &format!("reason must be one of {KEYS}"),
        ),
        decide(
            "a label is not a key",
            json!({ "action": "disapprove", "reason": "Offensive" }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("reason"),
            &format!("reason must be one of {KEYS}"),
        ),
        decide(
            "other without a note",
            json!({ "action": "disapprove", "reason": "other", "note": " " }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("note"),
            "note is required when the reason is 'Other': say what is wrong",
        ),
        decide(
            "a note too long",
            json!({ "action": "disapprove", "reason": "offensive", "note": long_note }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("note"),
            "note must not be longer than 500 characters",
        ),
        decide(
            "an approval with a reason off the list",
            json!({ "action": "approve", "reason": "rude" }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("reason"),
            &format!("reason must be one of {KEYS}"),
        ),
        decide(
            "a reason of the wrong type",
            json!({ "action": "disapprove", "reason": 3 }),
        )
        .status(StatusCode::BAD_REQUEST),
    ])
    .await;
    let unchanged: (bool, Option<String>) = app
        .state
        .db
        .read(move |c| {
            c.query_row("SELECT actioned, decision_reason FROM reviews", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
        })
        .await
        .unwrap();
    assert_eq!(unchanged, (false, None), "a refused call changes nothing");
    assert_eq!(
        app.mails_to("sam@example.com").await,
        1,
        "only the sign-up mail"
    );

    // 'Other' with its note, and an approval (which needs no reason and ignores one).
    let answer = decide_with(&app, admin_token(&admin), json!({ "action": "disapprove", "id": id, "reason": "other", "note": "Advertises a business" })).await;
    assert_eq!(
        answer,
        json!({ "_id": id, "actioned": true, "approved": false,
                "refusal": { "reason": "other", "label": "Other", "note": "Advertises a business" } })
    );
    let answer = decide_with(
        &app,
        admin_token(&admin),
        json!({ "action": "approve", "id": id, "reason": "offensive" }),
    )
    .await;
    assert_eq!(
        answer,
        json!({ "_id": id, "actioned": true, "approved": true, "refusal": null })
    );
    let cleared: Option<String> = row(&app, "SELECT decision_reason FROM reviews").await;
    assert_eq!(cleared, None, "an approval clears the reason");
    assert_counters_match_a_recount(
        &app.state.settings.data_dir.database(),
        "after the decisions",
    );
}

fn admin_token(caller: &Caller) -> &str {
    match caller {
        Caller::Bearer(token) => token,
        Caller::Anonymous => unreachable!(),
    }
}

#[tokio::test]
async fn the_author_reads_the_reason_and_what_to_do_everywhere() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (sam_token, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let a = named_pair(&app, 0).await;
    let id = review(&app, &sam, &a, "Student", "Ask for Dave Smith", 8, 1).await;
    decide_with(
        &app,
        &token,
        json!({ "action": "disapprove", "id": id, "reason": "personal-information", "note": "  Leave out the trainer's surname.  " }),
    )
    .await;
    assert_counters_match_a_recount(&app.state.settings.data_dir.database(), "after the refusal");

    let notifications = app
        .get_with(
            "/api/notifications",
            &[("authorization", &format!("Bearer {sam_token}"))],
        )
        .await
        .json();
    assert_eq!(notifications[0]["kind"], "review-disapproved");
    assert_eq!(
        notifications[0]["message"],
        format!(
            "Your review \"Ask for Dave Smith\" of {} at {} was not published because it did not meet our terms of use. Reason: Personal information. Moderator's note: Leave out the trainer's surname. {WHAT_YOU_MAY_DO}",
            a.course_name, a.provider_name
        )
    );

    let (subject, text, html): (String, String, String) = app
        .state
        .db
        .read(|c| c.query_row("SELECT subject, body_text, body_html FROM mail_outbox WHERE to_address = 'sam@example.com' ORDER BY id DESC LIMIT 1", [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))))
        .await
        .unwrap();
    assert_eq!(subject, "Your CourseSource review was not published");
    for part in [
        "Reason: Personal information. Moderator's note: Leave out the trainer's surname.",
        WHAT_YOU_MAY_DO,
        "Edit your review",
        "http://127.0.0.1:8080/profile/reviews",
        "http://127.0.0.1:8080/contact",
        "http://127.0.0.1:8080/about/reviews",
    ] {
        assert!(text.contains(part), "{part} in the text part: {text}");
    }
    // The HTML part says the same (minijinja escapes the slashes of its links).
    assert!(
        html.contains("Reason: Personal information.") && html.contains("Edit your review"),
        "{html}"
    );

    let mine = app
        .post_as(&sam_token, "/api/review/getuserreviews", &json!({}))
        .await
        .json();
    assert_eq!(mine[0]["status"], "disapproved");
    assert_eq!(
        mine[0]["refusal"],
        json!({ "reason": "personal-information", "label": "Personal information", "note": "Leave out the trainer's surname." })
    );

    let queue = app
        .post_as(
            &token,
            "/api/review/pullreviews",
            &filter(json!({ "actioned": true, "approved": false })),
        )
        .await
        .json();
    assert_eq!(queue[0]["refusal"]["label"], "Personal information");

    // Repeating the decision changes nothing: the first reason stands, nobody is told again.
    decide_with(
        &app,
        &token,
        json!({ "action": "disapprove", "id": id, "reason": "offensive" }),
    )
    .await;
    let reason: String = row(&app, "SELECT decision_reason FROM reviews").await;
    assert_eq!(reason, "personal-information");
    assert_eq!(
        app.mails_to("sam@example.com").await,
        2,
        "the sign-up mail and one decision"
    );
}

#[tokio::test]
async fn a_refusal_decided_before_reasons_reads_without_one() {
    let app = TestApp::new().await;
    let (sam_token, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let a = named_pair(&app, 0).await;
    review(&app, &sam, &a, "Student", "An old refusal", 8, 1).await;
    sql(&app, "UPDATE reviews SET actioned = 1, approved = 0").await;
    let mine = app
        .post_as(&sam_token, "/api/review/getuserreviews", &json!({}))
        .await
        .json();
    assert_eq!(
        (mine[0]["status"].clone(), mine[0]["refusal"].clone()),
        (json!("disapproved"), Value::Null)
    );
}

#[tokio::test]
async fn a_refused_author_edits_and_resubmits() {
    let app = TestApp::new().await;
    let token = admin(&app).await;
    let (sam_token, sam) = app.signed_up(&student("sam@example.com", "SamCooks")).await;
    let (kim_token, kim) = app.signed_up(&student("kim@example.com", "KimBakes")).await;
    let a = named_pair(&app, 0).await;
    let refused = review(&app, &sam, &a, "Student", "Ask for Dave Smith", 8, 3).await;
    let waiting = review(
        &app,
        &sam,
        &named_pair(&app, 1).await,
        "Student",
        "Waiting",
        8,
        2,
    )
    .await;
    let approved = review(&app, &kim, &a, "Student", "Kim's", 6, 1).await;
    decide(&app, &token, "disapprove", &refused).await;
    decide(&app, &token, "approve", &approved).await;
    let (sam_caller, kim_caller) = (Caller::bearer(&sam_token), Caller::bearer(&kim_token));
    let edit = |name: &str, id: &str, changes: Value| {
        let mut body = json!({ "id": id, "title": "The trainers were great", "comment": "Well taught, real kitchen.", "incentivised": true });
        for (k, v) in changes.as_object().unwrap() {
            body[k] = v.clone();
        }
        Case::post(name, "/api/review/resubmit", body)
    };
    app.run_cases(&[
        edit("not logged in", &refused, json!({})).status(StatusCode::UNAUTHORIZED),
        edit("someone else's review", &refused, json!({}))
            .by(&kim_caller)
            .error(
                StatusCode::FORBIDDEN,
                None,
                "You can only edit your own reviews",
            ),
        edit("no such review", "999999", json!({}))
            .by(&sam_caller)
            .error(StatusCode::NOT_FOUND, None, "Review not found"),
        edit("awaiting moderation", &waiting, json!({}))
            .by(&sam_caller)
            .error(
                StatusCode::CONFLICT,
                None,
                "Only a review that was not published can be edited and submitted again",
            ),
        edit("published", &approved, json!({}))
            .by(&kim_caller)
            .error(
                StatusCode::CONFLICT,
                None,
                "Only a review that was not published can be edited and submitted again",
            ),
        edit("no id", &refused, json!({ "id": null }))
            .by(&sam_caller)
            .error(StatusCode::BAD_REQUEST, Some("id"), "id is required"),
        edit("no title", &refused, json!({ "title": " " }))
            .by(&sam_caller)
            .error(
                StatusCode::BAD_REQUEST,
                Some("title"),
                "Review title is required",
            ),
        edit(
            "a profane comment",
            &refused,
            json!({ "comment": "The trainer was a total asshole" }),
        )
        .by(&sam_caller)
        .error(
            StatusCode::BAD_REQUEST,
            Some("comment"),
            "Profanity in review comment is not allowed",
        ),
        edit("no disclosure", &refused, json!({ "incentivised": null }))
            .by(&sam_caller)
            .error(
                StatusCode::BAD_REQUEST,
                Some("incentivised"),
                "Please say whether you received payment, a gift or a discount for this review",
            ),
    ])
    .await;
    assert_eq!(
        unactioned(&app, &token).await,
        json!(1),
        "only the waiting one"
    );

    app.run_case(&edit("the author's refused review", &refused, json!({})).by(&sam_caller).expect(
        StatusCode::OK,
        json!({ "_id": refused, "status": "unactioned",
                "msg": "Thank you! Your review is back with our moderators. You'll be notified when it is live." }),
    ))
    .await;
    assert_eq!(
        unactioned(&app, &token).await,
        json!(2),
        "back in the queue"
    );
    let stored: (String, String, bool, bool, Option<String>, Option<i64>) = app
        .state
        .db
        .read(move |c| {
            c.query_row(
                "SELECT title, comment, incentivised, actioned, decision_reason, actioned_at FROM reviews WHERE id = ?1",
                [refused.parse::<i64>().unwrap()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
            )
        })
        .await
        .unwrap();
    assert_eq!(
        stored,
        (
            "The trainers were great".into(),
            "Well taught, real kitchen.".into(),
            true,
            false,
            None,
            None
        )
    );
    let (titles, _) = titles(
        &app,
        &token,
        json!({ "searchBy": "Review Title", "searchText": "trainers were" }),
    )
    .await;
    assert_eq!(
        titles,
        ["The trainers were great"],
        "the title search finds the new title"
    );
    assert_counters_match_a_recount(
        &app.state.settings.data_dir.database(),
        "after the resubmission",
    );
}

#[tokio::test]
async fn the_new_calls_are_documented() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").await.json();
    for (path, method, statuses) in [
        ("/api/review/reasons", "get", &["200"][..]),
        (
            "/api/review/resubmit",
            "post",
            &["200", "400", "401", "403", "404", "409"][..],
        ),
        ("/api/moderation/figures", "get", &["200", "304"][..]),
    ] {
        let operation = &doc["paths"][path][method];
        for status in statuses {
            assert!(
                operation["responses"][status].is_object(),
                "{path} {status}: {operation}"
            );
        }
    }
    let decision = &doc["components"]["schemas"]["DecisionBody"]["properties"];
    assert!(
        decision["reason"].is_object() && decision["note"].is_object(),
        "{decision}"
    );
    let keys = json!([
        "offensive",
        "personal-information",
        "off-topic",
        "not-genuine",
        "other"
    ]);
    let schemas = &doc["components"]["schemas"];
    assert_eq!(
        decision["reason"]["enum"],
        json!([
            "offensive",
            "personal-information",
            "off-topic",
            "not-genuine",
            "other",
            null
        ])
    );
    assert_eq!(schemas["ReportBody"]["properties"]["reason"]["enum"], keys);
    assert_eq!(schemas["Reason"]["properties"]["key"]["enum"], keys);
    assert_eq!(
        schemas["Resubmission"]["required"],
        json!(["id", "title", "comment", "incentivised"])
    );
}

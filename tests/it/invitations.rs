//! Invitations (issue 30 point 1, DESIGN decision 25): an approved representative invites the
//! students of one of its provider's courses after attesting a period; each address is mailed
//! a single-use link or reported on its line; a review written through an accepted link is
//! labelled 'Invited by the provider' wherever it shows and is otherwise like any other. The
//! links' refusals, the rights and the messages are in `invitations_rules`.

use crate::common;

use axum::http::StatusCode;
use common::{TestApp, moderating::*, representing, reviewing::*};
use coursesource::invitations::rules;
use serde_json::{Value, json};

pub const ATTESTED: &str = "I am inviting everyone who finished or left this course between January 2025 and June 2025, not a selection of them.";

/// A provider with an approved representative, and the offering they invite to.
pub struct Inviting {
    pub admin: String,
    pub rep: String,
    pub pair: NamedPair,
    pub offering: i64,
}

impl Inviting {
    pub async fn new(app: &TestApp) -> Self {
        let admin = admin(app).await;
        let pair = named_pair(app, 0).await;
        let (rep, _, _) =
            representing::representative(app, &admin, pair.ids.provider, "Rita").await;
        let offering: i64 = row(
            app,
            format!(
                "SELECT id FROM offerings WHERE course_id = {} AND provider_id = {}",
                pair.ids.course, pair.ids.provider
            ),
        )
        .await;
        Self {
            admin,
            rep,
            pair,
            offering,
        }
    }

    pub fn path(&self) -> String {
        format!("/api/providers/{}/invitations", self.pair.ids.provider)
    }

    pub fn body(&self, addresses: &str) -> Value {
        json!({
            "offeringId": self.offering.to_string(), "periodFrom": "2025-01", "periodTo": "2025-06",
            "attested": true, "addresses": addresses,
        })
    }

    pub async fn send(&self, app: &TestApp, addresses: &str) -> common::TestResponse {
        app.post_as(&self.rep, &self.path(), &self.body(addresses))
            .await
    }
}

/// The link's token in the newest mail to `to`.
pub async fn link(app: &TestApp, to: &str) -> String {
    app.token_from_mail(to, "/invitation/")
        .await
        .trim_end_matches('.')
        .to_owned()
}

pub async fn email_of(app: &TestApp, user: i64) -> String {
    row(app, format!("SELECT email FROM users WHERE id = {user}")).await
}

#[tokio::test]
async fn an_invitees_review_carries_the_label_everywhere_and_nothing_else_changes() {
    let app = TestApp::new().await;
    let inv = Inviting::new(&app).await;
    let (sam_token, sam) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let (kim_token, kim) = user(&app, "Student", "Kim", Some("KimBakes")).await;
    let sam_email = email_of(&app, sam).await;
    let list = format!(
        "{}\nalex@example.org\nJo@Example.org\n",
        sam_email.to_uppercase()
    );
    let res = inv.send(&app, &list).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(
        res.json(),
        json!({ "msg": "3 invitations sent.", "sent": 3, "notSent": [] })
    );
    for to in [sam_email.as_str(), "alex@example.org", "jo@example.org"] {
        assert_eq!(app.mails_to(to).await, 1, "{to}");
    }
    let subject: String = row(
        &app,
        "SELECT subject FROM mail_outbox WHERE to_address = 'alex@example.org'",
    )
    .await;
    assert_eq!(
        subject,
        format!(
            "Review {} {} at {} on CourseSource",
            inv.pair.course_code, inv.pair.course_name, inv.pair.provider_name
        )
    );
    // Only keyed hashes are kept: no address of the list is in the invitations' tables.
    let kept: String = row(
        &app,
        "SELECT group_concat(address_hash, ' ') FROM invitations",
    )
    .await;
    assert!(!kept.contains('@'), "{kept}");

    let token = link(&app, &sam_email).await;
    let opened = app.get(&format!("/api/invitations/{token}")).await;
    assert_eq!(opened.status, StatusCode::OK, "{}", opened.text());
    assert_eq!(
        opened.json()["providerName"],
        inv.pair.provider_name.as_str()
    );
    assert_eq!(opened.json()["periodFrom"], "2025-01");
    let accepted = app
        .post_as(
            &sam_token,
            &format!("/api/invitations/{token}/accept"),
            &json!({}),
        )
        .await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.text());
    assert_eq!(accepted.json()["courseSlug"], inv.pair.course_slug.as_str());

    // Sam (invited) and Kim (not) write the same review.
    let mut ids = Vec::new();
    for (token, id) in [(&sam_token, sam), (&kim_token, kim)] {
        let body = submission(id, inv.pair.ids, "Student", best_student());
        let res = app.post_as(token, "/api/submitreview", &body).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        assert_eq!(
            res.json()["score"],
            5.0,
            "the label never changes the score"
        );
        ids.push(res.json()["_id"].as_str().unwrap().to_owned());
    }
    let queue = app
        .post_as(&inv.admin, "/api/review/pullreviews", &filter(json!({})))
        .await
        .json();
    let labels: Vec<(bool, bool)> = queue
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["_id"] == ids[0].as_str(), r["invited"].as_bool().unwrap()))
        .collect();
    assert_eq!(labels.len(), 2, "both wait for a moderator: {queue}");
    assert!(
        labels.iter().all(|(sams, invited)| sams == invited),
        "{labels:?}"
    );
    for id in &ids {
        decide(&app, &inv.admin, "approve", id).await;
    }
    let listed = app
        .post_as(
            &kim_token,
            "/api/getreviewsfor",
            &json!({ "courseId": inv.pair.ids.course.to_string(), "providerId": inv.pair.ids.provider.to_string(), "sort": "Most Recent" }),
        )
        .await
        .json();
    let shown: Vec<(String, bool)> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|item| {
            (
                item["user"]["name"].as_str().unwrap().to_owned(),
                item["review"]["invited"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("KimBakes".to_owned(), false),
            ("SamCooks".to_owned(), true)
        ],
        "the invited review keeps its place in the order"
    );
    let mine = app
        .post_as(&sam_token, "/api/review/getuserreviews", &json!({}))
        .await
        .json();
    assert_eq!(mine[0]["invited"], true);

    let share = app
        .get(&format!(
            "/api/offering-invitations/{}/{}",
            inv.pair.ids.course, inv.pair.ids.provider
        ))
        .await;
    assert_eq!(share.status, StatusCode::OK, "{}", share.text());
    assert_eq!(
        share.json(),
        json!({ "reviews": 2, "invited": 1, "percent": 50, "periods": [{ "from": "2025-01", "to": "2025-06" }] })
    );
    let figures = app.get("/api/moderation/figures").await.json();
    assert_eq!(
        figures["invitations"],
        json!({ "received": 1, "published": 1, "sent": 3 })
    );
    assert_eq!(figures["published"], 2);

    // The provider's history, for its representative and for admins.
    for token in [&inv.rep, &inv.admin] {
        let history = app
            .send(
                axum::http::Method::GET,
                &inv.path(),
                &[("authorization", &format!("Bearer {token}"))],
                String::new(),
            )
            .await;
        assert_eq!(history.status, StatusCode::OK, "{}", history.text());
        let history = history.json();
        assert_eq!(history["dailyLimit"], 500);
        assert_eq!(history["providerName"], inv.pair.provider_name.as_str());
        assert_eq!(history["remainingToday"], 497);
        let batch = &history["batches"][0];
        assert_eq!(batch["sent"], 3);
        assert_eq!(batch["accepted"], 1);
        assert_eq!(batch["periodFrom"], "2025-01");
        assert_eq!(batch["periodTo"], "2025-06");
        assert_eq!(batch["attestation"], ATTESTED);
        assert_eq!(batch["sentBy"], "Rita Doe");
        assert!(batch["createdAt"].as_str().unwrap().ends_with('Z'));
    }
}

#[tokio::test]
async fn every_line_not_sent_is_reported_with_its_reason() {
    let app = TestApp::new().await;
    let inv = Inviting::new(&app).await;
    let res = inv.send(&app, "kim@example.org\n").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let res = inv.send(&app, "lee@example.org\n").await;
    assert_eq!(res.status, StatusCode::CREATED);
    let lee = link(&app, "lee@example.org").await;
    let refused = app
        .post_json(&format!("/api/invitations/{lee}/refuse"), &json!({}))
        .await;
    assert_eq!(refused.status, StatusCode::OK, "{}", refused.text());
    assert_eq!(refused.json()["msg"], rules::REFUSED);

    let list = "email,name\nnew@example.org,New\nnot-an-address\nNEW@example.org\nkim@example.org\nlee@example.org\n\nok@example.org";
    let res = inv.send(&app, list).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let body = res.json();
    assert_eq!(body["sent"], 2);
    assert_eq!(
        body["notSent"],
        json!([
            { "msg": "Line 3: \"not-an-address\" is not a valid email address", "param": "addresses" },
            { "msg": "Line 4: new@example.org is already in your list on line 2", "param": "addresses" },
            { "msg": "Line 5: kim@example.org was already invited to review this course", "param": "addresses" },
            { "msg": "Line 6: lee@example.org asked not to receive invitations", "param": "addresses" },
        ])
    );
    assert_eq!(app.mails_to("new@example.org").await, 1);
    assert_eq!(app.mails_to("ok@example.org").await, 1);
    assert_eq!(app.mails_to("kim@example.org").await, 1, "invited once");
    assert_eq!(app.mails_to("lee@example.org").await, 1, "refused");

    // A list of which nothing can be sent is a 400 with every line, and leaves no sending.
    let res = inv.send(&app, "kim@example.org\nbad").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!([
            { "msg": rules::NOTHING_SENT, "param": "addresses" },
            { "msg": "Line 1: kim@example.org was already invited to review this course", "param": "addresses" },
            { "msg": "Line 2: \"bad\" is not a valid email address", "param": "addresses" },
        ])
    );
    let batches: i64 = row(&app, "SELECT COUNT(*) FROM invitation_batches").await;
    assert_eq!(batches, 3);
}

#[tokio::test]
async fn a_provider_sends_at_most_500_in_24_hours() {
    let app = TestApp::new().await;
    let inv = Inviting::new(&app).await;
    let res = inv.send(&app, "first@example.org").await;
    assert_eq!(res.status, StatusCode::CREATED);
    // 497 more sent in the last 24 hours, one the day before (which no longer counts).
    sql(
        &app,
        &format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 498)
             INSERT INTO invitations (batch_id, offering_id, provider_id, address_hash, token_hash, created_at, expires_at)
             SELECT b.id, b.offering_id, b.provider_id, 'h' || i, 't' || i,
                    CASE WHEN i = 498 THEN unixepoch() - 86401 ELSE unixepoch() - 3600 END, unixepoch() + 86400
             FROM n, invitation_batches b WHERE b.provider_id = {}",
            inv.pair.ids.provider
        ),
    )
    .await;
    let res = inv
        .send(&app, "a@example.org\nb@example.org\nc@example.org")
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["sent"], 2);
    assert_eq!(
        res.json()["notSent"],
        json!([{ "msg": "Line 3: c@example.org is over the limit of 500 invitations a day; send it again tomorrow", "param": "addresses" }])
    );
    assert_eq!(app.mails_to("c@example.org").await, 0);
    let res = inv.send(&app, "d@example.org").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json()[1]["msg"],
        "Line 1: d@example.org is over the limit of 500 invitations a day; send it again tomorrow"
    );
}

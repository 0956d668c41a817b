//! The monthly reminder to confirm facts not confirmed for 12 months: one mail per provider
//! to its approved representative, at most every 30 days, naming the stale courses, with a
//! 'Still correct' button to 'Courses we offer?confirm=stale'; the confirm call (the button's
//! one click, after login) confirms them with history rows, so no reminder follows; another
//! provider's representative gets 403. Then the same through the real SMTP server.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{TestApp, representing::representative, reviewing::*};
use coursesource::{
    catalog::facts::reminders::{self, CONFIRM_PATH, SUBJECT},
    dates::unix_now,
};

const DAY: i64 = 86_400;

async fn send_due(app: &TestApp, now: i64) -> usize {
    let settings = app.state.settings.clone();
    app.state
        .db
        .write(move |tx| reminders::send_due(tx, &settings, now))
        .await
        .unwrap()
}

async fn exec(app: &TestApp, sql: String) {
    app.state
        .db
        .write(move |tx| tx.execute_batch(&sql))
        .await
        .unwrap();
}

async fn confirm(app: &TestApp, token: &str, provider: i64) -> common::TestResponse {
    app.send(
        Method::POST,
        &format!("/api/providers/{provider}/offerings/confirm"),
        &[("authorization", &format!("Bearer {token}"))],
        "",
    )
    .await
}

#[tokio::test]
async fn representatives_are_reminded_monthly_and_one_click_confirms() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let (rep, rep_id, _) = representative(&app, &admin, ours.provider, "Pat").await;
    let email: String = row(&app, format!("SELECT email FROM users WHERE id = {rep_id}")).await;
    let provider = ours.provider;
    // Two stale offerings of ours, one fresh; stale facts at a provider nobody represents.
    exec(
        &app,
        format!(
            "UPDATE offerings SET fee = 900, facts_source = 'import', facts_confirmed_at = unixepoch() - 400 * {DAY}
             WHERE provider_id = {provider} AND id IN (SELECT id FROM offerings WHERE provider_id = {provider} ORDER BY id LIMIT 2);
             UPDATE offerings SET fee = 800, facts_source = 'import', facts_confirmed_at = unixepoch()
             WHERE provider_id = {provider} AND facts_source IS NULL;
             UPDATE offerings SET fee = 700, facts_source = 'import', facts_confirmed_at = unixepoch() - 400 * {DAY}
             WHERE provider_id <> {provider};"
        ),
    )
    .await;
    let stale: i64 = row(&app, format!("SELECT COUNT(*) FROM offerings WHERE provider_id = {provider} AND facts_confirmed_at < unixepoch() - 365 * {DAY}")).await;
    let now = unix_now();
    assert_eq!(
        send_due(&app, now).await,
        1,
        "one mail, to our representative"
    );
    let (to, subject, body): (String, String, String) = app
        .state
        .db
        .read(|c| {
            c.query_row(
                "SELECT to_address, subject, body_text FROM mail_outbox ORDER BY id DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
        })
        .await
        .unwrap();
    assert_eq!(to, email, "to the representative's account");
    assert_eq!(subject, SUBJECT);
    assert!(body.contains("Still correct"), "{body}");
    assert!(body.contains(CONFIRM_PATH), "{body}");
    assert!(body.contains("may be out of date"), "{body}");
    assert_eq!(send_due(&app, now + DAY).await, 0, "at most monthly");
    assert_eq!(
        send_due(&app, now + 31 * DAY).await,
        1,
        "a month on, still stale"
    );

    let res = confirm(&app, &rep, provider + 1_000_000).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());

    let res = confirm(&app, &rep, provider).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["confirmed"], stale);
    let history: i64 = row(&app, format!("SELECT COUNT(*) FROM fact_history WHERE provider_id = {provider} AND source = 'representative' AND before_json = after_json")).await;
    assert_eq!(history, stale, "a history row per confirmed offering");
    let still: i64 = row(&app, format!("SELECT COUNT(*) FROM offerings WHERE provider_id = {provider} AND facts_confirmed_at < unixepoch() - 365 * {DAY}")).await;
    assert_eq!(still, 0);
    let label: String = row(&app, format!("SELECT facts_source FROM offerings WHERE provider_id = {provider} AND fee = 900 LIMIT 1")).await;
    assert_eq!(label, "representative", "now 'From the provider'");
    assert_eq!(send_due(&app, now + 62 * DAY).await, 0, "nothing stale");
    let again = confirm(&app, &rep, provider).await;
    assert_eq!(again.json()["confirmed"], 0);
}

#[tokio::test]
async fn only_the_providers_representative_or_an_admin_confirms() {
    let app = TestApp::new().await;
    let admin = admin(&app).await;
    let ours = pair(&app, 0).await;
    let mut n = 1;
    let theirs = loop {
        let candidate = pair(&app, n).await;
        if candidate.provider != ours.provider {
            break candidate;
        }
        n += 1;
    };
    let (rep, _, _) = representative(&app, &admin, ours.provider, "Pat").await;
    let res = confirm(&app, &rep, theirs.provider).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());
    assert_eq!(
        res.json()[0]["msg"],
        coursesource::catalog::facts::rules::OTHER_PROVIDER
    );
    let res = confirm(&app, &admin, theirs.provider).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

#[test]
fn the_reminder_arrives_through_smtp_and_its_link_confirms_after_login() {
    use crate::mail_smtp::{FROM, PASSWORD, SmtpServer, assert_standard, post};
    use common::{Server, app_command};
    use std::{io::Write, process::Stdio};

    let tmp = tempfile::TempDir::new().unwrap();
    let smtp = SmtpServer::start(&tmp.path().join("received"));
    let data = tmp.path().join("data");
    let mut create = app_command(&data)
        .args(["admin", "create", "pat@example.org", "--password-stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    writeln!(create.stdin.take().unwrap(), "{PASSWORD}").unwrap();
    assert!(create.wait().unwrap().success());
    // A first start loads the catalogue; then Pat represents a provider with stale facts.
    drop(Server::start(&data));
    let conn = rusqlite::Connection::open(data.join("app.db")).unwrap();
    let provider: i64 = conn
        .query_row(
            "SELECT provider_id FROM offerings ORDER BY id LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    conn.execute_batch(&format!(
        "UPDATE users SET is_admin = 0, user_type = 'Course Provider' WHERE email = 'pat@example.org';
         INSERT INTO provider_claims (user_id, provider_id, work_email, status)
             SELECT id, {provider}, 'pat@provider.example', 'approved' FROM users WHERE email = 'pat@example.org';
         UPDATE offerings SET fee = 900, facts_source = 'import', facts_confirmed_at = unixepoch() - 400 * 86400
             WHERE provider_id = {provider};"
    ))
    .unwrap();
    let stale: i64 = conn
        .query_row(
            &format!("SELECT COUNT(*) FROM offerings WHERE provider_id = {provider}"),
            [],
            |r| r.get(0),
        )
        .unwrap();

    let server = Server::start_with_env(
        &data,
        &[
            ("APP_SMTP_URL", &smtp.url()),
            ("APP_MAIL_FROM", FROM),
            ("APP_PUBLIC_URL", "https://coursesource.example"),
        ],
    );
    let mail = smtp.received("pat@example.org", SUBJECT);
    let link = assert_standard(&mail, "fact reminder", None).expect("a link");
    assert_eq!(link, format!("https://coursesource.example{CONFIRM_PATH}"));

    // The link's page needs Pat's login; once in, its one click confirms.
    let login = post(
        &server,
        "/api/auth/login",
        None,
        serde_json::json!({ "email": "pat@example.org", "password": PASSWORD }),
    );
    let token = login["token"].as_str().unwrap();
    let confirmed = post(
        &server,
        &format!("/api/providers/{provider}/offerings/confirm"),
        Some(token),
        serde_json::Value::Null,
    );
    assert_eq!(confirmed["confirmed"], stale);
    let left: i64 = conn
        .query_row(
            &format!("SELECT COUNT(*) FROM offerings WHERE provider_id = {provider} AND facts_confirmed_at < unixepoch() - 365 * 86400"),
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(left, 0);
}

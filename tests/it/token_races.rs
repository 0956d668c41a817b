//! Reset and verification tokens stay single use under concurrency: two uses of one token
//! fired at the same moment, many rounds over, and exactly one wins each time.

use crate::common;

use axum::http::Method;
use common::TestApp;
use coursesource::{
    accounts::{
        store::{self, NewUser},
        tokens::{self, Purpose},
    },
    auth::password,
};
use serde_json::json;

const ROUNDS: usize = 20;

/// A new token of `purpose` for `user`, as the mails issue them.
async fn issue(app: &TestApp, purpose: Purpose, user: i64, email: Option<&str>) -> String {
    let email = email.map(str::to_owned);
    app.state
        .db
        .write(move |tx| tokens::issue(tx, purpose, user, email.as_deref()))
        .await
        .unwrap()
}

/// Fires both requests at once, from the round's own address (so the per-address reset
/// allowance never interferes), and answers their statuses, sorted.
async fn race(
    app: &TestApp,
    round: usize,
    path: &str,
    a: serde_json::Value,
    b: serde_json::Value,
) -> Vec<u16> {
    let address = format!("192.0.2.{round}");
    let from = [("x-forwarded-for", address.as_str())];
    let (x, y) = tokio::join!(
        app.send(Method::POST, path, &from, a.to_string()),
        app.send(Method::POST, path, &from, b.to_string())
    );
    let mut statuses = vec![x.status.as_u16(), y.status.as_u16()];
    statuses.sort();
    statuses
}

/// A verified account, written directly with `password_hash`: one per round, so the
/// per-account allowances never interfere.
async fn account(app: &TestApp, n: usize, password_hash: &str) -> i64 {
    let password_hash = password_hash.to_owned();
    app.state
        .db
        .write(move |tx| {
            store::insert(
                tx,
                &NewUser {
                    email: &format!("racer{n}@example.com"),
                    password_hash: &password_hash,
                    first_name: "Ria",
                    last_name: "Racer",
                    gender: "Female",
                    user_type: coursesource::auth::UserType::Student,
                    is_admin: false,
                    verified: true,
                    is_demo: false,
                },
            )
        })
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_racing_uses_of_a_reset_token_one_wins() {
    let app = TestApp::with_settings(|s| s.trust_proxy = true).await;
    for round in 0..ROUNDS {
        // The reset never checks the old password.
        let id = account(&app, round, "unused").await;
        let token = issue(&app, Purpose::Reset, id, None).await;
        let reset = |password: &str| json!({ "password": password, "passwordConfirm": password, "resetToken": token });
        let statuses = race(
            &app,
            round,
            "/api/resetpassword",
            reset("FirstPass1"),
            reset("SecondPass2"),
        )
        .await;
        assert_eq!(statuses, [200, 400], "round {round}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_racing_uses_of_a_verification_token_one_wins() {
    let app = TestApp::with_settings(|s| s.trust_proxy = true).await;
    let hash = password::hash("Secret123").unwrap();
    for round in 0..ROUNDS {
        let id = account(&app, round, &hash).await;
        let new_email = format!("racer{round}@example.org");
        let token = issue(&app, Purpose::Verify, id, Some(&new_email)).await;
        let statuses = race(
            &app,
            round,
            "/api/verifyaccount",
            json!({ "token": token, "password": "Secret123" }),
            json!({ "token": token, "password": "Secret123" }),
        )
        .await;
        assert_eq!(statuses, [200, 400], "round {round}");
    }
}

//! Findings of the outside security review (issue 12, scope 9), each fixed and tested under a
//! name that says what now holds.

use crate::common;

use std::{os::unix::fs::PermissionsExt, path::Path, sync::Arc};

use axum::http::StatusCode;
use common::{
    Server, TestApp, app_command,
    scenario::{Caller, Case},
};
use coursesource::{
    db::Db,
    mail::{
        NewMail,
        sender::{DeliveryFuture, FileTransport, Sender, Transport},
    },
};
use serde_json::json;
use tempfile::TempDir;

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

#[tokio::test]
async fn strict_transport_security_is_sent_when_the_public_url_is_https() {
    let https =
        TestApp::with_settings(|s| s.public_url = Some("https://coursesource.example".into()))
            .await;
    for path in ["/", "/api/health", "/api/industries"] {
        assert_eq!(
            https.get(path).await.header("strict-transport-security"),
            "max-age=31536000",
            "{path}"
        );
    }
    // Over plain http (a local or staging address) the header would pin nothing useful.
    let http =
        TestApp::with_settings(|s| s.public_url = Some("http://127.0.0.1:8080".into())).await;
    assert_eq!(http.get("/").await.header("strict-transport-security"), "");
}

#[test]
fn the_data_directory_and_everything_in_it_are_private() {
    let parent = TempDir::new().unwrap();
    let dir = parent.path().join("data");
    // An earlier release left the directory open to everyone.
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let server = Server::start_with_env(&dir, &[("APP_LOG", "info")]);
    let (status, _) = server.http(
        "POST",
        "/api/contactform",
        &[("content-type", "application/json")],
        r#"{"reason":"General enquiry","name":"Kim Lee","email":"kim@example.com","message":"Is there a course list for 2027?"}"#,
    );
    assert!(status < 300, "the contact message is accepted: {status}");
    let backup = parent.path().join("copy.db");
    let copied = app_command(&dir)
        .args(["backup", backup.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(copied.status.success(), "{copied:?}");
    drop(server);

    assert_eq!(mode(&dir), 0o700, "the data directory");
    assert_eq!(mode(&backup), 0o600, "a backup");
    let mut files = 0;
    for entry in walk(&dir) {
        let expected = if entry.is_dir() { 0o700 } else { 0o600 };
        assert_eq!(mode(&entry), expected, "{}", entry.display());
        files += 1;
    }
    assert!(
        dir.join("app.db").exists() && dir.join("outbox").exists() && files > 3,
        "the database, the secrets and the outbox were checked"
    );
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(walk(&path));
        }
        found.push(path);
    }
    found
}

#[tokio::test]
async fn an_overlong_login_email_is_refused_before_it_is_used() {
    let app = TestApp::new().await;
    let email = format!("{}@example.com", "a".repeat(500 * 1024));
    let res = app
        .post_json(
            "/api/auth/login",
            &serde_json::json!({ "email": email, "password": "Whatever-123" }),
        )
        .await;
    assert_eq!(
        (res.status, res.error_msg()),
        (
            axum::http::StatusCode::UNAUTHORIZED,
            "Incorrect email or password".to_string()
        )
    );
}

/// Log lines written while the guard lives, for the tests that check what reaches the log.
#[derive(Clone, Default)]
struct CapturedLog(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for CapturedLog {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for CapturedLog {
    type Writer = Self;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

impl CapturedLog {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

/// Accepts every mail, as an SMTP server would (the trait's default: links are not logged).
struct AcceptingServer;

impl Transport for AcceptingServer {
    fn deliver(&self, _message: lettre::Message) -> DeliveryFuture<'_> {
        Box::pin(async { Ok("SMTP 250 accepted".to_owned()) })
    }
}

const LINK: &str = "https://coursesource.example/reset-password/secret-token.1";

/// Queues a reset-like mail, delivers it through `transport`, and answers the log and the
/// stored body afterwards.
async fn deliver_one(transport: Arc<dyn Transport>) -> (String, String, Option<String>) {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    db.write(|tx| {
        coursesource::mail::enqueue(
            tx,
            &NewMail {
                to: "sam@example.com",
                reply_to: None,
                subject: "Reset your password",
                text: &format!("Choose a new password: {LINK}"),
                html: Some(&format!("<a href=\"{LINK}\">Choose</a>")),
                list_unsubscribe: None,
            },
        )
    })
    .await
    .unwrap();
    let log = CapturedLog::default();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(log.clone())
        .with_ansi(false)
        .finish();
    let sender = Sender::new(db.clone(), transport, "CourseSource <no-reply@example.com>").unwrap();
    {
        let _guard = tracing::subscriber::set_default(subscriber);
        assert_eq!(sender.deliver_due(i64::MAX / 2).await.unwrap().sent, 1);
    }
    let (text, html) = db
        .read(|c| {
            c.query_row("SELECT body_text, body_html FROM mail_outbox", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
        })
        .await
        .unwrap();
    (log.text(), text, html)
}

#[tokio::test]
async fn links_in_mails_are_logged_only_with_the_file_transport_and_cleared_once_delivered() {
    let (log, text, html) = deliver_one(Arc::new(AcceptingServer)).await;
    assert!(log.contains("mail sent"), "the delivery is logged: {log}");
    assert!(!log.contains("secret-token"), "no link with SMTP: {log}");
    assert_eq!((text.as_str(), html), ("", None), "the body is cleared");

    let outbox = TempDir::new().unwrap();
    let (log, text, _) = deliver_one(Arc::new(FileTransport::new(outbox.path()).unwrap())).await;
    assert!(
        log.contains(LINK),
        "the developer's file transport logs the link: {log}"
    );
    assert_eq!(text, "", "the .eml file keeps the mail; the table does not");
}

#[tokio::test]
async fn changing_the_password_or_the_email_asks_for_the_current_password() {
    let app = TestApp::new().await;
    let (token, id) = app
        .signed_up(&common::student("sam@example.com", "SamCooks"))
        .await;
    let calls = [
        (
            "/api/updatepassword",
            json!({ "userId": id, "newPassword": "Taken0ver9", "newPasswordConfirm": "Taken0ver9" }),
        ),
        (
            "/api/updateemail",
            json!({ "userId": id, "email": "thief@example.com", "emailConfirm": "thief@example.com" }),
        ),
    ];
    let sam = Caller::bearer(&token);
    let refused = |msg: &str| json!([{ "msg": msg, "param": "currentPassword" }]);
    let cases: Vec<Case> = calls
        .into_iter()
        .flat_map(|(path, body)| {
            let wrong = common::with(body.clone(), json!({ "currentPassword": "Guess1234" }));
            [
                Case::post(format!("{path} without it"), path, body)
                    .by(&sam)
                    .exactly(
                        StatusCode::BAD_REQUEST,
                        refused("Current password is required"),
                    ),
                Case::post(format!("{path} with a wrong one"), path, wrong)
                    .by(&sam)
                    .exactly(
                        StatusCode::BAD_REQUEST,
                        refused("The current password is not correct"),
                    ),
            ]
        })
        .collect();
    app.run_cases(&cases).await;
    // Nothing changed: the old password still logs in, and no address is pending.
    let login = app
        .post_json(
            "/api/auth/login",
            &json!({ "email": "sam@example.com", "password": "Secret123" }),
        )
        .await;
    assert_eq!(login.status, StatusCode::OK);
    assert_eq!(app.mails_to("thief@example.com").await, 0);
}

#[test]
fn demo_accounts_are_shut_without_demo_and_demo_is_refused_on_https() {
    let dir = TempDir::new().unwrap();
    let login = |server: &Server| {
        server.http(
            "POST",
            "/api/auth/login",
            &[("content-type", "application/json")],
            r#"{"email":"admin@demo.coursesource.local","password":"Demo1234"}"#,
        )
    };
    let demo = Server::start_with_env(dir.path(), &[("APP_DEMO", "1")]);
    let (status, body) = login(&demo);
    assert_eq!(status, 200, "{body}");
    let token = serde_json::from_str::<serde_json::Value>(&body).unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    drop(demo);

    let plain = Server::start(dir.path());
    let (status, body) = login(&plain);
    assert_eq!(
        (status, body.as_str()),
        (401, r#"[{"msg":"Incorrect email or password"}]"#),
        "the published password no longer logs in"
    );
    let (status, _) = plain.http(
        "GET",
        "/api/userinfo",
        &[("authorization", &format!("Bearer {token}"))],
        "",
    );
    assert_eq!(status, 401, "a session from the demo run has ended");
    drop(plain);

    let refused = app_command(dir.path())
        .env("APP_PUBLIC_URL", "https://coursesource.example")
        .args(["serve", "--demo", "--addr", "127.0.0.1:0"])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("it is refused when APP_PUBLIC_URL is https"),
        "{stderr}"
    );
}

#[tokio::test]
async fn a_pending_new_email_expires_with_its_link() {
    let app = TestApp::new().await;
    let (token, id) = app
        .signed_up(&common::student("sam@example.com", "SamCooks"))
        .await;
    let change = json!({ "userId": id, "email": "kim@example.com", "emailConfirm": "kim@example.com", "currentPassword": "Secret123" });
    assert_eq!(
        app.post_as(&token, "/api/updateemail", &change)
            .await
            .status,
        StatusCode::OK
    );
    let kim = common::student("kim@example.com", "KimBakes");
    let held = app.post_json("/api/register", &kim).await;
    assert_eq!(
        held.status,
        StatusCode::CONFLICT,
        "held while the link is good"
    );

    // A day later the link has expired, and with it Sam's claim on the address.
    app.state
        .db
        .write(|tx| {
            tx.execute(
                "UPDATE one_time_tokens SET expires_at = unixepoch() - 1",
                [],
            )
        })
        .await
        .unwrap();
    let check = app
        .post_json("/api/check-email", &json!({ "email": "kim@example.com" }))
        .await;
    assert_eq!(check.json(), json!(true));
    let res = app.post_json("/api/register", &kim).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
}

#[tokio::test]
async fn the_abr_guid_never_reaches_the_log() {
    let app = TestApp::with_settings(|s| {
        s.abr_guid = Some("secret-guid-5f1e".into());
        // Nothing listens here: the lookup fails and says so in the log.
        s.abr_url = "http://127.0.0.1:9/json/AbnDetails.aspx".into();
    })
    .await;
    let log = CapturedLog::default();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(log.clone())
        .with_ansi(false)
        .finish();
    let res = {
        let _guard = tracing::subscriber::set_default(subscriber);
        app.post_json("/api/check-abn", &json!({ "abn": "51 824 753 556" }))
            .await
    };
    assert_eq!(res.json(), json!({ "EntityName": null }));
    let log = log.text();
    assert!(log.contains("ABN lookup failed"), "{log}");
    assert!(!log.contains("secret-guid-5f1e"), "{log}");
}

#[tokio::test]
async fn deleting_an_account_removes_its_mails_and_contact_messages() {
    let app = TestApp::new().await;
    app.create_admin("boss@example.com", "Secret123").await;
    app.signed_up(&common::student("kim@example.com", "KimBakes"))
        .await;
    let (token, _) = app
        .signed_up(&common::student("sam@example.com", "SamCooks"))
        .await;
    let message = json!({ "name": "Sam Nguyen", "email": "Sam@Example.com", "message": "Please call me on 0400 000 000" });
    assert_eq!(
        app.post_json("/api/contactform", &message).await.status,
        StatusCode::OK
    );
    app.post_json(
        "/api/forgotpassword",
        &json!({ "email": "sam@example.com" }),
    )
    .await;
    let traces = |app: &TestApp| {
        let db = app.state.db.clone();
        async move {
            db.read(|c| {
                c.query_row(
                    "SELECT (SELECT COUNT(*) FROM mail_outbox WHERE to_address = 'sam@example.com' OR reply_to = 'sam@example.com'),
                            (SELECT COUNT(*) FROM contact_messages WHERE email = 'sam@example.com'),
                            (SELECT COUNT(*) FROM mail_outbox)",
                    [],
                    |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)),
                )
            })
            .await
            .unwrap()
        }
    };
    let (mails, messages, all) = traces(&app).await;
    assert!(
        mails >= 3 && messages == 1,
        "{mails} mails, {messages} messages"
    );
    assert!(all > mails, "Kim's mail is there too");
    common::reviewing::delete_account(&app, &token).await;
    assert_eq!(
        traces(&app).await,
        (0, 0, all - mails),
        "nothing about Sam is left; other mails stay"
    );
}

/// Account pre-hijacking: someone signs up with the owner's address and a password of their
/// own. The owner's click on the mailed link must not verify that account for them: the link
/// asks for the account's password, which the owner does not know, and 'Forgot password?' gives
/// the owner the account with a password of their own.
#[tokio::test]
async fn verifying_does_not_hand_an_account_set_up_by_someone_else_to_them() {
    let app = TestApp::new().await;
    let mut planted = common::student("owner@example.com", "OwnerOfMail");
    planted["password"] = json!("Planted123");
    planted["passwordConfirm"] = json!("Planted123");
    let res = app.post_json("/api/register", &planted).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let link = app
        .token_from_mail("owner@example.com", "/verify-account/")
        .await;
    let login = |password: &'static str| {
        let app = &app;
        async move {
            app.post_json(
                "/api/auth/login",
                &json!({ "email": "owner@example.com", "password": password }),
            )
            .await
        }
    };

    // The owner follows the link: without the planted password nothing is verified.
    let verify = |name: &str, password: &str, msg: &str| {
        Case::post(
            name,
            "/api/verifyaccount",
            json!({ "token": link, "password": password }),
        )
        .exactly(
            StatusCode::BAD_REQUEST,
            json!([{ "msg": msg, "param": "password" }]),
        )
    };
    #[rustfmt::skip]
    let cases = [
        verify("no password", "", "Password is required"),
        verify("a guess", "OwnerGuess1", "The password is not correct"),
        verify("a long guess", &"x".repeat(10_000), "The password is not correct"),
        // The planted password still opens nothing.
        Case::post("the planted password", "/api/auth/login",
                   json!({ "email": "owner@example.com", "password": "Planted123" }))
            .errors(StatusCode::FORBIDDEN, &["Account unactivated"]),
    ];
    app.run_cases(&cases).await;

    // 'Forgot password?': the reset proves the mailbox and sets the owner's own password.
    app.post_json(
        "/api/forgotpassword",
        &json!({ "email": "owner@example.com" }),
    )
    .await;
    let reset = app
        .token_from_mail("owner@example.com", "/reset-password/")
        .await;
    let res = app
        .post_json(
            "/api/resetpassword",
            &json!({ "password": "Owner12345", "passwordConfirm": "Owner12345", "resetToken": reset }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(login("Owner12345").await.status, StatusCode::OK);
    assert_ne!(
        login("Planted123").await.status,
        StatusCode::OK,
        "the planted password is gone"
    );

    // The one who planted it, holding a verified account, cannot move it onto the owner's
    // other address by a confirmation the owner clicks either.
    let (token, id) = app
        .signed_up(&common::student("planter@example.com", "Planter"))
        .await;
    let res = app
        .post_as(
            &token,
            "/api/updateemail",
            &json!({ "userId": id, "email": "owner2@example.com", "emailConfirm": "owner2@example.com", "currentPassword": "Secret123" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let link = app
        .token_from_mail("owner2@example.com", "/verify-account/")
        .await;
    let res = app
        .post_json(
            "/api/verifyaccount",
            &json!({ "token": link, "password": "OwnerGuess1" }),
        )
        .await;
    assert_eq!(res.error_msg(), "The password is not correct");
    let res = app
        .get_with(
            "/api/userinfo",
            &[("authorization", &format!("Bearer {token}"))],
        )
        .await;
    assert_eq!(res.json()["email"], "planter@example.com");
}

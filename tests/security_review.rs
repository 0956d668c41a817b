//! Findings of the outside security review (issue 12, scope 9), each fixed and tested under a
//! name that says what now holds.

mod common;

use std::{os::unix::fs::PermissionsExt, path::Path};

use common::{Server, TestApp, app_command};
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

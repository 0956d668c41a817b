//! Mail through a real SMTP server (aiosmtpd, from PyPI, started by the test in a venv under
//! `target/`): every kind of mail arrives with the headers large providers check, parses under
//! Python's strict RFC 5322 policy, and carries the same link in its text and HTML parts; a 5xx
//! answer fails a mail at once, a 4xx answer schedules a retry, a hanging server times out.

use crate::common;

use std::{
    io::{BufRead, BufReader},
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use common::{Server, app_command};
use serde_json::{Value, json};
use tempfile::TempDir;

pub const FROM: &str = "CourseSource <no-reply@mail.coursesource.test>";
pub const PASSWORD: &str = "Sturdy-Pass-42";

/// The venv's Python with aiosmtpd; made on first use (tests/all.sh makes it up front).
fn smtp_python() -> PathBuf {
    common::venv_program("smtp-venv", "aiosmtpd==1.4.6", "python")
}

/// aiosmtpd on a free port, recording every accepted mail as JSON in `out`.
pub struct SmtpServer {
    child: Child,
    port: u16,
    out: PathBuf,
}

impl SmtpServer {
    pub fn start(out: &Path) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = Command::new(smtp_python())
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/smtp/server.py"))
            .arg(port.to_string())
            .arg(out)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert_eq!(line.trim(), "ready");
        Self {
            child,
            port,
            out: out.to_owned(),
        }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The mail to `to` whose subject contains `subject`, waiting up to 20 s for it.
    pub fn received(&self, to: &str, subject: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            for entry in std::fs::read_dir(&self.out).unwrap().flatten() {
                let Ok(text) = std::fs::read_to_string(entry.path()) else {
                    continue;
                };
                let Ok(mail) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                if mail["rcpt"][0] == to
                    && mail["headers"]["Subject"]
                        .as_str()
                        .is_some_and(|s| s.contains(subject))
                {
                    return mail;
                }
            }
            assert!(
                Instant::now() < deadline,
                "no mail to {to} about {subject:?}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The app on `data`, mailing through `smtp` as `FROM` with one more setting, with the admin
/// ada@example.org (password `PASSWORD`) created as an operator does.
pub fn server_with_admin(data: &Path, smtp: &SmtpServer, (key, value): (&str, &str)) -> Server {
    let mut create = app_command(data)
        .args(["admin", "create", "ada@example.org", "--password-stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write;
    writeln!(create.stdin.take().unwrap(), "{PASSWORD}").unwrap();
    assert!(create.wait().unwrap().success());
    let url = smtp.url();
    Server::start_with_env(
        data,
        &[
            ("APP_SMTP_URL", &url),
            ("APP_MAIL_FROM", FROM),
            (key, value),
        ],
    )
}

pub fn post(server: &Server, path: &str, token: Option<&str>, body: Value) -> Value {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(auth) = &auth {
        headers.push(("Authorization", auth));
    }
    let (status, text) = server.http("POST", path, &headers, &body.to_string());
    assert!((200..300).contains(&status), "{path}: {status} {text}");
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

/// Checks the headers of scope 1 and the two parts, and answers the text part's link (if any).
/// Only an alert (a `kind` starting with 'alert') may carry `List-Unsubscribe`: account and
/// review mails are not bulk mail.
pub fn assert_standard(mail: &Value, kind: &str, reply_to: Option<&str>) -> Option<String> {
    assert!(
        mail["error"].is_null(),
        "{kind}: the strict parser refused it: {mail}"
    );
    assert_eq!(mail["defects"], json!([]), "{kind}");
    let headers = &mail["headers"];
    let id = headers["Message-ID"].as_str().unwrap_or_default();
    assert!(
        id.starts_with('<') && id.ends_with("@mail.coursesource.test>"),
        "{kind}: Message-ID {id:?} on the sender's domain"
    );
    assert_eq!(headers["MIME-Version"], "1.0", "{kind}");
    assert!(
        headers["Date"].as_str().is_some_and(|d| !d.is_empty()),
        "{kind}"
    );
    assert_eq!(headers["Auto-Submitted"], "auto-generated", "{kind}");
    if !kind.starts_with("alert") {
        assert!(
            headers["List-Unsubscribe"].is_null() && headers["List-Unsubscribe-Post"].is_null(),
            "{kind}: no unsubscribe on a mail that is not an alert"
        );
    }
    assert_eq!(headers["Reply-To"].as_str(), reply_to, "{kind}: Reply-To");
    assert_eq!(mail["content_type"], "multipart/alternative", "{kind}");
    let part = |kind: &str| {
        mail["parts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["type"] == kind)
            .map(|p| p["content"].as_str().unwrap().to_owned())
            .unwrap_or_else(|| panic!("no {kind} part"))
    };
    let (text, html) = (part("text/plain"), part("text/html"));
    let link = text
        .split_whitespace()
        .find(|w| w.starts_with("http://") || w.starts_with("https://"))
        .map(str::to_owned);
    if let Some(link) = &link {
        assert!(
            html.contains(&format!("href=\"{}\"", link.replace('/', "&#x2f;"))),
            "{kind}: the HTML part carries the text part's link {link}:\n{html}"
        );
    }
    link
}

#[test]
fn every_kind_of_mail_arrives_as_large_providers_expect() {
    let tmp = TempDir::new().unwrap();
    let smtp = SmtpServer::start(&tmp.path().join("received"));
    let data = tmp.path().join("data");
    let server = server_with_admin(&data, &smtp, ("APP_CONTACT_TO", "ops@example.org"));

    // Verification, then reset.
    let mut sam = common::student("sam@example.org", "SamCooks");
    sam["password"] = json!(PASSWORD);
    sam["passwordConfirm"] = json!(PASSWORD);
    post(&server, "/api/register", None, sam);
    let verification = smtp.received("sam@example.org", "Verify");
    let link = assert_standard(&verification, "verification", None).expect("a link");
    let token = link.rsplit('/').next().unwrap();
    post(
        &server,
        "/api/verifyaccount",
        None,
        json!({ "token": token, "password": PASSWORD }),
    );
    post(
        &server,
        "/api/forgotpassword",
        None,
        json!({ "email": "sam@example.org" }),
    );
    let reset = smtp.received("sam@example.org", "Reset");
    assert!(
        assert_standard(&reset, "reset", None)
            .unwrap()
            .contains("/reset-password/")
    );

    // Contact: Reply-To is the sender; a newline in the name cannot add a header.
    post(
        &server,
        "/api/contactform",
        None,
        json!({ "reason": "General enquiry", "name": "Mia Chen\r\nBcc: victim@example.net",
                "email": "mia@example.net", "message": "Do you list courses in Broome?" }),
    );
    let contact = smtp.received("ops@example.org", "General enquiry");
    assert_standard(&contact, "contact", Some("mia@example.net"));
    assert!(
        contact["headers"]["Bcc"].is_null(),
        "no injected header: {contact}"
    );
    assert_eq!(
        contact["rcpt"],
        json!(["ops@example.org"]),
        "no injected recipient"
    );

    // A review approved and one not approved.
    let login = post(
        &server,
        "/api/auth/login",
        None,
        json!({ "email": "sam@example.org", "password": PASSWORD }),
    );
    let (student, student_id) = (login["token"].as_str().unwrap(), login["_id"].clone());
    let admin = post(
        &server,
        "/api/auth/login",
        None,
        json!({ "email": "ada@example.org", "password": PASSWORD }),
    )["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let conn = rusqlite::Connection::open(data.join("app.db")).unwrap();
    let mut pairs = conn
        .prepare(
            "SELECT o.course_id, o.provider_id, ca.industry_id FROM offerings o
             JOIN careers ca ON ca.id = (SELECT MIN(career_id) FROM course_careers WHERE course_id = o.course_id)
             ORDER BY o.id LIMIT 2",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<Vec<_>>>()
        .unwrap();
    for (n, action) in ["approve", "disapprove"].into_iter().enumerate() {
        let (course, provider, industry) = pairs.remove(0);
        let review = post(
            &server,
            "/api/submitreview",
            Some(student),
            json!({
                "userType": "Student", "user": student_id, "course": course.to_string(),
                "provider": provider.to_string(), "industry": industry.to_string(),
                "title": format!("Review {n}"), "comment": "Good trainers.",
                "completedCourse": "No", "completedHalfCourse": "No",
                "notCompletedBecause": "I found a job", "howLikelyYouRecommend": "Likely",
                "incentivised": false
            }),
        );
        post(
            &server,
            "/api/review/approvedisapprove",
            Some(&admin),
            json!({ "action": action, "id": review["_id"], "reason": "offensive" }),
        );
    }
    let live = smtp.received("sam@example.org", "is live");
    assert!(
        assert_standard(&live, "review approved", None)
            .unwrap()
            .contains("/course/")
    );
    let not_published = smtp.received("sam@example.org", "was not published");
    assert!(
        assert_standard(&not_published, "review not approved", None)
            .unwrap()
            .contains("/profile/reviews")
    );

    // The operator's test mail, with the server's answer printed.
    let out = app_command(&data)
        .envs([
            ("APP_SMTP_URL", smtp.url().as_str()),
            ("APP_MAIL_FROM", FROM),
        ])
        .args(["mail", "test", "tester@example.org"])
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        printed.contains("sent a test mail to tester@example.org through the SMTP server of APP_SMTP_URL: SMTP 250 2.0.0 OK: queued as test-"),
        "{printed}"
    );
    assert_standard(
        &smtp.received("tester@example.org", "test mail"),
        "test mail",
        None,
    );
}

/// The outbox row of the newest mail to `to`: (attempts, failed, last error), waiting for a
/// first attempt.
fn attempted(data: &Path, to: &str) -> (i64, bool, String) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let row = rusqlite::Connection::open(data.join("app.db"))
            .unwrap()
            .query_row(
                "SELECT attempts, failed_at IS NOT NULL, COALESCE(last_error, '') FROM mail_outbox
                 WHERE to_address = ?1 ORDER BY id DESC LIMIT 1",
                [to],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            );
        if let Ok(row) = row
            && row.0 > 0
        {
            return row;
        }
        assert!(Instant::now() < deadline, "no attempt to mail {to}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_5xx_answer_fails_a_mail_at_once_and_a_4xx_answer_retries_it() {
    let tmp = TempDir::new().unwrap();
    let smtp = SmtpServer::start(&tmp.path().join("received"));
    let data = tmp.path().join("data");
    let url = smtp.url();
    let server = Server::start_with_env(&data, &[("APP_SMTP_URL", url.as_str())]);
    for address in ["refuse550@example.org", "defer451@example.org"] {
        post(
            &server,
            "/api/register",
            None,
            common::student(address, &address[..8]),
        );
    }
    let (attempts, failed, error) = attempted(&data, "refuse550@example.org");
    assert_eq!((attempts, failed), (1, true), "given up at once: {error}");
    assert!(
        error.contains("550") && error.contains("mailbox unavailable"),
        "{error}"
    );
    let (attempts, failed, error) = attempted(&data, "defer451@example.org");
    assert_eq!((attempts, failed), (1, false), "retried later: {error}");
    assert!(error.contains("451"), "{error}");
}

#[test]
fn a_server_that_hangs_times_out_as_a_passing_failure() {
    let tmp = TempDir::new().unwrap();
    let smtp = SmtpServer::start(&tmp.path().join("received"));
    let started = Instant::now();
    let out = app_command(&tmp.path().join("data"))
        .env("APP_SMTP_URL", smtp.url())
        .args(["mail", "test", "hang@example.org"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("a passing failure: try again"), "{stderr}");
    assert!(
        started.elapsed() < Duration::from_secs(45),
        "gave up after the 30 s timeout, not later"
    );
}

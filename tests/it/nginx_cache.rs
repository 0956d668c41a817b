//! A real nginx in front (DESIGN decision 17, `deploy/nginx.conf`): the public answers are served
//! from its cache and revalidated once the `Cache-Control` the app sends runs out, while no
//! answer to a logged-in client, no answer that sets a cookie, no admin or profile call and
//! nothing under the staging lock is ever stored or served to another client. The proxy's
//! configuration is the shipped file's cache and `location /`, with only the addresses and paths
//! of this machine changed. Debian's nginx (tests/all.sh installs it when missing).

use crate::common;

use std::{
    io::{BufRead, BufReader, Read, Write},
    net::{SocketAddr, TcpListener, TcpStream},
    path::Path,
    process::{Child, Command},
    time::{Duration, Instant},
};

use common::{Server, app_command};
use serde_json::{Value, json};

/// nginx running in the foreground with a configuration written into `dir`.
struct Nginx {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Nginx {
    /// SIGTERM, so the master stops its workers (a killed master leaves them running).
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

/// The shipped configuration's cache zone and `location /`, proxying to `app`.
fn start_nginx(dir: &Path, app: SocketAddr) -> Nginx {
    let shipped =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/nginx.conf")).unwrap();
    let cache_path = shipped
        .split("proxy_cache_path ")
        .nth(1)
        .and_then(|rest| rest.split_once(';'))
        .map(|(line, _)| {
            line.replacen(
                "/var/cache/nginx/coursesource",
                &dir.join("cache").display().to_string(),
                1,
            )
        })
        .expect("the shipped proxy_cache_path");
    let start = shipped
        .find("    location / {")
        .expect("the shipped location /");
    let end = start + shipped[start..].find("\n    }\n").expect("its end") + "\n    }\n".len();
    let location = &shipped[start..end];
    let body_limits: String = shipped
        .lines()
        .filter(|line| line.trim_start().starts_with("client_"))
        .map(|line| format!("{line}\n"))
        .collect();
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let temp = dir.display();
    // As root, nginx's workers would run as `nobody`, who cannot write into this temp folder.
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.starts_with(b"0\n"));
    let user = if root { "user root;\n" } else { "" };
    let config = format!(
        "{user}worker_processes 1;\nerror_log {temp}/error.log;\npid {temp}/nginx.pid;\nevents {{}}\n\
         http {{\n    access_log off;\n    client_body_temp_path {temp}/body;\n    proxy_temp_path {temp}/proxy;\n\
         fastcgi_temp_path {temp}/fastcgi;\n    uwsgi_temp_path {temp}/uwsgi;\n    scgi_temp_path {temp}/scgi;\n\
         proxy_cache_path {cache_path};\n    upstream coursesource {{\n        server {app};\n        keepalive 32;\n    }}\n\
         server {{\n    listen 127.0.0.1:{port};\n{body_limits}{location}}}\n}}\n"
    );
    let file = dir.join("nginx.conf");
    std::fs::write(&file, config).unwrap();
    let program = if Path::new("/usr/sbin/nginx").exists() {
        "/usr/sbin/nginx"
    } else {
        "nginx"
    };
    let child = Command::new(program)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .arg("-c")
        .arg(&file)
        .args(["-g", "daemon off;"])
        .spawn()
        .expect("nginx is missing: install Debian's nginx package (tests/all.sh does)");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(addr).is_err() {
        assert!(
            Instant::now() < deadline,
            "nginx did not start: {}",
            std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Nginx { child, addr }
}

/// One answer: status, headers (names lower case) and body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> &str {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// Served from the proxy's cache rather than by the app just now.
    fn served_from_cache(&self) -> bool {
        matches!(self.header("x-cache"), "HIT" | "STALE" | "UPDATING")
    }
}

/// One HTTP/1.1 request (the body as JSON when given), read whole, chunked or not.
fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> Answer {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: coursesource.test\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        request.push_str("Content-Type: application/json\r\n");
    }
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(&body);
    stream.write_all(request.as_bytes()).unwrap();
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let status = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        let Some((name, value)) = line.trim_end().split_once(':') else {
            break;
        };
        headers.push((name.to_lowercase(), value.trim().to_owned()));
    }
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let mut bytes = Vec::new();
    if chunked {
        loop {
            line.clear();
            reader.read_line(&mut line).unwrap();
            let size = usize::from_str_radix(line.trim(), 16).unwrap_or(0);
            if size == 0 {
                break;
            }
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).unwrap();
            bytes.extend(&chunk[..size]);
        }
    } else {
        reader.read_to_end(&mut bytes).unwrap();
    }
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// A call of the site: method, path and JSON body.
type Call = (&'static str, String, Option<Value>);

fn get(path: impl Into<String>) -> Call {
    ("GET", path.into(), None)
}

fn post(path: impl Into<String>, body: Value) -> Call {
    ("POST", path.into(), Some(body))
}

/// The demo site's ids and slugs the calls need.
struct Named {
    course_id: String,
    provider_id: String,
    course_slug: String,
    provider_slug: String,
}

fn named(app: SocketAddr) -> Named {
    let course = send(
        app,
        "POST",
        "/api/getcoursebyslug",
        &[],
        Some(&json!({ "courseSlug": "certificate-iii-in-commercial-cookery" })),
    );
    let course: Value = serde_json::from_str(&course.body).unwrap();
    let course_id = course["_id"].as_str().unwrap().to_owned();
    let providers = send(
        app,
        "POST",
        "/api/getprovidersbycourseid",
        &[],
        Some(&json!({ "courseId": course_id })),
    );
    let providers: Value = serde_json::from_str(&providers.body).unwrap();
    Named {
        course_id,
        provider_id: providers[0]["_id"].as_str().unwrap().to_owned(),
        course_slug: course["slug"].as_str().unwrap().to_owned(),
        provider_slug: providers[0]["slug"].as_str().unwrap().to_owned(),
    }
}

/// Every kind of read the site answers: public catalogue, search and review calls, pages and
/// files, and the calls only a logged-in user or an admin may make.
fn calls(n: &Named) -> Vec<Call> {
    let pair = json!({ "courseId": n.course_id, "providerId": n.provider_id });
    vec![
        get("/"),
        get("/industries"),
        get(format!("/course/{}/{}", n.course_slug, n.provider_slug)),
        get("/no/such/page"),
        get("/robots.txt"),
        get("/sitemap.xml"),
        get("/api/health"),
        get("/api/industries"),
        get("/api/industrieslist"),
        get("/api/careers"),
        get("/api/courses"),
        get("/api/search/typeahead?q=cook"),
        get("/api/search/searchoptions"),
        get("/api/review/questions?userType=Student"),
        get("/api/review/reasons"),
        get("/api/moderation/figures"),
        post(
            "/api/getcoursebyslug",
            json!({ "courseSlug": n.course_slug }),
        ),
        post(
            "/api/getprovidersbycourseid",
            json!({ "courseId": n.course_id }),
        ),
        post("/api/getratingdetails", pair.clone()),
        post(
            "/api/search/getsearchresults",
            json!({ "searchBy": "qualification", "courseId": n.course_id }),
        ),
        get("/api/userinfo"),
        post("/api/getreviewsfor", pair.clone()),
        post("/api/review/checkifuserreviewed", pair),
        post("/api/favourites/getfavourites", json!({})),
        post("/api/review/getuserreviews", json!({})),
        get("/api/notifications"),
        get("/api/notifications/unread-count"),
        get("/api/account/export"),
        get("/api/review/getunactioned"),
        get("/api/review/reported"),
        post("/api/review/pullreviews", json!({})),
        get("/api/admin/mail"),
        get("/api/admin/mail/failed-count"),
        get("/api/admin/provider-claims"),
        get("/api/admin/provider-claims/pending-count"),
        get("/api/representation"),
    ]
}

fn login(addr: SocketAddr, email: &str) -> (String, String) {
    let answer = send(
        addr,
        "POST",
        "/api/auth/login",
        &[],
        Some(&json!({ "email": email, "password": "Demo1234" })),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let token = serde_json::from_str::<Value>(&answer.body).unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let cookie = answer
        .header("set-cookie")
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    (token, cookie)
}

#[test]
fn a_real_nginx_in_front_caches_public_answers_and_never_serves_a_private_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = app_command(&dir.path().join("data"));
    command.args(["serve", "--demo", "--addr", "127.0.0.1:0"]);
    let app = Server::spawn(command);
    let nginx = start_nginx(dir.path(), app.addr);
    let n = named(app.addr);
    let (admin_token, admin_cookie) = login(nginx.addr, "admin@demo.coursesource.local");
    let (_, student_cookie) = login(nginx.addr, "student@demo.coursesource.local");
    let admin_bearer = format!("Bearer {admin_token}");
    let callers: [(&str, Vec<(&str, &str)>); 3] = [
        (
            "the admin (Bearer)",
            vec![("authorization", admin_bearer.as_str())],
        ),
        (
            "the admin (cookie)",
            vec![("cookie", admin_cookie.as_str())],
        ),
        (
            "the student (cookie)",
            vec![("cookie", student_cookie.as_str())],
        ),
    ];
    let (mut public_reads, mut hits) = (0, 0);
    for (method, path, body) in calls(&n) {
        // What an anonymous client gets from the app itself.
        let direct = send(app.addr, method, &path, &[], body.as_ref());
        for round in 0..2 {
            for (who, headers) in &callers {
                let answer = send(nginx.addr, method, &path, headers, body.as_ref());
                assert!(
                    !answer.served_from_cache(),
                    "{method} {path}: {who} got a kept answer (round {round})"
                );
                // Interleaved: the anonymous client right after each logged-in one.
                let anonymous = send(nginx.addr, method, &path, &[], body.as_ref());
                assert_eq!(
                    (anonymous.status, &anonymous.body),
                    (direct.status, &direct.body),
                    "{method} {path}: the anonymous client got another answer than the app gives it, after {who}"
                );
                if anonymous.served_from_cache() {
                    assert!(
                        direct.header("cache-control").contains("public"),
                        "{method} {path}: kept without being public"
                    );
                    assert_eq!(
                        anonymous.header("set-cookie"),
                        "",
                        "{method} {path}: a kept answer sets a cookie"
                    );
                    hits += 1;
                }
                if direct.header("cache-control").contains("public") && direct.status == 200 {
                    public_reads += 1;
                }
            }
        }
        if direct.header("cache-control").contains("s-maxage") && direct.status == 200 {
            let again = send(nginx.addr, method, &path, &[], body.as_ref());
            assert_eq!(
                again.header("x-cache"),
                "HIT",
                "{method} {path}: a public answer is kept"
            );
        }
    }
    println!("nginx served {hits} of {public_reads} anonymous public reads from its cache");
    assert!(hits > 0);

    // A change: kept answers may be served while the app's s-maxage lasts, and are fetched
    // again (revalidated by ETag) once it has run out.
    let industries = || send(nginx.addr, "GET", "/api/industries", &[], None);
    let before: Value = serde_json::from_str(&industries().body).unwrap();
    let id = before[0]["_id"].as_str().unwrap().to_owned();
    let change = json!({ "id": id, "description": "Changed behind the cache." });
    let answer = send(
        nginx.addr,
        "POST",
        "/api/updateindustry",
        &[("authorization", &admin_bearer)],
        Some(&change),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    std::thread::sleep(Duration::from_secs(11));
    let after = industries();
    assert!(
        !after.served_from_cache() || after.header("x-cache") == "REVALIDATED",
        "{}",
        after.header("x-cache")
    );
    assert!(
        after.body.contains("Changed behind the cache."),
        "fresh once s-maxage ran out"
    );
    let kept = industries();
    assert_eq!(kept.header("x-cache"), "HIT");
    assert!(kept.body.contains("Changed behind the cache."));
    // Unchanged once s-maxage has run out again: revalidated with the ETag (the app's 304).
    std::thread::sleep(Duration::from_secs(11));
    let revalidated = industries();
    assert_eq!(revalidated.header("x-cache"), "REVALIDATED");
    assert_eq!(revalidated.body, kept.body);
}

#[test]
fn nothing_under_the_staging_lock_is_kept_for_another_client() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = app_command(&dir.path().join("data"));
    command
        .envs([
            ("APP_STAGING_USER", "preview"),
            ("APP_STAGING_PASSWORD", "Preview-Secret-1"),
        ])
        .args(["serve", "--demo", "--addr", "127.0.0.1:0"]);
    let app = Server::spawn(command);
    let nginx = start_nginx(dir.path(), app.addr);
    let opened = send(
        nginx.addr,
        "POST",
        "/api/staging/login",
        &[],
        Some(&json!({ "username": "preview", "password": "Preview-Secret-1" })),
    );
    assert_eq!(opened.status, 200, "{}", opened.body);
    let cookie = opened
        .header("set-cookie")
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    for path in [
        "/",
        "/industries",
        "/api/industries",
        "/api/health",
        "/robots.txt",
    ] {
        for _ in 0..2 {
            let inside = send(nginx.addr, "GET", path, &[("cookie", &cookie)], None);
            assert_eq!(inside.status, 200, "{path}: {}", inside.body);
            assert!(!inside.served_from_cache(), "{path}");
            let outside = send(nginx.addr, "GET", path, &[], None);
            let direct = send(app.addr, "GET", path, &[], None);
            assert_eq!(
                (outside.status, &outside.body),
                (direct.status, &direct.body),
                "{path}: the locked answer"
            );
            assert_ne!(
                outside.body, inside.body,
                "{path}: a stranger got the unlocked answer"
            );
        }
    }
}

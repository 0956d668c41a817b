//! The request log never holds the secret of a mailed or one-time link (issue 33, point 2):
//! anyone who reads the log must not be able to reset a password, verify an account, confirm a
//! work email or download the export.

use crate::common;

use common::Server;

#[test]
fn the_request_log_replaces_the_token_of_every_secret_link() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    let secret = "S3cretT0kenThatMustNotBeLogged";
    let paths = [
        format!("/reset-password/{secret}"),
        format!("/verify-account/{secret}"),
        format!("/represent/verify/{secret}"),
        format!("/api/admin/exportcsv/{secret}"),
        format!("/api/checktoken?token={secret}"),
    ];
    for path in &paths {
        server.http("GET", path, &[], "");
    }
    server.http("GET", "/api/health?last=1", &[], "");
    let mut lines = Vec::new();
    loop {
        let line = server
            .log
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("the last request's log line");
        let last = line.contains("last=1") && line.contains("finished processing request");
        lines.push(line);
        if last {
            break;
        }
    }
    let log = lines.join("\n");
    assert!(!log.contains(secret), "a token reached the log:\n{log}");
    for logged in [
        "/reset-password/<token>",
        "/verify-account/<token>",
        "/represent/verify/<token>",
        "/api/admin/exportcsv/<token>",
        "token=<token>",
    ] {
        assert!(log.contains(logged), "{logged} is not in the log:\n{log}");
    }
}

//! Table-driven API cases: each case names who calls, what is sent, the status that must come
//! back and a fragment of JSON the answer must contain. A table of cases reads as the call's
//! contract; a failure names the case.
//!
//! Besides the JSON body and the session, a case may send extra headers ([`Case::header`]: a
//! cookie, a content type, a forwarded address) or a body as it is ([`Case::raw`]: malformed
//! JSON, a form), and may check the whole answer ([`Case::exactly`]) or every message of an
//! error answer in order ([`Case::errors`]).

use axum::http::{Method, StatusCode};
use serde_json::Value;

use super::{TestApp, TestResponse};

/// Who sends a case's request.
#[derive(Clone, Debug)]
pub enum Caller {
    Anonymous,
    /// A session token sent as `Authorization: Bearer`.
    Bearer(String),
}

impl Caller {
    pub fn bearer(token: &str) -> Self {
        Self::Bearer(token.to_owned())
    }
}

/// One request and what must come back.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub caller: Caller,
    pub method: Method,
    pub path: String,
    /// Sent as JSON; `None` sends no body.
    pub body: Option<Value>,
    pub status: StatusCode,
    /// JSON the answer must contain (see [`contains`]); `None` checks the status only.
    pub fragment: Option<Value>,
    /// An error answer's first item: its `param` (None: no param) and `msg`, exactly.
    pub first_error: Option<(Option<String>, String)>,
    /// Headers sent besides the session's (a cookie, a content type, `X-Forwarded-For`); a
    /// `content-type` here replaces the JSON one.
    pub headers: Vec<(String, String)>,
    /// A body sent as it is instead of `body` (malformed JSON, a form, a bare array).
    pub raw_body: Option<String>,
    /// The whole JSON answer, exactly; `None` leaves it to `fragment`.
    pub exact: Option<Value>,
    /// Every item of an error answer, by its `msg`, in order (so no other item is there).
    pub messages: Option<Vec<String>>,
}

impl Case {
    /// A JSON POST by an anonymous caller, expecting 200 until told otherwise.
    pub fn post(name: impl Into<String>, path: &str, body: Value) -> Self {
        Self {
            name: name.into(),
            caller: Caller::Anonymous,
            method: Method::POST,
            path: path.to_owned(),
            body: Some(body),
            status: StatusCode::OK,
            fragment: None,
            first_error: None,
            headers: Vec::new(),
            raw_body: None,
            exact: None,
            messages: None,
        }
    }

    /// A GET by an anonymous caller, expecting 200 until told otherwise.
    pub fn get(name: impl Into<String>, path: &str) -> Self {
        Self {
            method: Method::GET,
            body: None,
            ..Self::post(name, path, Value::Null)
        }
    }

    /// The same request sent by `caller`.
    pub fn by(mut self, caller: &Caller) -> Self {
        self.caller = caller.clone();
        self
    }

    /// The status that must come back, and JSON the answer must contain.
    pub fn expect(mut self, status: StatusCode, fragment: Value) -> Self {
        self.status = status;
        self.fragment = Some(fragment);
        self
    }

    /// The status that must come back, whatever the body.
    pub fn status(mut self, status: StatusCode) -> Self {
        self.status = status;
        self
    }

    /// An error answer in the API's shape whose first item has exactly this `param` and `msg`.
    pub fn error(mut self, status: StatusCode, param: Option<&str>, msg: &str) -> Self {
        self.status = status;
        self.first_error = Some((param.map(str::to_owned), msg.to_owned()));
        self
    }

    /// The status that must come back, and the whole JSON answer.
    pub fn exactly(mut self, status: StatusCode, answer: Value) -> Self {
        self.status = status;
        self.exact = Some(answer);
        self
    }

    /// An error answer whose items' messages are exactly `msgs`, in order.
    pub fn errors(mut self, status: StatusCode, msgs: &[&str]) -> Self {
        self.status = status;
        self.messages = Some(msgs.iter().map(|msg| (*msg).to_owned()).collect());
        self
    }

    /// The same request with one more header.
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// The same request with `body` sent as it is instead of as JSON.
    pub fn raw(mut self, body: impl Into<String>) -> Self {
        self.raw_body = Some(body.into());
        self
    }
}

/// Each of `calls` twice: refused to an anonymous caller (401) and to `non_admin` (403 with the
/// API's message), for the calls only admins may make.
pub fn admin_only(calls: &[Case], non_admin: &Caller) -> Vec<Case> {
    calls
        .iter()
        .flat_map(|call| {
            [
                call.clone().status(StatusCode::UNAUTHORIZED),
                call.clone().by(non_admin).error(
                    StatusCode::FORBIDDEN,
                    None,
                    "Only admins may do that.",
                ),
            ]
        })
        .collect()
}

impl TestApp {
    /// Sends a case's request and checks its answer; answers the response for further checks.
    pub async fn run_case(&self, case: &Case) -> TestResponse {
        let auth = match &case.caller {
            Caller::Anonymous => None,
            Caller::Bearer(token) => Some(format!("Bearer {token}")),
        };
        let headers: Vec<(&str, &str)> = auth
            .as_deref()
            .map(|value| ("authorization", value))
            .into_iter()
            .chain(
                case.headers
                    .iter()
                    .map(|(name, value)| (name.as_str(), value.as_str())),
            )
            .collect();
        let body = match &case.raw_body {
            Some(raw) => raw.clone(),
            None => case.body.as_ref().map(Value::to_string).unwrap_or_default(),
        };
        let res = self
            .send(case.method.clone(), &case.path, &headers, body)
            .await;
        assert_eq!(
            res.status,
            case.status,
            "case '{}': {} {} answered {}",
            case.name,
            case.method,
            case.path,
            res.text()
        );
        if let Some(fragment) = &case.fragment {
            let answer = res.json();
            assert!(
                contains(&answer, fragment),
                "case '{}': the answer {answer} does not contain {fragment}",
                case.name
            );
        }
        if let Some((param, msg)) = &case.first_error {
            let first = &res.json()[0];
            assert_eq!(
                (first["param"].as_str(), first["msg"].as_str()),
                (param.as_deref(), Some(msg.as_str())),
                "case '{}': {}",
                case.name,
                res.text()
            );
        }
        if let Some(exact) = &case.exact {
            assert_eq!(&res.json(), exact, "case '{}'", case.name);
        }
        if let Some(messages) = &case.messages {
            let answer = res.json();
            let got: Vec<&str> = answer
                .as_array()
                .unwrap_or_else(|| panic!("case '{}': not a list: {answer}", case.name))
                .iter()
                .map(|item| item["msg"].as_str().unwrap_or_default())
                .collect();
            assert_eq!(got, *messages, "case '{}': {answer}", case.name);
        }
        res
    }

    /// Runs every case in order.
    pub async fn run_cases(&self, cases: &[Case]) {
        for case in cases {
            self.run_case(case).await;
        }
    }

    /// Runs every case in order, with a hook before each request and one after it (to set up
    /// state, or to check what was stored and undo it).
    pub async fn run_cases_with(
        &self,
        cases: &[Case],
        before: impl AsyncFn(&TestApp, &Case),
        after: impl AsyncFn(&TestApp, &Case, &TestResponse),
    ) {
        for case in cases {
            before(self, case).await;
            let res = self.run_case(case).await;
            after(self, case, &res).await;
        }
    }
}

/// Whether `actual` contains `expected`: equal scalars; an object whose keys each hold a value
/// containing the expected one (other keys are free); an array in which every expected item is
/// contained by some item, so `[{"msg": "..."}]` finds a message among several.
pub fn contains(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(actual), Value::Object(expected)) => expected
            .iter()
            .all(|(key, want)| actual.get(key).is_some_and(|value| contains(value, want))),
        (Value::Array(actual), Value::Array(expected)) => expected
            .iter()
            .all(|want| actual.iter().any(|item| contains(item, want))),
        _ => actual == expected,
    }
}

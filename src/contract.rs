//! The answers every call shares, written into the OpenAPI document once, after all routes
//! are collected, so a new call states them without anyone remembering to: a JSON body can
//! be malformed (400), too large (413) or not JSON (415); a session can be missing, expired or
//! ended (401), and a cookie-authenticated change must be JSON (403). The document is the
//! contract a generated client is built from; `tests/schemathesis.sh` holds the server to it.

use serde_json::{Map, Value, json};
use utoipa::openapi::{
    ContentBuilder, Object, ObjectBuilder, OpenApi, Ref, RefOr, ResponseBuilder, Type,
    path::{HttpMethod, Operation},
    schema::{ArrayBuilder, SchemaType},
};

use axum::http::StatusCode;

use crate::error::default_message;

/// Adds the shared answers to every operation of `doc` that can give them; an answer an
/// operation already documents (with its own description) is kept as it is.
pub fn complete(doc: &mut OpenApi) {
    for item in doc.paths.paths.values_mut() {
        for (method, operation) in operations(item) {
            let Some(operation) = operation else { continue };
            if takes_json(operation) {
                add(operation, "400", JSON_400);
                add(
                    operation,
                    "413",
                    default_message(StatusCode::PAYLOAD_TOO_LARGE),
                );
                add(
                    operation,
                    "415",
                    default_message(StatusCode::UNSUPPORTED_MEDIA_TYPE),
                );
            }
            if accepts_session(operation) {
                add(operation, "401", SESSION_401);
                if method != HttpMethod::Get {
                    add(operation, "403", COOKIE_403);
                }
            }
        }
    }
}

/// A rule a JSON Schema states with `if`/`then` (OpenAPI 3.1): when every field of `when`
/// holds one of its values, a body of the schema named `schema` must also match `then` (the
/// fields it requires, their narrower forms). utoipa's model has no `if`, so [`to_json`] writes
/// these into the serialised document.
pub struct Condition {
    pub schema: &'static str,
    pub when: Vec<(&'static str, Vec<&'static str>)>,
    pub then: Value,
}

/// The document as JSON, with each condition added to its schema's `allOf`.
pub fn to_json(doc: &OpenApi, conditions: impl IntoIterator<Item = Condition>) -> String {
    let mut doc = serde_json::to_value(doc).expect("the OpenAPI document serialises");
    for condition in conditions {
        let path = format!("/components/schemas/{}", condition.schema);
        let schema = doc
            .pointer_mut(&path)
            .and_then(Value::as_object_mut)
            .unwrap_or_else(|| panic!("a condition names a schema of the document: {path}"));
        let mut properties = Map::new();
        for (field, values) in &condition.when {
            properties.insert((*field).to_owned(), json!({ "enum": values }));
        }
        let required: Vec<&str> = condition.when.iter().map(|(field, _)| *field).collect();
        let rule = json!({
            "if": { "properties": properties, "required": required },
            "then": condition.then,
        });
        match schema.entry("allOf").or_insert_with(|| json!([])) {
            Value::Array(rules) => rules.push(rule),
            _ => unreachable!("allOf is always a list"),
        }
    }
    doc.to_string()
}

/// A schema of this module as JSON, for a condition's `then`.
pub fn value(schema: Object) -> Value {
    serde_json::to_value(schema).expect("a schema serialises")
}

const JSON_400: &str =
    "The body is not valid JSON, a field has the wrong type, or a rule is broken";
const SESSION_401: &str = "The session is missing, invalid, expired or ended";
const COOKIE_403: &str =
    "Not allowed, or a change authenticated by the session cookie was not sent as JSON";

type Item = utoipa::openapi::path::PathItem;

fn operations(item: &mut Item) -> [(HttpMethod, Option<&mut Operation>); 5] {
    [
        (HttpMethod::Get, item.get.as_mut()),
        (HttpMethod::Post, item.post.as_mut()),
        (HttpMethod::Put, item.put.as_mut()),
        (HttpMethod::Patch, item.patch.as_mut()),
        (HttpMethod::Delete, item.delete.as_mut()),
    ]
}

/// Whether the operation reads a JSON request body.
fn takes_json(operation: &Operation) -> bool {
    matches!(&operation.request_body, Some(RefOr::T(body)) if body.content.contains_key("application/json"))
}

/// Whether the operation reads the session (required or optional).
fn accepts_session(operation: &Operation) -> bool {
    operation.security.as_ref().is_some_and(|requirements| {
        serde_json::to_value(requirements)
            .ok()
            .and_then(|value| value.as_array().cloned())
            .is_some_and(|all| all.iter().any(|r| r.get("session").is_some()))
    })
}

/// Documents `status` with the error shape, unless the operation already does.
fn add(operation: &mut Operation, status: &str, description: &str) {
    if operation.responses.responses.contains_key(status) {
        return;
    }
    let errors = ArrayBuilder::new().items(Ref::from_schema_name("ErrorItem"));
    let response = ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new().schema(Some(errors)).build(),
        )
        .build();
    operation
        .responses
        .responses
        .insert(status.to_owned(), RefOr::T(response));
}

/// A slug as [`crate::catalog::text::is_slug`] accepts it: lower-case words of letters and
/// digits joined by single hyphens, at most 120 bytes. For `#[schema(schema_with = slug)]`.
pub fn slug() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some("^[a-z0-9]+(-[a-z0-9]+)*$"))
        .max_length(Some(120))
        .build()
}

/// A string that must be one of `values`; with `nullable`, `null` (meaning the default) too.
pub fn one_of(values: &[&str], nullable: bool) -> Object {
    let builder = ObjectBuilder::new();
    if nullable {
        builder
            .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
            .enum_values(Some(
                values.iter().map(|v| Value::from(*v)).chain([Value::Null]),
            ))
            .build()
    } else {
        builder
            .schema_type(Type::String)
            .enum_values(Some(values.iter().copied()))
            .build()
    }
}

/// A string with at least one character that is not white space as Rust's `str::trim` sees
/// it, the check behind every 'X is required' message. For `#[schema(schema_with = not_blank)]`.
pub fn not_blank() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(NOT_BLANK))
        .build()
}

/// [`not_blank`] of at most `max` characters: a text field whose limit counts the trimmed
/// text, so any text within `max` characters passes it.
pub fn not_blank_within(max: usize) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(NOT_BLANK))
        .max_length(Some(max))
        .build()
}

/// Rust's `char::is_whitespace` set, which ECMAScript's `\s` does not match exactly.
pub const NOT_BLANK: &str =
    "[^\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";

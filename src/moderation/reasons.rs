//! The reasons a review is not published (DESIGN decision 19): one list, with stable keys, for
//! a moderator's 'no', for a reader's report of a review, and for the public figures on
//! `/about/reviews`. The UI reads it from `GET /api/review/reasons` instead of copying it.

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    contract::{self, Condition},
    error::{AppError, AppResult},
};

/// The longest note a moderator (or a reporter's 'Other' text) may give, in characters.
pub const NOTE_MAX: usize = 500;

/// One reason of the list.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Reason {
    /// Stable key stored with a decision and sent by clients.
    #[schema(schema_with = key_schema)]
    pub key: &'static str,
    /// What people read.
    pub label: &'static str,
    /// Whether a text saying why must come with it ('Other').
    pub needs_text: bool,
}

/// The key of the reason that needs a text.
pub const OTHER: &str = "other";

/// Every reason, in the order the forms and the figures show them.
pub const REASONS: &[Reason] = &[
    Reason {
        key: "offensive",
        label: "Offensive",
        needs_text: false,
    },
    Reason {
        key: "personal-information",
        label: "Personal information",
        needs_text: false,
    },
    Reason {
        key: "off-topic",
        label: "Not about this course and provider",
        needs_text: false,
    },
    Reason {
        key: "not-genuine",
        label: "Not a genuine experience",
        needs_text: false,
    },
    Reason {
        key: OTHER,
        label: "Other",
        needs_text: true,
    },
];

/// The reason keys as a closed enum, for `#[schema(schema_with = ...)]` on a reason field.
pub fn key_schema() -> utoipa::openapi::Object {
    let keys: Vec<&str> = REASONS.iter().map(|reason| reason.key).collect();
    crate::contract::one_of(&keys, false)
}

/// [`key_schema`], or null where the reason is optional.
pub fn key_or_null_schema() -> utoipa::openapi::Object {
    let keys: Vec<&str> = REASONS.iter().map(|reason| reason.key).collect();
    crate::contract::one_of(&keys, true)
}

/// The rules [`choose`] applies, stated in the body's schema `schema`: a reason of the list and
/// a note within [`NOTE_MAX`] (always, or only when `action` holds the given word), and a note
/// that is not blank with the reason 'other'.
pub fn conditions(
    schema: &'static str,
    action: Option<(&'static str, &'static str)>,
) -> Vec<Condition> {
    let when = |mut when: Vec<(&'static str, Vec<&'static str>)>| {
        when.extend(action.map(|(field, word)| (field, vec![word])));
        when
    };
    let mut conditions = vec![Condition {
        schema,
        when: when(vec![("reason", vec![OTHER])]),
        then: serde_json::json!({
            "required": ["note"],
            "properties": { "note": contract::value(contract::not_blank_within(NOTE_MAX)) },
        }),
    }];
    if let Some((field, word)) = action {
        conditions.push(Condition {
            schema,
            when: vec![(field, vec![word])],
            then: serde_json::json!({
                "required": ["reason"],
                "properties": {
                    "reason": contract::value(key_schema()),
                    "note": contract::value(note_schema()),
                },
            }),
        });
    }
    conditions
}

/// A note of at most [`NOTE_MAX`] characters, or null. For `#[schema(schema_with = ...)]`.
pub fn note_schema() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([
            utoipa::openapi::Type::String,
            utoipa::openapi::Type::Null,
        ]))
        .max_length(Some(NOTE_MAX))
        .build()
}

/// The reason stored under `key`, if it is one of the list.
pub fn find(key: &str) -> Option<&'static Reason> {
    REASONS.iter().find(|reason| reason.key == key)
}

/// The label of a stored key; a key no longer in the list is shown as it is.
pub fn label(key: &str) -> &str {
    find(key).map_or(key, |reason| reason.label)
}

/// A reason with its text, as a decision or a report stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    pub reason: &'static Reason,
    /// Trimmed; `None` when empty.
    pub text: Option<String>,
}

/// Checks a client's reason and text: the reason must be a key of the list, the text at most
/// [`NOTE_MAX`] characters, and present when the reason is 'Other'. `reason_param` and
/// `text_param` name the request's fields in the messages.
pub fn choose(
    reason: Option<&str>,
    text: Option<&str>,
    reason_param: &str,
    text_param: &str,
) -> AppResult<Chosen> {
    let key = reason.map(str::trim).filter(|key| !key.is_empty());
    let key = key.ok_or_else(|| {
        AppError::invalid(
            Some(reason_param),
            format!("{reason_param} is required: one of {}", keys()),
        )
    })?;
    let reason = find(key).ok_or_else(|| {
        AppError::invalid(
            Some(reason_param),
            format!("{reason_param} must be one of {}", keys()),
        )
    })?;
    let text = text.map(str::trim).filter(|text| !text.is_empty());
    if text.is_some_and(|text| text.chars().count() > NOTE_MAX) {
        return Err(AppError::invalid(
            Some(text_param),
            format!("{text_param} must not be longer than {NOTE_MAX} characters"),
        ));
    }
    if reason.needs_text && text.is_none() {
        return Err(AppError::invalid(
            Some(text_param),
            format!("{text_param} is required when the reason is 'Other': say what is wrong"),
        ));
    }
    Ok(Chosen {
        reason,
        text: text.map(str::to_owned),
    })
}

/// Checks a reason sent with a decision that needs none (approving a review, keeping a reported
/// one): absent or null, or else a key of the list, as the document's enum says; a reason off
/// the list is refused rather than silently dropped.
pub fn unneeded(reason: Option<&str>, reason_param: &str) -> AppResult<()> {
    match reason {
        Some(key) if find(key.trim()).is_none() => Err(AppError::invalid(
            Some(reason_param),
            format!("{reason_param} must be one of {}", keys()),
        )),
        _ => Ok(()),
    }
}

/// Why a review was not published, as the answers show it to its author and to moderators.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct Refusal {
    /// The reason's key.
    pub reason: String,
    /// The reason's label.
    pub label: String,
    /// The moderator's note, if any.
    pub note: Option<String>,
}

impl Refusal {
    /// The refusal stored in a review's `decision_reason` and `decision_note`; `None` when there
    /// is no reason (not refused, or refused before reasons were recorded).
    pub fn stored(reason: Option<String>, note: Option<String>) -> Option<Self> {
        reason.map(|key| Self {
            label: label(&key).to_owned(),
            reason: key,
            note,
        })
    }
}

impl From<&Chosen> for Refusal {
    fn from(chosen: &Chosen) -> Self {
        Self {
            reason: chosen.reason.key.to_owned(),
            label: chosen.reason.label.to_owned(),
            note: chosen.text.clone(),
        }
    }
}

/// The keys for a message: `'offensive', 'personal-information', ... or 'other'`.
fn keys() -> String {
    let quoted: Vec<String> = REASONS.iter().map(|r| format!("'{}'", r.key)).collect();
    let (last, rest) = quoted.split_last().expect("the list is not empty");
    format!("{} or {last}", rest.join(", "))
}

/// The reasons a review may be refused or reported for, in display order.
#[utoipa::path(get, path = "/review/reasons", tag = "moderation", responses(
    (status = 200, body = [Reason])))]
pub async fn list() -> Json<&'static [Reason]> {
    Json(REASONS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(err: AppError) -> (String, Option<String>) {
        match err {
            AppError::Validation(items) => (items[0].msg.clone(), items[0].param.clone()),
            other => panic!("not a validation error: {other:?}"),
        }
    }

    #[test]
    fn a_reason_is_one_of_the_list_and_other_needs_a_text() {
        let chosen = choose(Some("offensive"), Some("  "), "reason", "note").unwrap();
        assert_eq!((chosen.reason.label, chosen.text), ("Offensive", None));
        let other = choose(Some("other"), Some(" Spam link "), "reason", "note").unwrap();
        assert_eq!(other.text.as_deref(), Some("Spam link"));
        let keys = "'offensive', 'personal-information', 'off-topic', 'not-genuine' or 'other'";
        assert_eq!(
            msg(choose(None, None, "reason", "note").unwrap_err()),
            (
                format!("reason is required: one of {keys}"),
                Some("reason".into())
            )
        );
        assert_eq!(
            msg(choose(Some("rude"), None, "reason", "note").unwrap_err()),
            (
                format!("reason must be one of {keys}"),
                Some("reason".into())
            )
        );
        assert_eq!(
            msg(choose(Some("other"), Some(""), "reason", "note").unwrap_err()),
            (
                "note is required when the reason is 'Other': say what is wrong".into(),
                Some("note".into())
            )
        );
        let long = "x".repeat(NOTE_MAX + 1);
        assert_eq!(
            msg(choose(Some("offensive"), Some(&long), "reason", "note").unwrap_err()).0,
            "note must not be longer than 500 characters"
        );
        assert_eq!(label("not-genuine"), "Not a genuine experience");
        assert_eq!(label("gone"), "gone");
    }
}

//! Request fields shared by many calls: opaque ids, slugs and emails, checked as they are read.

use serde::{Deserialize, Deserializer, de};
use utoipa::ToSchema;

use crate::error::AppError;

/// An id from the API: a string of digits (as the API answers ids) or a positive integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(value_type = String, example = "12")]
pub struct Id(pub i64);

impl serde::Serialize for Id {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.to_string())
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            Number(i64),
        }
        let value = match Raw::deserialize(deserializer)
            .map_err(|_| de::Error::custom("expected an id (a string of digits)"))?
        {
            Raw::Text(text) => text.trim().parse::<i64>().ok(),
            Raw::Number(number) => Some(number),
        };
        value
            .filter(|v| *v > 0)
            .map(Id)
            .ok_or_else(|| de::Error::custom("expected an id (a string of digits)"))
    }
}

/// Ids are stored as SQLite integers, so a row can be read straight into the API's id.
impl rusqlite::types::FromSql for Id {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        i64::column_result(value).map(Id)
    }
}

impl rusqlite::types::ToSql for Id {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        self.0.to_sql()
    }
}

/// The value of a required field, or a 400 naming it.
pub fn required<T>(value: Option<T>, field: &str) -> Result<T, AppError> {
    value.ok_or_else(|| AppError::invalid(Some(field), format!("{field} is required")))
}

/// A required slug: 400 when missing or malformed (a malformed slug can match nothing).
pub fn required_slug(value: Option<String>, field: &str) -> Result<String, AppError> {
    let slug = required(value, field)?;
    if crate::catalog::text::is_slug(&slug) {
        Ok(slug)
    } else {
        Err(AppError::invalid(
            Some(field),
            format!("{field} is not a valid slug"),
        ))
    }
}

/// A practical email check: one `@`, a local part, and a domain with a dot and no spaces.
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && email.len() <= 254
        && email.parse::<lettre::Address>().is_ok()
}

/// Trimmed and lower-cased, as every email is compared and stored.
pub fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        for good in ["a@b.co", "jo.smith+x@mail.example.com.au"] {
            assert!(is_valid_email(good), "{good}");
        }
        for bad in [
            "",
            "a",
            "a@b",
            "@b.com",
            "a@.com",
            "a@b.com.",
            "a b@c.com",
            "a@b c.com",
        ] {
            assert!(!is_valid_email(bad), "{bad}");
        }
    }
}

/// Characters no one types on purpose that change how text reads: bidirectional overrides,
/// embeddings, isolates and marks (a name that shows one thing and says another), and the
/// Unicode line and paragraph separators.
fn is_invisible_trick(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{200E}'
            | '\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2066}'..='\u{2069}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// A one-line field (a name, a review title) as it is stored and mailed: line breaks and
/// tabs become spaces, other control and bidirectional characters are removed, so it cannot
/// start a new line in a mail or hide its real text.
pub fn single_line(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' | '\u{2028}' | '\u{2029}' => Some(' '),
            c if c.is_control() || is_invisible_trick(c) => None,
            c => Some(c),
        })
        .collect()
}

/// A multi-line field (a review comment, a contact message): Windows and old Mac line ends
/// become '\n', the Unicode separators too; other control and bidirectional characters are
/// removed, tabs kept.
pub fn multi_line(text: &str) -> String {
    text.replace("\r\n", "\n")
        .chars()
        .filter_map(|c| match c {
            '\r' | '\u{2028}' | '\u{2029}' | '\u{0B}' | '\u{0C}' | '\u{85}' => Some('\n'),
            '\n' | '\t' => Some(c),
            c if c.is_control() || is_invisible_trick(c) => None,
            c => Some(c),
        })
        .collect()
}

#[cfg(test)]
mod text_tests {
    use super::*;

    #[test]
    fn control_and_bidirectional_characters_are_removed() {
        assert_eq!(single_line("Mia\r\nBcc: x\t\u{7}"), "Mia  Bcc: x ");
        assert_eq!(single_line("\u{202E}gnp.exe\u{202C} Kim"), "gnp.exe Kim");
        assert_eq!(
            multi_line("one\r\ntwo\rthree\u{2028}four\u{0}\u{2067}"),
            "one\ntwo\nthree\nfour"
        );
        assert_eq!(multi_line("a\tb\nc"), "a\tb\nc");
    }
}

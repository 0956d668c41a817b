//! Request fields shared by many calls: opaque ids, slugs and emails, checked as they are read.

use serde::{Deserialize, Deserializer, de};
use utoipa::ToSchema;

use crate::error::AppError;

/// An id from the API: a string of digits without leading zeros, exactly as the API answers
/// ids. Anything else (a number, a padded or signed string) is a 400, so the document's
/// pattern and the server agree on every value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[schema(value_type = String, pattern = "^[1-9][0-9]{0,17}$", example = "12")]
pub struct Id(pub i64);

impl serde::Serialize for Id {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Written through the serializer's own buffer, without a string of its own.
        serializer.collect_str(&self.0)
    }
}

/// At most 18 digits, so every id fits an `i64`.
const ID_MAX_DIGITS: usize = 18;

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let invalid = || de::Error::custom("expected an id (a string of digits)");
        let text = String::deserialize(deserializer).map_err(|_: D::Error| invalid())?;
        let digits = !text.is_empty()
            && text.len() <= ID_MAX_DIGITS
            && !text.starts_with('0')
            && text.bytes().all(|b| b.is_ascii_digit());
        if !digits {
            return Err(invalid());
        }
        text.parse().map(Id).map_err(|_| invalid())
    }
}

/// An id in a path (`/reviews/{_id}/reply`): a positive whole number, or a 404 with
/// `not_found`, since a path that names nothing is a page that is not there.
pub fn path_id(text: &str, not_found: &str) -> Result<i64, AppError> {
    text.trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| AppError::NotFound(not_found.into()))
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

/// The largest whole number a JSON client can send exactly (2^53 - 1, JavaScript's safe range).
pub const WHOLE_MAX: i64 = (1 << 53) - 1;

/// A whole number as JSON Schema's `integer` means it: `3` and `3.0` alike (not `3.5`), within
/// [`WHOLE_MAX`] either way. For `#[serde(deserialize_with = "fields::whole")]`.
pub fn whole<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    let number = serde_json::Number::deserialize(deserializer)?;
    let value = match number.as_i64() {
        Some(n) => Some(n),
        None => number
            .as_f64()
            .filter(|f| f.fract() == 0.0 && f.abs() <= WHOLE_MAX as f64)
            .map(|f| f as i64),
    };
    value
        .filter(|n| n.abs() <= WHOLE_MAX)
        .ok_or_else(|| de::Error::custom(format!("expected a whole number up to {WHOLE_MAX}")))
}

/// [`whole`] for a field that may be left out or null.
pub fn optional_whole<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    struct Whole(#[serde(deserialize_with = "whole")] i64);
    Ok(Option::<Whole>::deserialize(deserializer)?.map(|Whole(n)| n))
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
        // What the mail's headers are built from: an address that is valid but cannot be
        // written there ('"a b"@x.example', 'a@[192.0.2.1]') could never be mailed.
        && email.parse::<lettre::message::Mailbox>().is_ok()
}

/// Trimmed and lower-cased, as every email is compared and stored.
pub fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_width_characters_leave_one_line_fields() {
        assert_eq!(single_line("Sam\u{200B}\u{FEFF}"), "Sam");
        assert_eq!(single_line("\u{3164}\u{2800}"), "");
        assert_eq!(multi_line("👨\u{200D}👩"), "👨\u{200D}👩");
    }

    #[test]
    fn web_addresses() {
        for good in [
            "https://www.pl-sea.example",
            "http://tafe.example.edu.au/courses?id=1",
        ] {
            assert!(is_web_address(good), "{good}");
        }
        for bad in [
            "https://evil.example/\"><script>",
            "ftp://sea.example",
            "https://Bad Slug.example",
            "https://user:pw@x.example",
            "https://localhost",
            "javascript:alert(1)",
            "https://x.example/<b>",
        ] {
            assert!(!is_web_address(bad), "{bad}");
        }
    }

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
            "\"a b\"@x.example",
            "a@[192.0.2.1]",
        ] {
            assert!(!is_valid_email(bad), "{bad}");
        }
    }

    #[test]
    fn ids_are_strings_of_digits_only() {
        let parse = |raw: &str| serde_json::from_str::<Id>(raw).ok();
        assert_eq!(parse(r#""12""#), Some(Id(12)));
        assert_eq!(
            parse(r#""999999999999999999""#),
            Some(Id(999_999_999_999_999_999))
        );
        for bad in [
            "12",
            r#""0""#,
            r#""012""#,
            r#"" 12""#,
            r#""-3""#,
            r#""1e3""#,
            r#""""#,
            r#""1234567890123456789""#,
            "null",
            "true",
            r#"["1"]"#,
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn whole_numbers_are_integers_as_json_schema_counts_them() {
        #[derive(Deserialize)]
        struct Page {
            #[serde(default, deserialize_with = "optional_whole")]
            page: Option<i64>,
        }
        let parse = |raw: &str| serde_json::from_str::<Page>(raw).ok().map(|p| p.page);
        assert_eq!(parse(r#"{"page": 3}"#), Some(Some(3)));
        assert_eq!(parse(r#"{"page": 3.0}"#), Some(Some(3)));
        assert_eq!(parse(r#"{"page": null}"#), Some(None));
        assert_eq!(parse("{}"), Some(None));
        assert_eq!(
            parse(r#"{"page": 9007199254740991}"#),
            Some(Some(WHOLE_MAX))
        );
        for bad in [
            r#"{"page": 3.5}"#,
            r#"{"page": "3"}"#,
            r#"{"page": 9007199254740992}"#,
            r#"{"page": 1e300}"#,
        ] {
            assert_eq!(parse(bad), None, "{bad}");
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

/// Characters that take no space: they let two names that look alike differ, or a name look
/// empty. A one-line field drops them (a long text keeps them, where emoji sequences need the
/// zero-width joiner).
fn is_zero_width(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
    )
}

/// A one-line field (a name, a review title) as it is stored and mailed: line breaks and
/// tabs become spaces, other control and bidirectional characters are removed, so it cannot
/// start a new line in a mail or hide its real text.
pub fn single_line(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' | '\u{2028}' | '\u{2029}' => Some(' '),
            c if c.is_control() || is_invisible_trick(c) || is_zero_width(c) => None,
            c => Some(c),
        })
        .collect()
}

/// A web address a page may link to: http or https, a host name with a dot, no user name or
/// password, and no character that would have to be escaped in HTML or in a URL (`"`, `<`,
/// spaces...), so the address is shown and linked exactly as it was given.
pub fn is_web_address(text: &str) -> bool {
    let plain = !text
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || "\"'<>`{}|\\^".contains(c));
    let Ok(url) = url::Url::parse(text) else {
        return false;
    };
    plain
        && matches!(url.scheme(), "http" | "https")
        && url.domain().is_some_and(|host| host.contains('.'))
        && url.username().is_empty()
        && url.password().is_none()
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

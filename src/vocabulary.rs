//! Closed sets of words (a sort, a vote, a user type): one Rust enum per set, declared with
//! [`vocabulary!`], whose names are the API's and the database's exact strings. The router's
//! parsing and its message, the JSON answer, the stored column and the OpenAPI `enum` all come
//! from that one list.

use utoipa::openapi::Object;

use crate::error::{AppError, AppResult};

/// A closed set of words; implemented by [`vocabulary!`].
pub trait Vocabulary: Copy + 'static {
    const ALL: &'static [Self];

    fn name(self) -> &'static str;

    fn parse(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|word| word.name() == text)
    }

    fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|word| word.name()).collect()
    }

    /// `'a', 'b' or 'c'`, for a message.
    fn listed() -> String {
        let quoted: Vec<String> = Self::names().iter().map(|n| format!("'{n}'")).collect();
        match quoted.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

/// The word a request field holds, or a 400 naming the field and its words
/// (`sort must be 'a' or 'b'`) when it holds anything else.
pub fn parse_word<V: Vocabulary>(text: &str, field: &str) -> AppResult<V> {
    V::parse(text)
        .ok_or_else(|| AppError::invalid(Some(field), format!("{field} must be {}", V::listed())))
}

/// As [`parse_word`], for a field that may be absent.
pub fn optional_word<V: Vocabulary>(text: Option<&str>, field: &str) -> AppResult<Option<V>> {
    text.map(|text| parse_word(text, field)).transpose()
}

/// The OpenAPI schema of a field that holds one of the words.
pub fn schema<V: Vocabulary>(nullable: bool) -> Object {
    crate::contract::one_of(&V::names(), nullable)
}

/// Declares a vocabulary: the enum (`Variant = "word"`), its [`Vocabulary`] list, and its text,
/// JSON and SQLite forms, which are the words themselves.
macro_rules! vocabulary {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $word:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant),+
        }

        impl $crate::vocabulary::Vocabulary for $name {
            const ALL: &'static [Self] = &[$(Self::$variant),+];

            fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $word),+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::vocabulary::Vocabulary::name(*self))
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str($crate::vocabulary::Vocabulary::name(*self))
            }
        }

        impl rusqlite::types::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                Ok($crate::vocabulary::Vocabulary::name(*self).into())
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(
                value: rusqlite::types::ValueRef<'_>,
            ) -> rusqlite::types::FromSqlResult<Self> {
                let text = value.as_str()?;
                <Self as $crate::vocabulary::Vocabulary>::parse(text).ok_or_else(|| {
                    rusqlite::types::FromSqlError::Other(
                        format!("'{text}' is not a {}", stringify!($name)).into(),
                    )
                })
            }
        }
    };
}
pub(crate) use vocabulary;

#[cfg(test)]
mod tests {
    use super::*;

    vocabulary! {
        enum Fruit {
            Apple = "apple",
            BloodOrange = "blood orange",
        }
    }

    #[test]
    fn one_list_gives_the_parse_the_message_and_the_stored_form() {
        assert_eq!(Fruit::parse("blood orange"), Some(Fruit::BloodOrange));
        assert_eq!(Fruit::parse("Apple"), None);
        assert_eq!(Fruit::listed(), "'apple' or 'blood orange'");
        assert_eq!(optional_word::<Fruit>(None, "fruit").unwrap(), None);
        assert_eq!(
            optional_word::<Fruit>(Some("apple"), "fruit").unwrap(),
            Some(Fruit::Apple)
        );
        let AppError::Validation(items) = parse_word::<Fruit>("pear", "fruit").unwrap_err() else {
            panic!("not a 400");
        };
        assert_eq!(items[0].msg, "fruit must be 'apple' or 'blood orange'");
        assert_eq!(
            serde_json::to_string(&Fruit::BloodOrange).unwrap(),
            r#""blood orange""#
        );
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        let back: Fruit = conn
            .query_row("SELECT ?1", [Fruit::BloodOrange], |row| row.get(0))
            .unwrap();
        assert_eq!(back, Fruit::BloodOrange);
        assert!(
            conn.query_row("SELECT 'pear'", [], |row| row.get::<_, Fruit>(0))
                .is_err()
        );
    }
}

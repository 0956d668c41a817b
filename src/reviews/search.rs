//! Search inside a pair's reviews (issue 29 point 4): the rules of the search text, the FTS5
//! query it becomes (V20's `review_search`), and the matches cut out of a review's own text.
//! The reader's text is only ever one phrase: FTS5 syntax in it is text, never an operator.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    db::fts,
    error::{AppError, AppResult},
};

/// Letters or digits a search needs: fewer would match nearly every review.
pub const MIN_CHARS: usize = 3;
pub const MAX_CHARS: usize = 200;
pub const TOO_SHORT: &str = "Type at least 3 letters or numbers to search the reviews";
pub const TOO_LONG: &str = "The search can be at most 200 characters";

/// What highlight() puts around each match: private-use characters, which a review's text is
/// checked not to hold before its marks are trusted (`segments`).
pub const OPEN: char = '\u{E000}';
pub const CLOSE: char = '\u{E001}';

/// A checked search text, trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SearchText(String);

/// The reader's search, if any: an empty or blank text is no search. Control characters are
/// spaces, as the tokenizer reads them anyway (a NUL would end the query's text early).
pub fn check(text: Option<&str>) -> AppResult<Option<SearchText>> {
    let spaced: Option<String> = text.map(|text| {
        text.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect()
    });
    let Some(text) = spaced
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
    else {
        return Ok(None);
    };
    if text.chars().count() > MAX_CHARS {
        return Err(AppError::invalid(Some("search"), TOO_LONG));
    }
    if text.chars().filter(|c| c.is_alphanumeric()).count() < MIN_CHARS {
        return Err(AppError::invalid(Some("search"), TOO_SHORT));
    }
    Ok(Some(SearchText(text.to_owned())))
}

impl SearchText {
    /// The FTS5 query: the pair's token in its own column, and the reader's text as one phrase
    /// (its words in order, case and accents ignored) in the title or the comment.
    pub fn expression(&self, course_id: i64, provider_id: i64) -> String {
        format!(
            "pair : \"p{provider_id}c{course_id}\" AND {{title comment}} : {}",
            fts::phrase(&self.0)
        )
    }
}

/// A run of a review's text; `match` is true for the searched words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Segment {
    pub text: String,
    #[serde(rename = "match")]
    pub matched: bool,
}

/// A searched review's title and comment cut into segments; joined, each is the plain text.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Highlight {
    pub title: Vec<Segment>,
    pub comment: Vec<Segment>,
}

/// `plain` cut at the marks highlight() put into `marked`. The marks are trusted only if the
/// review's own text holds none of them and removing them gives back `plain`; otherwise the
/// text is one unmarked segment, so a review can never mark itself.
pub fn segments(marked: &str, plain: &str) -> Vec<Segment> {
    let unmarked = || {
        vec![Segment {
            text: plain.to_owned(),
            matched: false,
        }]
    };
    if plain.contains([OPEN, CLOSE]) {
        return unmarked();
    }
    let mut found = Vec::new();
    let mut rest = marked;
    while let Some(start) = rest.find(OPEN) {
        let Some(length) = rest[start..].find(CLOSE) else {
            return unmarked();
        };
        let (before, inside) = (
            &rest[..start],
            &rest[start + OPEN.len_utf8()..start + length],
        );
        push(&mut found, before, false);
        push(&mut found, inside, true);
        rest = &rest[start + length + CLOSE.len_utf8()..];
    }
    push(&mut found, rest, false);
    let joined: String = found.iter().map(|segment| segment.text.as_str()).collect();
    if joined != plain || found.iter().any(|s| s.text.contains([OPEN, CLOSE])) {
        return unmarked();
    }
    found
}

/// Adds `text` as a segment, joining it to the last one when both are (un)matched alike.
fn push(found: &mut Vec<Segment>, text: &str, matched: bool) {
    if text.is_empty() {
        return;
    }
    match found.last_mut() {
        Some(last) if last.matched == matched => last.text.push_str(text),
        _ => found.push(Segment {
            text: text.to_owned(),
            matched,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(segments: &[Segment]) -> String {
        segments
            .iter()
            .map(|s| {
                if s.matched {
                    format!("[{}]", s.text)
                } else {
                    s.text.clone()
                }
            })
            .collect()
    }

    #[test]
    fn the_text_is_checked() {
        assert_eq!(check(None).unwrap(), None);
        assert_eq!(check(Some("   ")).unwrap(), None);
        assert!(check(Some(" ab ")).is_err());
        assert!(check(Some("a\"*")).is_err());
        assert!(check(Some("abc")).unwrap().is_some());
        assert!(check(Some(&"é".repeat(200))).unwrap().is_some());
        assert!(check(Some(&"é".repeat(201))).is_err());
        assert_eq!(check(Some("\0\t\u{7f}")).unwrap(), None);
        let text = check(Some("abc\0def")).unwrap().unwrap();
        assert_eq!(
            text.expression(1, 1),
            "pair : \"p1c1\" AND {title comment} : \"abc def\""
        );
    }

    #[test]
    fn the_reader_text_is_one_phrase() {
        let text = check(Some("x\" OR pair:* NEAR(a b)")).unwrap().unwrap();
        assert_eq!(
            text.expression(2, 7),
            "pair : \"p7c2\" AND {title comment} : \"x\"\" OR pair:* NEAR(a b)\""
        );
    }

    #[test]
    fn marks_become_segments() {
        let marked = format!("Great {OPEN}teacher{CLOSE}, {OPEN}great{CLOSE}");
        let cut = segments(&marked, "Great teacher, great");
        assert_eq!(shown(&cut), "Great [teacher], [great]");
        assert_eq!(segments("no match", "no match").len(), 1);
    }

    #[test]
    fn a_review_cannot_mark_itself() {
        let plain = format!("a {OPEN}b{CLOSE} c");
        let cut = segments(&format!("a {OPEN}{OPEN}b{CLOSE}{CLOSE} c"), &plain);
        assert_eq!(
            cut,
            vec![Segment {
                text: plain,
                matched: false
            }]
        );
        let cut = segments(&format!("x {OPEN}y"), "x y");
        assert_eq!(shown(&cut), "x y");
    }
}

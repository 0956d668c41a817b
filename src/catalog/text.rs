//! Checks and clean-ups for catalogue text: slugs, course codes, and the HTML of career
//! copy and provider descriptions (sanitised when written, so pages can render it).

use std::{collections::HashSet, sync::LazyLock};

/// Lower-case letters and digits in words joined by single hyphens, at most 120 characters.
pub fn is_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 120
        && slug.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// A national training package code (three letters, AQF level, sequence, year: SIT30821)
/// or a state-accredited course code (five digits and the accrediting body: 22338VIC).
pub fn is_course_code(code: &str) -> bool {
    let b = code.as_bytes();
    let national = b.len() == 8
        && b[..3].iter().all(u8::is_ascii_uppercase)
        && b[3..].iter().all(u8::is_ascii_digit);
    let accredited = (7..=8).contains(&b.len())
        && b[..5].iter().all(u8::is_ascii_digit)
        && b[5..].iter().all(u8::is_ascii_uppercase);
    national || accredited
}

/// The label of an offering (or provider) that left the register at `retired_at` (Unix
/// seconds): its reviews stay readable under it.
pub fn retired_label(retired_at: i64) -> String {
    let when = time::OffsetDateTime::from_unix_timestamp(retired_at)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!(
        "No longer registered to deliver this course since {} {}",
        when.month(),
        when.year()
    )
}

static SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder
        .tags(HashSet::from([
            "a", "b", "br", "em", "h2", "h3", "h4", "i", "li", "ol", "p", "strong", "u", "ul",
        ]))
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .link_rel(Some("noopener noreferrer nofollow"));
    builder
});

/// Keeps only simple formatting and safe links; scripts, styles and handlers are removed.
pub fn sanitize_html(html: &str) -> String {
    SANITIZER.clean(html).to_string()
}

/// The text of sanitised HTML, for length limits.
pub fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    [
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&quot;", "\""),
        ("&#39;", "'"),
        ("&nbsp;", " "),
        ("&amp;", "&"),
    ]
    .iter()
    .fold(text, |text, (entity, c)| text.replace(entity, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert!(is_slug("hair-beauty"));
        assert!(is_slug("certificate-iii-in-commercial-cookery"));
        for bad in [
            "",
            "Hair-Beauty",
            "hair--beauty",
            "-hair",
            "hair beauty",
            "hair_beauty",
        ] {
            assert!(!is_slug(bad), "{bad}");
        }
    }

    #[test]
    fn course_codes() {
        for good in ["SIT30821", "CHC33021", "22338VIC", "10283NAT"] {
            assert!(is_course_code(good), "{good}");
        }
        for bad in [
            "sit30821",
            "SIT3082",
            "SIT308211",
            "S1T30821",
            "22338vic",
            "",
        ] {
            assert!(!is_course_code(bad), "{bad}");
        }
    }

    #[test]
    fn html_keeps_formatting_and_drops_scripts() {
        let clean = sanitize_html(
            r#"<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script><img src=x onerror=y></p><a href="javascript:z">l</a>"#,
        );
        assert_eq!(
            clean,
            "<p>Hi <strong>there</strong></p><a rel=\"noopener noreferrer nofollow\">l</a>"
        );
    }

    #[test]
    fn plain_text_strips_tags_and_entities() {
        assert_eq!(
            plain_text("<p>Fish &amp; chips &lt;3</p><ul><li>one</li></ul>"),
            "Fish & chips <3one"
        );
    }
}

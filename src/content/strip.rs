//! The promotion strip's content and its rules (spec 001 section 5): a short rich message
//! in the strip's three colours, and an optional button with a label and an http(s) link.

use std::{borrow::Cow, collections::HashSet, sync::LazyLock};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{catalog::text::plain_text, error::ErrorItem};

pub const MESSAGE_REQUIRED: &str = "Description is required";
pub const MESSAGE_TOO_LONG: &str = "Description must not be longer than 50 characters";
pub const LABEL_REQUIRED: &str = "Button Label is required";
pub const LABEL_TOO_LONG: &str = "Button Label must not be longer than 25 characters";
pub const LINK_REQUIRED: &str = "Button Link is required";
pub const LINK_INVALID: &str = "Button Link URL is invalid";
const MESSAGE_MAX: usize = 50;
const LABEL_MAX: usize = 25;

/// The strip's colours: white, blue and green, light enough to read on its dark background.
pub const COLOURS: [(&str, [u8; 3]); 3] = [
    ("#ffffff", [255, 255, 255]),
    ("#93c5fd", [147, 197, 253]),
    ("#86efac", [134, 239, 172]),
];

/// The static content keyed 'promotion-strip'.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct StripContent {
    pub display_promotion_strip: bool,
    /// The message's text; the server derives it from the HTML.
    pub strip_message_text: String,
    /// The message: `p`, `br`, `strong` and `span` in one of the three colours.
    pub strip_message_html: String,
    #[serde(rename = "displayCTAButton")]
    pub display_cta_button: bool,
    pub button_label: String,
    /// An http(s) link (one typed as `www.` is stored with `https://`).
    pub button_link: String,
}

impl StripContent {
    /// The content to store: the HTML sanitised, the text taken from it, the link made
    /// absolute; or every rule it breaks. What is switched off is kept but not checked.
    pub fn checked(self) -> Result<Self, Vec<ErrorItem>> {
        let html = sanitize_message(&self.strip_message_html);
        let text = plain_text(&html).trim().to_owned();
        let label = self.button_label.trim().to_owned();
        let mut errors = Vec::new();
        if self.display_promotion_strip {
            let length = text.chars().count();
            if length == 0 {
                errors.push(ErrorItem::field("stripMessageHtml", MESSAGE_REQUIRED));
            } else if length > MESSAGE_MAX {
                errors.push(ErrorItem::field("stripMessageHtml", MESSAGE_TOO_LONG));
            }
        }
        let link = self.button_link.trim();
        let checked_link = stored_link(link);
        if self.display_promotion_strip && self.display_cta_button {
            if label.is_empty() {
                errors.push(ErrorItem::field("buttonLabel", LABEL_REQUIRED));
            } else if label.chars().count() > LABEL_MAX {
                errors.push(ErrorItem::field("buttonLabel", LABEL_TOO_LONG));
            }
            if link.is_empty() {
                errors.push(ErrorItem::field("buttonLink", LINK_REQUIRED));
            } else if checked_link.is_none() {
                errors.push(ErrorItem::field("buttonLink", LINK_INVALID));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Self {
            strip_message_text: text,
            strip_message_html: html,
            button_label: label,
            // A link that is off and invalid is dropped rather than kept unsafe.
            button_link: checked_link.unwrap_or_default(),
            ..self
        })
    }
}

static SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(HashSet::from(["p", "br", "strong", "span"]))
        .add_tag_attributes("span", ["style"])
        .attribute_filter(|_, attribute, value| match attribute {
            "style" => allowed_colour(value).map(|hex| Cow::Owned(format!("color: {hex}"))),
            _ => Some(value.into()),
        });
    builder
});

/// Keeps bold, paragraphs, line breaks and the three colours; everything else goes.
pub fn sanitize_message(html: &str) -> String {
    SANITIZER.clean(html).to_string()
}

/// The canonical colour of a `style` that sets nothing but one of the strip's colours, as
/// `#rrggbb` or as the `rgb(r, g, b)` a browser's editor writes back.
fn allowed_colour(style: &str) -> Option<&'static str> {
    let declaration = style.trim().trim_end_matches(';');
    let (property, value) = declaration.split_once(':')?;
    if !property.trim().eq_ignore_ascii_case("color") {
        return None;
    }
    let value = value.trim().to_ascii_lowercase();
    COLOURS.iter().find_map(|(hex, [r, g, b])| {
        let rgb = format!("rgb({r}, {g}, {b})");
        (value == *hex || value.replace(' ', "") == rgb.replace(' ', "")).then_some(*hex)
    })
}

/// Whether a path or URL's path part holds nothing that could end the attribute or the link.
fn path_ok(path: &str) -> bool {
    !path.chars().any(|c| {
        c.is_whitespace() || c.is_control() || c == '"' || c == '<' || c == '>' || c == '\\'
    })
}

/// The spec's URL rule (http://, https:// or www., a top-level domain of 2 to 5 letters, an
/// optional port and path), answered as the http(s) link to store; or a path on this site
/// (`/competition`), kept as it is. `//host` is another site, so it is refused.
pub fn stored_link(link: &str) -> Option<String> {
    if link.starts_with('/') {
        return (!link.starts_with("//") && path_ok(link)).then(|| link.to_owned());
    }
    let lower = link.to_ascii_lowercase();
    let rest = if lower.starts_with("https://") {
        &link[8..]
    } else if lower.starts_with("http://") {
        &link[7..]
    } else if lower.starts_with("www.") {
        link
    } else {
        return None;
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(end);
    let host = match authority.split_once(':') {
        Some((host, port)) => {
            let port_ok =
                !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit());
            port_ok.then_some(host)?
        }
        None => authority,
    };
    let labels: Vec<&str> = host.split('.').collect();
    let tld = labels.last()?;
    let host_ok = labels.len() >= 2
        && (2..=5).contains(&tld.len())
        && tld.bytes().all(|b| b.is_ascii_alphabetic())
        && labels.iter().all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    if !(host_ok && path_ok(path)) {
        return None;
    }
    Some(if lower.starts_with("www.") {
        format!("https://{link}")
    } else {
        link.to_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_rule() {
        for (link, stored) in [
            ("https://example.com", "https://example.com"),
            (
                "http://example.com.au/enrol?x=1",
                "http://example.com.au/enrol?x=1",
            ),
            (
                "HTTPS://Shop.Example.info:8443/a/b",
                "HTTPS://Shop.Example.info:8443/a/b",
            ),
            ("www.example.org/path", "https://www.example.org/path"),
            ("/competition", "/competition"),
            (
                "/about/reviews?from=strip#top",
                "/about/reviews?from=strip#top",
            ),
        ] {
            assert_eq!(stored_link(link).as_deref(), Some(stored), "{link}");
        }
        for bad in [
            "",
            "example.com",
            "javascript:alert(1)",
            "ftp://example.com",
            "https://localhost:8080",
            "https://example.c",
            "https://example.museums",
            "https://example.travel",
            "https://exa mple.com",
            "https://example.com/a b",
            "https://example.com:port",
            "https://example.123",
            "https://.com",
            "www.example.com/\"onmouseover=",
            "//evil.example/x",
            "/\\evil.example",
            "/a b",
            "/\"onmouseover=",
        ] {
            assert_eq!(stored_link(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_sanitiser_keeps_only_bold_and_the_three_colours() {
        for (hostile, clean) in [
            (
                "<p><strong>Win</strong> now</p>",
                "<p><strong>Win</strong> now</p>",
            ),
            ("<script>alert(1)</script>Hi", "Hi"),
            ("<p onclick=\"x()\">Hi</p>", "<p>Hi</p>"),
            ("<a href=\"javascript:x()\">Hi</a>", "Hi"),
            ("<img src=x onerror=alert(1)>", ""),
            (
                "<span style=\"color: #93C5FD\">Blue</span>",
                "<span style=\"color: #93c5fd\">Blue</span>",
            ),
            (
                "<span style=\"color: rgb(134, 239, 172);\">Green</span>",
                "<span style=\"color: #86efac\">Green</span>",
            ),
            ("<span style=\"color: red\">Red</span>", "<span>Red</span>"),
            (
                "<span style=\"color: #fff; background: url(x)\">X</span>",
                "<span>X</span>",
            ),
            ("<span style=\"position: fixed\">X</span>", "<span>X</span>"),
            ("<em>i</em><u>u</u>", "iu"),
        ] {
            assert_eq!(sanitize_message(hostile), clean, "{hostile}");
        }
    }

    fn on(html: &str) -> StripContent {
        StripContent {
            display_promotion_strip: true,
            strip_message_html: html.into(),
            ..StripContent::default()
        }
    }

    #[test]
    fn what_is_off_is_kept_but_not_checked() {
        let off = StripContent {
            display_cta_button: true,
            button_label: "x".repeat(40),
            ..StripContent::default()
        };
        assert!(off.checked().is_ok());
        let stored = on("<p><strong>Enrol</strong> &amp; save</p>")
            .checked()
            .unwrap();
        assert_eq!(stored.strip_message_text, "Enrol & save");
    }
}

//! What a mail says, rendered from the template files in `src/mail/templates/` (minijinja, with
//! HTML escaping of every variable in the HTML part) into a text part and an HTML part that
//! carry the same words and the same link.

use std::sync::OnceLock;

use minijinja::Environment;
use rusqlite::Connection;
use serde::Serialize;

use super::{NewMail, enqueue};
use crate::error::AppError;

/// A mail's content: a greeting, paragraphs, lists of links, an optional button (its link also written out),
/// more paragraphs, and why the reader gets it (the footer).
#[derive(Serialize, Default)]
pub struct Letter {
    #[serde(skip)]
    pub to: String,
    #[serde(skip)]
    pub reply_to: Option<String>,
    pub subject: String,
    pub greeting: String,
    pub paragraphs: Vec<String>,
    /// Lists of links under headings, after the paragraphs (the weekly digest's reviews).
    pub lists: Vec<LinkList>,
    pub action: Option<Action>,
    pub after: Vec<String>,
    pub reason: String,
    /// An alert's one-click unsubscribe address, sent as `List-Unsubscribe` (RFC 8058).
    #[serde(skip)]
    pub list_unsubscribe: Option<String>,
}

/// The mail's one button: what it says and where it goes.
#[derive(Serialize)]
pub struct Action {
    pub label: String,
    pub url: String,
}

/// A heading and its links.
#[derive(Serialize)]
pub struct LinkList {
    pub heading: String,
    pub links: Vec<ListedLink>,
}

/// A line of a list that opens `url`.
#[derive(Serialize)]
pub struct ListedLink {
    pub text: String,
    pub url: String,
}

impl Action {
    pub fn new(label: impl Into<String>, url: impl Into<String>) -> Option<Self> {
        Some(Self {
            label: label.into(),
            url: url.into(),
        })
    }
}

fn templates() -> &'static Environment<'static> {
    static TEMPLATES: OnceLock<Environment<'static>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut env = Environment::new();
        // Names ending in .html are escaped as HTML (minijinja's default); .txt is not.
        env.add_template("letter.txt", include_str!("templates/letter.txt"))
            .expect("letter.txt is a valid template");
        env.add_template("letter.html", include_str!("templates/letter.html"))
            .expect("letter.html is a valid template");
        env
    })
}

impl Letter {
    /// The text part and the HTML part, for a site called `site`.
    pub fn render(&self, site: &str) -> Result<(String, String), minijinja::Error> {
        let context = minijinja::context! { site, ..minijinja::Value::from_serialize(self) };
        let text = templates().get_template("letter.txt")?.render(&context)?;
        let html = templates().get_template("letter.html")?.render(&context)?;
        Ok((text, html))
    }

    /// Renders the letter and queues it in the caller's transaction.
    pub fn queue(&self, conn: &Connection, site: &str) -> Result<i64, AppError> {
        let (text, html) = self.render(site).map_err(anyhow::Error::from)?;
        enqueue(
            conn,
            &NewMail {
                to: &self.to,
                reply_to: self.reply_to.as_deref(),
                subject: &self.subject,
                text: &text,
                html: Some(&html),
                list_unsubscribe: self.list_unsubscribe.as_deref(),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hostile() -> Letter {
        Letter {
            subject: "Hi <b>".into(),
            greeting: "Hi <script>alert(1)</script> & \"Sam\"".into(),
            paragraphs: vec!["Your review \"<img src=x onerror=alert(1)>\" is live.".into()],
            action: Action::new("Open <it>", "https://site.example/a?b=1&c=\"2\""),
            after: vec!["</td></table><a href=javascript:alert(1)>x</a>".into()],
            reason: "You get this because <you> asked.".into(),
            ..Letter::default()
        }
    }

    #[test]
    fn every_variable_is_escaped_in_the_html_part() {
        let (_, html) = hostile().render("Course<Source>").unwrap();
        for raw in [
            "<script>",
            "<img src=x",
            "</td></table><a href=javascript",
            "<it>",
            "<you>",
            "Course<Source>",
            "c=\"2\"",
        ] {
            assert!(!html.contains(raw), "{raw} survived in {html}");
        }
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;&#x2f;script&gt;"),
            "{html}"
        );
        assert!(
            html.contains("href=\"https:&#x2f;&#x2f;site.example&#x2f;a?b=1&amp;c=&quot;2&quot;\""),
            "{html}"
        );
    }

    #[test]
    fn the_text_part_keeps_the_words_as_typed_and_writes_the_link_out() {
        let (text, html) = hostile().render("CourseSource").unwrap();
        assert!(
            text.contains("Hi <script>alert(1)</script> & \"Sam\""),
            "{text}"
        );
        assert!(
            text.contains("Open <it>:\nhttps://site.example/a?b=1&c=\"2\"\n"),
            "{text}"
        );
        assert!(text.contains("You get this because <you> asked."));
        assert!(
            html.contains("Or open this link"),
            "the HTML part writes the link out too"
        );
    }
}

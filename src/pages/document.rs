//! A page's HTML: the UI's `index.html` with the page's head, its first view and its first data
//! written in. The head also holds the app's entry script and preloads of the page's own lazy
//! chunks and the text font, read from the build's manifest (`dist/.vite/manifest.json`), in a
//! template that `boot.js` adds to the head once the page has painted, so they download after
//! the page shows rather than before it (issue 32).

use std::{
    collections::{BTreeSet, HashMap},
    sync::LazyLock,
};

use minijinja::{Value as Template, context};
use serde::{Deserialize, Serialize};

use super::{BRAND, first_data::FirstData, templates, view::View};
use crate::error::AppResult;

/// `index.html` cut where the server writes: the `<title>` and description go, the page's head
/// takes their place, and the page's view goes inside `<div id="root">`.
struct Shell {
    head_start: String,
    head_end: String,
    /// The app's entry script, taken out of the head: the page's after-first-paint template
    /// holds it until `boot.js` starts the app.
    entry: String,
    body_start: String,
    body_end: String,
    manifest: Manifest,
}

#[derive(Default, Deserialize)]
struct Manifest(HashMap<String, Chunk>);

#[derive(Default, Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    assets: Vec<String>,
}

const ENTRY: &str = "index.html";
const ROOT: &str = "<div id=\"root\"></div>";

static SHELL: LazyLock<Shell> = LazyLock::new(|| {
    let index = crate::web::index_html_text().unwrap_or_default();
    let manifest = crate::web::build_manifest()
        .and_then(|json| serde_json::from_slice(&json).ok())
        .unwrap_or_default();
    Shell::cut(&index, manifest).with_inline_stylesheet(crate::web::asset_text)
});

impl Shell {
    fn cut(index: &str, manifest: Manifest) -> Self {
        let (index, _) = take_out(index, "<meta name=\"description\"", ">");
        let (head_start, rest) = match index.split_once("<title>") {
            Some((start, rest)) => (
                start.to_owned(),
                rest.split_once("</title>").map_or(rest, |(_, after)| after),
            ),
            None => (String::new(), index.as_str()),
        };
        let (head_end, body) = rest.split_once("</head>").unwrap_or((rest, ""));
        let (body_start, body_end) = body.split_once(ROOT).unwrap_or((body, ""));
        let (head_end, entry) = take_out(head_end, "<script type=\"module\"", "</script>");
        Self {
            head_start: head_start.to_owned(),
            head_end: format!("{}</head>", head_end.trim_start()),
            entry: entry.to_owned(),
            body_start: body_start.to_owned(),
            body_end: body_end.to_owned(),
            manifest,
        }
    }

    /// The stylesheet written into the head rather than linked: the first paint then waits
    /// for the page alone, not for a second request that shares a slow phone connection with
    /// the scripts (Lighthouse's FCP and LCP on a phone, issue 11). `read` gives a build file's
    /// text; a stylesheet it cannot give, or that could close the element early, stays linked.
    fn with_inline_stylesheet(mut self, read: impl Fn(&str) -> Option<String>) -> Self {
        const OPEN: &str = "<link rel=\"stylesheet\" crossorigin href=\"/";
        let Some(at) = self.head_end.find(OPEN) else {
            return self;
        };
        let Some(close) = self.head_end[at..].find('>').map(|end| at + end + 1) else {
            return self;
        };
        let path = self.head_end[at + OPEN.len()..close].trim_end_matches(['>', '"', '/', ' ']);
        if let Some(css) = read(path).filter(|css| !css.to_ascii_lowercase().contains("</style")) {
            self.head_end
                .replace_range(at..close, &format!("<style>{}</style>", css.trim_end()));
        }
        self
    }

    /// The files of `module`'s chunk and of every chunk it imports, except what the entry
    /// already loads.
    fn preloads(&self, module: &str) -> Vec<String> {
        let mut entry = BTreeSet::new();
        self.collect(ENTRY, &mut entry);
        let mut page = BTreeSet::new();
        self.collect(module, &mut page);
        let mut files: Vec<String> = page
            .difference(&entry)
            .filter_map(|key| self.manifest.0.get(key))
            .map(|chunk| chunk.file.clone())
            .collect();
        // The page's own chunk first: the browser fetches in this order.
        if let Some(own) = self.manifest.0.get(module) {
            files.retain(|file| *file != own.file);
            files.insert(0, own.file.clone());
        }
        files
    }

    fn collect(&self, key: &str, into: &mut BTreeSet<String>) {
        if !into.insert(key.to_owned()) {
            return;
        }
        if let Some(chunk) = self.manifest.0.get(key) {
            for import in &chunk.imports {
                self.collect(import, into);
            }
        }
    }

    /// The variable Inter file for Latin text, which the app's stylesheet asks for: every page
    /// sets its text in it once the app has started.
    fn font(&self) -> Option<&str> {
        self.manifest
            .0
            .values()
            .flat_map(|chunk| std::iter::once(&chunk.file).chain(&chunk.assets))
            .find(|file| file.contains("-latin-wght-normal-") && file.ends_with(".woff2"))
            .map(String::as_str)
    }
}

#[derive(Serialize)]
struct Head<'a> {
    view: &'a View,
    site_name: &'a str,
    entry: Template,
    preloads: Vec<String>,
    font: Option<&'a str>,
    /// Each JSON-LD block, escaped for a script element.
    json_ld: Vec<Template>,
}

/// The whole page. `module` is the UI source file of the page's lazy chunk (a key of the
/// build manifest); `data` the first data, when the page has some.
pub fn render(view: &View, module: Option<&str>, data: Option<&FirstData>) -> AppResult<String> {
    let shell = &*SHELL;
    let json_ld = view
        .json_ld
        .iter()
        .map(|block| script_json(block).map(Template::from_safe_string))
        .collect::<serde_json::Result<_>>()
        .map_err(anyhow::Error::from)?;
    let head = templates::render(
        "head.html",
        Head {
            view,
            site_name: BRAND,
            entry: Template::from_safe_string(shell.entry.clone()),
            preloads: module.map(|m| shell.preloads(m)).unwrap_or_default(),
            font: shell.font(),
            json_ld,
        },
    )?;
    let body = templates::render("body.html", context! { view })?;
    let data = match data {
        Some(data) => format!(
            "<script type=\"application/json\" id=\"page-data\">{}</script>\n",
            script_json(data).map_err(anyhow::Error::from)?
        ),
        None => String::new(),
    };
    Ok(format!(
        "{}{head}\n    {}{}<div id=\"root\">{body}</div>\n    {data}{}",
        shell.head_start, shell.head_end, shell.body_start, shell.body_end
    ))
}

/// `text` without the first piece that runs from `start` to `end` (and the spaces after it), and
/// that piece: `text` whole and nothing when it has none.
fn take_out<'a>(text: &'a str, start: &str, end: &str) -> (String, &'a str) {
    let found = text
        .find(start)
        .and_then(|at| Some((at, text[at..].find(end)? + at + end.len())));
    match found {
        Some((at, close)) => (
            format!("{}{}", &text[..at], text[close..].trim_start()),
            &text[at..close],
        ),
        None => (text.to_owned(), ""),
    }
}

/// JSON that can sit inside a `<script>` element: `<`, `>` and `&` are written as `\u003c`,
/// `\u003e` and `\u0026` (so neither `</script>` nor `<!--` can appear), and the line
/// separators U+2028 and U+2029 escaped too. All of them can only occur inside JSON strings,
/// where the escapes mean the same characters.
pub fn script_json(value: &impl Serialize) -> serde_json::Result<String> {
    let json = serde_json::to_string(value)?;
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_its_element() {
        let hostile = serde_json::json!({ "copy": "</script><!-- \"x\" & 'y' \u{2028}\u{2029}" });
        let json = script_json(&hostile).unwrap();
        assert_eq!(
            json,
            r#"{"copy":"\u003c/script\u003e\u003c!-- \"x\" \u0026 'y' \u2028\u2029"}"#
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&json).unwrap(),
            hostile
        );
    }

    #[test]
    fn the_shell_is_cut_around_the_title_description_and_root() {
        let index = "<!doctype html>\n<html>\n  <head>\n    <meta charset=\"UTF-8\" />\n    <meta name=\"description\" content=\"Old\" />\n    <title>Old</title>\n    <script type=\"module\" src=\"/assets/index-a.js\"></script>\n  </head>\n  <body>\n    <div id=\"root\"></div>\n  </body>\n</html>\n";
        let shell = Shell::cut(index, Manifest::default());
        assert_eq!(
            shell.head_start,
            "<!doctype html>\n<html>\n  <head>\n    <meta charset=\"UTF-8\" />\n    "
        );
        assert_eq!(shell.head_end, "</head>");
        assert_eq!(
            shell.entry,
            "<script type=\"module\" src=\"/assets/index-a.js\"></script>"
        );
        assert_eq!(shell.body_start, "\n  <body>\n    ");
        assert_eq!(shell.body_end, "\n  </body>\n</html>\n");
    }

    #[test]
    fn the_stylesheet_is_written_into_the_head_unless_it_could_close_its_element() {
        let index = "<head>\n<title>Old</title>\n<script type=\"module\" crossorigin src=\"/assets/index-a.js\"></script>\n<link rel=\"stylesheet\" crossorigin href=\"/assets/index-b.css\">\n</head>\n<body><div id=\"root\"></div></body>";
        let css = |text: &'static str| {
            move |path: &str| (path == "assets/index-b.css").then(|| text.to_owned())
        };
        let shell = Shell::cut(index, Manifest::default()).with_inline_stylesheet(css("a{b:c}\n"));
        assert_eq!(shell.head_end, "<style>a{b:c}</style>\n</head>");
        for kept in [
            Shell::cut(index, Manifest::default())
                .with_inline_stylesheet(css("a{content:'</STYLE>'}")),
            Shell::cut(index, Manifest::default()).with_inline_stylesheet(|_: &str| None),
        ] {
            assert!(
                kept.head_end
                    .contains("<link rel=\"stylesheet\" crossorigin href=\"/assets/index-b.css\">")
            );
        }
    }
}

//! The server's page templates (minijinja, files in `templates/`). Every value is escaped for
//! HTML and XML text and quoted attributes (`&`, `<`, `>`, `"`, `'`); only values a template
//! marks safe go out as they are: the JSON blocks, escaped for a script element beforehand.

use std::sync::LazyLock;

use minijinja::{Environment, Error, Output, State, Value};
use serde::Serialize;

use crate::error::AppResult;

static TEMPLATES: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    env.set_formatter(escape);
    for (name, source) in [
        ("sitemap.xml", include_str!("templates/sitemap.xml")),
        ("head.html", include_str!("templates/head.html")),
        ("body.html", include_str!("templates/body.html")),
    ] {
        env.add_template(name, source)
            .unwrap_or_else(|err| panic!("the template {name} parses: {err}"));
    }
    env
});

/// Text through `htmlescape` (readable URLs: `/` stays `/`), everything else as minijinja would.
fn escape(out: &mut Output, state: &State, value: &Value) -> Result<(), Error> {
    match value.as_str() {
        Some(text) if !value.is_safe() => Ok(out.write_str(&htmlescape::encode_minimal(text))?),
        _ => minijinja::escape_formatter(out, state, value),
    }
}

/// Renders the template `name` (a file name in `templates/`).
pub fn render(name: &str, context: impl Serialize) -> AppResult<String> {
    let template = TEMPLATES.get_template(name).map_err(anyhow::Error::from)?;
    Ok(template.render(context).map_err(anyhow::Error::from)?)
}

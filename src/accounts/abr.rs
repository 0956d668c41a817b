//! The Australian Business Register's ABN lookup (DESIGN decision 8), used only when the
//! operator sets `APP_ABR_GUID`. It answers JSONP: `callback({"Abn": ..., "EntityName": ...})`.
//! Any failure (outage, timeout, unknown ABN) means "no name": the check-digit rule still
//! decides validity, and sign-up keeps working when the register does not.

use std::time::Duration;

use serde::Deserialize;

use crate::config::Settings;

/// A sign-up form waits for this answer, so a slow register must not hold it up for long.
const TIMEOUT: Duration = Duration::from_secs(4);

#[derive(Clone)]
pub struct Abr {
    http: reqwest::Client,
    url: String,
    guid: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct AbnDetails {
    #[serde(default)]
    entity_name: String,
    /// Non-empty when the register has no such ABN or refuses the request (e.g. a wrong GUID).
    #[serde(default)]
    message: String,
}

impl Abr {
    /// The lookup, when the settings configure one.
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Option<Self>> {
        let Some(guid) = settings
            .abr_guid
            .clone()
            .filter(|guid| !guid.trim().is_empty())
        else {
            return Ok(None);
        };
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .user_agent(concat!("CourseSource/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Some(Self {
            http,
            url: settings.abr_url.clone(),
            guid,
        }))
    }

    /// The registered entity name of a (check-digit valid) ABN, or None.
    pub async fn entity_name(&self, abn: &str) -> Option<String> {
        match self.lookup(abn).await {
            Ok(details) if details.message.is_empty() && !details.entity_name.trim().is_empty() => {
                Some(details.entity_name.trim().to_owned())
            }
            Ok(details) => {
                tracing::debug!(
                    abn,
                    message = details.message,
                    "the ABR has no entity name for this ABN"
                );
                None
            }
            Err(error) => {
                // The GUID is the operator's credential and rides in the query string: it
                // never reaches the log, even inside an error that quotes the URL.
                let error = format!("{error:#}").replace(&self.guid, "[GUID]");
                tracing::warn!(abn, error, "ABN lookup failed");
                None
            }
        }
    }

    async fn lookup(&self, abn: &str) -> anyhow::Result<AbnDetails> {
        let query = [
            ("abn", abn),
            ("guid", self.guid.as_str()),
            ("callback", "callback"),
        ];
        let body = self
            .http
            .get(&self.url)
            .query(&query)
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(reqwest::Error::without_url)?
            .text()
            .await
            .map_err(reqwest::Error::without_url)?;
        Ok(serde_json::from_str(unwrap_jsonp(&body))?)
    }
}

/// The JSON inside `callback(...)`, or the body itself when it is plain JSON.
fn unwrap_jsonp(body: &str) -> &str {
    let body = body.trim().trim_end_matches(';');
    match (body.find('('), body.rfind(')')) {
        (Some(open), Some(close)) if !body.starts_with('{') && open < close => {
            &body[open + 1..close]
        }
        _ => body,
    }
}

#[cfg(test)]
mod tests {
    use super::unwrap_jsonp;

    #[test]
    fn reads_jsonp_and_plain_json() {
        assert_eq!(
            unwrap_jsonp(r#"callback({"EntityName":"A (B)"})"#),
            r#"{"EntityName":"A (B)"}"#
        );
        assert_eq!(unwrap_jsonp("callback({\"a\":1});\n"), r#"{"a":1}"#);
        assert_eq!(
            unwrap_jsonp(r#"{"EntityName":"A (B)"}"#),
            r#"{"EntityName":"A (B)"}"#
        );
    }
}

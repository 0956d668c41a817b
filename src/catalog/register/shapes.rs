//! The register's answers, as far as the sync reads them. Privacy by allowlist: only the
//! fields named here are read at all; everything else in an answer (contacts, people's names,
//! phone numbers, e-mail addresses) is dropped by the parser and never stored or logged.
//! Every field is optional here so that a missing one is reported by name (see `check`).
//! `tests/fixtures/register/README.md` says where each shape is documented.

use serde::Deserialize;

/// A page of `/api/search/training` or `/api/search/organisation`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchPage<T> {
    pub total_count: Option<u64>,
    pub data: Option<Vec<T>>,
}

#[derive(Debug, Deserialize)]
pub struct CodeTitle {
    pub code: Option<String>,
    pub title: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    pub is_current: Option<bool>,
}

#[derive(Debug, Deserialize)]
pub struct Anzsco {
    pub code: Option<String>,
    pub name: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndustrySector {
    pub industry_sector: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct Occupation {
    pub occupation: Option<String>,
}

/// A `supersedes` link: only its code is read for now (checked for loops); recording the links
/// waits for the catalogue's supersession table.
#[derive(Debug, Deserialize)]
pub struct Supersedes {
    pub code: Option<String>,
}

/// A training component of `/api/search/training` (the sync asks for qualifications only).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Qualification {
    pub code: Option<String>,
    pub title: Option<String>,
    pub status: Option<Status>,
    pub qualification_level: Option<String>,
    pub training_package: Option<CodeTitle>,
    pub anzsco: Option<Anzsco>,
    #[serde(default)]
    pub taxonomy_industry: Vec<IndustrySector>,
    #[serde(default)]
    pub taxonomy_occupation: Vec<Occupation>,
    #[serde(default)]
    pub supersedes: Vec<Supersedes>,
}

/// `/api/training/{code}`: only its releases, for the description's content bundle.
#[derive(Debug, Deserialize)]
pub struct TrainingDetail {
    #[serde(default)]
    pub releases: Vec<Release>,
}

/// A release: public harvesters read `releaseNumber` and `currency` ('current') here and
/// find the bundles in the release's own detail; a `contentBundleId` given here is used as is.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Release {
    #[serde(default, deserialize_with = "text_or_number")]
    pub release_number: Option<String>,
    pub currency: Option<String>,
    #[serde(default, deserialize_with = "text_or_number")]
    pub content_bundle_id: Option<String>,
}

/// `/api/training/{code}/releases/{releaseNumber}`: the release's content bundles.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReleaseDetail {
    #[serde(default)]
    pub content_bundles: Vec<BundleRef>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BundleRef {
    #[serde(default, deserialize_with = "text_or_number")]
    pub id: Option<String>,
    /// '0000' is the default bundle (a component's own text).
    pub type_code: Option<String>,
}

/// `/api/content/bundle/{id}`: titled pieces of HTML, as `items[] {title, contentType,
/// content}` (public harvesters), or `contents[] {title, html}`.
#[derive(Debug, Deserialize)]
pub struct ContentBundle {
    #[serde(default, alias = "items")]
    pub contents: Vec<Content>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Content {
    pub title: Option<String>,
    pub content_type: Option<String>,
    #[serde(alias = "content")]
    pub html: Option<String>,
}

/// An id the register may write as a string or as a number.
fn text_or_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Option::<serde_json::Value>::deserialize(d)? {
        Some(serde_json::Value::String(s)) => Some(s),
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        _ => None,
    })
}

/// A page of `/api/training/{code}/delivery`: no total; `links.next-page` while more follow.
/// The rows are read from `data`, or from `value` as the organisation's `/scope` lists them.
#[derive(Debug, Deserialize)]
pub struct DeliveryPage {
    #[serde(alias = "value")]
    pub data: Option<Vec<Delivery>>,
    pub links: Option<Links>,
}

#[derive(Debug, Deserialize)]
pub struct Links {
    #[serde(rename = "next-page")]
    pub next_page: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub organisation_code: Option<String>,
    /// 'Current', 'Superseded', ...: the scope item's status
    pub status: Option<String>,
    /// 'Deliver and assess' or 'Assess only'
    pub extent: Option<String>,
}

/// An organisation of `/api/search/organisation`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Organisation {
    pub code: Option<String>,
    pub legal_name: Option<String>,
    #[serde(default)]
    pub trading_names: Vec<TradingName>,
    pub registration: Option<Registration>,
    pub head_office_address: Option<Address>,
}

/// A trading name: a string in search results, or `{name, endDate}` as the organisation's
/// detail gives them (an ended one is no longer used).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum TradingName {
    Text(String),
    Dated {
        name: Option<String>,
        #[serde(rename = "endDate")]
        end_date: Option<String>,
    },
}

impl TradingName {
    /// The name while it is in use.
    pub fn current(&self) -> Option<&String> {
        match self {
            Self::Text(name) => Some(name),
            Self::Dated { name, end_date } => name.as_ref().filter(|_| end_date.is_none()),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Registration {
    pub status_label: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub suburb: Option<String>,
    pub state: Option<State>,
    pub post_code: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct State {
    pub abbreviation: Option<String>,
}

/// `/api/organisation/{code}/webaddress`: the address as `webAddress` with an `endDate` once
/// it is no longer used (as the organisation's detail lists `webAddresses`), or as `url`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WebAddress {
    #[serde(alias = "webAddress")]
    pub url: Option<String>,
    pub is_primary: Option<bool>,
    pub end_date: Option<String>,
}

/// One of `/api/organisation/{code}/regulatorydecision` or `/restrictions`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Decision {
    #[serde(alias = "restrictionType")]
    pub decision_type: Option<String>,
    pub description: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub is_historic: Option<bool>,
}

/// Where public harvesters show a shape other than the one first assumed, both are read.
#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::catalog::register::{check, read};

    fn parse<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> T {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn a_bundle_is_read_as_items_or_contents() {
        for bundle in [
            json!({ "items": [{ "title": "Packaging Rules", "content": "<p>13 units</p>" },
                              { "contentType": "QualificationDescription", "content": "<p>What it covers.</p>" }] }),
            json!({ "contents": [{ "title": "Qualification Description", "html": "<p>What it covers.</p>" }] }),
        ] {
            let bundle: ContentBundle = parse(bundle);
            assert_eq!(
                check::description(&bundle).as_deref(),
                Some("What it covers.")
            );
        }
    }

    #[test]
    fn the_current_release_is_the_one_marked_current_else_the_highest() {
        let releases: Vec<Release> = parse(json!([
            { "releaseNumber": 3, "currency": "superseded" },
            { "releaseNumber": "2", "currency": "Current" },
        ]));
        let current = read::current_release(&releases).unwrap();
        assert_eq!(current.release_number.as_deref(), Some("2"));
        let releases: Vec<Release> = parse(json!([
            { "releaseNumber": "1", "contentBundleId": "a" },
            { "releaseNumber": "2", "contentBundleId": "b" },
        ]));
        let current = read::current_release(&releases).unwrap();
        assert_eq!(current.content_bundle_id.as_deref(), Some("b"));
        let detail: ReleaseDetail =
            parse(json!({ "contentBundles": [{ "id": 42, "typeCode": "0013" }] }));
        assert_eq!(detail.content_bundles[0].id.as_deref(), Some("42"));
    }

    #[test]
    fn a_web_address_is_read_as_web_address_or_url_and_an_ended_one_is_passed_over() {
        let addresses: Vec<WebAddress> = parse(json!([
            { "webAddress": "old.example.edu.au", "endDate": "2020-01-01" },
            { "webAddress": "www.example.edu.au", "endDate": null },
        ]));
        assert_eq!(
            check::website("o", &addresses).unwrap().as_deref(),
            Some("https://www.example.edu.au")
        );
        let addresses: Vec<WebAddress> =
            parse(json!([{ "url": "https://a.example", "isPrimary": true }]));
        assert_eq!(
            check::website("o", &addresses).unwrap().as_deref(),
            Some("https://a.example")
        );
    }

    #[test]
    fn trading_names_are_read_as_text_or_dated_and_rows_as_data_or_value() {
        let o: Organisation = parse(json!({ "tradingNames": [
            { "name": "Old Name", "endDate": "2019-01-01" }, { "name": "New Name", "endDate": null },
        ] }));
        let names: Vec<_> = o
            .trading_names
            .iter()
            .filter_map(TradingName::current)
            .collect();
        assert_eq!(names, ["New Name"]);
        let o: Organisation = parse(json!({ "tradingNames": ["Plain Name"] }));
        assert_eq!(
            o.trading_names[0].current().map(String::as_str),
            Some("Plain Name")
        );
        let page: DeliveryPage = parse(json!({ "value": [{ "organisationCode": "1" }] }));
        assert_eq!(page.data.map(|d| d.len()), Some(1));
    }
}

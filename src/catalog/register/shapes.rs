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

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Release {
    pub release_number: Option<String>,
    pub content_bundle_id: Option<String>,
}

/// `/api/content/bundle/{id}`: titled pieces of HTML.
#[derive(Debug, Deserialize)]
pub struct ContentBundle {
    #[serde(default)]
    pub contents: Vec<Content>,
}

#[derive(Debug, Deserialize)]
pub struct Content {
    pub title: Option<String>,
    pub html: Option<String>,
}

/// A page of `/api/training/{code}/delivery`: no total; `links.next-page` while more follow.
#[derive(Debug, Deserialize)]
pub struct DeliveryPage {
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
    pub trading_names: Vec<String>,
    pub registration: Option<Registration>,
    pub head_office_address: Option<Address>,
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

/// `/api/organisation/{code}/webaddress`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WebAddress {
    pub url: Option<String>,
    pub is_primary: Option<bool>,
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

//! The Notifications settings page's calls: `GET /api/notification-settings` (each kind with
//! its choice, default and possible choices, and the time zone of the weekly digest) and `PUT
//! /api/notification-settings` (any of them changed; unknown kinds and choices refused).

use std::collections::BTreeMap;

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    alert_kinds::{AlertChoice, AlertKind},
    alerts_store,
};
use crate::{
    auth::AuthUser,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::Id,
    vocabulary::{self, Vocabulary},
};

/// Australia's zones in the tz database, west to east: the weekly digest goes out at 08:00 on
/// Monday in the user's.
pub const TIME_ZONES: &[&str] = &[
    "Australia/Perth",
    "Australia/Eucla",
    "Australia/Darwin",
    "Australia/Adelaide",
    "Australia/Broken_Hill",
    "Australia/Brisbane",
    "Australia/Lindeman",
    "Australia/Sydney",
    "Australia/Melbourne",
    "Australia/Hobart",
    "Australia/Lord_Howe",
];
/// The zone of a user who never chose one.
pub const DEFAULT_TIME_ZONE: &str = "Australia/Sydney";
pub const UNKNOWN_KIND: &str = "There is no such kind of notification.";
pub const NO_DIGEST: &str = "This kind of notification cannot come in the weekly digest.";
pub const UNKNOWN_ZONE: &str = "Choose one of Australia's time zones.";
pub const SAVED: &str = "Your notification settings are saved.";

/// The choices a kind offers: the weekly digest only for the kinds it lists.
pub fn offered(kind: AlertKind) -> Vec<AlertChoice> {
    AlertChoice::ALL
        .iter()
        .copied()
        .filter(|choice| *choice != AlertChoice::Weekly || kind.has_digest())
        .collect()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindSetting {
    /// 'followed-review', 'provider-review', 'review-reply' or 'report-outcome'.
    kind: &'static str,
    label: &'static str,
    /// 'site', 'weekly', 'now' or 'off'.
    choice: &'static str,
    default: &'static str,
    choices: Vec<&'static str>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationSettings {
    kinds: Vec<KindSetting>,
    /// The digest's zone; Australia/Sydney until the user chooses.
    time_zone: String,
    /// Whether the user chose the zone (else the page presets the browser's).
    time_zone_chosen: bool,
    time_zones: Vec<&'static str>,
}

fn current(conn: &rusqlite::Connection, user_id: i64) -> AppResult<NotificationSettings> {
    let stored = alerts_store::choices(conn, user_id)?;
    let zone = alerts_store::time_zone(conn, user_id)?;
    Ok(NotificationSettings {
        kinds: AlertKind::ALL
            .iter()
            .map(|&kind| KindSetting {
                kind: kind.name(),
                label: kind.label(),
                choice: stored
                    .iter()
                    .find(|(k, _)| *k == kind)
                    .map_or(kind.default_choice(), |(_, c)| *c)
                    .name(),
                default: kind.default_choice().name(),
                choices: offered(kind).into_iter().map(AlertChoice::name).collect(),
            })
            .collect(),
        time_zone_chosen: zone.is_some(),
        time_zone: zone.unwrap_or_else(|| DEFAULT_TIME_ZONE.to_owned()),
        time_zones: TIME_ZONES.to_vec(),
    })
}

/// How the caller hears about each kind of alert, and the digest's time zone.
#[utoipa::path(get, path = "/notification-settings", tag = "notifications", security(("session" = [])), responses(
    (status = 200, body = NotificationSettings), (status = 401, body = [ErrorItem])))]
pub async fn show(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
) -> AppResult<Json<NotificationSettings>> {
    Ok(Json(db.read(move |conn| current(conn, user.id)).await?))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct SettingsChange {
    /// The caller's own id, when given.
    user_id: Option<Id>,
    /// Kind to choice ('site', 'weekly', 'now' or 'off'); kinds left out keep theirs.
    choices: BTreeMap<String, String>,
    /// One of Australia's zones in the tz database.
    time_zone: Option<String>,
}

/// Each kind to change, with its new choice.
type Choices = Vec<(AlertKind, AlertChoice)>;

/// The changes, checked: every kind known, every choice one the kind offers, the zone Australian.
fn check(body: &SettingsChange) -> AppResult<(Choices, Option<String>)> {
    let mut problems = Vec::new();
    let mut changes = Vec::new();
    for (name, word) in &body.choices {
        let Some(kind) = AlertKind::parse(name) else {
            problems.push(ErrorItem::field(name.clone(), UNKNOWN_KIND));
            continue;
        };
        match vocabulary::parse_word::<AlertChoice>(word, name) {
            Ok(choice) if offered(kind).contains(&choice) => changes.push((kind, choice)),
            Ok(_) => problems.push(ErrorItem::field(name.clone(), NO_DIGEST)),
            Err(AppError::Validation(items)) => problems.extend(items),
            Err(other) => return Err(other),
        }
    }
    if let Some(zone) = &body.time_zone
        && !TIME_ZONES.contains(&zone.as_str())
    {
        problems.push(ErrorItem::field("timeZone", UNKNOWN_ZONE));
    }
    if !problems.is_empty() {
        return Err(AppError::Validation(problems));
    }
    Ok((changes, body.time_zone.clone()))
}

#[derive(Serialize, ToSchema)]
pub struct SavedSettings {
    msg: &'static str,
    settings: NotificationSettings,
}

/// Changes how the caller hears about some kinds, and the digest's time zone.
#[utoipa::path(put, path = "/notification-settings", tag = "notifications", security(("session" = [])), request_body = SettingsChange, responses(
    (status = 200, body = SavedSettings), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem])))]
pub async fn change(
    State(db): State<Db>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<SettingsChange>,
) -> AppResult<Json<SavedSettings>> {
    user.ensure_own(body.user_id)?;
    let (changes, zone) = check(&body)?;
    let settings = db
        .write(move |tx| {
            for (kind, choice) in changes {
                alerts_store::set_choice(tx, user.id, kind, choice)?;
            }
            if let Some(zone) = zone {
                alerts_store::set_time_zone(tx, user.id, &zone)?;
            }
            current(tx, user.id)
        })
        .await?;
    Ok(Json(SavedSettings {
        msg: SAVED,
        settings,
    }))
}

//! One-click unsubscribe (RFC 8058): every alert mail carries a link signed for its user, its
//! kinds (one, or those the weekly digest lists) and the choice that sent it. `POST
//! /api/unsubscribe/{token}` (the mail provider's one-click POST, or the page the body's link
//! opens) turns those kinds' mails off, keeping them in the site; `POST
//! /api/unsubscribe/{token}/undo` turns them back on. No login: the signature is the
//! credential, and a used link keeps working.

use axum::{
    Json,
    extract::{Path, State},
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use hmac::{Hmac, Mac};
use serde::Serialize;
use sha2::Sha256;
use std::sync::Arc;
use utoipa::ToSchema;

use super::{
    alert_kinds::{AlertChoice, AlertKind},
    alerts_store,
};
use crate::{
    config::Settings,
    db::Db,
    error::{AppError, AppResult, ErrorItem},
    vocabulary::Vocabulary,
};

pub const INVALID: &str = "This unsubscribe link is not valid, so nothing was changed. Log in and open your notification settings to choose what we mail you.";
const KEY_FILE: &str = "unsubscribe.key";

/// What a link is for: whose mails of which kinds, and the choice that sent them.
#[derive(Debug, PartialEq, Eq)]
pub struct Subscription {
    pub user_id: i64,
    pub kinds: Vec<AlertKind>,
    pub choice: AlertChoice,
}

fn signature(key: &[u8], text: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key");
    mac.update(b"unsubscribe\0");
    mac.update(text.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// The token for `subscription`: `signature.kind+kind.choice.user`. It ends in the user's
/// digits so the page's address never looks like a file's (`web::has_extension`).
pub fn token(key: &[u8], subscription: &Subscription) -> String {
    let kinds: Vec<&str> = subscription.kinds.iter().map(|k| k.name()).collect();
    let text = format!(
        "{}.{}.{}",
        kinds.join("+"),
        subscription.choice.name(),
        subscription.user_id
    );
    let signed = URL_SAFE_NO_PAD.encode(signature(key, &text));
    format!("{signed}.{text}")
}

/// The subscription a token names, if its signature holds and its words are known.
pub fn read(key: &[u8], token: &str) -> Option<Subscription> {
    let (signed, text) = token.split_once('.')?;
    let signed = URL_SAFE_NO_PAD.decode(signed).ok()?;
    let mut mac = Hmac::<Sha256>::new_from_slice(key).ok()?;
    mac.update(b"unsubscribe\0");
    mac.update(text.as_bytes());
    mac.verify_slice(&signed).ok()?;
    let mut parts = text.split('.');
    let kinds = parts
        .next()?
        .split('+')
        .map(AlertKind::parse)
        .collect::<Option<Vec<_>>>()?;
    let choice = AlertChoice::parse(parts.next()?)?;
    let user_id = parts.next()?.parse().ok()?;
    if parts.next().is_some() || !matches!(choice, AlertChoice::Weekly | AlertChoice::Now) {
        return None;
    }
    Some(Subscription {
        user_id,
        kinds,
        choice,
    })
}

/// The key unsubscribe tokens are signed with; a run that signs many reads it once.
pub fn key(settings: &Settings) -> Result<Vec<u8>, AppError> {
    Ok(settings.data_dir.secret(KEY_FILE)?)
}

/// The links (on the configured public address, https in production) that unsubscribe
/// `user_id` from the mails of `kinds` they get because of `choice`: the page the mail's body
/// links to, and the address of RFC 8058's one-click POST (`List-Unsubscribe`).
pub struct Links {
    pub page: String,
    pub one_click: String,
}

pub fn links(
    settings: &Settings,
    key: &[u8],
    user_id: i64,
    kinds: &[AlertKind],
    choice: AlertChoice,
) -> Links {
    let token = token(
        key,
        &Subscription {
            user_id,
            kinds: kinds.to_vec(),
            choice,
        },
    );
    let public_url = settings.public_url();
    Links {
        page: format!("{public_url}/unsubscribe/{token}"),
        one_click: format!("{public_url}/api/unsubscribe/{token}"),
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unsubscribed {
    msg: String,
    /// The kinds whose mails this link turns off or on.
    kinds: Vec<&'static str>,
    /// The kinds' names on the settings page.
    labels: Vec<&'static str>,
    /// How the kinds are heard now.
    choice: String,
}

async fn apply(
    db: &Db,
    settings: &Settings,
    token: &str,
    undo: bool,
) -> AppResult<Json<Unsubscribed>> {
    let subscription =
        read(&key(settings)?, token).ok_or_else(|| AppError::invalid(None, INVALID))?;
    let choice = if undo {
        subscription.choice
    } else {
        AlertChoice::Site
    };
    let Subscription { user_id, kinds, .. } = subscription;
    let labels: Vec<&'static str> = kinds.iter().map(|kind| kind.label()).collect();
    let names: Vec<&'static str> = kinds.iter().map(|kind| kind.name()).collect();
    let found = db
        .write(move |tx| {
            if alerts_store::recipient(tx, user_id)?.is_none() {
                return Ok(false);
            }
            for kind in kinds {
                alerts_store::set_choice(tx, user_id, kind, choice)?;
            }
            Ok::<_, AppError>(true)
        })
        .await?;
    if !found {
        return Err(AppError::invalid(None, INVALID));
    }
    let what = labels
        .iter()
        .map(|label| format!("'{label}'"))
        .collect::<Vec<_>>()
        .join(" and ");
    let msg = if undo {
        format!("Mails about {what} are back on.")
    } else {
        format!(
            "You will get no more mails about {what}. You still see them in the site's notifications. You can turn the mails back on here or in your notification settings."
        )
    };
    Ok(Json(Unsubscribed {
        msg,
        kinds: names,
        labels,
        choice: choice.name().to_owned(),
    }))
}

/// Turns off the mails the link was sent for (RFC 8058's one-click POST; any body).
#[utoipa::path(post, path = "/unsubscribe/{token}", tag = "notifications", params(("token" = String, Path, description = "The signed link from the mail")), responses(
    (status = 200, body = Unsubscribed), (status = 400, body = [ErrorItem])))]
pub async fn unsubscribe(
    State(db): State<Db>,
    State(settings): State<Arc<Settings>>,
    Path(token): Path<String>,
) -> AppResult<Json<Unsubscribed>> {
    apply(&db, &settings, &token, false).await
}

/// Turns the link's mails back on, as they were when it was sent.
#[utoipa::path(post, path = "/unsubscribe/{token}/undo", tag = "notifications", params(("token" = String, Path, description = "The signed link from the mail")), responses(
    (status = 200, body = Unsubscribed), (status = 400, body = [ErrorItem])))]
pub async fn undo(
    State(db): State<Db>,
    State(settings): State<Arc<Settings>>,
    Path(token): Path<String>,
) -> AppResult<Json<Unsubscribed>> {
    apply(&db, &settings, &token, true).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_reads_back_and_any_change_breaks_it() {
        let key = [7u8; 64];
        let subscription = Subscription {
            user_id: 42,
            kinds: vec![AlertKind::FollowedReview],
            choice: AlertChoice::Weekly,
        };
        let token = token(&key, &subscription);
        assert_eq!(read(&key, &token), Some(subscription));
        assert_eq!(read(&[8u8; 64], &token), None, "another key");
        let other_user = token.replace(".42", ".43");
        assert_eq!(read(&key, &other_user), None, "another user");
        let other_kind = token.replace("followed-review", "review-reply");
        assert_eq!(read(&key, &other_kind), None, "another kind");
        assert_eq!(read(&key, "abc.nonsense.weekly.42"), None);
        assert!(
            !crate::web::has_extension(&format!("/unsubscribe/{token}")),
            "the page's address is a page's"
        );
        assert_eq!(read(&key, ""), None);
        let digest = Subscription {
            user_id: 42,
            kinds: vec![AlertKind::FollowedReview, AlertKind::ProviderReview],
            choice: AlertChoice::Weekly,
        };
        let digest_token = super::token(&key, &digest);
        assert!(digest_token.contains(".followed-review+provider-review.weekly.42"));
        assert_eq!(read(&key, &digest_token), Some(digest));
        let fewer = digest_token.replace("+provider-review", "");
        assert_eq!(read(&key, &fewer), None, "a kind taken out");
    }
}

//! Alerts a user chose to hear (DESIGN decision 26): what kinds there are, how each is heard by
//! default, and sending one: the in-app notification through `notifications_store::notify`, and
//! for 'at once' a mail with one-click unsubscribe. Runs in the caller's transaction.

use rusqlite::Connection;

pub use super::alert_kinds::{AlertChoice, AlertKind};
use super::{alerts_store, follows_store, notifications_store::notify, unsubscribe};
use crate::{
    config::Settings,
    error::AppError,
    mail::{Action, Letter},
};

/// How `user_id` hears about `kind`: their choice, or the kind's default.
pub fn choice(conn: &Connection, user_id: i64, kind: AlertKind) -> Result<AlertChoice, AppError> {
    Ok(alerts_store::choice(conn, user_id, kind)?.unwrap_or(kind.default_choice()))
}

/// One alert for one user.
pub struct Alert<'a> {
    pub user_id: i64,
    pub review_id: Option<i64>,
    pub kind: AlertKind,
    /// The notification's sentence, also the mail's.
    pub message: &'a str,
    /// The mail's subject and button, when it is mailed at once.
    pub subject: &'a str,
    pub action: Option<Action>,
}

/// Tells the user as they chose: nothing when off, else one notification, and a mail at once
/// for 'now'. Answers whether a mail was queued.
pub fn send(conn: &Connection, settings: &Settings, alert: &Alert) -> Result<bool, AppError> {
    let choice = choice(conn, alert.user_id, alert.kind)?;
    if choice == AlertChoice::Off {
        return Ok(false);
    }
    notify(
        conn,
        alert.user_id,
        alert.review_id,
        alert.kind.notification(),
        alert.message,
    )?;
    if choice != AlertChoice::Now {
        return Ok(false);
    }
    let Some((email, first_name)) = alerts_store::recipient(conn, alert.user_id)? else {
        return Ok(false);
    };
    let site = &settings.site_name;
    let key = unsubscribe::key(settings)?;
    let unsubscribe = unsubscribe::links(settings, &key, alert.user_id, &[alert.kind], choice);
    let what = format!("'{}'", alert.kind.label());
    Letter {
        to: email,
        subject: alert.subject.to_owned(),
        greeting: format!("Hi {first_name},"),
        paragraphs: vec![alert.message.to_owned()],
        action: alert
            .action
            .as_ref()
            .and_then(|a| Action::new(&a.label, &a.url)),
        after: settings_paragraphs(settings, &what, &unsubscribe.page),
        reason: format!(
            "You get this mail because you chose to hear about '{}' at once on {site}.",
            alert.kind.label()
        ),
        list_unsubscribe: Some(unsubscribe.one_click),
        ..Letter::default()
    }
    .queue(conn, site)?;
    Ok(true)
}

/// The lines every alert mail ends with: the settings page, and the one-click way to stop the
/// mails about `what` (the kinds' labels, quoted).
pub fn settings_paragraphs(settings: &Settings, what: &str, unsubscribe: &str) -> Vec<String> {
    vec![
        format!(
            "Choose how you hear about each kind of alert on your notification settings page: {}/profile/notification-settings",
            settings.public_url()
        ),
        format!("To stop mails about {what}, open this link (no login needed): {unsubscribe}"),
    ]
}

/// A review's score as alerts write it after its title: ' (4.5 out of 5)', or nothing.
pub fn score_words(score_halves: Option<i64>) -> String {
    score_halves
        .map(|halves| format!(" ({} out of 5)", halves as f64 / 2.0))
        .unwrap_or_default()
}

/// A review was just approved: everyone who follows its pair, course or provider hears of it,
/// and so do the provider's representatives (once each, never its author).
pub fn review_published(
    conn: &Connection,
    settings: &Settings,
    review_id: i64,
) -> Result<(), AppError> {
    let Some(review) = alerts_store::published_review(conn, review_id)? else {
        return Ok(());
    };
    let representatives =
        follows_store::representatives_of(conn, review.provider_id, review.author_id)?;
    let followers =
        follows_store::followers_of(conn, review.course_id, review.provider_id, review.author_id)?;
    let score = score_words(review.score_halves);
    let subject = format!(
        "New review of {} at {}",
        review.course_name, review.provider_name
    );
    let message = format!(
        "New review of {} at {}: \"{}\"{score}.",
        review.course_name, review.provider_name, review.title
    );
    let page = format!(
        "{}/course/{}/{}",
        settings.public_url(),
        review.course_slug,
        review.provider_slug
    );
    let recipients = representatives
        .iter()
        .map(|user| (*user, AlertKind::ProviderReview))
        .chain(
            followers
                .iter()
                .filter(|user| !representatives.contains(user))
                .map(|user| (*user, AlertKind::FollowedReview)),
        );
    for (user_id, kind) in recipients {
        if alerts_store::already_told(conn, user_id, review_id, kind.notification())? {
            continue;
        }
        send(
            conn,
            settings,
            &Alert {
                user_id,
                review_id: Some(review_id),
                kind,
                message: &message,
                subject: &subject,
                action: Action::new("Read the review", &page),
            },
        )?;
    }
    Ok(())
}

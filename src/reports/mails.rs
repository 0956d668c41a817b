//! What a decision on reports tells people, in the decision's transaction: the author of a
//! removed review learns why (a notification and a mail), each reporter learns the outcome
//! (as they chose to hear about reports: in the site by default).

use rusqlite::Connection;

use crate::{
    accounts::{
        alerts::{self, Alert, AlertKind},
        notifications_store::{NotificationKind, notify},
    },
    config::Settings,
    error::AppError,
    mail::{Action, Letter},
};

/// A reported review and whom to tell about it.
pub struct Removal {
    pub review_id: i64,
    pub course_id: i64,
    pub provider_id: i64,
    pub industry_id: Option<i64>,
    pub user_id: i64,
    pub email: String,
    pub first_name: String,
    pub title: String,
    pub course_name: String,
    pub provider_name: String,
}

/// The sentence telling an author why their review was removed.
pub fn removal_message(removal: &Removal, reason: &str, note: Option<&str>) -> String {
    let Removal {
        title,
        course_name,
        provider_name,
        ..
    } = removal;
    let note = note
        .filter(|note| !note.trim().is_empty())
        .map(|note| format!(" ({})", note.trim()))
        .unwrap_or_default();
    format!(
        "Your review \"{title}\" of {course_name} at {provider_name} was removed after a report. Reason: {reason}{note}."
    )
}

pub fn tell_author(
    conn: &Connection,
    settings: &Settings,
    removal: &Removal,
    reason: &str,
    note: Option<&str>,
) -> Result<(), AppError> {
    let message = removal_message(removal, reason, note);
    notify(
        conn,
        removal.user_id,
        Some(removal.review_id),
        NotificationKind::ReviewRemoved,
        &message,
    )?;
    let site = &settings.site_name;
    let public_url = settings.public_url();
    Letter {
        to: removal.email.clone(),
        subject: format!("Your {site} review was removed"),
        greeting: format!("Hi {},", removal.first_name),
        paragraphs: vec![message],
        action: Action::new("See my reviews", format!("{public_url}/profile/reviews")),
        after: vec![format!(
            "The terms of use are at {public_url}/terms-of-use. If you think we got it wrong, write to us through {public_url}/contact."
        )],
        reason: format!("You get this mail because you reviewed a course on {site}."),
        ..Letter::default()
    }
    .queue(conn, site)?;
    Ok(())
}

/// The sentence telling a reporter what became of the review they reported.
pub fn outcome_message(removal: &Removal, kept: bool) -> String {
    let Removal {
        title,
        course_name,
        provider_name,
        ..
    } = removal;
    if kept {
        format!(
            "We checked the review \"{title}\" of {course_name} at {provider_name} that you reported: it meets our terms of use and stays published."
        )
    } else {
        format!(
            "The review \"{title}\" of {course_name} at {provider_name} that you reported has been removed. Thank you for telling us."
        )
    }
}

/// Tells a reporter the outcome, as they chose to hear about reports.
pub fn tell_reporter(
    conn: &Connection,
    settings: &Settings,
    reporter: i64,
    removal: &Removal,
    kept: bool,
) -> Result<(), AppError> {
    let site = &settings.site_name;
    alerts::send(
        conn,
        settings,
        &Alert {
            user_id: reporter,
            review_id: None,
            kind: AlertKind::ReportOutcome,
            message: &outcome_message(removal, kept),
            subject: &format!("The review you reported on {site}"),
            action: None,
        },
    )?;
    Ok(())
}

//! What the provider-reply flow tells people, each in the transaction of the change: the link
//! that proves a work email, an admin's decision on a claim (to the claimant), and a new or edited
//! reply (to the reviewer, as they chose). Notifications appear at `GET /api/notifications`; mails go to the outbox.

use rusqlite::Connection;

use super::model::Status;
use crate::{
    accounts::{
        alerts::{self, Alert, AlertKind},
        notifications_store::{NotificationKind, notify},
    },
    config::Settings,
    error::AppError,
    mail::{Action, Letter},
};

/// Mails the link that proves the claimant reads mail at `work_email`.
pub fn queue_work_email_check(
    conn: &Connection,
    settings: &Settings,
    work_email: &str,
    provider_name: &str,
    token: &str,
) -> Result<(), AppError> {
    let site = &settings.site_name;
    Letter {
        to: work_email.to_owned(),
        subject: format!("Confirm your work email for {provider_name} on {site}"),
        greeting: "Hello,".into(),
        paragraphs: vec![format!(
            "You asked to represent {provider_name} on {site}. Please confirm this work email address within 24 hours, with your {site} password; an admin then checks your claim."
        )],
        action: Action::new(
            "Confirm my work email",
            format!("{}/represent/verify/{token}", settings.public_url()),
        ),
        after: vec!["If you did not ask for this, you can ignore this mail: without the password nothing changes.".into()],
        reason: format!("You get this mail because this address was entered on {site}."),
        ..Letter::default()
    }
    .queue(conn, site)?;
    Ok(())
}

/// Who made a claim, for telling them the decision.
pub struct DecisionRecipient {
    pub user_id: i64,
    pub email: String,
    pub first_name: String,
    pub provider_name: String,
}

/// The sentence telling a claimant what an admin decided.
pub fn decision_message(provider_name: &str, status: Status) -> String {
    match status {
        Status::Approved => format!(
            "You now represent {provider_name}: you can reply to its published reviews on each course page."
        ),
        Status::Refused => format!(
            "Your claim to represent {provider_name} was not approved. If you think we got it wrong, contact us."
        ),
        _ => format!(
            "You no longer represent {} Your replies stay on the site, marked as from a former representative.",
            crate::prose::end_sentence(provider_name)
        ),
    }
}

pub fn tell_claimant(
    conn: &Connection,
    settings: &Settings,
    claimant: &DecisionRecipient,
    status: Status,
) -> Result<(), AppError> {
    let message = decision_message(&claimant.provider_name, status);
    notify(
        conn,
        claimant.user_id,
        None,
        NotificationKind::RepresentativeDecision,
        &message,
    )?;
    let site = &settings.site_name;
    Letter {
        to: claimant.email.clone(),
        subject: format!("Your {site} provider representation"),
        greeting: format!("Hi {},", claimant.first_name),
        paragraphs: vec![message],
        action: Action::new(
            "Open my profile",
            format!("{}/profile", settings.public_url()),
        ),
        reason: format!("You get this mail because you asked to represent a provider on {site}."),
        ..Letter::default()
    }
    .queue(conn, site)?;
    Ok(())
}

/// A reply and the review it answers, for telling the reviewer.
pub struct Replied {
    pub review_id: i64,
    pub user_id: i64,
    pub email: String,
    pub first_name: String,
    pub title: String,
    pub course_name: String,
    pub course_slug: String,
    pub provider_name: String,
    pub provider_slug: String,
}

/// Tells the reviewer that the provider replied to their review (`edited`: changed its reply),
/// as they chose to hear about replies.
pub fn tell_reviewer(
    conn: &Connection,
    settings: &Settings,
    replied: &Replied,
    edited: bool,
) -> Result<(), AppError> {
    let Replied {
        title,
        course_name,
        provider_name,
        ..
    } = replied;
    let message = if edited {
        format!("{provider_name} edited its reply to your review \"{title}\" of {course_name}.")
    } else {
        format!("{provider_name} replied to your review \"{title}\" of {course_name}.")
    };
    let site = &settings.site_name;
    let subject = if edited {
        format!("{provider_name} edited its reply to your {site} review")
    } else {
        format!("{provider_name} replied to your {site} review")
    };
    alerts::send(
        conn,
        settings,
        &Alert {
            user_id: replied.user_id,
            review_id: Some(replied.review_id),
            kind: AlertKind::ReviewReply,
            message: &message,
            subject: &subject,
            action: Action::new(
                "Read the reply",
                format!(
                    "{}/course/{}/{}",
                    settings.public_url(),
                    replied.course_slug,
                    replied.provider_slug
                ),
            ),
        },
    )?;
    Ok(())
}

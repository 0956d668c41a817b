//! Telling a review's author what the moderators decided: a notification (`GET /api/notifications`)
//! and a mail through the outbox, both written in the decision's transaction.

use rusqlite::Connection;

use super::reasons::Chosen;
use crate::{
    accounts::notifications_store::{NotificationKind, notify},
    config::Settings,
    error::AppError,
    mail::{Action, Letter},
};

/// What the author of a refused review may do, in the notification, the mail and on
/// `/profile/reviews` (which links both pages).
pub const WHAT_YOU_MAY_DO: &str = "You can edit your review and submit it again from your reviews page, or contact us if you think we got it wrong.";

/// A decided review and whom to tell.
pub struct Outcome {
    pub review_id: i64,
    /// `None` when approved; else why it was not published.
    pub refusal: Option<Chosen>,
    pub user_id: i64,
    pub email: String,
    pub first_name: String,
    pub title: String,
    pub course_name: String,
    pub course_slug: String,
    pub provider_name: String,
    pub provider_slug: String,
}

impl Outcome {
    /// One sentence saying what happened, for the notification and the mail.
    fn message(&self) -> String {
        let Self {
            title,
            course_name,
            provider_name,
            ..
        } = self;
        match &self.refusal {
            None => format!(
                "Good news: your review \"{title}\" of {course_name} at {provider_name} has been approved and is now live."
            ),
            Some(refusal) => format!(
                "Your review \"{title}\" of {course_name} at {provider_name} was not published because it did not meet our terms of use. {} {WHAT_YOU_MAY_DO}",
                why(refusal)
            ),
        }
    }
}

/// 'Reason: Offensive.', with the moderator's note when there is one.
pub fn why(refusal: &Chosen) -> String {
    match &refusal.text {
        Some(note) => format!("Reason: {}. Moderator's note: {note}", refusal.reason.label),
        None => format!("Reason: {}.", refusal.reason.label),
    }
}

pub fn tell_author(
    conn: &Connection,
    settings: &Settings,
    outcome: &Outcome,
) -> Result<(), AppError> {
    let message = outcome.message();
    let kind = if outcome.refusal.is_none() {
        NotificationKind::ReviewApproved
    } else {
        NotificationKind::ReviewDisapproved
    };
    notify(
        conn,
        outcome.user_id,
        Some(outcome.review_id),
        kind,
        &message,
    )?;

    let site = &settings.site_name;
    let public_url = settings.public_url();
    let page = format!(
        "{public_url}/course/{}/{}",
        outcome.course_slug, outcome.provider_slug
    );
    let (subject, action, after) = if outcome.refusal.is_none() {
        (
            format!("Your {site} review is live"),
            Action::new("See the course page", page),
            vec!["Thank you for helping others choose where to study.".to_owned()],
        )
    } else {
        (
            format!("Your {site} review was not published"),
            Action::new("Edit your review", format!("{public_url}/profile/reviews")),
            vec![format!(
                "The terms of use are at {public_url}/terms-of-use and how we moderate at {public_url}/about/reviews. If you think we got it wrong, write to us through {public_url}/contact."
            )],
        )
    };
    Letter {
        to: outcome.email.clone(),
        subject,
        greeting: format!("Hi {},", outcome.first_name),
        paragraphs: vec![message],
        action,
        after,
        reason: format!("You get this mail because you reviewed a course on {site}."),
        ..Letter::default()
    }
    .queue(conn, site)?;
    Ok(())
}

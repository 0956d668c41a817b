//! Telling a review's author what the moderators decided: a notification (`GET /api/notifications`)
//! and a plain-text mail through the outbox, both written in the decision's transaction.

use rusqlite::{Connection, params};

use crate::{
    config::Settings,
    error::AppError,
    mail::{self, NewMail},
};

pub const KIND_APPROVED: &str = "review-approved";
pub const KIND_DISAPPROVED: &str = "review-disapproved";

/// A decided review and whom to tell.
pub struct Outcome {
    pub review_id: i64,
    pub approved: bool,
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
        if self.approved {
            format!(
                "Good news: your review \"{title}\" of {course_name} at {provider_name} has been approved and is now live."
            )
        } else {
            format!(
                "Your review \"{title}\" of {course_name} at {provider_name} was not published because it did not meet our terms of use."
            )
        }
    }
}

pub fn tell_author(
    conn: &Connection,
    settings: &Settings,
    outcome: &Outcome,
) -> Result<(), AppError> {
    let message = outcome.message();
    let kind = if outcome.approved {
        KIND_APPROVED
    } else {
        KIND_DISAPPROVED
    };
    conn.execute(
        "INSERT INTO notifications (user_id, review_id, kind, message) VALUES (?1, ?2, ?3, ?4)",
        params![outcome.user_id, outcome.review_id, kind, message],
    )?;

    let site = &settings.site_name;
    let public_url = settings.public_url();
    let link = format!(
        "{public_url}/course/{}/{}",
        outcome.course_slug, outcome.provider_slug
    );
    let (subject, next) = if outcome.approved {
        (
            format!("Your {site} review is live"),
            format!(
                "You can see it on the course page:\n\n{link}\n\nThank you for helping others choose where to study."
            ),
        )
    } else {
        (
            format!("Your {site} review was not published"),
            format!(
                "The terms of use are at {public_url}/terms-of-use. If you think we got it wrong, \
                 write to us through {public_url}/contact.\n\nThe course page:\n\n{link}"
            ),
        )
    };
    let text = format!(
        "Hi {},\n\n{message}\n\n{next}\n\n{site}: do the course, rate the source.\n",
        outcome.first_name
    );
    mail::enqueue(
        conn,
        &NewMail {
            to: &outcome.email,
            reply_to: None,
            subject: &subject,
            text: &text,
            html: None,
        },
    )?;
    Ok(())
}

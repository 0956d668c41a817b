//! The invitation mail: from the site, not the provider, with the single-use link and a
//! one-click way to refuse further invitations (`List-Unsubscribe`, RFC 8058).

use rusqlite::Connection;

use super::{model::Offered, month_label};
use crate::{
    complaints::mails::long_date,
    config::Settings,
    error::AppError,
    mail::{Action, Letter},
};

pub fn invite(
    conn: &Connection,
    settings: &Settings,
    to: &str,
    offered: &Offered,
    (from, until): (&str, &str),
    (token, expires_at): (&str, i64),
) -> Result<(), AppError> {
    let site = &settings.site_name;
    let public_url = settings.public_url();
    let provider = &offered.provider_name;
    let course = format!("{} {}", offered.course_code, offered.course_name);
    Letter {
        to: to.to_owned(),
        subject: format!("Review {course} at {provider} on {site}"),
        greeting: "Hello,".into(),
        paragraphs: vec![
            format!(
                "{provider} invites everyone who finished or left {course} between {} and {} to review it on {site}, and gave us your address as one of them.",
                month_label(from),
                month_label(until)
            ),
            format!(
                "{site} is independent: {provider} does not see your review before it is published and cannot change or remove it. Our moderators check every review the same way, whatever its rating. Your review will be labelled 'Invited by the provider'."
            ),
            format!(
                "The link works once, with this email address, until {}.",
                long_date(expires_at)
            ),
        ],
        action: Action::new("Write your review", format!("{public_url}/invitation/{token}")),
        after: vec![format!(
            "Don't want invitations like this? Refuse all further invitations with one click: {public_url}/invitation/{token}?refuse=1"
        )],
        reason: format!(
            "You get this mail because {provider} gave {site} your address as one of its students. We keep only a coded form of it, to know whom we invited."
        ),
        list_unsubscribe: Some(format!("{public_url}/api/invitations/{token}/refuse")),
        ..Letter::default()
    }
    .queue(conn, site)?;
    Ok(())
}

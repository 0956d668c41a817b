//! What a legal complaint tells people, queued in the transaction of its step: the complainant
//! gets an acknowledgement and every step (never the author's name or email); the author of
//! what is complained of is told when a step concerns them. Each mail is also an in-app
//! notification, to the author and to the complainant when they have an account.

use rusqlite::Connection;
use time::{OffsetDateTime, macros::format_description};

use super::{
    DAYS_TO_ACT,
    model::{Author, Complaint, Part},
    reference, store,
};
use crate::{
    accounts::notifications_store::{NotificationKind, notify},
    config::Settings,
    error::AppError,
    mail::{Action, Letter},
};

/// A date as a mail writes it: '4 March 2026'.
pub fn long_date(unix_seconds: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix_seconds)
        .ok()
        .and_then(|at| {
            at.format(format_description!(
                "[day padding:none] [month repr:long] [year]"
            ))
            .ok()
        })
        .unwrap_or_default()
}

/// 'the review "Great course" of COURSE at PROVIDER', or the provider's reply to it.
pub fn what(complaint: &Complaint) -> String {
    let title = complaint.review_title.as_deref().unwrap_or("(deleted)");
    let course = complaint.course_name.as_deref().unwrap_or("a course");
    let provider = complaint.provider_name.as_deref().unwrap_or("a provider");
    match complaint.part {
        Part::Review => format!("the review \"{title}\" of {course} at {provider}"),
        Part::Reply => {
            format!("the reply of {provider} to the review \"{title}\" of {course}")
        }
    }
}

fn quoted(label: &str, text: &str) -> Vec<String> {
    std::iter::once(label.to_owned())
        .chain(
            text.lines()
                .filter(|line| !line.trim().is_empty())
                .map(|line| format!("> {line}")),
        )
        .collect()
}

fn complaint_copy(complaint: &Complaint) -> Vec<String> {
    let mut lines = quoted("The words complained of:", &complaint.words);
    lines.extend(quoted(
        "Why they are said to be defamatory:",
        &complaint.imputations,
    ));
    lines.extend(quoted("The harm described:", &complaint.harm));
    lines
}

/// The complainant's acknowledgement, with the reference and a copy of what they sent.
pub fn acknowledge(
    conn: &Connection,
    settings: &Settings,
    complaint: &Complaint,
) -> Result<(), AppError> {
    let site = &settings.site_name;
    let reference = reference(complaint.id);
    let mut after = vec![format!("Your complaint as you sent it ({reference}):")];
    after.extend(complaint_copy(complaint));
    Letter {
        to: complaint.email.clone(),
        subject: format!("We received your complaint {reference}"),
        greeting: format!("Dear {},", complaint.name),
        paragraphs: vec![
            format!(
                "We received your legal complaint about {} on {}. Your reference is {reference}.",
                what(complaint),
                long_date(complaint.created_at)
            ),
            format!(
                "We will consider it and take steps within {DAYS_TO_ACT} days. We may hide the writing while we do, ask its author to respond, keep it or remove it, and we will mail you each step with its reason."
            ),
        ],
        after,
        reason: format!("You get this mail because you made a legal complaint on {site}."),
        ..Letter::default()
    }
    .queue(conn, site)?;
    notify_complainant(
        conn,
        complaint,
        &format!(
            "We received your legal complaint {reference} about {}. We will act on it within {DAYS_TO_ACT} days.",
            what(complaint)
        ),
    )
}

/// The complainant's in-app notification, when their email is a verified account's.
fn notify_complainant(
    conn: &Connection,
    complaint: &Complaint,
    message: &str,
) -> Result<(), AppError> {
    if let Some(user) = store::account_of(conn, &complaint.email)? {
        notify(
            conn,
            user,
            complaint.review_id,
            NotificationKind::LegalComplaint,
            message,
        )?;
    }
    Ok(())
}

/// A step, told to the complainant.
pub fn tell_complainant(
    conn: &Connection,
    settings: &Settings,
    complaint: &Complaint,
    step: &str,
) -> Result<(), AppError> {
    let site = &settings.site_name;
    let reference = reference(complaint.id);
    Letter {
        to: complaint.email.clone(),
        subject: format!("Your complaint {reference}: an update"),
        greeting: format!("Dear {},", complaint.name),
        paragraphs: vec![
            format!(
                "About your complaint {reference} of {} about {}:",
                long_date(complaint.created_at),
                what(complaint)
            ),
            step.to_owned(),
        ],
        // The contact page is the button, so the HTML part links it as the text part does.
        action: Action::new("Write to us", format!("{}/contact", settings.public_url())),
        after: vec![format!("Quote {reference} if you write to us about it.")],
        reason: format!("You get this mail because you made a legal complaint on {site}."),
        ..Letter::default()
    }
    .queue(conn, site)?;
    notify_complainant(
        conn,
        complaint,
        &format!(
            "Your complaint {reference} about {}: {step}",
            what(complaint)
        ),
    )
}

/// A step, told to the author; `asked` adds the complaint itself and the way to respond.
pub fn tell_author(
    conn: &Connection,
    settings: &Settings,
    complaint: &Complaint,
    author: &Author,
    step: &str,
    asked: bool,
) -> Result<(), AppError> {
    let site = &settings.site_name;
    let public_url = settings.public_url();
    let yours = match complaint.part {
        Part::Review => "your review",
        Part::Reply => "your provider's reply",
    };
    Letter {
        to: author.email.clone(),
        subject: format!("A legal complaint about {yours} on {site}"),
        greeting: format!("Hi {},", author.first_name),
        paragraphs: vec![
            format!(
                "Someone has made a legal complaint that {} is defamatory.",
                what(complaint)
            ),
            step.to_owned(),
        ]
        .into_iter()
        .chain(asked.then(|| "The complaint is below.".to_owned()))
        .collect(),
        action: if asked {
            Action::new("Respond from my profile", format!("{public_url}/profile"))
        } else {
            None
        },
        after: if asked {
            complaint_copy(complaint)
        } else {
            Vec::new()
        },
        reason: format!("You get this mail because you wrote on {site}."),
        ..Letter::default()
    }
    .queue(conn, site)?;
    notify(
        conn,
        author.id,
        complaint.review_id,
        NotificationKind::LegalComplaint,
        &format!(
            "A legal complaint was made about {}. {step}",
            what(complaint)
        ),
    )?;
    Ok(())
}

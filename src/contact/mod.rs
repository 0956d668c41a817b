//! The contact form: `POST /api/contactform` checks the spec's rules, stores the message and
//! mails it through the outbox to the operator, with the sender as reply-to. Everything is
//! kept and sent as plain text, so HTML in a message is never rendered.

use std::sync::Arc;

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::{ToSchema, openapi::Object};
use utoipa_axum::{router::OpenApiRouter, routes};

mod store;

use crate::{
    config::Settings,
    contract,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{is_valid_email, multi_line, normalise_email, single_line},
    limits::{self, ClientIp, Limits},
    mail::{Letter, outbox::Outbox},
    state::AppState,
};

pub const SENT: &str = "Thank you for your message. It has been sent.";
pub const GENERAL: &str = "General enquiry";
pub const TECHNICAL: &str = "Technical enquiry";
pub const TECHNICAL_TYPES: [&str; 7] = [
    "Login",
    "Verifying Account",
    "Reset Password",
    "Sign Up",
    "Leave review",
    "Search",
    "Other",
];
pub const DEVICE_TYPES: [&str; 5] = ["iOS", "Android", "Mac", "Windows", "Other"];
pub const BROWSER_TYPES: [&str; 7] = [
    "Internet Explorer",
    "Edge",
    "Safari",
    "Opera",
    "Firefox",
    "Chrome",
    "Other",
];
const NAME_LIMIT: usize = 100;
const MESSAGE_LIMIT: usize = 5000;
const OTHER_LIMIT: usize = 200;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactForm {
    /// 'General enquiry' (the default) or 'Technical enquiry'.
    #[schema(schema_with = reasons)]
    reason: String,
    #[schema(required = true, max_length = 100)]
    pub name: String,
    #[schema(required = true)]
    pub email: String,
    #[schema(required = true, max_length = 5000)]
    pub message: String,
    /// For a technical enquiry, required: one of 'Login', 'Verifying Account', 'Reset Password',
    /// 'Sign Up', 'Leave review', 'Search' or 'Other'. Ignored otherwise.
    technical_type: String,
    /// For a technical enquiry whose type is 'Other', required (at most 200 characters).
    technical_type_other: String,
    /// For a technical enquiry, required: 'iOS', 'Android', 'Mac', 'Windows' or 'Other'.
    device_type: String,
    /// For a technical enquiry, required: 'Internet Explorer', 'Edge', 'Safari', 'Opera',
    /// 'Firefox', 'Chrome' or 'Other'.
    browser_type: String,
}

fn reasons() -> Object {
    contract::one_of(&["", GENERAL, TECHNICAL], false)
}

#[derive(Serialize, ToSchema)]
pub struct Sent {
    msg: &'static str,
}

/// A checked message; technical fields only for technical enquiries.
pub struct Message {
    pub reason: &'static str,
    name: String,
    email: String,
    message: String,
    pub technical: Option<Technical>,
}

pub struct Technical {
    pub issue: String,
    pub other: Option<String>,
    pub device: String,
    pub browser: String,
}

fn check(mut form: ContactForm) -> Result<Message, AppError> {
    // Control and bidirectional characters go first: the name is one line of the operator's
    // mail and its subject, and the message cannot hide what it says.
    form.name = single_line(&form.name);
    form.message = multi_line(&form.message);
    form.technical_type_other = single_line(&form.technical_type_other);
    let mut errors = Vec::new();
    let mut required = |value: &str, param: &str, msg: &str| {
        if value.trim().is_empty() {
            errors.push(ErrorItem::field(param, msg));
        }
    };
    let reason = match form.reason.as_str() {
        GENERAL | "" => GENERAL,
        TECHNICAL => TECHNICAL,
        _ => {
            return Err(AppError::invalid(
                Some("reason"),
                "Reason must be 'General enquiry' or 'Technical enquiry'",
            ));
        }
    };
    required(&form.name, "name", "Name is required");
    required(&form.email, "email", "Email is required");
    required(&form.message, "message", "Message is required");
    let technical = reason == TECHNICAL;
    if technical {
        required(
            &form.technical_type,
            "technicalType",
            "Technical issue type is required",
        );
        required(&form.device_type, "deviceType", "Device type is required");
        required(
            &form.browser_type,
            "browserType",
            "Browser type is required",
        );
        if form.technical_type == "Other" {
            required(
                &form.technical_type_other,
                "technicalTypeOther",
                "Other is required",
            );
        }
    }
    let email = normalise_email(&form.email);
    if !email.is_empty() && !is_valid_email(&email) {
        errors.push(ErrorItem::field("email", "Please enter a valid email"));
    }
    let mut too_long = |value: &str, param: &str, label: &str, limit: usize| {
        if value.chars().count() > limit {
            errors.push(ErrorItem::field(
                param,
                format!("{label} must not be longer than {limit} characters"),
            ));
        }
    };
    too_long(&form.name, "name", "Name", NAME_LIMIT);
    too_long(&form.message, "message", "Message", MESSAGE_LIMIT);
    if technical {
        too_long(
            &form.technical_type_other,
            "technicalTypeOther",
            "Other",
            OTHER_LIMIT,
        );
        for (value, options, param, msg) in [
            (
                &form.technical_type,
                &TECHNICAL_TYPES[..],
                "technicalType",
                "Choose a technical issue type from the list",
            ),
            (
                &form.device_type,
                &DEVICE_TYPES[..],
                "deviceType",
                "Choose a device type from the list",
            ),
            (
                &form.browser_type,
                &BROWSER_TYPES[..],
                "browserType",
                "Choose a browser type from the list",
            ),
        ] {
            if !value.is_empty() && !options.contains(&value.as_str()) {
                errors.push(ErrorItem::field(param, msg));
            }
        }
    }
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    Ok(Message {
        reason,
        name: form.name.trim().to_owned(),
        email,
        message: form.message.trim().to_owned(),
        technical: technical.then(|| Technical {
            other: (form.technical_type == "Other")
                .then(|| form.technical_type_other.trim().to_owned()),
            issue: form.technical_type,
            device: form.device_type,
            browser: form.browser_type,
        }),
    })
}

impl Message {
    /// The mail to the operator `to`: the sender's details, then the message line by line.
    /// Reply-To is the sender, so answering the mail answers them.
    fn letter(&self, to: &str, site: &str) -> Letter {
        let mut details = vec![
            format!("Reason: {}", self.reason),
            format!("Name: {}", self.name),
            format!("Email: {}", self.email),
        ];
        if let Some(t) = &self.technical {
            let other = t
                .other
                .as_deref()
                .map(|o| format!(" ({o})"))
                .unwrap_or_default();
            details.push(format!("Issue: {}{other}", t.issue));
            details.push(format!("Device: {}", t.device));
            details.push(format!("Browser: {}", t.browser));
        }
        Letter {
            to: to.to_owned(),
            reply_to: Some(self.email.clone()),
            subject: format!("{}: {}", self.reason, self.name),
            greeting: format!("A message from the {site} contact form."),
            paragraphs: details,
            // Quoted line by line, so no line of the message can pass for one of the site's.
            after: self
                .message
                .lines()
                .filter(|line| !line.trim().is_empty())
                .map(|line| format!("> {line}"))
                .chain([format!(
                    "Reply to this mail to answer {}",
                    crate::prose::end_sentence(&self.name)
                )])
                .collect(),
            reason: format!("You get this mail because you look after {site}."),
            ..Letter::default()
        }
    }
}

/// Sends a message to the site's operators (`APP_CONTACT_TO`, else every admin).
#[utoipa::path(post, path = "/contactform", tag = "contact", request_body = ContactForm, responses(
    (status = 200, body = Sent),
    (status = 400, description = "The form breaks a rule; every message is listed", body = [ErrorItem]),
    (status = 429, description = "Too many attempts from this address", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
))]
pub async fn send(
    State(limits): State<Arc<Limits>>,
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    ClientIp(ip): ClientIp,
    ApiJson(form): ApiJson<ContactForm>,
) -> AppResult<Json<Sent>> {
    let message = check(form)?;
    limits::check(&limits.contact, &ip)?;
    let contact_to = settings.contact_to.clone();
    let site = settings.site_name.clone();
    let queued = db
        .write(move |tx| -> Result<_, AppError> {
            store::save(tx, &message)?;
            let recipients = match contact_to {
                Some(to) => vec![to],
                None => store::admin_emails(tx)?,
            };
            for to in &recipients {
                message.letter(to, &site).queue(tx, &site)?;
            }
            Ok(recipients.len())
        })
        .await?;
    if queued == 0 {
        tracing::warn!(
            "a contact message was stored but not mailed: set APP_CONTACT_TO or create an admin"
        );
    }
    outbox.wake();
    Ok(Json(Sent { msg: SENT }))
}

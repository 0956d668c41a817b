//! The contact form: `POST /api/contactform` checks the spec's rules, stores the message and
//! mails it through the outbox to the operator, with the sender as reply-to. Everything is
//! kept and sent as plain text, so HTML in a message is never rendered.

use axum::{Json, extract::State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

mod store;

use crate::{
    AppState,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{is_valid_email, normalise_email},
    limits::{self, ClientIp},
    mail::{self, NewMail},
};

pub const SENT: &str = "Thank you for your message. It has been sent..";
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
    reason: String,
    pub name: String,
    pub email: String,
    pub message: String,
    technical_type: String,
    technical_type_other: String,
    device_type: String,
    browser_type: String,
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

fn check(form: ContactForm) -> Result<Message, AppError> {
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
            "Technical issue type type is required",
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
    fn mail_text(&self, site: &str) -> String {
        let mut text = format!(
            "A message from the {site} contact form.\n\nReason: {}\nName: {}\nEmail: {}\n",
            self.reason, self.name, self.email
        );
        if let Some(t) = &self.technical {
            text.push_str(&format!(
                "Issue: {}{}\nDevice: {}\nBrowser: {}\n",
                t.issue,
                t.other
                    .as_deref()
                    .map(|o| format!(" ({o})"))
                    .unwrap_or_default(),
                t.device,
                t.browser
            ));
        }
        text.push_str(&format!(
            "\n{}\n\nReply to this mail to answer {}.\n",
            self.message, self.name
        ));
        text
    }
}

/// Sends a message to the site's operators (`APP_CONTACT_TO`, else every admin).
#[utoipa::path(post, path = "/contactform", tag = "contact", request_body = ContactForm, responses(
    (status = 200, body = Sent),
    (status = 400, description = "The form breaks a rule; every message is listed", body = [ErrorItem]),
    (status = 429, body = [ErrorItem]),
))]
pub async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(form): ApiJson<ContactForm>,
) -> AppResult<Json<Sent>> {
    let message = check(form)?;
    limits::check(&state.limits.contact, &ip)?;
    let contact_to = state.settings.contact_to.clone();
    let site = state.settings.site_name.clone();
    let queued = state
        .db
        .write(move |tx| -> Result<_, AppError> {
            store::save(tx, &message)?;
            let recipients = match contact_to {
                Some(to) => vec![to],
                None => store::admin_emails(tx)?,
            };
            let subject = format!("{}: {}", message.reason, message.name);
            let text = message.mail_text(&site);
            for to in &recipients {
                mail::enqueue(
                    tx,
                    &NewMail {
                        to,
                        reply_to: Some(&message.email),
                        subject: &subject,
                        text: &text,
                        html: None,
                    },
                )?;
            }
            Ok(recipients.len())
        })
        .await?;
    if queued == 0 {
        tracing::warn!(
            "a contact message was stored but not mailed: set APP_CONTACT_TO or create an admin"
        );
    }
    state.outbox.wake();
    Ok(Json(Sent { msg: SENT }))
}

//! `POST /api/complaints`: anyone files a legal complaint about a published review or reply,
//! named by its link. Every element of a concerns notice is required, each with its own
//! message; the call is limited per network address and per email (DESIGN decision 16), and it
//! answers the same for every review, so it tells nothing about who wrote one.

use std::sync::Arc;

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    mails,
    model::{NOT_A_TARGET, NewComplaint, OnBehalf, Part},
    reference, store,
};
use crate::{
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::{is_valid_email, multi_line, normalise_email, single_line},
    limits::{self, ClientIp, Limits},
    mail::outbox::Outbox,
    vocabulary::{self, Vocabulary},
};

pub const RECEIVED: &str =
    "Thank you. We have received your complaint and will act on it within 7 days.";

const NAME_LIMIT: usize = 100;
const LINK_LIMIT: usize = 500;
const WORDS_LIMIT: usize = 2000;
const TEXT_LIMIT: usize = 3000;

fn on_behalf_schema() -> utoipa::openapi::Object {
    vocabulary::schema::<OnBehalf>(false)
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ComplaintForm {
    #[schema(required = true, max_length = 100)]
    name: String,
    #[schema(required = true)]
    email: String,
    /// 'myself' or 'organisation'.
    #[schema(required = true, schema_with = on_behalf_schema)]
    on_behalf: String,
    /// With 'organisation': its name (at most 100 characters).
    organisation: String,
    /// The review's or reply's link, ending `#review-ID` or `#reply-ID` (the page fills it in).
    #[schema(required = true, max_length = 500)]
    link: String,
    /// The words complained of.
    #[schema(required = true, max_length = 2000)]
    words: String,
    /// Why they are defamatory: what they say or suggest about the complainant.
    #[schema(required = true, max_length = 3000)]
    imputations: String,
    /// The serious harm they cause or are likely to cause.
    #[schema(required = true, max_length = 3000)]
    harm: String,
    /// The complainant declares that what they wrote is true.
    #[schema(required = true)]
    declaration: bool,
}

/// The review (or reply) a link names: `...#review-12` or `...#reply-12`.
pub fn target(link: &str) -> Option<(Part, i64)> {
    let (_, fragment) = link.rsplit_once('#')?;
    let (part, id) = fragment.split_once('-')?;
    let part = Part::parse(part)?;
    let id = id.parse::<i64>().ok().filter(|id| *id > 0)?;
    Some((part, id))
}

fn check(form: ComplaintForm) -> Result<NewComplaint, AppError> {
    let name = single_line(&form.name).trim().to_owned();
    let organisation = single_line(&form.organisation).trim().to_owned();
    let link = single_line(&form.link).trim().to_owned();
    let words = multi_line(&form.words).trim().to_owned();
    let imputations = multi_line(&form.imputations).trim().to_owned();
    let harm = multi_line(&form.harm).trim().to_owned();
    let email = normalise_email(&form.email);
    let mut errors = Vec::new();
    let mut need = |missing: bool, param: &str, msg: &str| {
        if missing {
            errors.push(ErrorItem::field(param, msg));
        }
    };
    need(name.is_empty(), "name", "Name is required");
    need(email.is_empty(), "email", "Email is required");
    need(
        !email.is_empty() && !is_valid_email(&email),
        "email",
        "Please enter a valid email",
    );
    let on_behalf = OnBehalf::parse(&form.on_behalf);
    need(
        on_behalf.is_none(),
        "onBehalf",
        "Say whether you complain for yourself or for an organisation",
    );
    let for_organisation = on_behalf == Some(OnBehalf::Organisation);
    need(
        for_organisation && organisation.is_empty(),
        "organisation",
        "Organisation name is required",
    );
    need(
        link.is_empty(),
        "link",
        "Link to the review or reply is required",
    );
    let target = target(&link);
    need(!link.is_empty() && target.is_none(), "link", NOT_A_TARGET);
    need(
        words.is_empty(),
        "words",
        "The words you complain of are required",
    );
    need(
        imputations.is_empty(),
        "imputations",
        "Say why the words are defamatory of you",
    );
    need(
        harm.is_empty(),
        "harm",
        "Describe the harm the words cause you",
    );
    need(
        !form.declaration,
        "declaration",
        "Please declare that what you wrote is true",
    );
    for (value, param, label, limit) in [
        (&name, "name", "Name", NAME_LIMIT),
        (
            &organisation,
            "organisation",
            "Organisation name",
            NAME_LIMIT,
        ),
        (&link, "link", "Link", LINK_LIMIT),
        (&words, "words", "The words", WORDS_LIMIT),
        (
            &imputations,
            "imputations",
            "Why they are defamatory",
            TEXT_LIMIT,
        ),
        (&harm, "harm", "The harm", TEXT_LIMIT),
    ] {
        if value.chars().count() > limit {
            errors.push(ErrorItem::field(
                param,
                format!("{label} must not be longer than {limit} characters"),
            ));
        }
    }
    let (Some(on_behalf), Some((part, review_id)), true) = (on_behalf, target, errors.is_empty())
    else {
        return Err(AppError::Validation(errors));
    };
    Ok(NewComplaint {
        review_id,
        part,
        name,
        email,
        on_behalf,
        organisation: for_organisation.then_some(organisation),
        link,
        words,
        imputations,
        harm,
    })
}

#[derive(Serialize, ToSchema)]
pub struct Received {
    msg: &'static str,
    /// What the complainant quotes when they write to us about it, e.g. 'LC-000042'.
    reference: String,
}

/// Files a legal complaint about a published review or reply; no account needed. The
/// complainant is mailed an acknowledgement with the reference.
#[utoipa::path(post, path = "/complaints", tag = "complaints", request_body = ComplaintForm, responses(
    (status = 201, body = Received),
    (status = 400, description = "An element is missing or wrong; every message is listed", body = [ErrorItem]),
    (status = 429, description = "Too many complaints from this address or for this email", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
))]
pub async fn file(
    State(limits): State<Arc<Limits>>,
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    ClientIp(ip): ClientIp,
    ApiJson(form): ApiJson<ComplaintForm>,
) -> AppResult<(StatusCode, Json<Received>)> {
    let complaint = check(form)?;
    limits::check(&limits.complaints, &ip)?;
    limits::check(&limits.complaints_per_email, &complaint.email)?;
    let id = db
        .write(move |tx| -> AppResult<i64> {
            let id = store::insert(tx, &complaint)?;
            let filed = store::one(tx, id)?
                .ok_or_else(|| AppError::NotFound("Complaint not found".into()))?;
            mails::acknowledge(tx, &settings, &filed)?;
            Ok(id)
        })
        .await?;
    outbox.wake();
    Ok((
        StatusCode::CREATED,
        Json(Received {
            msg: RECEIVED,
            reference: reference(id),
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_its_review_or_reply() {
        assert_eq!(
            target("https://x.au/course/a/b#review-12"),
            Some((Part::Review, 12))
        );
        assert_eq!(target("/course/a/b#reply-3"), Some((Part::Reply, 3)));
        assert_eq!(target("https://x.au/course/a/b"), None);
        assert_eq!(target("#review-0"), None);
        assert_eq!(target("#thing-4"), None);
    }
}

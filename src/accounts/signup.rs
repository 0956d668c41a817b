//! Sign-up: `POST /api/register` and the checks the form makes while the user types:
//! `/api/check-email`, `/api/check-nickname` and `/api/check-abn`.

use std::sync::Arc;

use axum::{Json, extract::State, http::StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use super::{
    images, mails,
    rules::{self, EMAIL_IN_USE, NICKNAME_TAKEN, Problems},
    store::{self, NewUser, Profile},
};
use crate::{
    accounts::abr::Abr,
    auth::{MaybeAuthUser, UserType, password::HashQueue},
    config::Settings,
    contract::{self, Condition},
    db::Db,
    error::{ApiJson, AppError, AppResult, DUPLICATE_KEY_CODE, ErrorItem},
    fields::normalise_email,
    limits::{self, ClientIp, Limits},
    mail::outbox::Outbox,
    vocabulary::Vocabulary,
};

pub const REGISTERED: &str =
    "Your account has been created. Check your email for the link to verify it.";

/// The registration payload of the spec.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct Registration {
    first_name: String,
    last_name: String,
    email: String,
    email_confirm: String,
    password: String,
    password_confirm: String,
    #[schema(required = true, schema_with = user_types)]
    user_type: String,
    #[serde(deserialize_with = "crate::fields::whole")]
    #[schema(minimum = 0, maximum = 5)]
    avatar: i64,
    /// A base64 PNG (Students and Employers only).
    profile_image: Option<String>,
    gender: String,
    /// 'DD MMMM YYYY' (Students).
    date_of_birth: String,
    business_name: String,
    nick_name: String,
    abn: String,
    job_title: String,
    opt_in: Option<bool>,
}

fn user_types() -> utoipa::openapi::Object {
    crate::vocabulary::schema::<UserType>(false)
}

/// The fields one user type needs, and the picture only Students and Employers may send, in
/// the schema's words (what [`check`] refuses without them).
pub fn conditions() -> Vec<Condition> {
    let text = |max| contract::value(contract::not_blank_within(max));
    let student = Condition {
        schema: "Registration",
        when: vec![("userType", vec![UserType::Student.name()])],
        then: json!({
            "required": ["nickName", "dateOfBirth"],
            "properties": {
                "nickName": text(rules::NAME_MAX),
                "dateOfBirth": contract::value(contract::not_blank()),
            },
        }),
    };
    let employer = Condition {
        schema: "Registration",
        when: vec![("userType", vec![UserType::Employer.name()])],
        then: json!({
            "required": ["businessName", "jobTitle", "abn"],
            "properties": {
                "businessName": text(rules::TEXT_MAX),
                "jobTitle": text(rules::TEXT_MAX),
                // Eleven digits that pass the checksum, spaces allowed between them.
                "abn": { "type": "string", "pattern": "^[0-9 ]*[0-9][0-9 ]*$" },
            },
        }),
    };
    let others = UserType::ALL
        .iter()
        .filter(|kind| !matches!(kind, UserType::Student | UserType::Employer))
        .map(|kind| kind.name())
        .collect();
    let no_picture = Condition {
        schema: "Registration",
        when: vec![("userType", others)],
        then: json!({ "properties": { "profileImage": { "enum": ["", null] } } }),
    };
    vec![student, employer, no_picture]
}

#[derive(Serialize, ToSchema)]
pub struct Message {
    pub msg: &'static str,
}

/// A registration that passed every rule.
struct Checked {
    email: String,
    password: String,
    user_type: UserType,
    profile: Profile,
    image: Option<Vec<u8>>,
}

async fn check(mut form: Registration, today: time::Date) -> Result<Checked, AppError> {
    rules::clean_names([
        &mut form.first_name,
        &mut form.last_name,
        &mut form.nick_name,
        &mut form.business_name,
        &mut form.job_title,
    ]);
    let mut problems = Problems::default();
    problems.name("firstName", "First name", &form.first_name);
    problems.name("lastName", "Last name", &form.last_name);
    let email = normalise_email(&form.email);
    problems.email_pair(&email, &form.email_confirm);
    problems.new_password(
        "password",
        &form.password,
        "passwordConfirm",
        &form.password_confirm,
    );
    problems.gender(&form.gender);
    let user_type = UserType::parse(&form.user_type);
    if user_type.is_none() {
        problems.add("userType", "User Type is required");
    }
    problems.avatar(form.avatar);
    let student = user_type == Some(UserType::Student);
    let employer = user_type == Some(UserType::Employer);
    let mut date_of_birth = None;
    if student {
        problems.name("nickName", "Nick name", &form.nick_name);
        date_of_birth = problems.date_of_birth(&form.date_of_birth, today);
    }
    if employer {
        problems.required_text("businessName", "Business Name", &form.business_name);
        problems.required_text("jobTitle", "Job Title", &form.job_title);
        problems.abn(&form.abn);
    }
    let image = match form
        .profile_image
        .as_deref()
        .filter(|data| !data.is_empty())
    {
        Some(_) if !(student || employer) => {
            problems.add(
                "profileImage",
                "Only Students and Employers can upload a profile image",
            );
            None
        }
        Some(data) => match images::clean_png_off_workers(data.to_owned()).await {
            Ok(png) => Some(png),
            Err(AppError::Validation(items)) => {
                problems.0.extend(items);
                None
            }
            Err(other) => return Err(other),
        },
        None => None,
    };
    let (Some(user_type), true) = (user_type, problems.is_empty()) else {
        return Err(AppError::Validation(problems.0));
    };
    let trimmed = |value: &str| Some(value.trim().to_owned());
    Ok(Checked {
        email,
        password: form.password,
        profile: Profile {
            first_name: form.first_name.trim().to_owned(),
            last_name: form.last_name.trim().to_owned(),
            gender: form.gender,
            avatar: form.avatar,
            opt_in: form.opt_in.unwrap_or(true),
            nick_name: if student {
                trimmed(&form.nick_name)
            } else {
                None
            },
            date_of_birth: date_of_birth.map(rules::format_date_of_birth),
            business_name: if employer {
                trimmed(&form.business_name)
            } else {
                None
            },
            job_title: if employer {
                trimmed(&form.job_title)
            } else {
                None
            },
            abn: employer.then(|| rules::abn_digits(&form.abn)),
        },
        user_type,
        image,
    })
}

pub fn today() -> time::Date {
    time::OffsetDateTime::now_utc().date()
}

/// Creates an unverified account and mails its verification link.
#[utoipa::path(post, path = "/register", tag = "accounts", request_body = Registration, responses(
    (status = 201, body = Message),
    (status = 400, description = "Every broken rule, with the spec's messages", body = [ErrorItem]),
    (status = 409, description = "Email in use (code 11000) or nickname taken", body = [ErrorItem]),
    (status = 429, description = "Too many sign-ups from this address", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
    (status = 503, description = "Password hashing is saturated", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds to wait before trying again"))),
))]
pub async fn register(
    State(limits): State<Arc<Limits>>,
    State(hashing): State<Arc<HashQueue>>,
    State(settings): State<Arc<Settings>>,
    State(db): State<Db>,
    State(outbox): State<Outbox>,
    ClientIp(ip): ClientIp,
    ApiJson(form): ApiJson<Registration>,
) -> AppResult<(StatusCode, Json<Message>)> {
    // A picture costs a decode: its attempt is counted before it is looked at.
    let has_image = form
        .profile_image
        .as_deref()
        .is_some_and(|data| !data.is_empty());
    if has_image {
        limits::check(&limits.signup, &ip)?;
    }
    let checked = check(form, today()).await?;
    if !has_image {
        limits::check(&limits.signup, &ip)?;
    }
    let hash = hashing.hash(checked.password.clone()).await?;
    let uploads = settings.data_dir.uploads();
    let image = match &checked.image {
        Some(png) => Some(images::store(&uploads, png)?),
        None => None,
    };
    let settings = settings.clone();
    let stored_image = image.clone();
    let result = db
        .write(move |tx| {
            if store::email_taken(tx, &checked.email, None)? {
                return Err(AppError::Conflict(ErrorItem {
                    msg: EMAIL_IN_USE.into(),
                    param: Some("email".into()),
                    code: Some(DUPLICATE_KEY_CODE),
                }));
            }
            if let Some(nick) = &checked.profile.nick_name
                && store::nickname_taken(tx, nick, None)?
            {
                return Err(AppError::Conflict(ErrorItem::field(
                    "nickName",
                    NICKNAME_TAKEN,
                )));
            }
            let user = NewUser {
                email: &checked.email,
                password_hash: &hash,
                first_name: &checked.profile.first_name,
                last_name: &checked.profile.last_name,
                gender: &checked.profile.gender,
                user_type: checked.user_type,
                is_admin: false,
                verified: false,
                is_demo: false,
            };
            let id = store::insert(tx, &user)?;
            store::set_profile(tx, id, &checked.profile)?;
            store::set_profile_image(tx, id, stored_image.as_deref())?;
            mails::queue_verification(tx, &settings, id, &checked.email)
        })
        .await;
    if let Err(err) = result {
        if let Some(name) = image {
            images::remove(&uploads, &name);
        }
        return Err(err);
    }
    outbox.wake();
    Ok((StatusCode::CREATED, Json(Message { msg: REGISTERED })))
}

/// The address being typed: an empty or overlong one is simply not free.
#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct CheckEmailBody {
    email: String,
}

/// True when the address is free for a new account.
#[utoipa::path(post, path = "/check-email", tag = "accounts", request_body = CheckEmailBody, responses(
    (status = 200, body = bool, content_type = "application/json"), (status = 429, body = [ErrorItem])))]
pub async fn check_email(
    State(limits): State<Arc<Limits>>,
    State(db): State<Db>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<CheckEmailBody>,
) -> AppResult<Json<bool>> {
    limits::check(&limits.checks, &ip)?;
    let email = normalise_email(&body.email);
    if email.is_empty() || email.len() > rules::EMAIL_MAX {
        return Ok(Json(false));
    }
    let taken = db
        .read(move |conn| store::email_taken(conn, &email, None))
        .await?;
    Ok(Json(!taken))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct NicknameBody {
    nick_name: String,
}

/// True when no other account uses the nickname (the caller's own, when logged in, is free).
#[utoipa::path(post, path = "/check-nickname", tag = "accounts", security((), ("session" = [])), request_body = NicknameBody, responses(
    (status = 200, body = bool, content_type = "application/json"), (status = 429, body = [ErrorItem])))]
pub async fn check_nickname(
    State(limits): State<Arc<Limits>>,
    State(db): State<Db>,
    ClientIp(ip): ClientIp,
    MaybeAuthUser(caller): MaybeAuthUser,
    ApiJson(body): ApiJson<NicknameBody>,
) -> AppResult<Json<bool>> {
    limits::check(&limits.checks, &ip)?;
    let nick = body.nick_name.trim().to_owned();
    if nick.is_empty() || nick.chars().count() > rules::NAME_MAX {
        return Ok(Json(false));
    }
    let except = caller.map(|user| user.id);
    let taken = db
        .read(move |conn| store::nickname_taken(conn, &nick, except))
        .await?;
    Ok(Json(!taken))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct AbnBody {
    abn: String,
}

/// The register's answer for an ABN: `EntityName` is null when no lookup is configured or
/// the register does not know the name.
#[derive(Serialize, ToSchema)]
pub struct AbnAnswer {
    #[serde(rename = "EntityName")]
    entity_name: Option<String>,
}

/// What check-abn answers: the spec's `false` for an ABN that fails the check-digit rule.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum AbnCheck {
    Valid(AbnAnswer),
    /// Always `false`.
    Invalid(bool),
}

/// `{EntityName}` for a valid ABN (check-digit rule), `false` for an invalid one.
#[utoipa::path(post, path = "/check-abn", tag = "accounts", request_body = AbnBody, responses(
    (status = 200, description = "`{EntityName}` or false", body = AbnCheck), (status = 429, body = [ErrorItem])))]
pub async fn check_abn(
    State(limits): State<Arc<Limits>>,
    State(abr): State<Option<Abr>>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<AbnBody>,
) -> AppResult<Json<AbnCheck>> {
    limits::check(&limits.checks, &ip)?;
    if !rules::abn_is_valid(&body.abn) {
        return Ok(Json(AbnCheck::Invalid(false)));
    }
    let entity_name = match &abr {
        Some(abr) => abr.entity_name(&body.abn.replace(' ', "")).await,
        None => None,
    };
    Ok(Json(AbnCheck::Valid(AbnAnswer { entity_name })))
}

//! The profile: `/api/updatedetails`, `/api/updateemail`, `/api/updatepassword`, and the
//! Australian Privacy Principles' part: `/api/account/export` and `/api/account/delete`.
//! A `userId` in a body must be the caller's own (DESIGN decision 1).

use axum::{
    Json,
    extract::State,
    http::header,
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    images, mails,
    rules::{self, EMAIL_UNAVAILABLE, NICKNAME_TAKEN, Problems},
    signup::today,
    store::{self, Profile, UserInfo},
};
use crate::{
    AppState,
    auth::{AuthUser, password},
    error::{ApiJson, AppError, AppResult, DUPLICATE_KEY_CODE, ErrorItem},
    fields::{Id, normalise_email},
};

pub const DETAILS_UPDATED: &str = "Details updated successfully";
pub const EMAIL_UPDATED: &str = "Email updated successfully";
pub const PASSWORD_UPDATED: &str = "Password updated successfully";

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct DetailsBody {
    user_id: Option<Id>,
    first_name: String,
    last_name: String,
    gender: String,
    #[serde(deserialize_with = "crate::fields::whole")]
    #[schema(minimum = 0, maximum = 5)]
    avatar: i64,
    /// A new base64 PNG; the current file name or absent keeps the image; "" removes it.
    profile_image: Option<String>,
    opt_in: Option<bool>,
    nick_name: String,
    /// 'DD MMMM YYYY' (Students).
    date_of_birth: String,
    business_name: String,
    job_title: String,
    abn: String,
}

#[derive(Serialize, ToSchema)]
pub struct DetailsAnswer {
    msg: &'static str,
    user: UserInfo,
}

/// What to do with the profile image.
enum ImageChange {
    Keep,
    Remove,
    Replace(Vec<u8>),
}

fn check_details(body: &DetailsBody, user_type: &str, problems: &mut Problems) -> Profile {
    problems.name("firstName", "First name", &body.first_name);
    problems.name("lastName", "Last name", &body.last_name);
    problems.gender(&body.gender);
    problems.avatar(body.avatar);
    let mut profile = Profile {
        first_name: body.first_name.trim().to_owned(),
        last_name: body.last_name.trim().to_owned(),
        gender: body.gender.clone(),
        avatar: body.avatar,
        opt_in: body.opt_in.unwrap_or(true),
        ..Profile::default()
    };
    match user_type {
        "Student" => {
            problems.name("nickName", "Nick name", &body.nick_name);
            profile.nick_name = Some(body.nick_name.trim().to_owned());
            profile.date_of_birth = problems
                .date_of_birth(&body.date_of_birth, today())
                .map(rules::format_date_of_birth);
        }
        "Employer" => {
            problems.required_text("businessName", "Business Name", &body.business_name);
            problems.required_text("jobTitle", "Job Title", &body.job_title);
            problems.abn(&body.abn);
            profile.business_name = Some(body.business_name.trim().to_owned());
            profile.job_title = Some(body.job_title.trim().to_owned());
            profile.abn = Some(rules::abn_digits(&body.abn));
        }
        _ => {}
    }
    profile
}

/// Changes names, gender, avatar, opt-in, the type's own fields and the profile image.
#[utoipa::path(post, path = "/updatedetails", tag = "profile", security(("session" = [])), request_body = DetailsBody, responses(
    (status = 200, body = DetailsAnswer), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 409, description = "Nickname taken", body = [ErrorItem])))]
pub async fn update_details(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<DetailsBody>,
) -> AppResult<Json<DetailsAnswer>> {
    user.ensure_own(body.user_id)?;
    let mut problems = Problems::default();
    let profile = check_details(&body, &user.user_type, &mut problems);
    let may_have_image = matches!(user.user_type.as_str(), "Student" | "Employer");
    let current = state.db.read({
        let id = user.id;
        move |conn| store::user_info(conn, id).map(|info| info.profile_image)
    });
    let change = match body.profile_image.as_deref() {
        None => ImageChange::Keep,
        Some(name) if Some(name) == current.await?.as_deref() => ImageChange::Keep,
        Some("") => ImageChange::Remove,
        Some(_) if !may_have_image => {
            problems.add(
                "profileImage",
                "Only Students and Employers can upload a profile image",
            );
            ImageChange::Keep
        }
        Some(data) => match images::clean_png(data) {
            Ok(png) => ImageChange::Replace(png),
            Err(AppError::Validation(items)) => {
                problems.0.extend(items);
                ImageChange::Keep
            }
            Err(other) => return Err(other),
        },
    };
    if !problems.is_empty() {
        return Err(AppError::Validation(problems.0));
    }
    let uploads = state.settings.data_dir.uploads();
    let new_file = match &change {
        ImageChange::Replace(png) => Some(images::store(&uploads, png)?),
        _ => None,
    };
    let user_id = user.id;
    let stored = new_file.clone();
    let result = state
        .db
        .write(move |tx| {
            if let Some(nick) = &profile.nick_name
                && store::nickname_taken(tx, nick, Some(user_id))?
            {
                return Err(AppError::Conflict(ErrorItem::field(
                    "nickName",
                    NICKNAME_TAKEN,
                )));
            }
            store::set_profile(tx, user_id, &profile)?;
            let replaced = match change {
                ImageChange::Keep => None,
                ImageChange::Remove => store::set_profile_image(tx, user_id, None)?,
                ImageChange::Replace(_) => {
                    store::set_profile_image(tx, user_id, stored.as_deref())?
                }
            };
            Ok((store::user_info(tx, user_id)?, replaced))
        })
        .await;
    match result {
        Ok((info, replaced)) => {
            if let Some(old) = replaced {
                images::remove(&uploads, &old);
            }
            Ok(Json(DetailsAnswer {
                msg: DETAILS_UPDATED,
                user: info,
            }))
        }
        Err(err) => {
            if let Some(name) = new_file {
                images::remove(&uploads, &name);
            }
            Err(err)
        }
    }
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct EmailChange {
    user_id: Option<Id>,
    email: String,
    email_confirm: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailAnswer {
    msg: &'static str,
    /// The new address, in use once its verification link is followed.
    pending_email: String,
}

/// Starts an email change: the new address gets a verification link, the old one stays until then.
#[utoipa::path(post, path = "/updateemail", tag = "profile", security(("session" = [])), request_body = EmailChange, responses(
    (status = 200, body = EmailAnswer), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]),
    (status = 403, body = [ErrorItem]), (status = 409, description = "Address in use (code 11000)", body = [ErrorItem])))]
pub async fn update_email(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<EmailChange>,
) -> AppResult<Json<EmailAnswer>> {
    user.ensure_own(body.user_id)?;
    let email = normalise_email(&body.email);
    let mut problems = Problems::default();
    problems.email_pair(&email, &body.email_confirm);
    if !problems.is_empty() {
        return Err(AppError::Validation(problems.0));
    }
    let settings = state.settings.clone();
    let pending = email.clone();
    state
        .db
        .write(move |tx| {
            if store::email_taken(tx, &email, Some(user.id))?
                || store::user_info(tx, user.id)?.email == email
            {
                return Err(AppError::Conflict(ErrorItem {
                    msg: EMAIL_UNAVAILABLE.into(),
                    param: Some("email".into()),
                    code: Some(DUPLICATE_KEY_CODE),
                }));
            }
            store::set_pending_email(tx, user.id, &email)?;
            mails::queue_verification(tx, &settings, user.id, &email)
        })
        .await?;
    state.outbox.wake();
    Ok(Json(EmailAnswer {
        msg: EMAIL_UPDATED,
        pending_email: pending,
    }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct PasswordChange {
    user_id: Option<Id>,
    new_password: String,
    new_password_confirm: String,
}

#[derive(Serialize, ToSchema)]
pub struct PasswordAnswer {
    msg: &'static str,
    /// A new session token: every older one stopped working.
    token: String,
}

/// Sets a new password, ends every other session and renews this one.
#[utoipa::path(post, path = "/updatepassword", tag = "profile", security(("session" = [])), request_body = PasswordChange, responses(
    (status = 200, body = PasswordAnswer), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn update_password(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<PasswordChange>,
) -> AppResult<Response> {
    user.ensure_own(body.user_id)?;
    let mut problems = Problems::default();
    problems.new_password(
        "newPassword",
        &body.new_password,
        "newPasswordConfirm",
        &body.new_password_confirm,
    );
    if !problems.is_empty() {
        return Err(AppError::Validation(problems.0));
    }
    let hash = password::hash_async(body.new_password).await?;
    let (version, is_admin) = state
        .db
        .write(move |tx| -> rusqlite::Result<_> {
            store::set_password(tx, user.id, &hash)?;
            store::token_version(tx, user.id)
        })
        .await?;
    let issued = state.sessions.issue(user.id, version, is_admin, false)?;
    let cookie = state.sessions.cookie(&issued, false);
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(PasswordAnswer {
            msg: PASSWORD_UPDATED,
            token: issued.token,
        }),
    )
        .into_response())
}

/// Everything stored about the caller, as one JSON document.
#[utoipa::path(get, path = "/account/export", tag = "profile", security(("session" = [])), responses(
    (status = 200, description = "The account, favourites, reviews, votes, notifications and contact messages"), (status = 401, body = [ErrorItem])))]
pub async fn export(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> AppResult<Response> {
    let document = state
        .db
        .read(move |conn| store::export(conn, user.id))
        .await?;
    let body = serde_json::to_string_pretty(&document).map_err(anyhow::Error::from)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"coursesource-my-data.json\"",
            ),
        ],
        body,
    )
        .into_response())
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct DeleteBody {
    password: String,
}

/// Deletes the caller's account after checking the password, and ends the session.
#[utoipa::path(post, path = "/account/delete", tag = "profile", security(("session" = [])), request_body = DeleteBody, responses(
    (status = 200, body = super::signup::Message), (status = 400, body = [ErrorItem]), (status = 401, body = [ErrorItem]), (status = 403, body = [ErrorItem])))]
pub async fn delete_account(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    ApiJson(body): ApiJson<DeleteBody>,
) -> AppResult<Response> {
    if body.password.is_empty() {
        return Err(AppError::invalid(Some("password"), "Password is required"));
    }
    let stored = state
        .db
        .read(move |conn| store::password_hash(conn, user.id))
        .await?;
    if !password::verify_async(body.password, Some(stored)).await? {
        return Err(AppError::invalid(
            Some("password"),
            "The password is not correct",
        ));
    }
    let image = state
        .db
        .write(move |tx| store::delete_user(tx, user.id))
        .await?;
    if let Some(name) = image {
        images::remove(&state.settings.data_dir.uploads(), &name);
    }
    Ok((
        [(header::SET_COOKIE, state.sessions.clear_cookie())],
        Json(super::signup::Message {
            msg: "Your account and everything stored about you have been deleted.",
        }),
    )
        .into_response())
}

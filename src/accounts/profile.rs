//! The profile: `/api/updatedetails`, and the Australian Privacy Principles' export
//! `/api/account/export` (deletion, like the email and password changes, is in `credentials`).
//! A `userId` in a body must be the caller's own (DESIGN decision 1).

use std::sync::Arc;

use axum::{
    Json,
    extract::State,
    http::header,
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    images,
    rules::{self, NICKNAME_TAKEN, Problems},
    signup::today,
    store::{self, Profile, UserInfo},
};
use crate::{
    auth::{AuthUser, UserType},
    config::Settings,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::Id,
};

pub const DETAILS_UPDATED: &str = "Details updated successfully";

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

fn check_details(body: &DetailsBody, user_type: UserType, problems: &mut Problems) -> Profile {
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
        UserType::Student => {
            problems.name("nickName", "Nick name", &body.nick_name);
            profile.nick_name = Some(body.nick_name.trim().to_owned());
            profile.date_of_birth = problems
                .date_of_birth(&body.date_of_birth, today())
                .map(rules::format_date_of_birth);
        }
        UserType::Employer => {
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
    State(db): State<Db>,
    State(settings): State<Arc<Settings>>,
    AuthUser(user): AuthUser,
    ApiJson(mut body): ApiJson<DetailsBody>,
) -> AppResult<Json<DetailsAnswer>> {
    user.ensure_own(body.user_id)?;
    rules::clean_names([
        &mut body.first_name,
        &mut body.last_name,
        &mut body.nick_name,
        &mut body.business_name,
        &mut body.job_title,
    ]);
    let mut problems = Problems::default();
    let profile = check_details(&body, user.user_type, &mut problems);
    let may_have_image = user.user_type.reviewer().is_some();
    let current = db.read({
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
        Some(data) => match images::clean_png_off_workers(data.to_owned()).await {
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
    let uploads = settings.data_dir.uploads();
    let new_file = match &change {
        ImageChange::Replace(png) => Some(images::store(&uploads, png)?),
        _ => None,
    };
    let user_id = user.id;
    let stored = new_file.clone();
    let result = db
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

/// Everything stored about the caller, as one JSON document.
#[utoipa::path(get, path = "/account/export", tag = "profile", security(("session" = [])), responses(
    (status = 200, description = "The account, favourites, reviews, votes, notifications and contact messages"), (status = 401, body = [ErrorItem])))]
pub async fn export(State(db): State<Db>, AuthUser(user): AuthUser) -> AppResult<Response> {
    let document = db.read(move |conn| store::export(conn, user.id)).await?;
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

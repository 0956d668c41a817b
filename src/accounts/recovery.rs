//! Verification and password recovery: `/api/verifyaccount`, `/api/verifyaccountform`,
//! `/api/forgotpassword`, `/api/check-token`, `/api/resetpassword`. The forms that send mail
//! answer the same whatever the email, so they reveal nothing about who has an account.

use std::sync::Arc;

use axum::{Json, extract::State};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    credentials::check_mailed_link,
    mails,
    rules::Problems,
    signup::Message,
    store,
    tokens::{self, Purpose},
};
use crate::{
    auth::password::HashQueue,
    db::Db,
    error::{ApiJson, AppError, AppResult, ErrorItem},
    fields::normalise_email,
    limits::{self, ClientIp, Limits},
    state::AppState,
};

pub const VERIFIED: &str = "Account verified successfully";
pub const VERIFY_INVALID: &str = "Invalid or expired account verification link";
pub const RESET_DONE: &str = "Password reset successful";
pub const RESET_INVALID: &str = "Invalid or expired password reset link";
pub const MAIL_ON_ITS_WAY: &str =
    "If an account uses this email, a link is on its way. Please check your inbox.";

/// Tokens are `<43 base64url characters>.<digits>`; anything longer is not one of ours.
const TOKEN_MAX: usize = 80;

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct VerifyBody {
    #[schema(required = true, min_length = 1)]
    token: String,
    /// The account's password. The link alone proves only that the reader holds the mailbox:
    /// someone who signed up with another person's address must not get the account verified
    /// by that person's click (account pre-hijacking). The owner who never signed up uses
    /// 'Forgot password?', whose reset verifies the account with a password of their own.
    #[schema(required = true, min_length = 1)]
    password: String,
}

/// Follows a verification link with the account's password: verifies the account, or a new
/// email address. A wrong password leaves the link good.
#[utoipa::path(post, path = "/verifyaccount", tag = "accounts", request_body = VerifyBody, responses(
    (status = 200, body = Message), (status = 400, body = [ErrorItem]),
    (status = 429, description = "Too many password checks from this address or on this account", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
    (status = 503, description = "Password hashing is saturated", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds to wait before trying again")))))]
pub async fn verify_account(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<VerifyBody>,
) -> AppResult<Json<Message>> {
    let VerifyBody { token, password } = body;
    if token.is_empty() || token.len() > TOKEN_MAX {
        return Err(AppError::invalid(Some("token"), VERIFY_INVALID));
    }
    check_mailed_link(
        &state,
        ip,
        Purpose::Verify,
        &token,
        password,
        VERIFY_INVALID,
    )
    .await?;
    state
        .db
        .write(move |tx| -> Result<_, AppError> {
            // Used now, unless a racing request used it while this one checked the password.
            let holder = tokens::consume(tx, Purpose::Verify, &token)?
                .ok_or_else(|| AppError::invalid(Some("token"), VERIFY_INVALID))?;
            store::verify(tx, holder.user_id, holder.email.as_deref())?;
            Ok(())
        })
        .await?;
    Ok(Json(Message { msg: VERIFIED }))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct EmailBody {
    #[schema(required = true, schema_with = crate::contract::not_blank)]
    email: String,
}

/// Which mail an email form asks for.
#[derive(Clone, Copy)]
enum AccountMail {
    Verification,
    Reset,
}

/// The shared path of the two email forms: the limits, then a mail only when an account fits;
/// the same answer whether it does or not.
async fn send_account_mail(
    state: &AppState,
    ip: std::net::IpAddr,
    email: &str,
    kind: AccountMail,
) -> AppResult<Json<Message>> {
    let email = normalise_email(email);
    let mut problems = Problems::default();
    problems.email(&email);
    if !problems.is_empty() {
        return Err(AppError::Validation(problems.0));
    }
    let limits = &state.limits;
    limits::check(&limits.account_mail, &ip)?;
    // Per email from this address first: a stranger who used up theirs spends nothing of
    // the owner's. The cap per email from all addresses together (against a flooded mailbox)
    // does not hold back an address that logged in to the account before, so strangers
    // cannot use up the owner's mails either. A request over a limit is told so (429), never
    // that a mail is on its way; the limits count the email as written, so the answer is the
    // same whether an account has it or not.
    limits::check(&limits.account_mail_per_sender, &(ip, email.clone()))?;
    if !limits.known_addresses.contains(&email, ip) {
        limits::check(&limits.account_mail_per_email, &email)?;
    }
    let settings = state.settings.clone();
    state
        .db
        .write(move |tx| -> Result<_, AppError> {
            match (store::account_by_email(tx, &email)?, kind) {
                (Some((id, false)), AccountMail::Verification) => {
                    mails::queue_verification(tx, &settings, id, &email)?
                }
                (Some((id, _)), AccountMail::Reset) => {
                    mails::queue_reset(tx, &settings, id, &email)?
                }
                _ => {}
            }
            Ok(())
        })
        .await?;
    state.outbox.wake();
    Ok(Json(Message {
        msg: MAIL_ON_ITS_WAY,
    }))
}

/// Sends a new verification link to an unverified account.
#[utoipa::path(post, path = "/verifyaccountform", tag = "accounts", request_body = EmailBody, responses(
    (status = 200, body = Message), (status = 400, body = [ErrorItem]), (status = 429, description = "Too many attempts from this address", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed")))))]
pub async fn verify_account_form(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<EmailBody>,
) -> AppResult<Json<Message>> {
    send_account_mail(&state, ip, &body.email, AccountMail::Verification).await
}

/// Sends a password reset link.
#[utoipa::path(post, path = "/forgotpassword", tag = "accounts", request_body = EmailBody, responses(
    (status = 200, body = Message), (status = 400, body = [ErrorItem]), (status = 429, description = "Too many attempts from this address", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed")))))]
pub async fn forgot_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<EmailBody>,
) -> AppResult<Json<Message>> {
    send_account_mail(&state, ip, &body.email, AccountMail::Reset).await
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct CheckTokenBody {
    /// 'forgot' (a password reset token).
    #[schema(required = true, schema_with = token_purposes)]
    token_for: String,
    token: String,
}

/// Whether a reset token is still good (unused and unexpired).
#[utoipa::path(post, path = "/check-token", tag = "accounts", request_body = CheckTokenBody, responses(
    (status = 200, body = bool, content_type = "application/json"), (status = 400, body = [ErrorItem])))]
pub async fn check_token(
    State(db): State<Db>,
    ApiJson(body): ApiJson<CheckTokenBody>,
) -> AppResult<Json<bool>> {
    if body.token_for != "forgot" {
        return Err(AppError::invalid(
            Some("tokenFor"),
            "tokenFor must be 'forgot'",
        ));
    }
    let token = body.token;
    if token.is_empty() || token.len() > TOKEN_MAX {
        return Ok(Json(false));
    }
    let valid = db
        .read(move |conn| tokens::peek(conn, Purpose::Reset, &token).map(|found| found.is_some()))
        .await?;
    Ok(Json(valid))
}

#[derive(Deserialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ResetBody {
    #[schema(required = true, min_length = 1)]
    password: String,
    #[schema(required = true, min_length = 1)]
    password_confirm: String,
    #[schema(required = true, min_length = 1)]
    reset_token: String,
}

fn token_purposes() -> utoipa::openapi::Object {
    crate::contract::one_of(&["forgot"], false)
}

/// Sets a new password with a reset token and ends every session of the account.
#[utoipa::path(post, path = "/resetpassword", tag = "accounts", request_body = ResetBody, responses(
    (status = 200, body = Message), (status = 400, body = [ErrorItem]),
    (status = 429, description = "Too many attempts from this address or on this account", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds until the next attempt is allowed"))),
    (status = 503, description = "Password hashing is saturated", body = [ErrorItem],
        headers(("Retry-After" = u64, description = "Seconds to wait before trying again")))))]
pub async fn reset_password(
    State(limits): State<Arc<Limits>>,
    State(db): State<Db>,
    State(hashing): State<Arc<HashQueue>>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ResetBody>,
) -> AppResult<Json<Message>> {
    let mut problems = Problems::default();
    problems.new_password(
        "password",
        &body.password,
        "passwordConfirm",
        &body.password_confirm,
    );
    if !problems.is_empty() {
        return Err(AppError::Validation(problems.0));
    }
    // Every attempt counts against the address, a wrong token too; the token is checked
    // (a cheap read) before the costly hash, and only a good one spends the account's allowance.
    limits::check(&limits.reset, &ip)?;
    let token = body.reset_token;
    if token.is_empty() || token.len() > TOKEN_MAX {
        return Err(AppError::invalid(Some("resetToken"), RESET_INVALID));
    }
    let holder = db
        .read({
            let token = token.clone();
            move |conn| tokens::peek(conn, Purpose::Reset, &token)
        })
        .await?
        .ok_or_else(|| AppError::invalid(Some("resetToken"), RESET_INVALID))?;
    limits::check(&limits.reset_per_account, &holder.user_id)?;
    let hash = hashing.hash(body.password).await?;
    db.write(move |tx| -> Result<_, AppError> {
        // Used now, unless a racing request used it while this one hashed.
        let holder = tokens::consume(tx, Purpose::Reset, &token)?
            .ok_or_else(|| AppError::invalid(Some("resetToken"), RESET_INVALID))?;
        store::set_password(tx, holder.user_id, &hash)?;
        // Following the link proved the address, so the account is verified too.
        store::verify(tx, holder.user_id, None)?;
        Ok(())
    })
    .await?;
    Ok(Json(Message { msg: RESET_DONE }))
}

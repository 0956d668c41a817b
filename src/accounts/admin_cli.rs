//! The operator's first admin: `app admin create EMAIL` and `app admin promote EMAIL`.

use anyhow::{Context, bail};

use super::store::{self, NewUser};
use crate::{
    auth::{UserType, password},
    db::Db,
};

/// Creates a verified admin account with the given password.
pub async fn create_admin(
    db: &Db,
    email: &str,
    password: &str,
    first_name: &str,
    last_name: &str,
) -> anyhow::Result<i64> {
    let email = normalise_email(email)?;
    if !password::meets_rule(password) {
        bail!("{}", password::PASSWORD_RULE_MESSAGE);
    }
    let hash = password::hash_async(password.to_owned()).await?;
    let (first_name, last_name) = (first_name.to_owned(), last_name.to_owned());
    let id = db
        .write(move |tx| -> Result<_, crate::error::AppError> {
            if store::email_exists(tx, &email)? {
                return Err(anyhow::anyhow!(
                    "an account with the email {email} already exists; use `app admin promote {email}`"
                )
                .into());
            }
            let user = NewUser {
                email: &email,
                password_hash: &hash,
                first_name: &first_name,
                last_name: &last_name,
                gender: "Other",
                user_type: UserType::Other,
                is_admin: true,
                verified: true,
                is_demo: false,
            };
            Ok(store::insert(tx, &user)?)
        })
        .await?;
    Ok(id)
}

/// Makes an existing account an admin.
pub async fn promote(db: &Db, email: &str) -> anyhow::Result<()> {
    let email = normalise_email(email)?;
    let lookup = email.clone();
    if !db.write(move |tx| store::promote(tx, &lookup)).await? {
        bail!("there is no account with the email {email}");
    }
    Ok(())
}

/// Emails are compared trimmed and lower-cased everywhere.
pub fn normalise_email(email: &str) -> anyhow::Result<String> {
    let email = email.trim().to_lowercase();
    email
        .parse::<lettre::Address>()
        .with_context(|| format!("'{email}' is not a valid email address"))?;
    Ok(email)
}

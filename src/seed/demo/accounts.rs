//! Demo accounts for `serve --demo`, so a newcomer can log in as each kind of user at once.
//! Their passwords are public by design; they are flagged `is_demo` in the database.

use crate::accounts::store::{self, NewUser};
use crate::{
    auth::{UserType, password},
    db::Db,
    vocabulary::Vocabulary,
};

pub struct DemoAccount {
    pub email: &'static str,
    pub password: &'static str,
    pub role: &'static str,
}

pub const DEMO_PASSWORD: &str = "Demo1234";

const ACCOUNTS: [(&str, &str, &str, &str, UserType, bool); 4] = [
    // email, first name, last name, gender, user type, admin
    (
        "admin@demo.coursesource.local",
        "Alex",
        "Admin",
        "Other",
        UserType::Other,
        true,
    ),
    (
        "student@demo.coursesource.local",
        "Sam",
        "Nguyen",
        "Female",
        UserType::Student,
        false,
    ),
    (
        "employer@demo.coursesource.local",
        "Jordan",
        "Blake",
        "Male",
        UserType::Employer,
        false,
    ),
    (
        "parent@demo.coursesource.local",
        "Robin",
        "Taylor",
        "Other",
        UserType::Parent,
        false,
    ),
];

/// Creates the demo accounts that do not exist yet and lists them all.
pub async fn ensure_accounts(db: &Db) -> anyhow::Result<Vec<DemoAccount>> {
    let hash = password::hash_async(DEMO_PASSWORD.to_owned()).await?;
    db.write(move |tx| -> rusqlite::Result<_> {
        for (email, first_name, last_name, gender, user_type, is_admin) in ACCOUNTS {
            if store::email_exists(tx, email)? {
                continue;
            }
            let id = store::insert(
                tx,
                &NewUser {
                    email,
                    password_hash: &hash,
                    first_name,
                    last_name,
                    gender,
                    user_type,
                    is_admin,
                    verified: true,
                    is_demo: true,
                },
            )?;
            // The type-specific fields a real sign-up would ask for.
            super::store::set_demo_account_profile(tx, id)?;
        }
        Ok(())
    })
    .await?;
    Ok(ACCOUNTS
        .iter()
        .map(|(email, _, _, _, user_type, is_admin)| DemoAccount {
            email,
            password: DEMO_PASSWORD,
            role: if *is_admin { "admin" } else { user_type.name() },
        })
        .collect())
}

//! The staging lock's gate: the configured credentials, the signed cookie a right login sets,
//! and the lock screen. Below the lock's handlers, so the application state can hold it.

use std::sync::{Arc, LazyLock};

use axum::http::{HeaderMap, HeaderValue};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::{config::Settings, dates::unix_now};

pub const WRONG_LOGIN: &str = "invalid login details";
pub const LOCKED: &str = "This site is locked. Log in on the lock screen.";
pub(super) const COOKIE_NAME: &str = "cs_staging";
const LIFETIME_SECS: i64 = 24 * 60 * 60;
/// After a wrong login on the lock screen's form: the username typed, for the screen the
/// browser is sent back to, so the address stays the page asked for and the name stays typed.
pub(super) const RETRY_COOKIE: &str = "cs_staging_retry";
pub(super) const RETRY_SECS: i64 = 60;

type Signer = Hmac<Sha256>;

/// The lock's settings and the key that signs its cookie.
pub struct Gate {
    key: Vec<u8>,
    /// The MAC of the configured `user\0password`, compared in constant time.
    credentials: Vec<u8>,
    production_url: Option<String>,
    site_name: String,
    secure_cookie: bool,
}

impl Gate {
    /// The lock, when the settings ask for one. `secret` is the site's session secret; the
    /// cookie's signature also covers the credentials, so changing them locks everyone out.
    pub fn from_settings(settings: &Settings, secret: &[u8]) -> Option<Arc<Self>> {
        let user = settings.staging_user.as_deref().filter(|u| !u.is_empty())?;
        let password = settings
            .staging_password
            .as_deref()
            .filter(|p| !p.is_empty())?;
        let mut key = b"staging-lock\0".to_vec();
        key.extend_from_slice(secret);
        let credentials = sign(&key, &credential_text(user, password));
        Some(Arc::new(Self {
            key,
            credentials,
            production_url: settings.production_url.clone(),
            site_name: settings.site_name.clone(),
            secure_cookie: settings
                .public_url
                .as_deref()
                .is_some_and(|url| url.starts_with("https://")),
        }))
    }

    pub(super) fn accepts(&self, user: &str, password: &str) -> bool {
        verify(
            &self.key,
            &credential_text(user, password),
            &self.credentials,
        )
    }

    /// What a cookie's signature covers: its expiry and the credentials it was given for.
    fn signed_text(&self, expires: &str) -> String {
        format!("{expires}.{}", encode(&self.credentials))
    }

    /// `<expiry>.<signature>`, valid for 24 hours.
    pub(super) fn cookie(&self) -> HeaderValue {
        let expires = unix_now() + LIFETIME_SECS;
        let signature = encode(&sign(&self.key, &self.signed_text(&expires.to_string())));
        let secure = if self.secure_cookie { "; Secure" } else { "" };
        HeaderValue::from_str(&format!(
            "{COOKIE_NAME}={expires}.{signature}; Path=/; Max-Age={LIFETIME_SECS}; HttpOnly; SameSite=Lax{secure}"
        ))
        .expect("the cookie is ASCII")
    }

    pub(super) fn admits(&self, headers: &HeaderMap) -> bool {
        let now = unix_now();
        crate::http::cookie_values(headers, COOKIE_NAME).any(|value| {
            let Some((expires, signature)) = value.split_once('.') else {
                return false;
            };
            let (Ok(at), Some(signature)) = (
                expires.parse::<i64>(),
                URL_SAFE_NO_PAD.decode(signature).ok(),
            ) else {
                return false;
            };
            at > now && verify(&self.key, &self.signed_text(expires), &signature)
        })
    }

    /// The lock screen for `next`; after a wrong login, with the error and the username typed.
    pub(super) fn screen(&self, retry: Option<&str>, next: &str) -> String {
        LOCK_SCREEN
            .get_template("lock.html")
            .and_then(|template| {
                template.render(minijinja::context! {
                    site_name => self.site_name,
                    production_url => self.production_url,
                    error => retry.map(|_| WRONG_LOGIN),
                    username => retry.unwrap_or_default(),
                    next => next,
                })
            })
            .unwrap_or_else(|_| LOCKED.into())
    }

    pub(super) fn retry_cookie(&self, username: &str, max_age: i64) -> HeaderValue {
        let value: String = url::form_urlencoded::byte_serialize(username.as_bytes()).collect();
        let secure = if self.secure_cookie { "; Secure" } else { "" };
        HeaderValue::from_str(&format!(
            "{RETRY_COOKIE}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}"
        ))
        .expect("the cookie is ASCII")
    }
}

fn credential_text(user: &str, password: &str) -> String {
    format!("{user}\0{password}")
}

fn sign(key: &[u8], text: &str) -> Vec<u8> {
    let mut mac = Signer::new_from_slice(key).expect("HMAC takes any key");
    mac.update(text.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// Whether `signature` is `text`'s, compared in constant time.
fn verify(key: &[u8], text: &str, signature: &[u8]) -> bool {
    let mut mac = Signer::new_from_slice(key).expect("HMAC takes any key");
    mac.update(text.as_bytes());
    mac.verify_slice(signature).is_ok()
}

fn encode(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

static LOCK_SCREEN: LazyLock<minijinja::Environment<'static>> = LazyLock::new(|| {
    let mut env = minijinja::Environment::new();
    env.add_template("lock.html", include_str!("lock.html"))
        .expect("the lock screen template parses");
    env
});

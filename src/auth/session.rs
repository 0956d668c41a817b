//! Session tokens: HS256 JWTs that expire (1 day, or 30 days with 'Keep me logged in') and
//! carry the user's token version, so logout or a password change ends every older session.
//! Browsers get the token in an HttpOnly cookie; API clients send it as a Bearer token.

use std::time::Duration;

use axum::http::HeaderValue;
use jsonwebtoken::{
    Algorithm, DecodingKey, EncodingKey, Header, Validation, get_current_timestamp,
};
use quick_cache::sync::Cache;
use serde::{Deserialize, Serialize};

/// Name of the browser's session cookie.
pub const COOKIE_NAME: &str = "cs_session";

const SHORT_SESSION: Duration = Duration::from_secs(24 * 60 * 60);
const LONG_SESSION: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// How many verified tokens are kept (about 300 bytes each): the sessions of the moment.
const KEPT_TOKENS: usize = 1024;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Claims {
    /// The user's id.
    pub sub: String,
    /// The user's token version when the token was issued.
    pub ver: i64,
    #[serde(rename = "isAdmin")]
    pub is_admin: bool,
    pub iat: u64,
    pub exp: u64,
}

pub struct SessionKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    /// The claims of tokens that verified, by the whole token: checking a signature and reading
    /// the claims' JSON was a tenth of a kept answer's time for a caller with a session.
    verified: Cache<Box<str>, Claims>,
    /// Adds `Secure` to the cookie when the site is served over HTTPS.
    secure_cookie: bool,
}

/// A freshly signed token and how long it lives.
pub struct IssuedToken {
    pub token: String,
    pub lifetime: Duration,
}

impl SessionKeys {
    pub fn new(secret: &[u8], secure_cookie: bool) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_required_spec_claims(&["exp", "sub"]);
        validation.leeway = 0;
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            verified: Cache::new(KEPT_TOKENS),
            secure_cookie,
        }
    }

    pub fn issue(
        &self,
        user_id: i64,
        version: i64,
        is_admin: bool,
        keep_logged_in: bool,
    ) -> anyhow::Result<IssuedToken> {
        let lifetime = if keep_logged_in {
            LONG_SESSION
        } else {
            SHORT_SESSION
        };
        let now = get_current_timestamp();
        let claims = Claims {
            sub: user_id.to_string(),
            ver: version,
            is_admin,
            iat: now,
            exp: now + lifetime.as_secs(),
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok(IssuedToken { token, lifetime })
    }

    /// The claims of a token signed by us with HS256 that has not expired.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        // A token that verified once verifies again until it expires: only its expiry is
        // checked again, as `validation` checks it (no leeway).
        if let Some(claims) = self.verified.get(token) {
            return (claims.exp >= get_current_timestamp()).then_some(claims);
        }
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()?
            .claims;
        self.verified.insert(token.into(), claims.clone());
        Some(claims)
    }

    /// `Set-Cookie` for a new session; a persistent cookie only with 'Keep me logged in'.
    pub fn cookie(&self, issued: &IssuedToken, keep_logged_in: bool) -> HeaderValue {
        let max_age = if keep_logged_in {
            format!("; Max-Age={}", issued.lifetime.as_secs())
        } else {
            String::new()
        };
        self.cookie_value(&format!("{COOKIE_NAME}={}{max_age}", issued.token))
    }

    /// `Set-Cookie` that removes the session cookie.
    pub fn clear_cookie(&self) -> HeaderValue {
        self.cookie_value(&format!("{COOKIE_NAME}=; Max-Age=0"))
    }

    fn cookie_value(&self, head: &str) -> HeaderValue {
        let secure = if self.secure_cookie { "; Secure" } else { "" };
        HeaderValue::from_str(&format!(
            "{head}; Path=/; HttpOnly; SameSite=Strict{secure}"
        ))
        .expect("cookie is ASCII")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issued_tokens_verify_and_others_do_not() {
        let keys = SessionKeys::new(&[7; 64], false);
        let issued = keys.issue(42, 3, true, false).unwrap();
        let claims = keys.verify(&issued.token).unwrap();
        assert_eq!(
            (claims.sub.as_str(), claims.ver, claims.is_admin),
            ("42", 3, true)
        );
        assert_eq!(claims.exp - claims.iat, 24 * 60 * 60);

        let other = SessionKeys::new(&[8; 64], false);
        assert!(
            other.verify(&issued.token).is_none(),
            "signed with another key"
        );
        assert!(keys.verify("not.a.token").is_none());
    }

    #[test]
    fn a_kept_token_is_refused_once_it_expires_and_a_forged_twin_never_passes() {
        let keys = SessionKeys::new(&[7; 64], false);
        let now = get_current_timestamp();
        let claims = Claims {
            sub: "5".into(),
            ver: 0,
            is_admin: true,
            iat: now,
            exp: now + 1,
        };
        let token = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(&[7; 64]),
        )
        .unwrap();
        assert_eq!(keys.verify(&token), Some(claims.clone()));
        assert_eq!(keys.verify(&token), Some(claims), "kept, and still valid");
        // The same header and claims with another signature.
        let (signed, _) = token.rsplit_once('.').unwrap();
        assert!(
            keys.verify(&format!("{signed}.{}", base64_url(&[0; 32])))
                .is_none()
        );

        while get_current_timestamp() <= now + 1 {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        assert!(keys.verify(&token).is_none(), "expired, though kept");
    }

    #[test]
    fn unsigned_and_expired_tokens_are_refused() {
        let keys = SessionKeys::new(&[7; 64], false);
        let claims = Claims {
            sub: "1".into(),
            ver: 0,
            is_admin: true,
            iat: 0,
            exp: u64::MAX / 2,
        };
        let none_alg = format!(
            "{}.{}.",
            base64_url(br#"{"alg":"none","typ":"JWT"}"#),
            base64_url(serde_json::to_string(&claims).unwrap().as_bytes())
        );
        assert!(keys.verify(&none_alg).is_none());

        let other_algorithm = jsonwebtoken::encode(
            &Header::new(Algorithm::HS512),
            &claims,
            &EncodingKey::from_secret(&[7; 64]),
        )
        .unwrap();
        assert!(
            keys.verify(&other_algorithm).is_none(),
            "only HS256 is accepted"
        );

        let expired = Claims { exp: 1, ..claims };
        let token = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &expired,
            &EncodingKey::from_secret(&[7; 64]),
        )
        .unwrap();
        assert!(keys.verify(&token).is_none());
    }

    #[test]
    fn cookie_is_http_only_strict_and_secure_over_https() {
        let keys = SessionKeys::new(&[7; 64], true);
        let issued = keys.issue(1, 0, false, true).unwrap();
        let cookie = keys.cookie(&issued, true);
        let text = cookie.to_str().unwrap();
        assert!(text.starts_with("cs_session="));
        for part in [
            "HttpOnly",
            "SameSite=Strict",
            "Secure",
            "Path=/",
            "Max-Age=2592000",
        ] {
            assert!(text.contains(part), "{text} lacks {part}");
        }
        assert!(
            !keys
                .cookie(&issued, false)
                .to_str()
                .unwrap()
                .contains("Max-Age")
        );
    }

    fn base64_url(bytes: &[u8]) -> String {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    }
}

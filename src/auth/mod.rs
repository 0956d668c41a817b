//! Who is calling: session tokens, the extractors that check them, and password hashing.

pub mod extract;
pub mod password;
pub mod session;
mod store;

pub use extract::{AdminUser, AuthUser, CurrentUser, MaybeAuthUser};
pub use session::SessionKeys;

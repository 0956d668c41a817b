//! Who is calling: session tokens, the extractors that check them, and password hashing.

pub mod extract;
pub mod password;
pub mod session;
mod store;
pub mod user_type;

pub use extract::{AdminUser, AuthUser, CurrentUser, MaybeAuthUser};
pub use session::SessionKeys;
pub use user_type::UserType;

//! The application's state: everything a handler may need, cheap to clone. It sits below the
//! areas (it names only types from their leaf modules), the router (`lib.rs`) sits above them,
//! and `server::open_state` makes it at start-up. A part an extractor needs on its own is
//! reachable through axum's `FromRef`, so such an extractor does not name the whole state.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::{
    accounts::abr::Abr,
    auth::{CurrentUser, SessionKeys, password::HashQueue},
    cache::{AnswerCache, UntilNextCommit},
    config::Settings,
    db::Db,
    limits::Limits,
    mail::outbox::Outbox,
    moderation::filter::{Filter, Matches},
    reviews::voters::KeptVoters,
    search::index::CourseIndex,
    staging::gate::Gate,
};

/// Everything a handler may need, cheap to clone: axum clones the state for every request, so
/// it is one shared pointer to its parts rather than a copy of each of them.
#[derive(Clone)]
pub struct AppState(Arc<Parts>);

impl AppState {
    pub fn new(parts: Parts) -> Self {
        Self(Arc::new(parts))
    }
}

impl std::ops::Deref for AppState {
    type Target = Parts;

    fn deref(&self) -> &Parts {
        &self.0
    }
}

/// The state's parts, each reachable as `state.db` and so on.
pub struct Parts {
    pub db: Db,
    pub settings: Arc<Settings>,
    pub sessions: Arc<SessionKeys>,
    pub outbox: Outbox,
    /// The schema version the migrations left, read once at start-up.
    pub schema_version: i64,
    /// The course type-ahead.
    pub search: Arc<CourseIndex>,
    pub limits: Arc<Limits>,
    /// The bounded queue in front of password hashing.
    pub hashing: Arc<HashQueue>,
    /// The ABN register lookup, when `APP_ABR_GUID` configures one.
    pub abr: Option<Abr>,
    /// The staging lock, when `APP_STAGING_USER` and `APP_STAGING_PASSWORD` ask for one.
    pub staging: Option<Arc<Gate>>,
    /// Read answers kept until the data changes (DESIGN decision 17).
    pub answers: Arc<AnswerCache>,
    /// Who each session belongs to, read again after any change to `users` (kept under the
    /// public version, which V22's triggers move with every such change).
    pub session_users: Arc<UntilNextCommit<i64, Option<CurrentUser>>>,
    /// What each moderation filter matches, read again after any commit.
    pub queue_matches: Arc<UntilNextCommit<Filter, Arc<Matches>>>,
    /// How many reviews each search inside a pair's reviews finds, counted again after any commit.
    pub review_search_counts: Arc<UntilNextCommit<String, i64>>,
    /// Each listed review's voters, kept until its votes change.
    pub review_voters: Arc<KeptVoters>,
}

// Each part a handler may extract on its own (`State(db): State<Db>`), so a handler names
// what it uses rather than the whole state.
macro_rules! parts {
    ($($field:ident: $part:ty),+ $(,)?) => {
        $(impl FromRef<AppState> for $part {
            fn from_ref(state: &AppState) -> Self {
                state.$field.clone()
            }
        })+
    };
}

parts! {
    db: Db,
    settings: Arc<Settings>,
    sessions: Arc<SessionKeys>,
    outbox: Outbox,
    search: Arc<CourseIndex>,
    limits: Arc<Limits>,
    hashing: Arc<HashQueue>,
    abr: Option<Abr>,
    staging: Option<Arc<Gate>>,
    answers: Arc<AnswerCache>,
    queue_matches: Arc<UntilNextCommit<Filter, Arc<Matches>>>,
    review_search_counts: Arc<UntilNextCommit<String, i64>>,
    review_voters: Arc<KeptVoters>,
}

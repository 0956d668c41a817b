//! The words and shapes of legal complaints that the form, the steps, the store and the mails
//! share.

use serde::Serialize;
use utoipa::ToSchema;

use crate::vocabulary::vocabulary;

pub const NOT_A_TARGET: &str = "This link is not to a published review or reply on this site";
/// The author's answer when they try to send back a review a complaint keeps hidden.
pub const HELD_FOR_AUTHOR: &str = "This review is hidden while a legal complaint about it is considered. You can edit it again once the complaint is decided.";
/// A moderator's answer when they try to publish a review a complaint keeps hidden.
pub const HELD_FOR_MODERATOR: &str = "This review is hidden while a legal complaint about it is considered. Keep it from the Complaints page to publish it again.";

vocabulary! {
    /// For whom a complaint is made.
    pub enum OnBehalf {
        Myself = "myself",
        Organisation = "organisation",
    }
}

vocabulary! {
    /// What a complaint is about: a review, or the provider's reply to it.
    pub enum Part {
        Review = "review",
        Reply = "reply",
    }
}

/// A checked complaint, ready to be stored.
pub struct NewComplaint {
    pub review_id: i64,
    pub part: Part,
    pub name: String,
    pub email: String,
    pub on_behalf: OnBehalf,
    pub organisation: Option<String>,
    pub link: String,
    pub words: String,
    pub imputations: String,
    pub harm: String,
}

vocabulary! {
    /// Where a complaint stands.
    pub enum Status {
        Open = "open",
        Kept = "kept",
        Removed = "removed",
    }
}

vocabulary! {
    /// One recorded step of a complaint.
    pub enum StepKind {
        Received = "received",
        Hidden = "hidden",
        AskedAuthor = "asked-author",
        AuthorResponded = "author-responded",
        Kept = "kept",
        Removed = "removed",
    }
}

fn step_kinds() -> utoipa::openapi::Object {
    crate::vocabulary::schema::<StepKind>(false)
}

/// One step as the admin page lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    /// 'received', 'hidden', 'asked-author', 'author-responded', 'kept' or 'removed'.
    #[schema(schema_with = step_kinds)]
    pub step: StepKind,
    /// The reason given, or the period the author was given.
    pub note: Option<String>,
    /// ISO 8601, UTC.
    pub at: String,
}

/// Who wrote what is complained of (a reviewer, or the representative who replied).
pub struct Author {
    pub id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

/// A complaint with what it is about, as read for the admin page, the mails and the steps.
pub struct Complaint {
    pub id: i64,
    pub review_id: Option<i64>,
    pub part: Part,
    pub name: String,
    pub email: String,
    pub on_behalf: OnBehalf,
    pub organisation: Option<String>,
    pub link: String,
    pub words: String,
    pub imputations: String,
    pub harm: String,
    pub status: Status,
    pub hidden: bool,
    pub response_due_at: Option<i64>,
    pub response: Option<String>,
    pub responded_at: Option<i64>,
    pub created_at: i64,
    pub closed_at: Option<i64>,
    pub review_title: Option<String>,
    pub review_comment: Option<String>,
    pub course_name: Option<String>,
    pub provider_name: Option<String>,
    /// The review's course, provider and industry, for the recount.
    pub offering: Option<(i64, i64, Option<i64>)>,
    pub reply_text: Option<String>,
    pub author: Option<Author>,
}

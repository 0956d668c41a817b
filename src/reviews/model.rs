//! The answer shapes of the review calls (docs/reviews-api.md) and how a reviewer is shown.

use crate::{
    accounts::rules::AVATAR_MAX, fields::Id, moderation::reasons::Refusal,
    representation::model::Reply,
};
use serde::Serialize;
use serde_json::value::RawValue;
use std::sync::Arc;
use utoipa::ToSchema;

/// The author of a listed review as the public sees them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewAuthor {
    #[serde(rename = "_id")]
    pub id: Id,
    pub name: String,
    pub image: String,
    pub user_type: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicReview {
    #[serde(rename = "_id")]
    pub id: Id,
    pub title: String,
    /// Stars, in half steps (1 to 5); null when the reviewer was asked no scored question.
    pub score: Option<f64>,
    pub comment: String,
    pub user_type: String,
    /// ISO 8601, UTC.
    pub created_at: String,
    /// The ids of the users who like it.
    #[schema(value_type = Vec<String>)]
    pub likes: VoterIds,
    #[schema(value_type = Vec<String>)]
    pub dislikes: VoterIds,
    /// Question slug to answer, as stored: written out without being parsed into a tree.
    #[schema(value_type = Object)]
    pub questions: Box<RawValue>,
    /// The provider's public reply, if it wrote one.
    pub reply: Option<Reply>,
    /// The reviewer received payment, a gift or a discount for it: shown as 'Incentivised review'.
    pub incentivised: bool,
    /// Written through the provider's invitation: shown as 'Invited by the provider'; it changes
    /// neither moderation, the score nor the order.
    pub invited: bool,
    /// When the reviewer studied, as their answers say; null when they say nothing.
    pub study_period: Option<super::study::ShownPeriod>,
    /// Only with a search: the title and comment cut into segments, `match: true` for the
    /// searched words. The review's text is only ever text; the marks are the server's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub highlight: Option<super::search::Highlight>,
}

/// The ids of the users who voted one way on a review, in id order, shared with the voters kept
/// in memory (`voters`) and written out as the API's id strings without a string each.
#[derive(Debug, Clone, Default)]
pub struct VoterIds(pub Arc<[i64]>);

impl Serialize for VoterIds {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        IdList(&self.0).serialize(serializer)
    }
}

/// Ids written out as a list of the API's id strings.
pub struct IdList<'a>(pub &'a [i64]);

impl Serialize for IdList<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|id| IdText(*id)))
    }
}

/// An id as the API's string.
struct IdText(i64);

impl Serialize for IdText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// Where a listed review's voters are: on its card (V33), as 'liker ids;disliker ids', while it
/// has fewer than 16 votes; else in memory or `review_votes`, under its votes version (V32).
#[derive(Debug, Clone, Copy)]
pub enum ListedVoters<'a> {
    OnCard(&'a str),
    ByVersion(i64),
}

/// One item of `POST /api/getreviewsfor`: its schema, and the shape `listing` writes straight
/// from the cards (its tests compare the two).
#[derive(Debug, Serialize, ToSchema)]
pub struct ListedReview {
    pub user: ReviewAuthor,
    pub review: PublicReview,
}

/// The votes of a review after a like or dislike.
#[derive(Debug, Serialize, ToSchema)]
pub struct Votes {
    #[serde(rename = "_id")]
    pub id: Id,
    #[schema(value_type = Vec<String>)]
    pub likes: VoterIds,
    #[schema(value_type = Vec<String>)]
    pub dislikes: VoterIds,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProviderRef {
    #[serde(rename = "_id")]
    pub id: Id,
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseRef {
    #[serde(rename = "_id")]
    pub id: Id,
    pub name: String,
    pub course_code: String,
    pub slug: String,
}

/// One of the author's own reviews (`POST /api/review/getuserreviews`). `provider` and
/// `course` are lists of one, as the spec's client reads them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserReview {
    #[serde(rename = "_id")]
    pub id: Id,
    pub title: String,
    pub comment: String,
    /// Stars; null when the reviewer was asked no scored question.
    pub score: Option<f64>,
    pub user_type: String,
    pub created_at: String,
    pub actioned: bool,
    pub approved: bool,
    /// 'unactioned', 'approved' or 'disapproved'.
    pub status: &'static str,
    /// Why it was not published; null unless disapproved with a reason.
    pub refusal: Option<Refusal>,
    /// The reviewer received payment, a gift or a discount for it.
    pub incentivised: bool,
    /// Written through the provider's invitation: shown as 'Invited by the provider'; it changes
    /// neither moderation, the score nor the order.
    pub invited: bool,
    pub provider: Vec<ProviderRef>,
    pub course: Vec<CourseRef>,
}

/// The status shown to a review's author, in the non-inverted reading (DESIGN decision 4).
pub fn status(actioned: bool, approved: bool) -> &'static str {
    match (actioned, approved) {
        (false, _) => "unactioned",
        (true, true) => "approved",
        (true, false) => "disapproved",
    }
}

/// A reviewer's public name: a student's nickname, anyone else's first name and last initial.
pub fn display_name(
    user_type: &str,
    nick_name: Option<&str>,
    first_name: &str,
    last_name: &str,
) -> String {
    match nick_name.filter(|nick| user_type == "Student" && !nick.is_empty()) {
        Some(nick) => nick.to_owned(),
        None => match last_name.chars().next() {
            Some(initial) => format!("{first_name} {initial}."),
            None => first_name.to_owned(),
        },
    }
}

/// A user's picture: the uploaded profile image, else the type's default avatar that the UI ships.
pub fn picture(user_type: &str, avatar: i64, profile_image: Option<&str>) -> String {
    match profile_image.filter(|file| !file.is_empty()) {
        Some(file) => format!("/media/{file}"),
        // A number the UI has no picture for (stored before the range shrank) shows the first.
        None => {
            let avatar = if (0..=AVATAR_MAX).contains(&avatar) {
                avatar
            } else {
                0
            };
            format!(
                "/assets/img/avatars/{}-avatar-{avatar}.png",
                user_type.replace(' ', "-")
            )
        }
    }
}

/// A review's stored answers (JSON the app wrote) as an answer carries them: written out as they
/// are, checked but not parsed into a tree and serialised again (lever AA); `{}` if unreadable.
pub fn stored_answers(text: &str) -> &RawValue {
    serde_json::from_str(text)
        .unwrap_or_else(|_| serde_json::from_str::<&RawValue>("{}").expect("{} is JSON"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_pictures_dates_and_statuses() {
        assert_eq!(
            display_name("Student", Some("SamCooks"), "Sam", "Nguyen"),
            "SamCooks"
        );
        assert_eq!(
            display_name("Employer", Some("ignored"), "Jane", "Doe"),
            "Jane D."
        );
        assert_eq!(display_name("Student", None, "Sam", "Élan"), "Sam É.");
        assert_eq!(
            picture("Career Advisor", 3, None),
            "/assets/img/avatars/Career-Advisor-avatar-3.png"
        );
        assert_eq!(picture("Student", 0, Some("ab12.png")), "/media/ab12.png");
        assert_eq!(
            [status(false, true), status(true, true), status(true, false)],
            ["unactioned", "approved", "disapproved"]
        );
    }
}

//! The kinds of alert a user chooses how to hear about, and the choices (DESIGN decision 26):
//! words of the API and the database, with each kind's default and name.

use super::notifications_store::NotificationKind;
use crate::vocabulary::vocabulary;

vocabulary! {
    /// The kinds of alert a user chooses how to hear about (the Notifications settings).
    pub enum AlertKind {
        /// A new approved review of a pair, provider or course the user follows.
        FollowedReview = "followed-review",
        /// A new approved review of the provider the user represents.
        ProviderReview = "provider-review",
        /// A provider's reply to the user's review, or an edit of it.
        ReviewReply = "review-reply",
        /// What became of a review the user reported.
        ReportOutcome = "report-outcome",
    }
}

vocabulary! {
    /// How a user hears about one kind of alert.
    pub enum AlertChoice {
        /// In the site only.
        Site = "site",
        /// In the site and in the weekly digest mail.
        Weekly = "weekly",
        /// In the site and by a mail at once.
        Now = "now",
        /// Not at all.
        Off = "off",
    }
}

impl AlertKind {
    /// Replies to one's review come at once; follows in the weekly digest (issue 31).
    pub fn default_choice(self) -> AlertChoice {
        match self {
            Self::FollowedReview | Self::ProviderReview => AlertChoice::Weekly,
            Self::ReviewReply => AlertChoice::Now,
            Self::ReportOutcome => AlertChoice::Site,
        }
    }

    /// The settings page's and the mails' name for the kind.
    pub fn label(self) -> &'static str {
        match self {
            Self::FollowedReview => "New reviews of what you follow",
            Self::ProviderReview => "New reviews of the provider you represent",
            Self::ReviewReply => "Replies to your reviews",
            Self::ReportOutcome => "Outcomes of your reports",
        }
    }

    /// Whether the weekly digest can carry it (the digest lists new reviews).
    pub fn has_digest(self) -> bool {
        matches!(self, Self::FollowedReview | Self::ProviderReview)
    }

    pub fn notification(self) -> NotificationKind {
        match self {
            Self::FollowedReview => NotificationKind::FollowedReview,
            Self::ProviderReview => NotificationKind::ProviderReview,
            Self::ReviewReply => NotificationKind::ReviewReply,
            Self::ReportOutcome => NotificationKind::ReportOutcome,
        }
    }
}

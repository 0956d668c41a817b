//! What the review calls answer when they refuse, word for word, shared by the rules that
//! decide and the stores that find out (a missing review, one's own review).

pub const ALREADY_REVIEWED: &str =
    "You have already reviewed this course. You'll be notified when your review is live!";
pub const REVIEW_NOT_FOUND: &str = "Review not found";
pub const OWN_REVIEW: &str = "You cannot like or dislike your own review";
pub const NOT_YOUR_REVIEW: &str = "You can only edit your own reviews";
pub const NOT_REFUSED: &str =
    "Only a review that was not published can be edited and submitted again";

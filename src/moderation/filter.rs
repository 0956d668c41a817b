//! Which reviews a moderator asks for: a plain value, kept as the key of the queue's counts.

use crate::reviews::questions::ReviewerType;

/// The field a moderator's search text is matched against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchBy {
    CourseName,
    CourseCode,
    /// First name, last name, 'first last' or a student's nickname.
    UserName,
    ReviewTitle,
}

/// Which reviews a moderator asks for; `approved` only narrows actioned reviews.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Filter {
    pub actioned: bool,
    pub approved: Option<bool>,
    pub latest_first: bool,
    pub user_type: Option<ReviewerType>,
    /// A case-insensitive substring of the chosen field; never empty.
    pub search: Option<(SearchBy, String)>,
    /// Only the reviews that raised a signal ('Flagged').
    pub flagged: bool,
    /// 1-based.
    pub page: i64,
}

/// How many reviews match a filter, and whether a title search found more titles than it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Total {
    pub count: i64,
    pub capped: bool,
}

/// What a filter matches, whatever the page: kept from one of its pages to the next until the
/// next commit.
#[derive(Debug)]
pub struct Matches {
    pub total: Total,
    /// For a title search, the matching reviews' ids in the list's order (at most 1,000), so
    /// each page reads only its own ten rows; for other filters each page is read afresh.
    pub listed: Option<Vec<i64>>,
}

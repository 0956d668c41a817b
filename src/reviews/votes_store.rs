//! Likes and dislikes in SQLite: one user's vote on a review with the review's counts kept exact
//! in the same transaction, the votes on a page of reviews, and many votes at once for
//! generated data.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params, params_from_iter};

use super::{
    helpful::wilson_lower_bound,
    messages::{OWN_REVIEW, REVIEW_NOT_FOUND},
    model::{VoterIds, Votes},
};
use crate::{
    error::{AppError, AppResult},
    fields::Id,
    vocabulary::vocabulary,
};

vocabulary! {
    /// A user's vote on a review, as stored.
    pub enum Vote {
        Like = "like",
        Dislike = "dislike",
    }
}

/// The ids of the users who like and of those who dislike a review.
pub(super) type LikesDislikes = (Vec<i64>, Vec<i64>);

/// Who likes and who dislikes each of the given reviews that has votes, in one query:
/// (likes, dislikes) by review id, each in user id order. The spec's likes and dislikes are sets
/// of user ids; any other order would sort every vote of a popular review on each like of it.
pub(super) fn voters_of(
    conn: &Connection,
    review_ids: &[i64],
) -> rusqlite::Result<HashMap<i64, LikesDislikes>> {
    let mut voters: HashMap<i64, LikesDislikes> = HashMap::new();
    if review_ids.is_empty() {
        return Ok(voters);
    }
    let (placeholders, values) = crate::db::in_list(review_ids);
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT review_id, user_id, vote FROM review_votes WHERE review_id IN ({placeholders}) ORDER BY review_id, user_id"
    ))?;
    let mut rows = stmt.query(params_from_iter(values))?;
    while let Some(row) = rows.next()? {
        let (likes, dislikes) = voters.entry(row.get(0)?).or_default();
        match row.get(2)? {
            Vote::Like => likes.push(row.get(1)?),
            Vote::Dislike => dislikes.push(row.get(1)?),
        }
    }
    Ok(voters)
}

vocabulary! {
    /// What a like or dislike call asks for.
    pub enum VoteAction {
        Like = "like",
        Dislike = "dislike",
        RemoveLike = "removelike",
        RemoveDislike = "removedislike",
    }
}

impl VoteAction {
    /// The user's vote after the action: repeating a vote removes it, the other vote replaces it.
    pub fn apply(self, current: Option<Vote>) -> Option<Vote> {
        match (self, current) {
            (Self::Like, Some(Vote::Like)) | (Self::Dislike, Some(Vote::Dislike)) => None,
            (Self::Like, _) => Some(Vote::Like),
            (Self::Dislike, _) => Some(Vote::Dislike),
            (Self::RemoveLike, Some(Vote::Like)) | (Self::RemoveDislike, Some(Vote::Dislike)) => {
                None
            }
            (Self::RemoveLike | Self::RemoveDislike, other) => other,
        }
    }
}

/// Applies a user's like or dislike to an approved review of someone else, keeping the
/// review's like and dislike counts exact in the same transaction; answers the votes after.
pub fn vote(
    conn: &Connection,
    review_id: i64,
    user_id: i64,
    action: VoteAction,
) -> AppResult<Votes> {
    let author: Option<i64> = conn
        .prepare_cached("SELECT user_id FROM reviews WHERE id = ?1 AND approved = 1")?
        .query_row([review_id], |row| row.get(0))
        .optional()?;
    match author {
        None => return Err(AppError::NotFound(REVIEW_NOT_FOUND.into())),
        Some(author) if author == user_id => return Err(AppError::Forbidden(OWN_REVIEW.into())),
        Some(_) => {}
    }
    let current: Option<Vote> = conn
        .prepare_cached("SELECT vote FROM review_votes WHERE review_id = ?1 AND user_id = ?2")?
        .query_row([review_id, user_id], |row| row.get(0))
        .optional()?;
    let next = action.apply(current);
    if next != current {
        match next {
            Some(vote) => conn
                .prepare_cached(
                    "INSERT INTO review_votes (review_id, user_id, vote) VALUES (?1, ?2, ?3)
                     ON CONFLICT (review_id, user_id) DO UPDATE SET vote = excluded.vote, created_at = excluded.created_at",
                )?
                .execute(params![review_id, user_id, vote])?,
            None => conn
                .prepare_cached("DELETE FROM review_votes WHERE review_id = ?1 AND user_id = ?2")?
                .execute([review_id, user_id])?,
        };
        let delta = |vote: Vote| i64::from(next == Some(vote)) - i64::from(current == Some(vote));
        conn.prepare_cached(
            "UPDATE reviews SET like_count = like_count + ?2, dislike_count = dislike_count + ?3 WHERE id = ?1",
        )?
        .execute([review_id, delta(Vote::Like), delta(Vote::Dislike)])?;
        set_helpful(conn, review_id)?;
    }
    let (likes, dislikes) = voters_of(conn, &[review_id])?
        .remove(&review_id)
        .unwrap_or_default();
    Ok(Votes {
        id: Id(review_id),
        likes: VoterIds(likes.into()),
        dislikes: VoterIds(dislikes.into()),
    })
}

/// Stores many users' votes on one approved review and sets its counts from them, for
/// generated data: [`vote`] answers the review's voters after each vote, which is quadratic.
pub fn add_votes(
    conn: &Connection,
    review_id: i64,
    votes: &[(i64, Vote)],
    at: i64,
) -> rusqlite::Result<()> {
    let mut insert = conn.prepare_cached(
        "INSERT INTO review_votes (review_id, user_id, vote, created_at) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (user_id, vote) in votes {
        insert.execute(params![review_id, user_id, vote, at])?;
    }
    conn.prepare_cached(
        "UPDATE reviews SET
           like_count = (SELECT COUNT(*) FROM review_votes WHERE review_id = ?1 AND vote = 'like'),
           dislike_count = (SELECT COUNT(*) FROM review_votes WHERE review_id = ?1 AND vote = 'dislike')
         WHERE id = ?1",
    )?
    .execute([review_id])?;
    set_helpful(conn, review_id)
}

/// Keeps a review's helpful score ('Most helpful') in step with its like and dislike counts,
/// in the transaction that changed them. The counts never hold the author's own vote: `vote`
/// refuses it.
pub fn set_helpful(conn: &Connection, review_id: i64) -> rusqlite::Result<()> {
    let (likes, dislikes): (i64, i64) = conn
        .prepare_cached("SELECT like_count, dislike_count FROM reviews WHERE id = ?1")?
        .query_row([review_id], |row| Ok((row.get(0)?, row.get(1)?)))?;
    conn.prepare_cached("UPDATE reviews SET helpful_score = ?2 WHERE id = ?1")?
        .execute(params![review_id, wilson_lower_bound(likes, dislikes)])?;
    Ok(())
}

/// Gives every review with votes the helpful score `score(likes, dislikes)`; answers how many.
pub fn score_all_helpful(
    conn: &Connection,
    score: impl Fn(i64, i64) -> f64,
) -> rusqlite::Result<usize> {
    let mut read = conn.prepare(
        "SELECT id, like_count, dislike_count FROM reviews WHERE like_count > 0 OR dislike_count > 0",
    )?;
    let mut write = conn.prepare("UPDATE reviews SET helpful_score = ?2 WHERE id = ?1")?;
    let mut rows = read.query([])?;
    let mut scored = 0;
    while let Some(row) = rows.next()? {
        let (id, likes, dislikes): (i64, i64, i64) = (row.get(0)?, row.get(1)?, row.get(2)?);
        write.execute(params![id, score(likes, dislikes)])?;
        scored += 1;
    }
    Ok(scored)
}

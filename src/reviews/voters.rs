//! Who likes and dislikes each review of a list, kept in memory under the review's votes version
//! (V32). A like on a popular pair empties its kept lists (DESIGN decision 17); with its voters
//! kept, the next list reads again only the liked review's voters, not the thousands of votes
//! of every review on its page.

use std::sync::{
    Arc,
    atomic::{AtomicU64, Ordering},
};

use quick_cache::{Weighter, sync::Cache};
use rusqlite::Connection;

use super::{
    model::{ListedReview, VoterIds},
    votes_store::voters_of,
};

/// What the kept voters may weigh: about 130,000 votes.
pub const KEPT_VOTERS_BYTES: u64 = 1024 * 1024;
/// Only the voters of a review with this many votes or more are kept: fewer are on one page of
/// `review_votes`, as cheap to read again, and a cold pair's reviews would only push out the
/// popular ones and take memory.
pub const KEPT_FROM_VOTES: usize = 16;

/// Each review's voters by (review id, votes version).
pub struct KeptVoters {
    kept: Cache<(i64, i64), Arc<Voters>, VoterBytes>,
    /// How many reviews' voters were read from the database (tests read it).
    read: AtomicU64,
}

#[derive(Default)]
struct Voters {
    likes: VoterIds,
    dislikes: VoterIds,
}

#[derive(Clone)]
struct VoterBytes;

impl Weighter<(i64, i64), Arc<Voters>> for VoterBytes {
    fn weight(&self, _: &(i64, i64), voters: &Arc<Voters>) -> u64 {
        (64 + 8 * (voters.likes.0.len() + voters.dislikes.0.len())) as u64
    }
}

impl Default for KeptVoters {
    fn default() -> Self {
        Self {
            kept: Cache::with_weighter(2048, KEPT_VOTERS_BYTES, VoterBytes),
            read: AtomicU64::new(0),
        }
    }
}

impl KeptVoters {
    /// How many reviews' voters were read from the database rather than memory.
    pub fn read(&self) -> u64 {
        self.read.load(Ordering::Relaxed)
    }

    /// Sets the likes and dislikes of a page's reviews, each given with its votes version; reads
    /// the voters of the reviews not kept at their version in one query. The voters are read
    /// after the versions, so they are at least as fresh: a commit between the two only keeps
    /// newer voters under a version no later read sees again.
    pub fn fill(
        &self,
        conn: &Connection,
        page: Vec<(ListedReview, i64)>,
    ) -> rusqlite::Result<Vec<ListedReview>> {
        let key = |(listed, version): &(ListedReview, i64)| (listed.review.id.0, *version);
        // A review never voted on has none; the others are kept, or read below.
        let kept: Vec<Option<Arc<Voters>>> = page
            .iter()
            .map(|item| match item.1 {
                0 => Some(Arc::default()),
                _ => self.kept.get(&key(item)),
            })
            .collect();
        let missing: Vec<i64> = page
            .iter()
            .zip(&kept)
            .filter(|(_, kept)| kept.is_none())
            .map(|(item, _)| key(item).0)
            .collect();
        let mut read = voters_of(conn, &missing)?;
        self.read.fetch_add(missing.len() as u64, Ordering::Relaxed);
        Ok(page
            .into_iter()
            .zip(kept)
            .map(|(item, kept)| {
                let key = key(&item);
                let voters = kept.unwrap_or_else(|| {
                    let (likes, dislikes) = read.remove(&key.0).unwrap_or_default();
                    let kept = likes.len() + dislikes.len() >= KEPT_FROM_VOTES;
                    let voters = Arc::new(Voters {
                        likes: VoterIds(likes.into()),
                        dislikes: VoterIds(dislikes.into()),
                    });
                    if kept {
                        self.kept.insert(key, voters.clone());
                    }
                    voters
                });
                let mut listed = item.0;
                listed.review.likes = voters.likes.clone();
                listed.review.dislikes = voters.dislikes.clone();
                listed
            })
            .collect())
    }
}

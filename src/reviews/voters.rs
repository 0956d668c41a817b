//! Who likes and dislikes each review of a list. A review with fewer than 16 votes carries them on
//! its card (V33); a popular review's are kept in memory under its votes version (V32). A like on
//! a popular pair empties its kept lists (DESIGN decision 17); with its voters kept, the next list
//! reads again only the liked review's voters, not the thousands of votes of every review on its
//! page.

use std::sync::{
    Arc,
    atomic::{AtomicU64, Ordering},
};

use quick_cache::{Weighter, sync::Cache};
use rusqlite::Connection;

use super::{model::VoterIds, votes_store::voters_of};

/// What the kept voters may weigh: about 130,000 votes.
pub const KEPT_VOTERS_BYTES: u64 = 1024 * 1024;
/// From this many votes a review's voters leave its card (V33's triggers spell the number out)
/// and are kept in memory instead: fewer cost nothing to read with the card, and a cold pair's
/// reviews would only push out the popular ones and take memory.
pub const KEPT_FROM_VOTES: usize = 16;

/// Each review's voters by (review id, votes version).
pub struct KeptVoters {
    kept: Cache<(i64, i64), Arc<Voters>, VoterBytes>,
    /// How many reviews' voters were read from the database (tests read it).
    read: AtomicU64,
}

/// A popular review's likers and dislikers, in id order.
#[derive(Default)]
pub struct Voters {
    pub likes: VoterIds,
    pub dislikes: VoterIds,
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

    /// The voters of a page's popular reviews, by (review id, votes version): from memory, reading
    /// those not kept in one query. The voters are read after the versions, so they are at least
    /// as fresh: a commit between the two only keeps newer voters under a version no later read
    /// sees again.
    pub fn by_version(
        &self,
        conn: &Connection,
        wanted: &[(i64, i64)],
    ) -> rusqlite::Result<Vec<Arc<Voters>>> {
        let found: Vec<Option<Arc<Voters>>> = wanted.iter().map(|key| self.kept.get(key)).collect();
        let missing: Vec<i64> = wanted
            .iter()
            .zip(&found)
            .filter(|(_, found)| found.is_none())
            .map(|((review_id, _), _)| *review_id)
            .collect();
        let mut read = voters_of(conn, &missing)?;
        self.read.fetch_add(missing.len() as u64, Ordering::Relaxed);
        Ok(wanted
            .iter()
            .zip(found)
            .map(|(key, found)| {
                found.unwrap_or_else(|| {
                    let (likes, dislikes) = read.remove(&key.0).unwrap_or_default();
                    let voters = Arc::new(Voters {
                        likes: VoterIds(likes.into()),
                        dislikes: VoterIds(dislikes.into()),
                    });
                    self.kept.insert(*key, voters.clone());
                    voters
                })
            })
            .collect())
    }
}

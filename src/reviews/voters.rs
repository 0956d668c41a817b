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

use super::{
    model::{ListedReview, ListedVoters, VoterIds},
    votes_store::voters_of,
};

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

    /// Sets the likes and dislikes of a page's reviews: from their cards, or for a popular
    /// review from memory under its votes version, reading the voters of those not kept in one
    /// query. The voters are read after the versions, so they are at least as fresh: a commit
    /// between the two only keeps newer voters under a version no later read sees again.
    pub fn fill(
        &self,
        conn: &Connection,
        page: Vec<(ListedReview, ListedVoters)>,
    ) -> rusqlite::Result<Vec<ListedReview>> {
        let found: Vec<Option<Arc<Voters>>> = page
            .iter()
            .map(|(listed, voters)| match voters {
                ListedVoters::OnCard(text) => Some(Arc::new(Voters::from_card(text))),
                ListedVoters::ByVersion(version) => self.kept.get(&(listed.review.id.0, *version)),
            })
            .collect();
        let missing: Vec<i64> = page
            .iter()
            .zip(&found)
            .filter(|(_, found)| found.is_none())
            .map(|((listed, _), _)| listed.review.id.0)
            .collect();
        let mut read = voters_of(conn, &missing)?;
        self.read.fetch_add(missing.len() as u64, Ordering::Relaxed);
        Ok(page
            .into_iter()
            .zip(found)
            .map(|((mut listed, source), found)| {
                let voters = found.unwrap_or_else(|| {
                    let (likes, dislikes) = read.remove(&listed.review.id.0).unwrap_or_default();
                    let voters = Arc::new(Voters {
                        likes: VoterIds(likes.into()),
                        dislikes: VoterIds(dislikes.into()),
                    });
                    if let ListedVoters::ByVersion(version) = source {
                        self.kept
                            .insert((listed.review.id.0, version), voters.clone());
                    }
                    voters
                });
                listed.review.likes = voters.likes.clone();
                listed.review.dislikes = voters.dislikes.clone();
                listed
            })
            .collect())
    }
}

impl Voters {
    /// A card's 'liker ids;disliker ids' (V33), each list put in id order.
    fn from_card(text: &str) -> Self {
        let ids = |list: &str| -> VoterIds {
            let mut ids: Vec<i64> = list.split(',').filter_map(|id| id.parse().ok()).collect();
            ids.sort_unstable();
            VoterIds(ids.into())
        };
        let (likes, dislikes) = text.split_once(';').unwrap_or((text, ""));
        Self {
            likes: ids(likes),
            dislikes: ids(dislikes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Voters;

    #[test]
    fn a_card_names_its_likers_then_its_dislikers() {
        let ids = |text: &str| {
            let voters = Voters::from_card(text);
            (voters.likes.0.to_vec(), voters.dislikes.0.to_vec())
        };
        assert_eq!(ids(";"), (vec![], vec![]));
        assert_eq!(ids("3,15;"), (vec![3, 15], vec![]));
        assert_eq!(ids(";7"), (vec![], vec![7]));
        assert_eq!(ids("2;9,4"), (vec![2], vec![4, 9]));
    }
}

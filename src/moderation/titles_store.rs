//! The moderation queue's title search over V31's index, whose keys hold each review's state,
//! when it was written, its id and its reviewer type: a search reads its matches in the list's
//! order from the index alone, and never a review's row.

use rusqlite::{Connection, params};

use super::filter::{Filter, Matches, Total};
use crate::reviews::questions::ReviewerType;

/// A title search lists at most the newest this many reviews of its state whose title holds its
/// text: a text found in a tenth of a million reviews would otherwise read all of them. Its count
/// is read afresh for each search (about 0.3 us a match), so the cap sets a fresh search's cost:
/// at 10,000 the p99 of fresh searches at 64 connections was 70 ms, at 1,000 35 ms (the target is
/// 50 ms). A moderator who sees 'more than 1,000' adds words.
pub const MATCHES_READ: usize = 1_000;

/// Where a key's state starts (V31): 0 awaiting moderation, 1 disapproved, 2 approved.
const STATE_SHIFT: u32 = 61;
/// A key without its state: the list's order, newest first, across states.
const ORDER: i64 = (1 << STATE_SHIFT) - 1;
/// The 27 bits above the reviewer type's one, which hold how far below this the id is.
const ID: i64 = (1 << 27) - 1;

/// The states `filter` asks for, as V31 numbers them; `approved` only narrows actioned reviews.
fn states(filter: &Filter) -> &'static [i64] {
    match (filter.actioned, filter.approved) {
        (false, _) => &[0],
        (true, Some(false)) => &[1],
        (true, Some(true)) => &[2],
        (true, None) => &[1, 2],
    }
}

/// The reviews of `filter`'s state and reviewer type whose title holds `text` (three characters
/// or more), among the newest `MATCHES_READ` of the state holding it, in the list's order.
pub fn matches(conn: &Connection, filter: &Filter, text: &str) -> rusqlite::Result<Matches> {
    // The 'Flagged' filter, read beside each key so the cap counts the same matches either way.
    let flagged = if filter.flagged {
        "(134217727 - ((rowid >> 1) & 134217727)) IN (SELECT review_id FROM review_signals)"
    } else {
        "1"
    };
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT rowid, {flagged} FROM review_title_queue
          WHERE review_title_queue MATCH ?1 AND rowid >= ?2 AND rowid < ?3
          ORDER BY rowid LIMIT ?4"
    ))?;
    let phrase = crate::db::fts::phrase(text);
    let states = states(filter);
    let mut found: Vec<(i64, bool)> = Vec::new();
    for state in states {
        let first = state << STATE_SHIFT;
        let rows = stmt.query_map(
            params![
                phrase,
                first,
                first + (1 << STATE_SHIFT),
                MATCHES_READ as i64 + 1
            ],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )?;
        for row in rows {
            found.push(row?);
        }
    }
    if states.len() > 1 {
        found.sort_unstable_by_key(|(key, _)| key & ORDER);
    }
    let capped = found.len() > MATCHES_READ;
    found.truncate(MATCHES_READ);
    let employer = filter.user_type.map(|kind| kind == ReviewerType::Employer);
    let mut listed: Vec<i64> = found
        .into_iter()
        .filter(|(key, flagged)| {
            *flagged && employer.is_none_or(|employer| (key & 1 == 1) == employer)
        })
        .map(|(key, _)| ID - ((key >> 1) & ID))
        .collect();
    if !filter.latest_first {
        listed.reverse();
    }
    Ok(Matches {
        total: Total {
            count: listed.len() as i64,
            capped,
        },
        listed: Some(listed),
    })
}

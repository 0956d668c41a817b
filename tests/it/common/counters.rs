//! Stored counters against a recount from the reviews, for every test that changes reviews.

use std::path::Path;

use rusqlite::Connection;

fn counter_tables(conn: &Connection) -> Vec<String> {
    let tables = [
        "industries",
        "careers",
        "courses",
        "providers",
        "offerings",
        "offering_stars",
        "offering_answers",
        "reviews",
    ];
    let mut rows = Vec::new();
    for table in tables {
        let mut stmt = conn
            .prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2, 3, 4"))
            .unwrap();
        let columns = stmt.column_count();
        let mut query = stmt.query([]).unwrap();
        while let Some(row) = query.next().unwrap() {
            let values: Vec<String> = (0..columns)
                .map(|i| format!("{:?}", row.get_ref(i).unwrap()))
                .collect();
            rows.push(format!("{table}: {}", values.join(", ")));
        }
    }
    rows
}

/// Stored counters against a recount from the reviews (the same code import uses), plus the
/// like and dislike counts against the votes.
pub fn assert_counters_match_a_recount(db: &Path, label: &str) {
    let mut conn = Connection::open(db).unwrap();
    let stored = counter_tables(&conn);
    let tx = conn.transaction().unwrap();
    coursesource::catalog::counters_store::recount_all(&tx).unwrap();
    tx.execute_batch(
        "UPDATE reviews SET
           like_count = (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = reviews.id AND v.vote = 'like'),
           dislike_count = (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = reviews.id AND v.vote = 'dislike')",
    )
    .unwrap();
    let recounted = counter_tables(&tx);
    tx.rollback().unwrap();
    let differing: Vec<_> = stored
        .iter()
        .zip(&recounted)
        .filter(|(a, b)| a != b)
        .take(5)
        .collect();
    assert!(
        differing.is_empty() && stored.len() == recounted.len(),
        "{label}: stored counters differ from a recount (stored, recounted): {differing:#?}"
    );
    assert_moderation_indexes_match(&conn, label);
    // A review with votes has a votes version (V32): the voters kept in memory under version 0
    // are none, so one with votes there would list none.
    let unversioned: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM reviews WHERE votes_version = 0 AND id IN (SELECT review_id FROM review_votes)",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(
        unversioned, 0,
        "{label}: reviews with votes and no votes version"
    );
    assert_cards_match(&conn, label);
}

/// Each review's card (V33) against its review, its author and its votes as they are: the
/// cards the triggers kept are the ones the migration would write now.
fn assert_cards_match(conn: &Connection, label: &str) {
    let voters = |vote: &str| {
        format!(
            "coalesce((SELECT group_concat(v.user_id) FROM review_votes v
                       WHERE v.review_id = r.id AND v.vote = '{vote}'), '')"
        )
    };
    let now = format!(
        "SELECT (o.id << 32) | r.id, r.title, r.score_halves, r.comment, r.user_type, r.created_at, r.answers,
                u.id, u.user_type, u.nick_name, u.first_name, u.last_name, u.avatar, u.profile_image,
                r.incentivised, r.study_start, r.study_end, r.studying, r.invited, r.votes_version,
                CASE WHEN (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = r.id) < 16
                  THEN {} || ';' || {} END
         FROM reviews r
         JOIN offerings o ON o.course_id = r.course_id AND o.provider_id = r.provider_id
         JOIN users u ON u.id = r.user_id",
        voters("like"),
        voters("dislike")
    );
    let differing = |a: &str, b: &str| -> i64 {
        conn.query_row(
            &format!("SELECT COUNT(*) FROM ({a} EXCEPT {b})"),
            [],
            |row| row.get(0),
        )
        .unwrap()
    };
    let cards = "SELECT * FROM review_cards";
    assert_eq!(
        (differing(&now, cards), differing(cards, &now)),
        (0, 0),
        "{label}: review cards differ from their reviews (missing, stale)"
    );
}

/// The moderation tallies against a count of the reviews, and the title search index's keys
/// against the reviews' (with FTS5's own integrity check: a contentless index has no titles to
/// compare with).
fn assert_moderation_indexes_match(conn: &Connection, label: &str) {
    let tallies = |sql: &str| -> Vec<(i64, i64, String, i64)> {
        conn.prepare(sql)
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    assert_eq!(
        tallies(
            "SELECT actioned, approved, user_type, n FROM review_tallies WHERE n > 0 ORDER BY 1, 2, 3"
        ),
        tallies(
            "SELECT actioned, approved, user_type, COUNT(*) FROM reviews GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"
        ),
        "{label}: the moderation tallies differ from a count of the reviews"
    );
    // The moderation title index (V31) holds every review under its key, and no other key.
    let keys = |sql: &str| -> Vec<i64> {
        conn.prepare(sql)
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    assert_eq!(
        keys("SELECT rowid FROM review_title_queue ORDER BY 1"),
        keys("SELECT moderation_key FROM reviews ORDER BY 1"),
        "{label}: the moderation title index differs from the reviews"
    );
    conn.execute(
        "INSERT INTO review_title_queue (review_title_queue, rank) VALUES ('integrity-check', 0)",
        [],
    )
    .unwrap_or_else(|err| panic!("{label}: the moderation title index is damaged: {err}"));
}

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
    coursesource::catalog::counters::recount_all(&tx).unwrap();
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
}

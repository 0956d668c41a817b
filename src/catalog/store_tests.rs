//! Unit tests of `store.rs`, kept beside it.
use super::*;

/// The provider list, with any filter and sort, reads only the course's offerings through an
/// index (never a scan of every offering), each filter's rows by their primary keys, and sorts
/// just those rows (a course has at most a few hundred providers).
#[test]
fn the_filtered_provider_list_reads_the_course_through_an_index() {
    let dir = tempfile::TempDir::new().unwrap();
    let db = crate::db::Db::open(&dir.path().join("plan.db")).unwrap();
    drop(db);
    let conn = Connection::open(dir.path().join("plan.db")).unwrap();
    let mut stmt = conn
        .prepare(&format!("EXPLAIN QUERY PLAN {}", *PROVIDERS_SQL))
        .unwrap();
    let plan: Vec<String> = stmt
        .query_map(
            params![
                1,
                2,
                5000,
                "Fee-free TAFE",
                "2026-11",
                "2027-02",
                "lowest-fee"
            ],
            |row| row.get(3),
        )
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let plan = plan.join(" / ");
    assert!(plan.starts_with("SEARCH o USING INDEX"), "{plan}");
    assert!(plan.contains("(course_id=?"), "{plan}");
    assert!(!plan.contains("SCAN "), "{plan}");
    for table in ["f", "i"] {
        assert!(
            plan.contains(&format!("SEARCH {table} USING PRIMARY KEY (offering_id=?")),
            "{table}: {plan}"
        );
    }
}

/// The campus places of a course's offerings read the offerings' ids from the course's index
/// alone (no offering's row), then each offering's campuses by their keys.
#[test]
fn the_campus_places_read_the_offerings_index_alone() {
    let dir = tempfile::TempDir::new().unwrap();
    let db = crate::db::Db::open(&dir.path().join("plan.db")).unwrap();
    drop(db);
    let conn = Connection::open(dir.path().join("plan.db")).unwrap();
    let plan: Vec<String> = conn
        .prepare(&format!("EXPLAIN QUERY PLAN {CAMPUS_PLACES_SQL}"))
        .unwrap()
        .query_map([1], |row| row.get(3))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let plan = plan.join(" / ");
    assert!(
        plan.starts_with("SEARCH o USING COVERING INDEX") && plan.contains("(course_id=?)"),
        "{plan}"
    );
    assert!(!plan.contains("SCAN "), "{plan}");
}

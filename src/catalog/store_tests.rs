//! Unit tests of `store.rs`, kept beside it.
use super::*;

/// The provider list, with any filter and sort, reads only the course's offerings through an
/// index (never a scan of every offering), each filter's rows by their primary keys, and sorts
/// just those rows (a course has at most a few hundred providers).
#[test]
fn the_filtered_provider_list_reads_the_course_through_an_index() {
    let plan = crate::db::query_plan(
        &PROVIDERS_SQL,
        params![
            1,
            2,
            5000,
            "Fee-free TAFE",
            "2026-11",
            "2027-02",
            "lowest-fee"
        ],
    );
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
    let plan = crate::db::query_plan(CAMPUS_PLACES_SQL, [1]);
    assert!(
        plan.starts_with("SEARCH o USING COVERING INDEX") && plan.contains("(course_id=?)"),
        "{plan}"
    );
    assert!(!plan.contains("SCAN "), "{plan}");
}

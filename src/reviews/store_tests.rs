//! Unit tests of `store.rs`, kept beside it.
use super::*;
use crate::reviews::votes_store::{Vote, VoteAction};

/// Every sort and filter reads a pair's reviews in index order: no temporary B-tree
/// sorting all of them (the pair may have thousands); only the page's 20 rows are sorted. A
/// search keeps that order, checking each review against the index's matches read once. The
/// page reads the index alone, then each of its reviews' cards (V33) by its key.
#[test]
fn list_queries_use_an_index_in_sort_order() {
    let dir = tempfile::TempDir::new().unwrap();
    let db = crate::db::Db::open(&dir.path().join("plan.db")).unwrap();
    drop(db);
    let conn = Connection::open(dir.path().join("plan.db")).unwrap();
    let expected = [
        (Sort::MostRecent, false, "reviews_listed"),
        (Sort::MostRecent, true, "reviews_recent_by_type"),
        (Sort::MostLiked, false, "reviews_liked"),
        (Sort::MostLiked, true, "reviews_liked_by_type"),
        (Sort::TopRated, false, "reviews_rated"),
        (Sort::TopRated, true, "reviews_rated_by_type"),
        (Sort::MostHelpful, false, "reviews_helpful"),
        (Sort::MostHelpful, true, "reviews_helpful_by_type"),
    ];
    for ((sort, by_type, index), searched) in expected
        .into_iter()
        .flat_map(|case| [(case, false), (case, true)])
    {
        let plan = |sql: String| -> Vec<String> {
            conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
                .unwrap()
                .query_map(
                    params![
                        1,
                        2,
                        by_type.then_some("Student"),
                        PAGE_SIZE,
                        0,
                        None::<i64>,
                        searched.then_some("pair : p2c1 AND \"great\"")
                    ],
                    |row| row.get(3),
                )
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        };
        let listed = plan(list_sql(CARD_COLUMNS, sort, by_type, false, searched));
        let members = plan(list_sql(MEMBER_COLUMNS, sort, by_type, false, searched));
        let plan = plan(page_sql(sort, by_type, false, searched));
        let plan = plan.join(" / ");
        assert!(
            !plan.contains("TEMP B-TREE"),
            "{sort:?} by type {by_type}, searched {searched}: {plan}"
        );
        assert!(
            plan.starts_with(&format!("SEARCH r USING COVERING INDEX {index} (")),
            "{sort:?} by type {by_type}, searched {searched}: {plan}"
        );
        assert!(
            listed
                .iter()
                .any(|step| step == "SEARCH c USING INTEGER PRIMARY KEY (rowid=?)"),
            "{sort:?} by type {by_type}, searched {searched}: {listed:?}"
        );
        assert_eq!(
            members, listed,
            "a page's members are read as its cards are"
        );
    }
}

#[test]
fn vote_actions_toggle_and_switch() {
    use Vote::{Dislike as Disliked, Like as Liked};
    use VoteAction::*;
    let cases = [
        (Like, None, Some(Liked)),
        (Like, Some(Liked), None),
        (Like, Some(Disliked), Some(Liked)),
        (Dislike, None, Some(Disliked)),
        (Dislike, Some(Disliked), None),
        (Dislike, Some(Liked), Some(Disliked)),
        (RemoveLike, Some(Liked), None),
        (RemoveLike, Some(Disliked), Some(Disliked)),
        (RemoveLike, None, None),
        (RemoveDislike, Some(Disliked), None),
        (RemoveDislike, Some(Liked), Some(Liked)),
    ];
    for (action, current, next) in cases {
        assert_eq!(action.apply(current), next, "{action:?} on {current:?}");
    }
}

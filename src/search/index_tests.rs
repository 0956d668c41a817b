//! The type-ahead's matching and ranking.

use super::*;

fn index() -> CourseIndex {
    let courses = [
        ("SIT30821", "Certificate III in Commercial Cookery"),
        ("SIT40521", "Certificate IV in Kitchen Management"),
        ("SIT31021", "Certificate III in Patisserie"),
        ("SIT20421", "Certificate II in Cookery"),
        ("SHB30416", "Certificate III in Hairdressing"),
        (
            "CHC30121",
            "Certificate III in Early Childhood Education and Care",
        ),
        ("BSB30120", "Certificate III in Business"),
        (
            "SIT3082",
            "A made-up short code used to check how codes are ranked",
        ),
    ];
    let entries = courses
        .iter()
        .enumerate()
        .map(|(i, (code, name))| Entry {
            id: i as i64 + 1,
            code: code.to_string(),
            name: name.to_string(),
            slug: format!("c{i}"),
            replaces: match *code {
                "SIT30821" => vec![(
                    "SIT30816".into(),
                    "Certificate III in Commercial Cookery".into(),
                )],
                "SIT40521" => vec![(
                    "SIT40516".into(),
                    "Certificate IV in Kitchen Operations".into(),
                )],
                _ => Vec::new(),
            },
        })
        .collect();
    CourseIndex::new(entries, 1).unwrap()
}

fn codes(found: Vec<Entry>) -> Vec<String> {
    found.into_iter().map(|e| e.code).collect()
}

#[test]
fn prefixes_of_every_word_match_as_the_user_types() {
    let index = index();
    assert_eq!(
        codes(index.search("comm coo", Mode::Qualification, 10).unwrap()),
        ["SIT30821"]
    );
    assert_eq!(
        codes(
            index
                .search("Cert III hair", Mode::Qualification, 10)
                .unwrap()
        ),
        ["SHB30416"]
    );
    let cookery = codes(index.search("cookery", Mode::Qualification, 10).unwrap());
    assert_eq!(
        cookery,
        ["SIT20421", "SIT30821"],
        "shorter name first among equal matches"
    );
}

#[test]
fn one_typo_is_forgiven_in_words_of_five_letters_or_more() {
    let index = index();
    assert_eq!(
        codes(index.search("cookary", Mode::Qualification, 10).unwrap()),
        ["SIT20421", "SIT30821"]
    );
    assert_eq!(
        codes(index.search("patiserie", Mode::Qualification, 10).unwrap()),
        ["SIT31021"]
    );
    assert!(
        index
            .search("coak", Mode::Qualification, 10)
            .unwrap()
            .is_empty(),
        "short words must be exact"
    );
    assert!(
        index
            .search("cxxkery", Mode::Qualification, 10)
            .unwrap()
            .is_empty(),
        "two typos are too many"
    );
}

#[test]
fn codes_match_by_prefix_with_the_exact_code_first() {
    let index = index();
    assert_eq!(
        codes(index.search("sit30", Mode::Code, 10).unwrap()),
        ["SIT30821", "SIT3082"]
    );
    assert_eq!(
        codes(index.search("SIT3082", Mode::Code, 10).unwrap()),
        ["SIT3082", "SIT30821"],
        "exact code first"
    );
    assert_eq!(
        codes(index.search("sit30821", Mode::Qualification, 10).unwrap()),
        ["SIT30821"],
        "a code in the name box"
    );
    assert!(
        index.search("hair", Mode::Code, 10).unwrap().is_empty(),
        "code mode ignores names"
    );
}

#[test]
fn a_replaced_course_finds_its_successor_once() {
    let index = index();
    let by_code = index.search("SIT30816", Mode::Code, 10).unwrap();
    assert_eq!(codes(by_code), ["SIT30821"]);
    let by_old_name = index.search("kitchen operations", Mode::Qualification, 10);
    assert_eq!(codes(by_old_name.unwrap()), ["SIT40521"]);
    // Found by its own name and its predecessor's, the successor is listed once; a course
    // found by its own name comes before one found by a replaced course's.
    let both = index.search("certificate iv", Mode::Qualification, 10);
    assert_eq!(codes(both.unwrap()), ["SIT40521"]);
    let own_first = index.search("kitchen", Mode::Qualification, 10);
    assert_eq!(codes(own_first.unwrap()), ["SIT40521"]);
}

#[test]
fn limits_and_empty_queries() {
    let index = index();
    assert_eq!(
        index
            .search("certificate", Mode::Qualification, 3)
            .unwrap()
            .len(),
        3
    );
    assert!(
        index
            .search("   ", Mode::Qualification, 10)
            .unwrap()
            .is_empty()
    );
    assert!(index.search("", Mode::Code, 10).unwrap().is_empty());
    assert!(
        index
            .search("-- !!", Mode::Qualification, 10)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn rebuild_replaces_the_entries() {
    let index = index();
    index
        .rebuild(
            vec![Entry {
                id: 9,
                code: "ICT50220".into(),
                name: "Diploma of Information Technology".into(),
                slug: "d".into(),
                replaces: Vec::new(),
            }],
            2,
        )
        .unwrap();
    assert_eq!(index.version(), 2);
    assert_eq!(
        codes(index.search("dipl inf", Mode::Qualification, 10).unwrap()),
        ["ICT50220"]
    );
    assert!(
        index
            .search("cookery", Mode::Qualification, 10)
            .unwrap()
            .is_empty()
    );
}

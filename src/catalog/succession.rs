//! Which course replaced which (supersession): the links must form chains, never a loop, so
//! that a predecessor's reviews are shown on its successor's page and never back again.

use std::collections::{HashMap, HashSet};

/// The first code (in code order) whose `replaces` links lead back to itself, if any;
/// `links` maps a course code to the codes it replaces.
pub fn first_loop<'a>(links: &HashMap<&'a str, Vec<&'a str>>) -> Option<&'a str> {
    let mut starts: Vec<&str> = links.keys().copied().collect();
    starts.sort_unstable();
    starts.into_iter().find(|start| leads_back(links, start))
}

/// Whether the links from `start` lead back to it.
pub fn leads_back(links: &HashMap<&str, Vec<&str>>, start: &str) -> bool {
    let mut seen = HashSet::from([start]);
    let mut next: Vec<&str> = links.get(start).cloned().unwrap_or_default();
    while let Some(code) = next.pop() {
        if code == start {
            return true;
        }
        if seen.insert(code) {
            next.extend(links.get(code).into_iter().flatten());
        }
    }
    false
}

/// 'Replaces SIT30816 Certificate III in Commercial Cookery': the type-ahead's note on a
/// successor, so a reader who typed the old code or title knows why the new course came up.
pub fn replaces_note(replaced: &[(String, String)]) -> Option<String> {
    (!replaced.is_empty()).then(|| {
        let names: Vec<String> = replaced
            .iter()
            .map(|(code, name)| format!("{code} {name}"))
            .collect();
        format!("Replaces {}", names.join(" and "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_is_found_however_long_and_chains_are_not_loops() {
        let chain = HashMap::from([("C", vec!["B"]), ("B", vec!["A"])]);
        assert_eq!(first_loop(&chain), None);
        let two = HashMap::from([("A", vec!["B"]), ("B", vec!["A"])]);
        assert_eq!(first_loop(&two), Some("A"));
        let three = HashMap::from([("Z", vec!["Y"]), ("Y", vec!["X", "W"]), ("X", vec!["Z"])]);
        assert_eq!(first_loop(&three), Some("X"));
        let own = HashMap::from([("A", vec!["A"])]);
        assert_eq!(first_loop(&own), Some("A"));
    }

    #[test]
    fn the_note_names_every_replaced_course() {
        assert_eq!(replaces_note(&[]), None);
        let one = [(
            "SIT30816".into(),
            "Certificate III in Commercial Cookery".into(),
        )];
        assert_eq!(
            replaces_note(&one).as_deref(),
            Some("Replaces SIT30816 Certificate III in Commercial Cookery")
        );
        let two = [("A1".into(), "One".into()), ("B2".into(), "Two".into())];
        assert_eq!(
            replaces_note(&two).as_deref(),
            Some("Replaces A1 One and B2 Two")
        );
    }
}

//! The problems an import finds, each with its file and line, reported in file order.

use std::fmt;

use super::files::FILES;

/// Collects problems with their file and line.
pub(super) struct Problems(pub(super) Vec<(usize, u64, String)>);

impl Problems {
    pub(super) fn at(&mut self, file: &str, line: u64, problem: impl fmt::Display) {
        let file_order = FILES.iter().position(|f| *f == file).unwrap_or(FILES.len());
        self.0
            .push((file_order, line, format!("{file} line {line}: {problem}")));
    }

    /// In file order, then line order; a row's problems in the order they were found.
    pub(super) fn into_sorted(mut self) -> Vec<String> {
        self.0.sort_by_key(|(file, line, _)| (*file, *line));
        self.0.into_iter().map(|(_, _, text)| text).collect()
    }
}

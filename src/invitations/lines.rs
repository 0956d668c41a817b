//! Reading a pasted list or an uploaded CSV of addresses: one address a line, the first field
//! that holds an `@` on a CSV line; a first line without one is the CSV's header.

use crate::fields::{is_valid_email, normalise_email};

/// One line of the list: its number (from 1) and what it holds.
#[derive(Debug, PartialEq)]
pub struct Line {
    pub number: usize,
    pub text: String,
    /// The normalised address, when the line holds a valid one.
    pub address: Option<String>,
}

/// The lines that hold something, numbered as the representative sees them.
pub fn read(list: &str) -> Vec<Line> {
    list.lines()
        .enumerate()
        .filter_map(|(index, raw)| {
            let text = raw.trim().to_owned();
            if text.is_empty() || (index == 0 && !text.contains('@')) {
                return None;
            }
            let field = text
                .split([',', ';', '\t'])
                .map(|field| field.trim().trim_matches(['"', '\'', '<', '>']).trim())
                .find(|field| field.contains('@'))
                .unwrap_or(&text);
            let address = normalise_email(field);
            let address = is_valid_email(&address).then_some(address);
            Some(Line {
                number: index + 1,
                text,
                address,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_csv_header_and_blank_lines_are_skipped_and_fields_found() {
        let lines =
            read("email,name\n\"Sam@Example.org\",Sam\n\n  kim@example.org \nnot an address\n");
        let found: Vec<_> = lines
            .iter()
            .map(|l| (l.number, l.address.as_deref()))
            .collect();
        assert_eq!(
            found,
            [
                (2, Some("sam@example.org")),
                (4, Some("kim@example.org")),
                (5, None)
            ]
        );
    }

    #[test]
    fn a_first_line_with_an_address_is_an_address() {
        assert_eq!(read("a@b.example")[0].number, 1);
    }
}

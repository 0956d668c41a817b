//! How answers write dates: ISO 8601 in UTC.

use time::{OffsetDateTime, format_description::well_known::Rfc3339};

/// Unix seconds as ISO 8601 in UTC ('2025-03-01T09:30:00Z').
pub fn iso_date(unix_seconds: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix_seconds)
        .ok()
        .and_then(|at| at.format(&Rfc3339).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn unix_seconds_read_as_iso_8601_in_utc() {
        assert_eq!(super::iso_date(1_700_000_000), "2023-11-14T22:13:20Z");
    }
}

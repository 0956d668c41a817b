//! Times: now as the database stores it (Unix seconds), and as answers write it (ISO 8601 in UTC).

use std::time::{SystemTime, UNIX_EPOCH};

use time::{OffsetDateTime, format_description::well_known::Rfc3339};

/// Now, in Unix seconds, as the database stores times.
pub fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or_default()
}

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

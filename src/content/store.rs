//! The static content table: one JSON document per name.

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use super::{PROMOTION_STRIP, strip::StripContent};

/// The stored strip, or an empty one that is off.
pub fn promotion_strip(conn: &Connection) -> Result<StripContent, crate::error::AppError> {
    let stored: Option<String> = conn
        .query_row(
            "SELECT content FROM static_content WHERE name = ?1",
            [PROMOTION_STRIP],
            |row| row.get(0),
        )
        .optional()?;
    match stored {
        Some(json) => serde_json::from_str(&json).map_err(|e| anyhow::Error::from(e).into()),
        None => Ok(StripContent::default()),
    }
}

pub fn save_promotion_strip(
    tx: &Transaction,
    content: &StripContent,
    admin_id: i64,
) -> Result<(), crate::error::AppError> {
    let json = serde_json::to_string(content).map_err(anyhow::Error::from)?;
    tx.execute(
        "INSERT INTO static_content (name, content, updated_at, updated_by) VALUES (?1, ?2, unixepoch(), ?3)
         ON CONFLICT (name) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at,
           updated_by = excluded.updated_by",
        params![PROMOTION_STRIP, json, admin_id],
    )?;
    Ok(())
}

//! Contact messages in SQLite, and who receives them when no address is configured.

use rusqlite::{Connection, params};

use super::Message;

/// Keeps a contact message (the operator's record, also when no mail can be sent).
pub fn save(conn: &Connection, message: &Message) -> rusqlite::Result<()> {
    let technical = message.technical.as_ref();
    conn.execute(
        "INSERT INTO contact_messages (reason, name, email, message, technical_type,
                                       technical_type_other, device_type, browser_type)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            message.reason,
            message.name,
            message.email,
            message.message,
            technical.map(|t| &t.issue),
            technical.and_then(|t| t.other.as_ref()),
            technical.map(|t| &t.device),
            technical.map(|t| &t.browser)
        ],
    )?;
    Ok(())
}

/// Every admin's address, the contact form's recipients without `APP_CONTACT_TO`.
pub fn admin_emails(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare("SELECT email FROM users WHERE is_admin = 1 ORDER BY id")?;
    stmt.query_map([], |row| row.get(0))?.collect()
}

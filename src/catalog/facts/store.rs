//! Queries of offering facts, campuses, funding notes and the fact history.

use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};

use super::{
    check::CampusValues,
    model::{
        Campus, DeliveryMode, FactSource, FactValues, FlaggedCoursePage, HistoryRow, OfferingFacts,
    },
};
use crate::{
    catalog::model::id_string,
    dates::{iso_date, unix_now},
};

/// Facts not confirmed for this long are shown as 'may be out of date' (12 months).
pub const STALE_AFTER_SECONDS: i64 = 365 * 24 * 60 * 60;

const FACT_COLUMNS: &str = "o.id, o.course_id, c.code, c.name, c.slug, o.provider_id, p.slug,
    o.fee, o.subsidised_fee, o.subsidy_state, o.duration_weeks, o.duration_max_weeks,
    o.delivery_modes, o.course_url, o.course_url_flagged, o.facts_source, o.facts_confirmed_at,
    o.facts_version";

const FACT_FROM: &str = "FROM offerings o JOIN courses c ON c.id = o.course_id JOIN providers p ON p.id = o.provider_id";

fn campus(row: &Row) -> rusqlite::Result<Campus> {
    Ok(Campus {
        id: id_string(row.get("id")?),
        name: row.get("name")?,
        street: row.get("street")?,
        town: row.get("town")?,
        state: row.get("state")?,
        postcode: row.get("postcode")?,
        latitude: row.get("latitude")?,
        longitude: row.get("longitude")?,
        version: row.get("version")?,
    })
}

fn strings(conn: &Connection, sql: &str, id: i64) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare_cached(sql)?;
    stmt.query_map([id], |row| row.get(0))?.collect()
}

fn offering_facts(conn: &Connection, row: &Row) -> rusqlite::Result<OfferingFacts> {
    let id: i64 = row.get(0)?;
    let mut stmt = conn.prepare_cached(
        "SELECT ca.* FROM offering_campuses oc JOIN campuses ca ON ca.id = oc.campus_id
         WHERE oc.offering_id = ?1 ORDER BY ca.name",
    )?;
    let campuses: Vec<Campus> = stmt.query_map([id], campus)?.collect::<Result<_, _>>()?;
    let confirmed_at: Option<i64> = row.get(16)?;
    Ok(OfferingFacts {
        id: id_string(id),
        course_id: id_string(row.get(1)?),
        course_code: row.get(2)?,
        course_name: row.get(3)?,
        course_slug: row.get(4)?,
        provider_id: id_string(row.get(5)?),
        provider_slug: row.get(6)?,
        values: FactValues {
            fee: row.get(7)?,
            subsidised_fee: row.get(8)?,
            subsidy_state: row.get(9)?,
            duration_weeks: row.get(10)?,
            duration_max_weeks: row.get(11)?,
            delivery_modes: DeliveryMode::from_bits(row.get(12)?)
                .into_iter()
                .map(|m| m.to_string())
                .collect(),
            campus_ids: campuses.iter().map(|c| c.id.clone()).collect(),
            intakes: strings(
                conn,
                "SELECT month FROM offering_intakes WHERE offering_id = ?1 ORDER BY month",
                id,
            )?,
            funding_notes: strings(
                conn,
                "SELECT f.note FROM offering_funding f JOIN funding_notes n ON n.name = f.note
                 WHERE f.offering_id = ?1 ORDER BY n.position, n.name",
                id,
            )?,
            course_url: row.get(13)?,
        },
        campuses,
        course_url_flagged: row.get(14)?,
        source: row.get(15)?,
        confirmed_at: confirmed_at.map(iso_date),
        stale: confirmed_at.is_some_and(|at| unix_now() - at > STALE_AFTER_SECONDS),
        version: row.get(17)?,
    })
}

/// Every offering of a provider with its facts, by course name.
pub fn facts_of_provider(conn: &Connection, provider: i64) -> rusqlite::Result<Vec<OfferingFacts>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {FACT_COLUMNS} {FACT_FROM} WHERE o.provider_id = ?1 ORDER BY c.name, c.code"
    ))?;
    let mut rows = stmt.query([provider])?;
    let mut all = Vec::new();
    while let Some(row) = rows.next()? {
        all.push(offering_facts(conn, row)?);
    }
    Ok(all)
}

/// One offering's facts; `None` for an unknown offering.
pub fn facts_of(conn: &Connection, offering: i64) -> rusqlite::Result<Option<OfferingFacts>> {
    conn.query_row(
        &format!("SELECT {FACT_COLUMNS} {FACT_FROM} WHERE o.id = ?1"),
        [offering],
        |row| offering_facts(conn, row),
    )
    .optional()
}

/// The facts of a course at a provider; `None` when the provider does not offer it.
pub fn facts_of_pair(
    conn: &Connection,
    course: i64,
    provider: i64,
) -> rusqlite::Result<Option<OfferingFacts>> {
    conn.query_row(
        &format!("SELECT {FACT_COLUMNS} {FACT_FROM} WHERE o.course_id = ?1 AND o.provider_id = ?2"),
        [course, provider],
        |row| offering_facts(conn, row),
    )
    .optional()
}

/// The provider of an offering and its website address.
pub fn offering_provider(
    conn: &Connection,
    offering: i64,
) -> rusqlite::Result<Option<(i64, String)>> {
    conn.query_row(
        "SELECT p.id, p.website_url FROM offerings o JOIN providers p ON p.id = o.provider_id WHERE o.id = ?1",
        [offering],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
    .optional()
}

pub fn provider_exists(conn: &Connection, provider: i64) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM providers WHERE id = ?1)",
        [provider],
        |row| row.get(0),
    )
}

/// The names of the funding-note list, in its order.
pub fn funding_notes(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare_cached("SELECT name FROM funding_notes ORDER BY position, name")?;
    stmt.query_map([], |row| row.get(0))?.collect()
}

/// Adds a funding note at the end of the list; false when the list has it already.
pub fn add_funding_note(tx: &Transaction, name: &str) -> rusqlite::Result<bool> {
    let added = tx.execute(
        "INSERT OR IGNORE INTO funding_notes (name, position)
         SELECT ?1, COALESCE(MAX(position), 0) + 1 FROM funding_notes",
        [name],
    )?;
    Ok(added == 1)
}

/// Saves an offering's facts (its campuses, intakes and funding notes replaced), who changed
/// them and when, and moves its version on.
pub fn save_facts(
    tx: &Transaction,
    offering: i64,
    values: &FactValues,
    flagged: bool,
    source: FactSource,
    user: Option<i64>,
) -> rusqlite::Result<()> {
    let modes: Vec<DeliveryMode> = values
        .delivery_modes
        .iter()
        .filter_map(|m| <DeliveryMode as crate::vocabulary::Vocabulary>::parse(m))
        .collect();
    tx.execute(
        "UPDATE offerings SET fee = ?2, subsidised_fee = ?3, subsidy_state = ?4, duration_weeks = ?5,
                duration_max_weeks = ?6, delivery_modes = ?7, course_url = ?8, course_url_flagged = ?9,
                facts_source = ?10, facts_changed_by = ?11, facts_confirmed_at = unixepoch(),
                facts_version = facts_version + 1
         WHERE id = ?1",
        params![
            offering,
            values.fee,
            values.subsidised_fee,
            values.subsidy_state,
            values.duration_weeks,
            values.duration_max_weeks,
            DeliveryMode::to_bits(&modes),
            values.course_url,
            flagged,
            source,
            user,
        ],
    )?;
    for table in ["offering_campuses", "offering_intakes", "offering_funding"] {
        tx.execute(
            &format!("DELETE FROM {table} WHERE offering_id = ?1"),
            [offering],
        )?;
    }
    for campus in &values.campus_ids {
        tx.execute(
            "INSERT INTO offering_campuses (offering_id, campus_id) VALUES (?1, ?2)",
            params![offering, campus.parse::<i64>().unwrap_or_default()],
        )?;
    }
    for month in &values.intakes {
        tx.execute(
            "INSERT INTO offering_intakes (offering_id, month) VALUES (?1, ?2)",
            params![offering, month],
        )?;
    }
    for note in &values.funding_notes {
        tx.execute(
            "INSERT INTO offering_funding (offering_id, note) VALUES (?1, ?2)",
            params![offering, note],
        )?;
    }
    Ok(())
}

/// The campuses of a provider, by name.
pub fn campuses_of(conn: &Connection, provider: i64) -> rusqlite::Result<Vec<Campus>> {
    let mut stmt =
        conn.prepare_cached("SELECT * FROM campuses WHERE provider_id = ?1 ORDER BY name")?;
    stmt.query_map([provider], campus)?.collect()
}

/// A campus with its provider.
pub fn campus_by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<(i64, Campus)>> {
    conn.query_row("SELECT * FROM campuses WHERE id = ?1", [id], |row| {
        Ok((row.get("provider_id")?, campus(row)?))
    })
    .optional()
}

/// Whether the provider already has another campus of this name.
pub fn campus_name_taken(
    conn: &Connection,
    provider: i64,
    name: &str,
    except: i64,
) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM campuses WHERE provider_id = ?1 AND name = ?2 AND id != ?3)",
        params![provider, name, except],
        |row| row.get(0),
    )
}

pub fn insert_campus(
    tx: &Transaction,
    provider: i64,
    values: &CampusValues,
) -> rusqlite::Result<i64> {
    tx.execute(
        "INSERT INTO campuses (provider_id, name, street, town, state, postcode, latitude, longitude)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            provider,
            values.name,
            values.street,
            values.town,
            values.state,
            values.postcode,
            values.latitude,
            values.longitude
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

pub fn update_campus(tx: &Transaction, id: i64, values: &CampusValues) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE campuses SET name = ?2, street = ?3, town = ?4, state = ?5, postcode = ?6,
                latitude = ?7, longitude = ?8, version = version + 1 WHERE id = ?1",
        params![
            id,
            values.name,
            values.street,
            values.town,
            values.state,
            values.postcode,
            values.latitude,
            values.longitude
        ],
    )?;
    Ok(())
}

/// Removes a campus; answers the offerings that named it (their facts changed too).
pub fn delete_campus(tx: &Transaction, id: i64) -> rusqlite::Result<Vec<i64>> {
    let offerings: Vec<i64> = {
        let mut stmt = tx.prepare_cached(
            "SELECT offering_id FROM offering_campuses WHERE campus_id = ?1 ORDER BY offering_id",
        )?;
        stmt.query_map([id], |row| row.get(0))?
            .collect::<Result<_, _>>()?
    };
    tx.execute("DELETE FROM campuses WHERE id = ?1", [id])?;
    for offering in &offerings {
        tx.execute(
            "UPDATE offerings SET facts_version = facts_version + 1 WHERE id = ?1",
            [offering],
        )?;
    }
    Ok(offerings)
}

/// One history row: who changed which offering or campus of a provider, before and after.
#[allow(clippy::too_many_arguments)]
pub fn insert_history(
    tx: &Transaction,
    provider: i64,
    offering: Option<i64>,
    campus: Option<i64>,
    source: FactSource,
    user: Option<i64>,
    before: Option<&serde_json::Value>,
    after: Option<&serde_json::Value>,
) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO fact_history (provider_id, offering_id, campus_id, source, user_id, before_json, after_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            provider,
            offering,
            campus,
            source,
            user,
            before.map(|v| v.to_string()),
            after.map(|v| v.to_string())
        ],
    )?;
    Ok(())
}

/// The newest history rows of a provider (through `fact_history_by_provider`, never a scan of
/// every provider's), or of every provider, newest first.
pub fn history(
    conn: &Connection,
    provider: Option<i64>,
    limit: i64,
) -> rusqlite::Result<Vec<HistoryRow>> {
    let only = if provider.is_some() {
        "h.provider_id = ?1"
    } else {
        "?1 IS NULL"
    };
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT h.id, h.provider_id, h.offering_id, h.campus_id, c.code, h.source, u.email,
                h.before_json, h.after_json, h.changed_at, p.name
         FROM fact_history h JOIN providers p ON p.id = h.provider_id
         LEFT JOIN users u ON u.id = h.user_id
         LEFT JOIN offerings o ON o.id = h.offering_id LEFT JOIN courses c ON c.id = o.course_id
         WHERE {only} ORDER BY h.id DESC LIMIT ?2"
    ))?;
    stmt.query_map(params![provider, limit], |row| {
        let json = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
        Ok(HistoryRow {
            id: id_string(row.get(0)?),
            provider_id: id_string(row.get(1)?),
            provider_name: row.get(10)?,
            offering_id: row.get::<_, Option<i64>>(2)?.map(id_string),
            campus_id: row.get::<_, Option<i64>>(3)?.map(id_string),
            course_code: row.get(4)?,
            source: row.get(5)?,
            user_email: row.get(6)?,
            before: json(row.get(7)?),
            after: json(row.get(8)?),
            campus_names: Default::default(),
            changed_at: iso_date(row.get(9)?),
        })
    })?
    .map(|row| {
        let mut row = row?;
        row.campus_names = campus_names(conn, &row)?;
        Ok(row)
    })
    .collect()
}

/// The names of the campuses a history row names, as [`HistoryRow::campus_names`] says.
fn campus_names(
    conn: &Connection,
    row: &HistoryRow,
) -> rusqlite::Result<std::collections::BTreeMap<String, String>> {
    let listed = [&row.before, &row.after]
        .into_iter()
        .flatten()
        .filter_map(|facts| facts.get("campusIds")?.as_array())
        .flatten()
        .filter_map(|id| id.as_str().map(str::to_owned));
    let mut names = std::collections::BTreeMap::new();
    for id in listed.chain(row.campus_id.clone()) {
        if names.contains_key(&id) {
            continue;
        }
        let campus: i64 = id.parse().unwrap_or_default();
        let now: Option<String> = conn
            .prepare_cached("SELECT name FROM campuses WHERE id = ?1")?
            .query_row([campus], |r| r.get(0))
            .optional()?;
        let name = match now {
            Some(name) => Some(name),
            None => conn
                .prepare_cached(
                    "SELECT json_extract(before_json, '$.name') FROM fact_history
                     WHERE provider_id = ?1 AND campus_id = ?2 AND before_json IS NOT NULL
                     ORDER BY id DESC LIMIT 1",
                )?
                .query_row(
                    params![row.provider_id.parse::<i64>().unwrap_or_default(), campus],
                    |r| r.get(0),
                )
                .optional()?
                .flatten(),
        };
        if let Some(name) = name {
            names.insert(id, name);
        }
    }
    Ok(names)
}

/// The offerings whose course web page is flagged, newest change first (a partial index).
pub fn flagged_course_pages(
    conn: &Connection,
    limit: i64,
) -> rusqlite::Result<Vec<FlaggedCoursePage>> {
    let mut stmt = conn.prepare_cached(
        "SELECT o.id, c.code, c.name, c.slug, p.id, p.name, p.slug, p.website_url, o.course_url,
                o.facts_source, o.facts_confirmed_at
         FROM offerings o INDEXED BY offerings_flagged_course_pages
         JOIN courses c ON c.id = o.course_id JOIN providers p ON p.id = o.provider_id
         WHERE o.course_url_flagged = 1
         ORDER BY o.facts_confirmed_at DESC, o.id DESC LIMIT ?1",
    )?;
    stmt.query_map([limit], |row| {
        Ok(FlaggedCoursePage {
            id: id_string(row.get(0)?),
            course_code: row.get(1)?,
            course_name: row.get(2)?,
            course_slug: row.get(3)?,
            provider_id: id_string(row.get(4)?),
            provider_name: row.get(5)?,
            provider_slug: row.get(6)?,
            provider_website: row.get(7)?,
            course_url: row.get(8)?,
            source: row.get(9)?,
            changed_at: row.get::<_, Option<i64>>(10)?.map(iso_date),
        })
    })?
    .collect()
}

/// Clears an offering's course-page flag; answers its provider and the page's address, or
/// `None` when the offering is unknown or not flagged.
pub fn clear_course_url_flag(
    tx: &Transaction,
    offering: i64,
) -> rusqlite::Result<Option<(i64, String)>> {
    tx.query_row(
        "UPDATE offerings SET course_url_flagged = 0 WHERE id = ?1 AND course_url_flagged = 1
         RETURNING provider_id, course_url",
        [offering],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
    .optional()
}

//! Catalogue queries. Counts and averages come from the counter columns, never from
//! scanning reviews.

use std::{collections::HashMap, sync::LazyLock};

use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};

use super::{
    facts::model::DeliveryMode,
    model::{
        Career, CareerRef, ContentItem, Course, FactsSummary, Industry, Location, OverallRating,
        Place, Provider, ProviderSort, RandomProvider, Rating, ReviewCount, ScoreByType, average,
        id_string,
    },
};

fn industry(row: &Row) -> rusqlite::Result<Industry> {
    Ok(Industry {
        id: id_string(row.get("id")?),
        slug: row.get("slug")?,
        name: row.get("name")?,
        copy: row.get("copy")?,
        career_count: row.get("career_count")?,
        review_count: row.get("review_count")?,
    })
}

pub fn industries(conn: &Connection) -> rusqlite::Result<Vec<Industry>> {
    let mut stmt = conn.prepare_cached("SELECT * FROM industries ORDER BY name")?;
    stmt.query_map([], industry)?.collect()
}

/// The industry a career belongs to.
pub fn industry_of_career(conn: &Connection, career_id: i64) -> rusqlite::Result<Industry> {
    conn.prepare_cached(
        "SELECT i.* FROM industries i JOIN careers c ON c.industry_id = i.id WHERE c.id = ?1",
    )?
    .query_row([career_id], industry)
}

fn content_items(conn: &Connection, sql: &str) -> rusqlite::Result<Vec<ContentItem>> {
    let mut stmt = conn.prepare_cached(sql)?;
    stmt.query_map([], |row| {
        Ok(ContentItem {
            id: id_string(row.get(0)?),
            slug: row.get(1)?,
            name: row.get(2)?,
            copy: row.get(3)?,
            course_code: row.get(4)?,
        })
    })?
    .collect()
}

pub fn industry_items(conn: &Connection) -> rusqlite::Result<Vec<ContentItem>> {
    content_items(
        conn,
        "SELECT id, slug, name, copy, NULL FROM industries ORDER BY name",
    )
}

pub fn career_items(conn: &Connection) -> rusqlite::Result<Vec<ContentItem>> {
    content_items(
        conn,
        "SELECT id, slug, name, copy_html, NULL FROM careers ORDER BY name",
    )
}

pub fn course_items(conn: &Connection) -> rusqlite::Result<Vec<ContentItem>> {
    content_items(
        conn,
        "SELECT id, slug, name, copy, code FROM courses ORDER BY name",
    )
}

const CAREER_SELECT: &str =
    "SELECT c.id, c.slug, c.name, c.copy_html, c.course_count, i.id, i.slug, i.name
     FROM careers c JOIN industries i ON i.id = c.industry_id";

fn career(row: &Row) -> rusqlite::Result<Career> {
    Ok(Career {
        id: id_string(row.get(0)?),
        slug: row.get(1)?,
        name: row.get(2)?,
        copy: row.get(3)?,
        courses: row.get(4)?,
        industry_id: id_string(row.get(5)?),
        industry_slug: row.get(6)?,
        industry_name: row.get(7)?,
    })
}

/// The careers of an industry sorted by name; an unknown industry is `NotFound`.
pub fn careers_of_industry(conn: &Connection, industry_id: i64) -> rusqlite::Result<Vec<Career>> {
    conn.prepare_cached("SELECT id FROM industries WHERE id = ?1")?
        .query_row([industry_id], |_| Ok(()))?;
    let mut stmt = conn.prepare_cached(&format!(
        "{CAREER_SELECT} WHERE c.industry_id = ?1 ORDER BY c.name"
    ))?;
    stmt.query_map([industry_id], career)?.collect()
}

pub fn career_by_slug(conn: &Connection, slug: &str) -> rusqlite::Result<Career> {
    conn.prepare_cached(&format!("{CAREER_SELECT} WHERE c.slug = ?1"))?
        .query_row([slug], career)
}

/// How many courses the lists show.
pub fn course_count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        &format!("SELECT COUNT(*) FROM courses co WHERE {LISTED}"),
        [],
        |row| row.get(0),
    )
}

fn careers_of_course(conn: &Connection, course_id: i64) -> rusqlite::Result<Vec<CareerRef>> {
    let mut stmt = conn.prepare_cached(
        "SELECT c.id, c.slug, c.name, i.slug FROM course_careers cc
         JOIN careers c ON c.id = cc.career_id JOIN industries i ON i.id = c.industry_id
         WHERE cc.course_id = ?1 ORDER BY c.name",
    )?;
    stmt.query_map([course_id], |row| {
        Ok(CareerRef {
            id: id_string(row.get(0)?),
            slug: row.get(1)?,
            name: row.get(2)?,
            industry_slug: row.get(3)?,
        })
    })?
    .collect()
}

fn course(conn: &Connection, row: &Row) -> rusqlite::Result<Course> {
    let id: i64 = row.get("id")?;
    Ok(Course {
        id: id_string(id),
        slug: row.get("slug")?,
        name: row.get("name")?,
        course_code: row.get("code")?,
        copy: row.get("copy")?,
        careers: careers_of_course(conn, id)?,
        providers: row.get("provider_count")?,
        reviews: row.get("review_count")?,
        replaces: super::succession_store::replaces(conn, id)?,
        replaced_by: super::succession_store::replaced_by(conn, id)?,
    })
}

/// The courses leading to a career, by name; an unknown career is `NotFound`.
pub fn courses_of_career(conn: &Connection, career_id: i64) -> rusqlite::Result<Vec<Course>> {
    conn.prepare_cached("SELECT id FROM careers WHERE id = ?1")?
        .query_row([career_id], |_| Ok(()))?;
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT co.* FROM courses co JOIN course_careers cc ON cc.course_id = co.id
         WHERE cc.career_id = ?1 AND {LISTED} ORDER BY co.name"
    ))?;
    let mut rows = stmt.query([career_id])?;
    let mut courses = Vec::new();
    while let Some(row) = rows.next()? {
        courses.push(course(conn, row)?);
    }
    Ok(courses)
}

pub fn course_by_slug(conn: &Connection, slug: &str) -> rusqlite::Result<Course> {
    conn.prepare_cached("SELECT * FROM courses WHERE slug = ?1")?
        .query_row([slug], |row| course(conn, row))
}

pub fn course_by_id(conn: &Connection, id: i64) -> rusqlite::Result<Course> {
    conn.prepare_cached("SELECT * FROM courses WHERE id = ?1")?
        .query_row([id], |row| course(conn, row))
}

/// A course by its exact name or code, ignoring case.
pub fn course_by_name_or_code(conn: &Connection, text: &str) -> rusqlite::Result<Option<Course>> {
    conn.query_row(
        "SELECT * FROM courses WHERE code = upper(?1) OR name = ?1 COLLATE NOCASE ORDER BY code = upper(?1) DESC LIMIT 1",
        [text.trim()],
        |row| course(conn, row),
    )
    .optional()
}

/// Provider columns followed by student count, employer count, student half sum, employer half
/// sum, student rated count, employer rated count, standing, when it (or the offering) retired,
/// and the recent window's rated count and half sum.
const PROVIDER_COLUMNS: &str = "p.id, p.slug, p.name, p.is_example, p.website_url, p.description_html, p.latitude, p.longitude, p.town, p.state";

fn provider(row: &Row) -> rusqlite::Result<Provider> {
    let (student, employer): (i64, i64) = (row.get(10)?, row.get(11)?);
    let (student_half, employer_half): (i64, i64) = (row.get(12)?, row.get(13)?);
    let (student_rated, employer_rated): (i64, i64) = (row.get(14)?, row.get(15)?);
    let retired_at: Option<i64> = row.get(17)?;
    let (recent_rated, recent_half): (i64, i64) = (row.get(18)?, row.get(19)?);
    Ok(Provider {
        standing: row.get(16)?,
        retired_label: retired_at.map(super::text::retired_label),
        id: id_string(row.get(0)?),
        slug: row.get(1)?,
        name: row.get(2)?,
        is_example: row.get(3)?,
        review_count: ReviewCount {
            total: student + employer,
            student,
            employer,
        },
        rating: Rating {
            student: average(student_half, student_rated),
            employer: average(employer_half, employer_rated),
            overall: average(student_half + employer_half, student_rated + employer_rated),
            rated_count: ReviewCount {
                total: student_rated + employer_rated,
                student: student_rated,
                employer: employer_rated,
            },
            recent: super::recent::score(recent_half, recent_rated),
            recent_rated_count: recent_rated,
        },
        location: Location {
            website_url: row.get(4)?,
            description: row.get(5)?,
            latitude: row.get(6)?,
            longitude: row.get(7)?,
            town: row.get(8)?,
            state: row.get(9)?,
        },
        facts: None,
    })
}

/// Which of a course's providers to list, and in which order (the reader's filters).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct ProviderFilter {
    /// The bit of a delivery mode the offering must have.
    pub delivery_bit: Option<i64>,
    /// The most the lowest fee may be (offerings without a fee are left out).
    pub max_fee: Option<i64>,
    pub funding_note: Option<String>,
    /// An intake between these months ('YYYY-MM', both included).
    pub intake_between: Option<(String, String)>,
    /// 'Lowest fee' (offerings without a fee last) or the recent score (offerings without one
    /// last), then A-Z; A-Z alone when none.
    pub sort: Option<ProviderSort>,
}

fn facts_summary(row: &Row, campuses: Vec<Place>) -> rusqlite::Result<FactsSummary> {
    Ok(FactsSummary {
        fee: row.get(21)?,
        subsidised_fee: row.get(22)?,
        subsidy_state: row.get(26)?,
        duration_weeks: row.get(23)?,
        duration_max_weeks: row.get(24)?,
        delivery_modes: DeliveryMode::from_bits(row.get(25)?)
            .into_iter()
            .map(|m| m.to_string())
            .collect(),
        campuses,
    })
}

/// The campus places of every offering of a course, in one query (not one per row). Retired
/// offerings too: the list leaves them out, and reading the offerings' ids from their index
/// alone spares a read of each offering's row.
const CAMPUS_PLACES_SQL: &str = "SELECT oc.offering_id, ca.latitude, ca.longitude
     FROM offerings o JOIN offering_campuses oc ON oc.offering_id = o.id
     JOIN campuses ca ON ca.id = oc.campus_id
     WHERE o.course_id = ?1";

fn campus_places(conn: &Connection, course_id: i64) -> rusqlite::Result<HashMap<i64, Vec<Place>>> {
    let mut stmt = conn.prepare_cached(CAMPUS_PLACES_SQL)?;
    let mut places: HashMap<i64, Vec<Place>> = HashMap::new();
    let mut rows = stmt.query([course_id])?;
    while let Some(row) = rows.next()? {
        places.entry(row.get(0)?).or_default().push(Place {
            latitude: row.get(1)?,
            longitude: row.get(2)?,
        });
    }
    Ok(places)
}

/// The provider list's query: parameters course, delivery bit, most fee, funding note, intake
/// months from and to, sort. Written once: formatting it on every call took a tenth of a cold
/// list's time (a large allocation each time).
static PROVIDERS_SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {PROVIDER_COLUMNS}, o.student_review_count, o.employer_review_count,
                o.student_score_half_sum, o.employer_score_half_sum, o.student_rated_count, o.employer_rated_count,
                p.standing, NULL, o.recent_rated_count, o.recent_score_half_sum,
                o.id, o.fee, o.subsidised_fee, o.duration_weeks, o.duration_max_weeks, o.delivery_modes,
                o.subsidy_state
         FROM offerings o JOIN providers p ON p.id = o.provider_id
         WHERE o.course_id = ?1 AND o.retired_at IS NULL AND p.retired_at IS NULL
           AND (?2 IS NULL OR o.delivery_modes & ?2 != 0)
           AND (?3 IS NULL OR coalesce(o.subsidised_fee, o.fee) <= ?3)
           AND (?4 IS NULL OR EXISTS (SELECT 1 FROM offering_funding f WHERE f.offering_id = o.id AND f.note = ?4))
           AND (?5 IS NULL OR EXISTS (SELECT 1 FROM offering_intakes i WHERE i.offering_id = o.id AND i.month BETWEEN ?5 AND ?6))
         ORDER BY CASE WHEN ?7 = 'lowest-fee' THEN coalesce(o.subsidised_fee, o.fee) IS NULL ELSE 0 END,
                  CASE WHEN ?7 = 'lowest-fee' THEN coalesce(o.subsidised_fee, o.fee) ELSE 0 END,
                  CASE WHEN ?7 = 'recent-score' THEN o.recent_rated_count < {min_recent} ELSE 0 END,
                  CASE WHEN ?7 = 'recent-score' THEN o.recent_score_half_sum * 1.0 / o.recent_rated_count ELSE 0 END DESC,
                  CASE WHEN ?7 = 'recent-score' THEN o.recent_rated_count ELSE 0 END DESC,
                  p.name COLLATE NOCASE",
        min_recent = super::recent::MIN_RATED
    )
});

/// The providers of a course with that course's counts and facts, A-Z (or by fee), narrowed by
/// the reader's filters; an unknown course is `NotFound`. The course's offerings are found by
/// the `(course_id, provider_id)` index, the filters read only those rows and their own indexes.
pub fn providers_of_course(
    conn: &Connection,
    course_id: i64,
    filter: &ProviderFilter,
) -> rusqlite::Result<Vec<Provider>> {
    conn.prepare_cached("SELECT id FROM courses WHERE id = ?1")?
        .query_row([course_id], |_| Ok(()))?;
    let (intake_from, intake_to) = filter.intake_between.clone().unzip();
    let mut stmt = conn.prepare_cached(&PROVIDERS_SQL)?;
    let mut rows = stmt.query(params![
        course_id,
        filter.delivery_bit,
        filter.max_fee,
        filter.funding_note,
        intake_from,
        intake_to,
        filter.sort
    ])?;
    let mut places = campus_places(conn, course_id)?;
    let mut providers = Vec::new();
    while let Some(row) = rows.next()? {
        let mut listed = provider(row)?;
        let offering: i64 = row.get(20)?;
        let campuses = places.remove(&offering).unwrap_or_default();
        listed.facts = Some(facts_summary(row, campuses)?);
        providers.push(listed);
    }
    Ok(providers)
}

/// A provider with the counts of one course there, or of all its courses.
pub fn provider_by_slug(
    conn: &Connection,
    slug: &str,
    course_id: Option<i64>,
) -> rusqlite::Result<Provider> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT {PROVIDER_COLUMNS},
                    COALESCE(SUM(o.student_review_count), 0), COALESCE(SUM(o.employer_review_count), 0),
                    COALESCE(SUM(o.student_score_half_sum), 0), COALESCE(SUM(o.employer_score_half_sum), 0),
                    COALESCE(SUM(o.student_rated_count), 0), COALESCE(SUM(o.employer_rated_count), 0),
                    p.standing, COALESCE(p.retired_at, CASE WHEN ?2 IS NULL THEN NULL ELSE MAX(o.retired_at) END),
                    COALESCE(SUM(o.recent_rated_count), 0), COALESCE(SUM(o.recent_score_half_sum), 0)
             FROM providers p LEFT JOIN offerings o ON o.provider_id = p.id AND (?2 IS NULL OR o.course_id = ?2)
             WHERE p.slug = ?1 GROUP BY p.id"
        )
    });
    conn.prepare_cached(&SQL)?
        .query_row(params![slug, course_id], provider)
}

pub fn overall_rating(conn: &Connection, provider_id: i64) -> rusqlite::Result<OverallRating> {
    conn.query_row(
        "SELECT score_half_sum, rated_count FROM providers WHERE id = ?1",
        [provider_id],
        |row| {
            let (half_sum, count): (i64, i64) = (row.get(0)?, row.get(1)?);
            Ok(OverallRating {
                total_score: half_sum as f64 / 2.0,
                count,
                average: average(half_sum, count),
            })
        },
    )
}

/// The fewest rated reviews a featured pair has, so its average is not one person's view.
const FEATURED_MIN_RATED: i64 = 3;

/// One random offering with at least [`FEATURED_MIN_RATED`] rated reviews; without one, the
/// best covered offering (most rated, then most reviews); empty only without offerings.
pub fn random_provider(conn: &Connection) -> rusqlite::Result<Vec<RandomProvider>> {
    let max_id: i64 = conn.query_row("SELECT COALESCE(MAX(id), 0) FROM offerings", [], |row| {
        row.get(0)
    })?;
    let start = rand::random_range(0..=max_id);
    // The first well rated offering at or after a random id, wrapping round to the first one.
    let sql = "SELECT id FROM offerings WHERE student_rated_count + employer_rated_count >= ?2
               AND id >= ?1 ORDER BY id LIMIT 1";
    let mut pick: Option<i64> = conn
        .query_row(sql, [start, FEATURED_MIN_RATED], |row| row.get(0))
        .optional()?;
    if pick.is_none() {
        pick = conn
            .query_row(sql, [0, FEATURED_MIN_RATED], |row| row.get(0))
            .optional()?;
    }
    if pick.is_none() {
        pick = conn
            .query_row(
                "SELECT id FROM offerings ORDER BY student_rated_count + employer_rated_count DESC,
                 student_review_count + employer_review_count DESC, id LIMIT 1",
                [],
                |row| row.get(0),
            )
            .optional()?;
    }
    let Some(offering) = pick else {
        return Ok(Vec::new());
    };
    let random = conn.query_row(
        "SELECT c.slug, p.slug, p.name, c.name, o.student_review_count, o.employer_review_count,
                o.student_score_half_sum, o.employer_score_half_sum, o.student_rated_count, o.employer_rated_count
         FROM offerings o JOIN courses c ON c.id = o.course_id JOIN providers p ON p.id = o.provider_id WHERE o.id = ?1",
        [offering],
        |row| {
            let (student, employer): (i64, i64) = (row.get(4)?, row.get(5)?);
            let (student_half, employer_half): (i64, i64) = (row.get(6)?, row.get(7)?);
            let (student_rated, employer_rated): (i64, i64) = (row.get(8)?, row.get(9)?);
            let scores = [
                ("Student", average(student_half, student_rated)),
                ("Employer", average(employer_half, employer_rated)),
            ];
            Ok(RandomProvider {
                course_slug: row.get(0)?,
                provider_slug: row.get(1)?,
                provider_name: row.get(2)?,
                course_name: row.get(3)?,
                review_count: student + employer,
                overall: average(student_half + employer_half, student_rated + employer_rated),
                rated_count: student_rated + employer_rated,
                data: scores
                    .into_iter()
                    .filter_map(|(user_type, score)| score.map(|score| ScoreByType { user_type, score }))
                    .collect(),
            })
        },
    )?;
    Ok(vec![random])
}

/// A course `co` that lists and the type-ahead show: still on the register, and not replaced
/// by another course unless some provider still delivers it (a replaced course's search
/// finds its successor).
pub(crate) const LISTED: &str = "co.retired_at IS NULL
    AND (NOT EXISTS (SELECT 1 FROM course_supersessions s WHERE s.replaces_id = co.id)
         OR EXISTS (SELECT 1 FROM offerings o WHERE o.course_id = co.id AND o.retired_at IS NULL))";

/// Every listed course for the search options: (id, code, name, slug) by name.
pub fn search_entries(conn: &Connection) -> rusqlite::Result<Vec<(i64, String, String, String)>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT co.id, co.code, co.name, co.slug FROM courses co WHERE {LISTED} ORDER BY co.name"
    ))?;
    stmt.query_map([], |row| {
        Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
    })?
    .collect()
}

pub fn catalogue_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT version FROM catalogue_version", [], |row| {
        row.get(0)
    })
}

/// Tells every running server that the catalogue changed (its search index is rebuilt).
pub fn bump_catalogue_version(tx: &Transaction) -> rusqlite::Result<()> {
    tx.execute("UPDATE catalogue_version SET version = version + 1", [])?;
    Ok(())
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod store_tests;

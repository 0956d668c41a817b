//! The reads the pages need beyond the catalogue's browsing calls: every catalogue address
//! with the time it last changed, for the sitemap.

use rusqlite::Connection;

/// A catalogue page's address (its stored slugs) and when what it shows last changed: the last
/// approval of a review it counts (Unix seconds), if any. The catalogue rows themselves carry no
/// time of change; a review's approval is what moves a page's counts and ratings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogueAddress {
    pub slugs: Vec<String>,
    pub changed: Option<i64>,
}

/// Every industry, career and course providers page, in address order: industries first, each
/// followed by its careers, each followed by the courses leading to it that the lists show.
pub fn catalogue_addresses(conn: &Connection) -> rusqlite::Result<Vec<CatalogueAddress>> {
    let mut stmt = conn.prepare(&format!(
        "WITH changed AS (
             SELECT course_id, MAX(actioned_at) AS at FROM reviews WHERE approved = 1 GROUP BY course_id
         )
         SELECT i.slug, c.slug, co.slug, ch.at
         FROM industries i
         LEFT JOIN careers c ON c.industry_id = i.id
         LEFT JOIN course_careers cc ON cc.career_id = c.id
         LEFT JOIN courses co ON co.id = cc.course_id AND {listed}
         LEFT JOIN changed ch ON ch.course_id = co.id
         ORDER BY i.slug, c.slug, co.slug",
        listed = crate::catalog::store::LISTED
    ))?;
    let rows = stmt.query_map([], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, Option<String>>(1)?,
            row.get::<_, Option<String>>(2)?,
            row.get::<_, Option<i64>>(3)?,
        ))
    })?;
    let mut addresses: Vec<CatalogueAddress> = Vec::new();
    // Where the current industry's and career's entries are, to raise their time of change.
    let (mut industry_at, mut career_at) = (0, 0);
    for row in rows {
        let (industry, career, course, changed) = row?;
        if addresses.get(industry_at).map(|a| &a.slugs) != Some(&vec![industry.clone()]) {
            industry_at = addresses.len();
            addresses.push(CatalogueAddress {
                slugs: vec![industry.clone()],
                changed: None,
            });
        }
        let Some(career) = career else { continue };
        let career_slugs = vec![industry.clone(), career];
        if addresses[career_at].slugs != career_slugs {
            career_at = addresses.len();
            addresses.push(CatalogueAddress {
                slugs: career_slugs.clone(),
                changed: None,
            });
        }
        let Some(course) = course else { continue };
        for at in [industry_at, career_at] {
            addresses[at].changed = addresses[at].changed.max(changed);
        }
        let mut slugs = career_slugs;
        slugs.push(course);
        addresses.push(CatalogueAddress { slugs, changed });
    }
    Ok(addresses)
}

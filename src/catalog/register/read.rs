//! Reading each step's records from the register, with its traps handled: paged searches
//! always pass `orderBy` and are checked against `totalCount` (the default order is lossy),
//! and delivery lists are followed through their `next-page` links to the end.

use std::{
    collections::{HashMap, HashSet},
    time::Instant,
};

use anyhow::{anyhow, bail};
use url::form_urlencoded;

use super::{
    check::{self, CourseRow, DecisionRow, ProviderRow},
    client::{Answer, Client},
    shapes,
};

/// Rows a search page asks for.
const PAGE: usize = 100;

/// Items done of total, rate and time left, printed as a step goes.
pub struct Progress {
    label: String,
    total: usize,
    done: usize,
    started: Instant,
    printed: Instant,
}

impl Progress {
    pub fn new(label: &str, total: usize) -> Self {
        Self {
            label: label.to_owned(),
            total,
            done: 0,
            started: Instant::now(),
            printed: Instant::now(),
        }
    }

    pub fn tick(&mut self) {
        self.done += 1;
        if self.printed.elapsed().as_secs() >= 5 || self.done == self.total {
            self.printed = Instant::now();
            let seconds = self.started.elapsed().as_secs_f64().max(0.001);
            let rate = self.done as f64 / seconds;
            let left = (self.total - self.done) as f64 / rate.max(0.001);
            println!(
                "{}: {} of {} ({rate:.1}/s, about {} left)",
                self.label,
                self.done,
                self.total,
                minutes(left)
            );
        }
    }
}

fn minutes(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else {
        format!("{:.0} min", seconds / 60.0)
    }
}

/// Every row of a paged search, in a stable order, checked against `totalCount`.
async fn search<T: serde::de::DeserializeOwned>(
    client: &Client,
    path: &str,
    filter: &str,
    what: &str,
    code: impl Fn(&T) -> Option<String>,
) -> anyhow::Result<Vec<T>> {
    let mut rows = Vec::new();
    let mut total = None;
    loop {
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("api-version", "1.0")
            .append_pair("pageSize", &PAGE.to_string())
            .append_pair("offset", &rows.len().to_string())
            .append_pair("orderBy", "code asc")
            .append_pair("filter", filter)
            .append_pair("includeTotalCount", "true")
            .finish();
        let page: shapes::SearchPage<T> = client
            .get(
                &format!("{path}?{query}"),
                &format!("{what} from offset {}", rows.len()),
            )
            .await?;
        let count = page
            .total_count
            .ok_or_else(|| anyhow!("{what}: totalCount is missing"))? as usize;
        if *total.get_or_insert(count) != count {
            bail!(
                "{what}: totalCount changed from {} to {count} while paging; run the sync again",
                total.unwrap_or(0)
            );
        }
        let data = page
            .data
            .ok_or_else(|| anyhow!("{what} from offset {}: data is missing", rows.len()))?;
        let empty = data.is_empty();
        rows.extend(data);
        if rows.len() >= count || empty {
            break;
        }
        println!("{what}: {} of {count} listed", rows.len());
    }
    let total = total.unwrap_or(0);
    let distinct: HashSet<String> = rows.iter().filter_map(&code).collect();
    if rows.len() != total || distinct.len() != total {
        bail!(
            "{what}: the register's totalCount is {total} but paging gave {} rows with {} distinct codes (rows lost or repeated)",
            rows.len(),
            distinct.len()
        );
    }
    Ok(rows)
}

fn since_filter(base: &str, since: Option<&str>) -> String {
    match since {
        Some(day) => format!("{base} and (UpdatedDate ge {day})"),
        None => base.to_owned(),
    }
}

/// Current qualifications with their descriptions.
pub async fn qualifications(
    client: &Client,
    since: Option<&str>,
) -> anyhow::Result<Vec<CourseRow>> {
    let filter = since_filter("(ComponentType eq 'Qualification')", since);
    let all: Vec<shapes::Qualification> = search(
        client,
        "/api/search/training",
        &filter,
        "qualifications",
        |q: &shapes::Qualification| q.code.clone(),
    )
    .await?;
    check::no_supersession_loop(&all).map_err(|bad| anyhow!(bad))?;
    let titles: HashMap<&str, &str> = all
        .iter()
        .filter_map(|q| Some((q.code.as_deref()?, q.title.as_deref()?.trim())))
        .filter(|(_, title)| check::is_plain_title(title))
        .collect();
    let mut rows = Vec::new();
    for q in &all {
        if let Some(mut row) = check::qualification(q).map_err(|bad| anyhow!(bad))? {
            for (code, title) in &mut row.supersedes {
                *title = titles.get(code.as_str()).map(|t| t.to_string());
            }
            rows.push(row);
        }
    }
    let mut progress = Progress::new("qualifications: descriptions", rows.len());
    for row in &mut rows {
        row.description = description(client, &row.code).await?;
        progress.tick();
    }
    Ok(rows)
}

/// The description of a qualification's current release: the release listed as current (else
/// the highest number), its content bundle (named on the release, else read from the release's
/// own detail, the default bundle first), and the piece of it titled as a description.
async fn description(client: &Client, code: &str) -> anyhow::Result<Option<String>> {
    let what = format!("qualification {code}");
    let detail: shapes::TrainingDetail = client
        .get(&format!("/api/training/{code}?api-version=1.0"), &what)
        .await?;
    let Some(release) = current_release(&detail.releases) else {
        return Ok(None);
    };
    let bundle = match (&release.content_bundle_id, &release.release_number) {
        (Some(bundle), _) => Some(bundle.clone()),
        (None, Some(number)) => {
            let number =
                form_urlencoded::byte_serialize(number.trim().as_bytes()).collect::<String>();
            match client
                .get_optional::<shapes::ReleaseDetail>(
                    &format!("/api/training/{code}/releases/{number}?api-version=1.0"),
                    &format!("{what} release {number}"),
                )
                .await?
            {
                Answer::Found(release) => default_bundle(&release.content_bundles),
                Answer::NotFound => None,
            }
        }
        (None, None) => None,
    };
    let Some(bundle) = bundle else {
        return Ok(None);
    };
    let bundle = form_urlencoded::byte_serialize(bundle.as_bytes()).collect::<String>();
    match client
        .get_optional::<shapes::ContentBundle>(
            &format!("/api/content/bundle/{bundle}?api-version=1.0"),
            &format!("{what} content bundle"),
        )
        .await?
    {
        Answer::Found(bundle) => Ok(check::description(&bundle)),
        Answer::NotFound => Ok(None),
    }
}

/// The release marked current, else the one with the highest number.
pub fn current_release(releases: &[shapes::Release]) -> Option<&shapes::Release> {
    let number = |r: &&shapes::Release| {
        r.release_number
            .as_deref()
            .and_then(|n| n.trim().parse::<u32>().ok())
    };
    releases
        .iter()
        .filter(|r| {
            r.currency
                .as_deref()
                .is_some_and(|c| c.trim().eq_ignore_ascii_case("current"))
        })
        .max_by_key(number)
        .or_else(|| releases.iter().max_by_key(number))
}

/// The default bundle ('0000', a component's own text), else the first.
fn default_bundle(bundles: &[shapes::BundleRef]) -> Option<String> {
    bundles
        .iter()
        .find(|b| b.type_code.as_deref() == Some("0000"))
        .or_else(|| bundles.first())
        .and_then(|b| b.id.clone())
}

/// Currently registered organisations with their web addresses.
pub async fn providers(client: &Client, since: Option<&str>) -> anyhow::Result<Vec<ProviderRow>> {
    let filter = since_filter("(IsRto eq true)", since);
    let all: Vec<shapes::Organisation> = search(
        client,
        "/api/search/organisation",
        &filter,
        "organisations",
        |o: &shapes::Organisation| o.code.clone(),
    )
    .await?;
    let mut rows = Vec::new();
    for o in &all {
        if let Some(row) = check::organisation(o).map_err(|bad| anyhow!(bad))? {
            rows.push(row);
        }
    }
    let mut progress = Progress::new("providers: web addresses", rows.len());
    for row in &mut rows {
        let record = format!("organisation {}", row.rto_code);
        let addresses = match client
            .get_optional::<Vec<shapes::WebAddress>>(
                &format!(
                    "/api/organisation/{}/webaddress?api-version=1.0",
                    row.rto_code
                ),
                &record,
            )
            .await?
        {
            Answer::Found(addresses) => addresses,
            Answer::NotFound => Vec::new(),
        };
        row.website = check::website(&record, &addresses).map_err(|bad| anyhow!(bad))?;
        progress.tick();
    }
    Ok(rows)
}

/// For each course code, the RTO codes with live teaching scope for it.
pub async fn delivery(
    client: &Client,
    codes: &[String],
) -> anyhow::Result<HashMap<String, HashSet<String>>> {
    let mut live = HashMap::new();
    let mut progress = Progress::new("delivery", codes.len());
    for code in codes {
        let mut rtos = HashSet::new();
        let mut next = Some(format!(
            "/api/training/{code}/delivery?api-version=1.0&pageSize={PAGE}"
        ));
        let mut page_number = 0;
        while let Some(path) = next.take() {
            page_number += 1;
            let record = format!("delivery of {code}, page {page_number}");
            let page: shapes::DeliveryPage = client.get(&path, &record).await?;
            let data = page
                .data
                .ok_or_else(|| anyhow!("{record}: data is missing"))?;
            next = page
                .links
                .and_then(|l| l.next_page)
                .filter(|n| !n.trim().is_empty());
            if next.is_none() && data.len() >= PAGE {
                bail!(
                    "{record}: links.next-page is missing after a full page of {PAGE} rows (the list would be cut short)"
                );
            }
            for row in &data {
                let rto =
                    check::rto_code(&record, "organisationCode", row.organisation_code.as_ref())
                        .map_err(|bad| anyhow!(bad))?;
                if check::is_live_teaching(&format!("{record}, organisation {rto}"), row)
                    .map_err(|bad| anyhow!(bad))?
                {
                    rtos.insert(rto);
                }
            }
            if page_number > 10_000 {
                bail!("{record}: links.next-page never ends");
            }
        }
        live.insert(code.clone(), rtos);
        progress.tick();
    }
    Ok(live)
}

/// For each RTO code, its decisions and restrictions.
pub async fn decisions(
    client: &Client,
    rtos: &[String],
    today: &str,
) -> anyhow::Result<HashMap<String, Vec<DecisionRow>>> {
    let mut all = HashMap::new();
    let mut progress = Progress::new("decisions", rtos.len());
    for rto in rtos {
        let mut rows = Vec::new();
        for (source, path) in [
            ("decision", "regulatorydecision"),
            ("restriction", "restrictions"),
        ] {
            let record = format!("organisation {rto} {path}");
            let found = match client
                .get_optional::<Vec<shapes::Decision>>(
                    &format!("/api/organisation/{rto}/{path}?api-version=1.0"),
                    &record,
                )
                .await?
            {
                Answer::Found(found) => found,
                Answer::NotFound => Vec::new(),
            };
            for d in &found {
                rows.push(check::decision(&record, source, d, today).map_err(|bad| anyhow!(bad))?);
            }
        }
        all.insert(rto.clone(), rows);
        progress.tick();
    }
    Ok(all)
}

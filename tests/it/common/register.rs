//! A stand-in National Training Register on the loopback: a small HTTP server answering in
//! the published API's shapes (`tests/fixtures/register/README.md` lists each shape and where
//! it is documented), with the traps others found in the real one, and switches a test turns
//! to serve bad input, slow answers, 429 and 503.

use std::{
    collections::{HashMap, HashSet},
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    Json, Router,
    extract::{ConnectInfo, Path, Query, State},
    http::{HeaderMap, StatusCode, Uri},
    response::{IntoResponse, Response},
    routing::get,
};
use serde_json::{Value, json};

/// What the register holds and how it misbehaves; tests change it between syncs.
#[derive(Default)]
pub struct Data {
    /// Records of `/api/search/training`, as published (qualifications).
    pub qualifications: Vec<Value>,
    /// Records of `/api/search/organisation`, as published (with people's contact details).
    pub organisations: Vec<Value>,
    /// Scope rows of `/api/training/{code}/delivery`, by qualification code.
    pub delivery: HashMap<String, Vec<Value>>,
    pub web: HashMap<String, Value>,
    pub decisions: HashMap<String, Value>,
    pub restrictions: HashMap<String, Value>,
    /// Description HTML by qualification code (served through releases and content bundles).
    pub descriptions: HashMap<String, String>,
    /// Raw answers for paths containing the key: (status, body).
    pub answers: Vec<(String, u16, String)>,
    /// Statuses to answer, one per request, before answering properly (429 and 503 traps).
    pub busy: Vec<u16>,
    /// How long each answer takes.
    pub delay: Duration,
    /// Added to every search page's totalCount (a count that disagrees with the rows).
    pub total_count_bias: i64,
    /// Delivery pages end without their next-page link.
    pub drop_next_links: bool,
}

#[derive(Default)]
pub struct Seen {
    pub requests: u64,
    pub peers: HashSet<SocketAddr>,
    pub paths: Vec<String>,
    pub in_flight: u32,
    pub most_in_flight: u32,
}

#[derive(Clone)]
pub struct Register {
    pub url: String,
    pub data: Arc<Mutex<Data>>,
    pub seen: Arc<Mutex<Seen>>,
}

type Shared = (Arc<Mutex<Data>>, Arc<Mutex<Seen>>);

impl Register {
    /// Serves `data` on a free loopback port.
    pub async fn start(data: Data) -> Self {
        let data = Arc::new(Mutex::new(data));
        let seen = Arc::new(Mutex::new(Seen::default()));
        let router = Router::new()
            .route("/api/search/training", get(search_training))
            .route("/api/search/organisation", get(search_organisation))
            .route("/api/training/{code}", get(training))
            .route("/api/training/{code}/delivery", get(delivery))
            .route("/api/training/{code}/releases/{number}", get(release))
            .route("/api/content/bundle/{id}", get(bundle))
            .route("/api/organisation/{code}/{what}", get(organisation_part))
            .with_state((data.clone(), seen.clone()));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            axum::serve(
                listener,
                router.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .await
        });
        Self { url, data, seen }
    }

    pub fn requests(&self) -> u64 {
        self.seen.lock().unwrap().requests
    }

    pub fn connections(&self) -> usize {
        self.seen.lock().unwrap().peers.len()
    }

    pub fn change(&self, f: impl FnOnce(&mut Data)) {
        f(&mut self.data.lock().unwrap());
    }
}

/// The common preamble of every answer: count it, wait, and serve a trap if one is set.
async fn trap(shared: &Shared, peer: SocketAddr, uri: &Uri) -> Option<Response> {
    let (delay, busy, answer) = {
        let mut seen = shared.1.lock().unwrap();
        seen.requests += 1;
        seen.peers.insert(peer);
        seen.paths.push(uri.to_string());
        seen.in_flight += 1;
        seen.most_in_flight = seen.most_in_flight.max(seen.in_flight);
        let mut data = shared.0.lock().unwrap();
        let busy = (!data.busy.is_empty()).then(|| data.busy.remove(0));
        let path = uri.to_string();
        let answer = data
            .answers
            .iter()
            .find(|(key, _, _)| path.contains(key.as_str()))
            .map(|(_, status, body)| (*status, body.clone()));
        (data.delay, busy, answer)
    };
    tokio::time::sleep(delay).await;
    shared.1.lock().unwrap().in_flight -= 1;
    if let Some(status) = busy {
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", "1".parse().unwrap());
        return Some((StatusCode::from_u16(status).unwrap(), headers, "busy").into_response());
    }
    answer.map(|(status, body)| {
        (
            StatusCode::from_u16(status).unwrap(),
            [("content-type", "application/json")],
            body,
        )
            .into_response()
    })
}

/// A page of a search, as the register pages: `orderBy` is honoured; without it the rows come
/// in an unstable order, so pages repeat some rows and miss others (the right number of rows,
/// the wrong rows).
fn page(rows: &[Value], query: &HashMap<String, String>, bias: i64) -> Value {
    let filter = query.get("filter").cloned().unwrap_or_default();
    let since = filter
        .split("UpdatedDate ge ")
        .nth(1)
        .map(|s| s.trim_end_matches(')').to_owned());
    let mut rows: Vec<&Value> = rows
        .iter()
        .filter(|r| {
            since
                .as_deref()
                .is_none_or(|day| r["updatedDate"].as_str().unwrap_or("") >= day)
        })
        .collect();
    let offset: usize = query
        .get("offset")
        .and_then(|o| o.parse().ok())
        .unwrap_or(0);
    let size: usize = query
        .get("pageSize")
        .and_then(|o| o.parse().ok())
        .unwrap_or(10);
    match query.get("orderBy").map(String::as_str) {
        Some(order) if order.starts_with("code") => {
            rows.sort_by_key(|r| r["code"].as_str().unwrap_or("").to_owned());
        }
        _ => {
            // The default order shifts between requests: rotate by the offset.
            let len = rows.len().max(1);
            rows.rotate_left((offset * 7 / 3) % len);
        }
    }
    let total = rows.len() as i64 + bias;
    let data: Vec<&Value> = rows.into_iter().skip(offset).take(size).collect();
    json!({ "count": data.len(), "totalCount": total, "data": data })
}

async fn search_training(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    uri: Uri,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(answer) = trap(&shared, peer, &uri).await {
        return answer;
    }
    let data = shared.0.lock().unwrap();
    Json(page(&data.qualifications, &query, data.total_count_bias)).into_response()
}

async fn search_organisation(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    uri: Uri,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(answer) = trap(&shared, peer, &uri).await {
        return answer;
    }
    let data = shared.0.lock().unwrap();
    Json(page(&data.organisations, &query, data.total_count_bias)).into_response()
}

async fn training(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    uri: Uri,
    Path(code): Path<String>,
) -> Response {
    if let Some(answer) = trap(&shared, peer, &uri).await {
        return answer;
    }
    let data = shared.0.lock().unwrap();
    let Some(q) = data
        .qualifications
        .iter()
        .find(|q| q["code"] == code.as_str())
    else {
        return StatusCode::NOT_FOUND.into_response();
    };
    Json(json!({
        "code": code,
        "title": q["title"],
        // As public harvesters read it: the bundles are in each release's own detail.
        "releases": [
            { "id": format!("{code}-1"), "releaseNumber": "1", "releaseDate": "2021-01-01", "currency": "superseded" },
            { "id": format!("{code}-2"), "releaseNumber": "2", "releaseDate": "2023-06-01", "currency": "current" },
        ],
        "mappingInformation": [],
    }))
    .into_response()
}

async fn release(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    uri: Uri,
    Path((code, number)): Path<(String, String)>,
) -> Response {
    if let Some(answer) = trap(&shared, peer, &uri).await {
        return answer;
    }
    Json(json!({
        "releaseNumber": number,
        "contentBundles": [
            { "id": format!("{code}-R{number}"), "typeCode": "0000" },
            { "id": format!("{code}-R{number}-AR"), "typeCode": "0013" },
        ],
    }))
    .into_response()
}

async fn bundle(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    uri: Uri,
    Path(id): Path<String>,
) -> Response {
    if let Some(answer) = trap(&shared, peer, &uri).await {
        return answer;
    }
    let data = shared.0.lock().unwrap();
    let code = id.split("-R").next().unwrap_or("");
    // Release 1's description is stale: the sync must read the latest release.
    let html = match (id.ends_with("-R2"), data.descriptions.get(code)) {
        (true, Some(html)) => html.clone(),
        (false, Some(_)) => "<p>An old release's description.</p>".to_owned(),
        (_, None) => return StatusCode::NOT_FOUND.into_response(),
    };
    Json(json!({
        "id": id,
        "items": [
            { "title": "Qualification Description", "contentType": "QualificationDescription", "content": html, "sequence": 1 },
            { "title": "Packaging Rules", "contentType": "PackagingRules", "content": "<p>Total number of units = 13</p>", "sequence": 2 },
        ],
    }))
    .into_response()
}

async fn delivery(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    uri: Uri,
    Path(code): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(answer) = trap(&shared, peer, &uri).await {
        return answer;
    }
    let data = shared.0.lock().unwrap();
    let rows = data.delivery.get(&code).cloned().unwrap_or_default();
    // No total; the list is cut at pageSize, with a next-page link while more follow.
    let size: usize = query
        .get("pageSize")
        .and_then(|o| o.parse().ok())
        .unwrap_or(20);
    let page: usize = query.get("page").and_then(|o| o.parse().ok()).unwrap_or(1);
    let slice: Vec<Value> = rows
        .iter()
        .skip((page - 1) * size)
        .take(size)
        .cloned()
        .collect();
    let more = rows.len() > page * size;
    let next = (more && !data.drop_next_links).then(|| {
        format!(
            "/api/training/{code}/delivery?api-version=1.0&pageSize={size}&page={}",
            page + 1
        )
    });
    Json(json!({ "data": slice, "links": { "self": uri.to_string(), "next-page": next } }))
        .into_response()
}

async fn organisation_part(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    uri: Uri,
    Path((code, what)): Path<(String, String)>,
) -> Response {
    if let Some(answer) = trap(&shared, peer, &uri).await {
        return answer;
    }
    let data = shared.0.lock().unwrap();
    let found = match what.as_str() {
        "webaddress" => data.web.get(&code),
        "regulatorydecision" => data.decisions.get(&code),
        "restrictions" => data.restrictions.get(&code),
        _ => None,
    };
    match found {
        Some(value) => Json(value.clone()).into_response(),
        None if data
            .organisations
            .iter()
            .any(|o| o["code"] == code.as_str()) =>
        {
            Json(json!([])).into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The test register: 30 qualifications (28 current, with a supersession chain), 15
/// organisations (13 currently registered) with decisions and restrictions, delivery lists
/// (the most common qualification's runs to three pages), and a record carrying personal
/// contact details.
pub fn small() -> Data {
    let mut data = Data::default();
    let courses =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/courses.csv")).unwrap();
    let mut reader = csv::Reader::from_reader(courses.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().take(28).map(Result::unwrap).collect();
    for (i, row) in rows.iter().enumerate() {
        let (code, title, careers) = (&row[1], &row[2], &row[4]);
        let occupation = title_case(careers.split(';').next().unwrap_or("worker"));
        let level = [
            "Certificate II",
            "Certificate III",
            "Certificate IV",
            "Diploma",
        ]
        .into_iter()
        .find(|l| title.starts_with(l))
        .unwrap_or("");
        data.qualifications.push(json!({
            "code": code,
            "title": title,
            "componentType": ["Qualification"],
            "status": { "isCurrent": true, "label": "Current" },
            "qualificationLevel": level,
            "trainingPackage": { "code": &code[..3], "title": format!("{} Training Package", &code[..3]) },
            "anzsco": { "code": format!("{:06}", 300000 + i * 111), "name": occupation },
            "taxonomyIndustry": match sector(&code[..3]) { "" => json!([]), s => json!([{ "industrySector": s }]) },
            "taxonomyOccupation": [{ "occupation": occupation }],
            "supersedes": [],
            "updatedDate": if i < 3 { "2026-10-01" } else { "2024-01-15" },
        }));
        data.descriptions.insert(
            code.to_owned(),
            format!("<p>{title}: what the course covers.</p>"),
        );
    }
    // A supersession chain: the first course supersedes an older one, which superseded another.
    let first = data.qualifications[0]["code"].as_str().unwrap().to_owned();
    let older = format!("{}9{}", &first[..3], &first[4..]);
    let oldest = format!("{}8{}", &first[..3], &first[4..]);
    data.qualifications[0]["supersedes"] = json!([{ "code": older, "isEquivalent": true }]);
    for (code, supersedes) in [
        (
            older.clone(),
            json!([{ "code": oldest, "isEquivalent": false }]),
        ),
        (oldest, json!([])),
    ] {
        let mut old = data.qualifications[0].clone();
        old["code"] = json!(code);
        old["status"] = json!({ "isCurrent": false, "label": "Superseded" });
        old["supersedes"] = supersedes;
        data.qualifications.push(old);
    }
    for n in 1..=15 {
        let code = format!("{}", 90000 + n);
        let current = n <= 13;
        let mut org = json!({
            "code": code,
            "legalName": format!("Register Test College {n} Pty Ltd"),
            "tradingNames": if n % 3 == 0 { json!([format!("Trading As {n}")]) } else { json!([]) },
            "abns": [format!("{:011}", 51824753556_u64 + n)],
            "isRto": true,
            "registration": { "statusLabel": if current { "Current" } else { "Cancelled" } },
            "headOfficeAddress": {
                "suburb": (["Sydney", "Melbourne", "Brisbane", "Hobart", "Perth"][n as usize % 5]),
                "state": { "abbreviation": (["NSW", "VIC", "QLD", "TAS", "WA"][n as usize % 5]) },
                "postCode": (["2000", "3000", "4000", "7000", "6000"][n as usize % 5]),
            },
            "updatedDate": if n <= 2 { "2026-10-01" } else { "2024-01-15" },
        });
        if n == 7 {
            // A small provider whose record carries its owner's own contact details.
            org["contacts"] = json!([{
                "contactType": "Chief Executive", "firstName": "Jo", "lastName": "Privateperson",
                "phone": "0412 345 678", "mobile": "0498 765 432", "email": "jo.privateperson@gmail.com",
            }]);
            org["ownerHomeAddress"] = json!({ "line1": "7 Secret Street", "suburb": "Quietville" });
        }
        data.web.insert(
            code.clone(),
            json!([
                { "webAddress": format!("https://old{n}.example.edu.au"), "startDate": "2015-01-01", "endDate": "2020-01-01" },
                { "webAddress": format!("https://college{n}.example.edu.au"), "startDate": "2020-01-01", "endDate": null },
            ]),
        );
        data.organisations.push(org);
    }
    // Decisions: a condition in force (with someone's email and phone in the text), a historic one,
    // one 'in effect' that ended years ago (the unreliable historic flag), a suspension, a cancellation.
    data.decisions.insert("90003".into(), json!([
        { "decisionType": "Condition", "description": "Condition imposed under s 29 of the Act: the provider must not enrol new students in CHC courses. Enquiries: Jo Bloggs, jo.bloggs@example.com or 0412 345 678.", "startDate": "2025-05-01T00:00:00", "endDate": null, "isHistoric": false },
        { "decisionType": "Condition", "description": "Condition on marketing, since lifted.", "startDate": "2018-01-01", "endDate": "2019-01-01", "isHistoric": true },
    ]));
    data.decisions.insert("90004".into(), json!([
        { "decisionType": "Condition", "description": "A condition 'in effect' that ended long ago.", "startDate": "2016-01-01", "endDate": "2018-06-30", "isHistoric": false },
    ]));
    data.restrictions.insert("90005".into(), json!([
        { "restrictionType": "Suspension of registration", "description": "Registration suspended: the provider may not deliver, assess or issue qualifications.", "startDate": "2026-02-01", "endDate": null, "isHistoric": false },
    ]));
    data.decisions.insert("90006".into(), json!([
        { "decisionType": "Cancellation of registration", "description": "Registration cancelled under s 36 of the Act.", "startDate": "2026-09-01", "endDate": null, "isHistoric": false },
    ]));
    // Delivery: every course by a few providers; the first by every provider and by 240 more
    // rows (organisations no longer registered, assess-only and superseded scope): three pages.
    for (i, q) in data.qualifications.iter().enumerate() {
        let code = q["code"].as_str().unwrap().to_owned();
        let mut rows = Vec::new();
        let providers: Vec<u32> = if i == 0 {
            (1..=15).collect()
        } else {
            vec![1 + i as u32 % 13, 1 + (i as u32 + 5) % 13]
        };
        for n in providers {
            rows.push(json!({ "organisationCode": format!("{}", 90000 + n), "organisationName": "", "status": "Current", "extent": "Deliver and assess", "startDate": "2022-01-01", "isImplicit": false }));
        }
        if i == 0 {
            for n in 0..240 {
                let (status, extent) = match n % 3 {
                    0 => ("Current", "Deliver and assess"),
                    1 => ("Current", "Assess only"),
                    _ => ("Superseded", "Deliver and assess"),
                };
                rows.push(json!({ "organisationCode": format!("{}", 10000 + n), "status": status, "extent": extent }));
            }
            rows.push(json!({ "organisationCode": "90008", "status": "Current", "extent": "Assess only" }));
        }
        data.delivery.insert(code, rows);
    }
    data
}

fn title_case(slug: &str) -> String {
    slug.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn sector(package: &str) -> &'static str {
    match package {
        "SHB" => "Personal Services",
        "SIT" => "Tourism, Travel and Hospitality",
        "CHC" => "Community Services",
        _ => "",
    }
}

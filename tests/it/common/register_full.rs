//! The stand-in register at the real register's size, for timing a first full sync
//! (`catalogue_full_size`): 1,200 current qualifications, 4,000 currently registered
//! organisations and 30,000 delivery rows, made from a fixed recipe so every run asks the
//! same requests. The shapes are those of `register::small` (see
//! `tests/fixtures/register/README.md`).

use serde_json::json;

use super::register::Data;

pub const QUALIFICATIONS: usize = 1_200;
pub const ORGANISATIONS: usize = 4_000;
pub const DELIVERY_ROWS: usize = 30_000;

const PACKAGES: [&str; 12] = [
    "BSB", "CHC", "CPC", "HLT", "ICT", "MEM", "SIT", "SHB", "TLI", "AUR", "UEE", "FNS",
];
const LEVELS: [&str; 5] = [
    "Certificate II",
    "Certificate III",
    "Certificate IV",
    "Diploma",
    "Advanced Diploma",
];
/// Head office postcodes with their towns (each in the shipped postcode table).
const PLACES: [(&str, &str, &str); 8] = [
    ("Sydney", "NSW", "2000"),
    ("Melbourne", "VIC", "3000"),
    ("Brisbane", "QLD", "4000"),
    ("Adelaide", "SA", "5000"),
    ("Perth", "WA", "6000"),
    ("Hobart", "TAS", "7000"),
    ("Darwin", "NT", "0800"),
    ("Canberra", "ACT", "2601"),
];

/// How many delivery rows qualification `i` has: the most common one 809 (nine pages of
/// 100, as the real register's most common qualification), one in forty 150 (two pages), the
/// rest sharing what is left of 30,000.
pub fn rows_of(i: usize) -> usize {
    let big = (1..QUALIFICATIONS).filter(|i| i % 40 == 0).count();
    let small = QUALIFICATIONS - 1 - big;
    let left = DELIVERY_ROWS - 809 - 150 * big;
    match i {
        0 => 809,
        i if i % 40 == 0 => 150,
        i => {
            let nth = (1..i).filter(|j| j % 40 != 0).count();
            left / small + usize::from(nth < left % small)
        }
    }
}

pub fn full_size() -> Data {
    let mut data = Data::default();
    for i in 0..QUALIFICATIONS {
        let package = PACKAGES[i % PACKAGES.len()];
        let level = LEVELS[i % LEVELS.len()];
        let code = format!("{package}{:05}", 20_000 + i);
        let title = format!("{level} in Generated Field {i}");
        data.qualifications.push(json!({
            "code": code,
            "title": title,
            "componentType": ["Qualification"],
            "status": { "isCurrent": true, "label": "Current" },
            "qualificationLevel": level,
            "trainingPackage": { "code": package, "title": format!("{package} Training Package") },
            "anzsco": { "code": format!("{:06}", 200_000 + i), "name": format!("Occupation {i}") },
            "taxonomyIndustry": [{ "industrySector": format!("Sector {}", i % 24) }],
            "taxonomyOccupation": [{ "occupation": format!("Occupation {i}") }],
            "supersedes": [],
            "updatedDate": "2024-01-15",
        }));
        data.descriptions.insert(
            code.clone(),
            format!("<p>{title}: what the course covers.</p>"),
        );
        let rows = (0..rows_of(i))
            .map(|j| {
                // A stride coprime with 4,000 names distinct organisations within a list.
                let n = (i * 7_919 + j * 13) % ORGANISATIONS;
                let (status, extent) = match j % 10 {
                    8 => ("Current", "Assess only"),
                    9 => ("Superseded", "Deliver and assess"),
                    _ => ("Current", "Deliver and assess"),
                };
                json!({ "organisationCode": org_code(n), "status": status, "extent": extent })
            })
            .collect();
        data.delivery.insert(code, rows);
    }
    for n in 0..ORGANISATIONS {
        let code = org_code(n);
        let (town, state, postcode) = PLACES[n % PLACES.len()];
        data.organisations.push(json!({
            "code": code,
            "legalName": format!("Generated College {n} Pty Ltd"),
            "tradingNames": if n % 3 == 0 { json!([format!("Generated Trading {n}")]) } else { json!([]) },
            "isRto": true,
            "registration": { "statusLabel": "Current" },
            "headOfficeAddress": { "suburb": town, "state": { "abbreviation": state }, "postCode": postcode },
            "updatedDate": "2024-01-15",
        }));
        data.web.insert(
            code.clone(),
            json!([{ "webAddress": format!("https://college{n}.example.edu.au"), "endDate": null }]),
        );
        if n % 20 == 0 {
            data.decisions.insert(code.clone(), json!([
                { "decisionType": "Condition", "description": "Condition imposed on registration.", "startDate": "2025-05-01", "endDate": null, "isHistoric": false },
                { "decisionType": "Condition", "description": "Condition on marketing, since lifted.", "startDate": "2018-01-01", "endDate": "2019-01-01", "isHistoric": true },
            ]));
        }
        if n % 100 == 0 {
            data.restrictions.insert(code, json!([
                { "restrictionType": "Suspension of registration", "description": "Registration suspended.", "startDate": "2026-02-01", "endDate": null, "isHistoric": false },
            ]));
        }
    }
    data
}

fn org_code(n: usize) -> String {
    format!("{}", 10_000 + n)
}

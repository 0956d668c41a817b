//! The bench catalogue as the five CSV files an operator would import, so it goes through the
//! same checks and statements as `app import`: the shipped industries and careers, the shipped
//! qualifications plus generated ones up to the shape's count, generated providers in real
//! towns, and offerings that give the first course the most providers, every one with facts
//! (fee, some subsidised, duration, delivery, campuses, intakes, funding) for the filtered and
//! sorted provider lists.

use std::fmt::Write;

use rand::{Rng, SeedableRng, rngs::StdRng, seq::IndexedRandom};

use super::Shape;
use crate::catalog::import::CatalogueFiles;

const LEVELS: [&str; 5] = [
    "Certificate II in",
    "Certificate III in",
    "Certificate IV in",
    "Diploma of",
    "Advanced Diploma of",
];

const FIELDS: [&str; 40] = [
    "Applied Fitness",
    "Business Operations",
    "Community Care",
    "Digital Media",
    "Event Management",
    "Food Processing",
    "Game Design",
    "Health Administration",
    "Irrigation",
    "Joinery",
    "Kitchen Operations",
    "Laboratory Skills",
    "Marine Operations",
    "Network Security",
    "Outdoor Leadership",
    "Plumbing Services",
    "Quality Auditing",
    "Rail Infrastructure",
    "Sports Coaching",
    "Tourism Guiding",
    "Urban Landscaping",
    "Visual Arts",
    "Warehousing",
    "Youth Work",
    "Aviation Ground Work",
    "Bricklaying",
    "Conservation",
    "Dental Assisting",
    "Electrical Testing",
    "Floristry",
    "Glazing",
    "Horse Care",
    "Interior Decoration",
    "Jewellery Making",
    "Leisure Services",
    "Mining Operations",
    "Nursing Support",
    "Pharmacy Services",
    "Retail Merchandising",
    "Screen Production",
];

const WORDS: [&str; 24] = [
    "Coastal",
    "Summit",
    "Riverbank",
    "Southern",
    "Northern",
    "Harbour",
    "Gumtree",
    "Bluewater",
    "Redgum",
    "Wattle",
    "Ironbark",
    "Sunrise",
    "Banksia",
    "Granite",
    "Heritage",
    "Meridian",
    "Parkside",
    "Westgate",
    "Eastside",
    "Highland",
    "Lakeside",
    "Silverleaf",
    "Brightway",
    "Kestrel",
];

const KINDS: [&str; 6] = [
    "Training",
    "Institute",
    "College",
    "Skills Centre",
    "Academy",
    "Education",
];

/// Town, state, postcode, latitude, longitude.
const TOWNS: [(&str, &str, &str, f64, f64); 16] = [
    ("Sydney", "NSW", "2000", -33.8688, 151.2093),
    ("Newcastle", "NSW", "2300", -32.9283, 151.7817),
    ("Wollongong", "NSW", "2500", -34.4278, 150.8931),
    ("Melbourne", "VIC", "3000", -37.8136, 144.9631),
    ("Geelong", "VIC", "3220", -38.1499, 144.3617),
    ("Ballarat", "VIC", "3350", -37.5622, 143.8503),
    ("Brisbane", "QLD", "4000", -27.4698, 153.0251),
    ("Townsville", "QLD", "4810", -19.2590, 146.8169),
    ("Cairns", "QLD", "4870", -16.9186, 145.7781),
    ("Perth", "WA", "6000", -31.9523, 115.8613),
    ("Bunbury", "WA", "6230", -33.3271, 115.6414),
    ("Adelaide", "SA", "5000", -34.9285, 138.6007),
    ("Hobart", "TAS", "7000", -42.8821, 147.3272),
    ("Launceston", "TAS", "7250", -41.4332, 147.1441),
    ("Darwin", "NT", "0800", -12.4634, 130.8456),
    ("Canberra", "ACT", "2600", -35.2809, 149.1300),
];

const CAMPUS_SEED: u64 = 0x00CA_4905;

/// Writes one to three campuses of a provider as `campuses.csv` rows: one in its own town, the
/// others in other towns of its state where it has any; answers their names.
fn campus_rows(rng: &mut StdRng, csv: &mut String, provider: &str, town: usize) -> Vec<String> {
    let state = TOWNS[town].1;
    let mut towns: Vec<usize> = (0..TOWNS.len())
        .filter(|&t| t != town && TOWNS[t].1 == state)
        .collect();
    towns.truncate(rng.random_range(0..3));
    towns.insert(0, town);
    towns
        .into_iter()
        .map(|t| {
            let (town, state, postcode, latitude, longitude) = TOWNS[t];
            let name = format!("{town} campus");
            let _ = writeln!(
                csv,
                "{provider},{name},{} Training Way,{town},{state},{postcode},{:.4},{:.4}",
                rng.random_range(1..400),
                latitude + rng.random_range(-0.03..0.03),
                longitude + rng.random_range(-0.03..0.03),
            );
            name
        })
        .collect()
}

/// The generated catalogue files, and the codes of the courses that get offerings (the first
/// is the course with the most providers).
pub struct Generated {
    pub files: CatalogueFiles,
    pub offered_codes: Vec<String>,
}

/// `shipped` is the shipped qualifications' codes, `careers` every career's slug.
pub fn generate(
    rng: &mut StdRng,
    shape: &Shape,
    shipped: &[String],
    careers: &[String],
) -> Generated {
    let mut courses = String::from("slug,code,name,copy,careers\n");
    let mut codes: Vec<String> = shipped.iter().take(shape.courses).cloned().collect();
    for n in codes.len()..shape.courses {
        let level = LEVELS[n % LEVELS.len()];
        let field = FIELDS[(n / LEVELS.len()) % FIELDS.len()];
        let stream = n / (LEVELS.len() * FIELDS.len());
        let name = format!("{level} {field} {}", stream + 1);
        let code = format!("BCH{n:05}");
        let slug = format!("{}-{n}", name.to_lowercase().replace(' ', "-"));
        let career = careers.choose(rng).expect("the shipped careers");
        let _ = writeln!(
            courses,
            "{slug},{code},{name},\"A generated qualification of the bench data set: {field} at {level} level, with the same shape as a real course.\",{career}"
        );
        codes.push(code);
    }

    let mut providers =
        String::from("slug,name,website,town,state,latitude,longitude,description\n");
    let mut provider_slugs = Vec::with_capacity(shape.providers);
    let mut provider_states = Vec::with_capacity(shape.providers);
    // Campuses come from a generator of their own, so the rest of the data set is as before.
    let mut places = StdRng::seed_from_u64(CAMPUS_SEED);
    let mut campuses =
        String::from("provider,name,street,town,state,postcode,latitude,longitude\n");
    let mut provider_campuses: Vec<Vec<String>> = Vec::with_capacity(shape.providers);
    for n in 0..shape.providers {
        let name = format!(
            "{} {} {}",
            WORDS[n % WORDS.len()],
            KINDS[(n / WORDS.len()) % KINDS.len()],
            n + 1
        );
        let slug = format!("bench-provider-{}", n + 1);
        let town_index = rng.random_range(0..TOWNS.len());
        let (town, state, _, latitude, longitude) = TOWNS[town_index];
        let _ = writeln!(
            providers,
            "{slug},{name},https://www.{slug}.example,{town},{state},{:.4},{:.4},\"<p>A generated provider of the bench data set in {town}.</p>\"",
            latitude + rng.random_range(-0.05..0.05),
            longitude + rng.random_range(-0.05..0.05),
        );
        provider_campuses.push(campus_rows(&mut places, &mut campuses, &slug, town_index));
        provider_slugs.push(slug);
        provider_states.push(state);
    }

    // The first course has the most providers (60 at full scale); the rest share the
    // remaining offerings evenly, each at providers drawn at random.
    let mut offerings = format!(
        "course,provider,{}\n",
        crate::catalog::import::FACT_COLUMNS.join(",")
    );
    // The funding notes every database starts with (migration V9).
    let notes: Vec<String> = [
        "Fee-free TAFE",
        "Government subsidised",
        "VET Student Loans",
        "Apprenticeship or traineeship",
    ]
    .map(String::from)
    .to_vec();
    let today = crate::catalog::facts::check::Month::now();
    let first = shape.hot_course_providers.min(shape.providers);
    let rest = shape.offerings.saturating_sub(first);
    let per_course = codes.len().saturating_sub(1).max(1);
    for (index, code) in codes.iter().enumerate() {
        let count = if index == 0 {
            first
        } else {
            (rest / per_course + usize::from(index - 1 < rest % per_course)).min(shape.providers)
        };
        for at in rand::seq::index::sample(rng, shape.providers, count) {
            // Each offering runs at one or two of its provider's campuses.
            let named = &provider_campuses[at];
            let at_campuses = named[..places.random_range(1..=named.len().min(2))].join(";");
            let facts = crate::seed::demo::facts::csv_cells(
                rng,
                code,
                provider_states[at],
                &at_campuses,
                today,
                &notes,
            );
            let _ = writeln!(offerings, "{code},{}{facts}", provider_slugs[at]);
        }
    }
    Generated {
        files: CatalogueFiles {
            courses: Some(courses),
            providers: Some(providers),
            campuses: Some(campuses),
            offerings: Some(offerings),
            ..CatalogueFiles::default()
        },
        offered_codes: codes,
    }
}

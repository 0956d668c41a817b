//! The bench catalogue as the five CSV files an operator would import, so it goes through the
//! same checks and statements as `app import`: the shipped industries and careers, the shipped
//! qualifications plus generated ones up to the shape's count, generated providers in real
//! towns, and offerings that give the first course the most providers, every one with facts
//! (fee, some subsidised, duration, delivery, intakes, funding) for the filtered and sorted
//! provider lists.

use std::fmt::Write;

use rand::{Rng, rngs::StdRng, seq::IndexedRandom};

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

/// Town, state, latitude, longitude.
const TOWNS: [(&str, &str, f64, f64); 16] = [
    ("Sydney", "NSW", -33.8688, 151.2093),
    ("Newcastle", "NSW", -32.9283, 151.7817),
    ("Wollongong", "NSW", -34.4278, 150.8931),
    ("Melbourne", "VIC", -37.8136, 144.9631),
    ("Geelong", "VIC", -38.1499, 144.3617),
    ("Ballarat", "VIC", -37.5622, 143.8503),
    ("Brisbane", "QLD", -27.4698, 153.0251),
    ("Townsville", "QLD", -19.2590, 146.8169),
    ("Cairns", "QLD", -16.9186, 145.7781),
    ("Perth", "WA", -31.9523, 115.8613),
    ("Bunbury", "WA", -33.3271, 115.6414),
    ("Adelaide", "SA", -34.9285, 138.6007),
    ("Hobart", "TAS", -42.8821, 147.3272),
    ("Launceston", "TAS", -41.4332, 147.1441),
    ("Darwin", "NT", -12.4634, 130.8456),
    ("Canberra", "ACT", -35.2809, 149.1300),
];

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
    for n in 0..shape.providers {
        let name = format!(
            "{} {} {}",
            WORDS[n % WORDS.len()],
            KINDS[(n / WORDS.len()) % KINDS.len()],
            n + 1
        );
        let slug = format!("bench-provider-{}", n + 1);
        let (town, state, latitude, longitude) = TOWNS[rng.random_range(0..TOWNS.len())];
        let _ = writeln!(
            providers,
            "{slug},{name},https://www.{slug}.example,{town},{state},{:.4},{:.4},\"<p>A generated provider of the bench data set in {town}.</p>\"",
            latitude + rng.random_range(-0.05..0.05),
            longitude + rng.random_range(-0.05..0.05),
        );
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
            let facts =
                crate::seed::demo::facts::csv_cells(rng, code, provider_states[at], today, &notes);
            let _ = writeln!(offerings, "{code},{}{facts}", provider_slugs[at]);
        }
    }
    Generated {
        files: CatalogueFiles {
            courses: Some(courses),
            providers: Some(providers),
            offerings: Some(offerings),
            ..CatalogueFiles::default()
        },
        offered_codes: codes,
    }
}

//! The demo reviewers: students and employers with plausible Australian names, unique
//! nicknames, businesses and valid ABNs, all sharing the public demo password.

use std::collections::HashSet;

use rand::{Rng, rngs::StdRng, seq::IndexedRandom};
use rusqlite::Connection;

use super::{store as demo_store, write::weighted};
use crate::{
    accounts::{
        rules::{AVATAR_MAX, abn_is_valid},
        store::{self, NewUser},
    },
    reviews::ReviewerType,
};

/// Every demo reviewer's address ends with this, which also tells that the demo ran.
const DOMAIN: &str = "reviewers.demo.coursesource.local";

const WOMEN: &[&str] = &[
    "Chloe", "Mia", "Olivia", "Isla", "Ava", "Grace", "Sophie", "Emily", "Zoe", "Jessica",
    "Hannah", "Priya", "Mei", "Aaliyah", "Tayla", "Brooke", "Jasmine", "Ruby", "Sienna", "Amelia",
    "Leilani", "Mai", "Fatima", "Sarah", "Kate", "Holly", "Georgia", "Lily",
];
const MEN: &[&str] = &[
    "Liam", "Jack", "Noah", "Ethan", "Lachlan", "Cooper", "Riley", "Mitchell", "Hamish", "Tom",
    "Josh", "Ben", "Daniel", "Mohammed", "Arjun", "Minh", "Wei", "Luca", "Jarrah", "Kai", "Nathan",
    "Harrison", "Connor", "Blake", "Ahmed", "Dylan", "Callum", "Jayden",
];
const SURNAMES: &[&str] = &[
    "Smith",
    "Nguyen",
    "Williams",
    "Brown",
    "Wilson",
    "Taylor",
    "Johnson",
    "White",
    "Martin",
    "Anderson",
    "Thompson",
    "Tran",
    "Walker",
    "Harris",
    "Lee",
    "Ryan",
    "Robinson",
    "Kelly",
    "King",
    "Singh",
    "Patel",
    "Chen",
    "Wang",
    "Murphy",
    "O'Brien",
    "Rossi",
    "Papadopoulos",
    "Kowalski",
    "Fraser",
    "Campbell",
    "Clarke",
    "Hughes",
    "Pham",
    "Ali",
    "Khan",
    "Edwards",
    "Scott",
    "Morris",
    "Baker",
];
const NICK_WORDS: &[&str] = &[
    "Learns",
    "OnTheTools",
    "Grad",
    "Studies",
    "InTraining",
    "Aus",
    "Works",
    "Hustles",
];
const JOB_TITLES: &[&str] = &[
    "Owner",
    "Director",
    "Operations Manager",
    "General Manager",
    "Training Coordinator",
    "Site Manager",
    "Practice Manager",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

pub struct Reviewer {
    pub kind: ReviewerType,
    first: &'static str,
    last: &'static str,
    gender: &'static str,
    email: String,
    industry_slug: String,
}

/// Whether the demo reviewers exist already.
pub fn seeded(conn: &Connection) -> rusqlite::Result<bool> {
    demo_store::demo_users_on(conn, DOMAIN)
}

/// The `index`th reviewer, who studies or employs in `industry_slug`.
pub fn make(rng: &mut StdRng, index: usize, industry_slug: &str) -> Reviewer {
    let kind = if rng.random_bool(0.22) {
        ReviewerType::Employer
    } else {
        ReviewerType::Student
    };
    let gender = ["Female", "Male", "Other"][weighted(rng, &[48, 48, 4])];
    let names = match gender {
        "Female" => WOMEN,
        "Male" => MEN,
        _ => {
            if rng.random_bool(0.5) {
                WOMEN
            } else {
                MEN
            }
        }
    };
    let first = *names.choose(rng).expect("first names");
    let last = *SURNAMES.choose(rng).expect("surnames");
    let ascii = |name: &str| {
        name.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_lowercase()
    };
    let email = format!("{}.{}.{index}@{DOMAIN}", ascii(first), ascii(last));
    Reviewer {
        kind,
        first,
        last,
        gender,
        email,
        industry_slug: industry_slug.to_owned(),
    }
}

/// Stores the reviewers, each joining some days before their first review; answers their ids.
pub fn insert(
    conn: &Connection,
    rng: &mut StdRng,
    reviewers: &[Reviewer],
    password_hash: &str,
    now: i64,
    plans: &[(usize, usize, i64)],
) -> rusqlite::Result<Vec<i64>> {
    let mut nicknames = HashSet::new();
    let mut ids = Vec::with_capacity(reviewers.len());
    for (index, reviewer) in reviewers.iter().enumerate() {
        let id = store::insert(
            conn,
            &NewUser {
                email: &reviewer.email,
                password_hash,
                first_name: reviewer.first,
                last_name: reviewer.last,
                gender: reviewer.gender,
                user_type: reviewer.kind.into(),
                is_admin: false,
                verified: true,
                is_demo: true,
            },
        )?;
        let first_review = plans
            .iter()
            .filter(|plan| plan.0 == index)
            .map(|plan| plan.2)
            .min()
            .unwrap_or(now);
        let joined = first_review - rng.random_range(1..60) * 86_400;
        let avatar = rng.random_range(0..=AVATAR_MAX);
        match reviewer.kind {
            ReviewerType::Student => {
                let nick = nickname(conn, rng, reviewer, &mut nicknames)?;
                let born = format!(
                    "{:02} {} {}",
                    rng.random_range(1..=28),
                    MONTHS.choose(rng).expect("months"),
                    rng.random_range(1980..=2007)
                );
                demo_store::set_student_profile(conn, id, (&nick, &born, avatar, joined))?;
            }
            ReviewerType::Employer => {
                let kind = business_kind(rng, &reviewer.industry_slug);
                let business = format!(
                    "{} {kind}{}",
                    reviewer.last,
                    if rng.random_bool(0.3) { " Pty Ltd" } else { "" }
                );
                let job = *JOB_TITLES.choose(rng).expect("job titles");
                demo_store::set_employer_profile(
                    conn,
                    id,
                    (&business, job, &abn(rng), avatar, joined),
                )?;
            }
        }
        ids.push(id);
    }
    Ok(ids)
}

/// A nickname as people pick them, unique among the demo's and the database's.
fn nickname(
    conn: &Connection,
    rng: &mut StdRng,
    reviewer: &Reviewer,
    taken: &mut HashSet<String>,
) -> rusqlite::Result<String> {
    let first = reviewer.first;
    let last: String = reviewer
        .last
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect();
    let base = match rng.random_range(0..4) {
        0 => format!("{first}{}{:02}", &last[..1], rng.random_range(0..100)),
        1 => format!("{}_{}", first.to_lowercase(), last.to_lowercase()),
        2 => format!("{first}{}", NICK_WORDS.choose(rng).expect("words")),
        _ => format!("{}{}", first.to_lowercase(), rng.random_range(1..100)),
    };
    let mut nick = base.clone();
    let mut n = 2;
    while taken.contains(&nick.to_lowercase()) || demo_store::nickname_taken(conn, &nick)? {
        nick = format!("{base}{n}");
        n += 1;
    }
    taken.insert(nick.to_lowercase());
    Ok(nick)
}

fn business_kind(rng: &mut StdRng, industry_slug: &str) -> &'static str {
    let kinds: &[&str] = match industry_slug {
        "hair-beauty" => &["Hair Studio", "Beauty Bar"],
        "hospitality" => &["Kitchen", "Café", "Hotel"],
        "tourism-travel" => &["Tours", "Travel"],
        "sport-fitness" => &["Fitness", "Health Club"],
        "outdoor-recreation" => &["Adventures", "Outdoor Education"],
        "construction" => &["Building Co", "Constructions"],
        "automotive" => &["Motors", "Auto Repairs"],
        "electrotechnology" => &["Electrical", "Electrical Services"],
        "engineering-manufacturing" => &["Engineering", "Fabrication"],
        "aged-disability-care" => &["Care Services", "Community Care"],
        "early-childhood" => &["Early Learning", "Kids Early Learning Centre"],
        "community-services" => &["Community Services"],
        "health" => &["Health", "Medical Centre"],
        "information-technology" => &["IT Solutions", "Digital"],
        "accounting-finance" => &["Accountants", "Bookkeeping"],
        "education-training" => &["Tutoring", "Learning"],
        "creative-arts" => &["Creative", "Design"],
        "security-property" => &["Security", "Property Services"],
        "horticulture-agriculture" => &["Farms", "Nursery"],
        "animal-care" => &["Vet Clinic", "Pet Grooming"],
        "retail" => &["Homewares", "Outfitters"],
        "transport-logistics" => &["Logistics", "Transport"],
        _ => &["Consulting", "Group"],
    };
    kinds.choose(rng).expect("business kinds")
}

/// An ABN that passes the check-digit rule: random last nine digits, then the first two that fit.
fn abn(rng: &mut StdRng) -> String {
    loop {
        let rest: String = (0..9)
            .map(|_| char::from(b'0' + rng.random_range(0..10u8)))
            .collect();
        if let Some(abn) = (10..100)
            .map(|prefix| format!("{prefix}{rest}"))
            .find(|abn| abn_is_valid(abn))
        {
            return abn;
        }
    }
}

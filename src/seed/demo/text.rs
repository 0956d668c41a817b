//! What the demo reviewers write: titles and comment parts in the voice of students and
//! employers, by how the course went for them. Placeholders are filled per offering:
//! `{course}`, `{short}` (the name without its level), `{provider}`, `{town}`, `{trainer}`,
//! `{workplace}` / `{a_workplace}` (where the industry works) and `{a_job}` (a career it leads to).

/// How the course went for a reviewer; it steers the answers, the title and the comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mood {
    Glowing,
    Good,
    Mixed,
    Poor,
}

impl Mood {
    pub const ALL: [Mood; 4] = [Mood::Glowing, Mood::Good, Mood::Mixed, Mood::Poor];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A comment is an opener, some details and maybe a closer, so lengths and wording vary.
pub struct Parts {
    pub titles: &'static [&'static str],
    pub openers: &'static [&'static str],
    pub details: &'static [&'static str],
    pub closers: &'static [&'static str],
}

pub const STUDENT: [Parts; 4] = [
    Parts {
        titles: &[
            "Best decision I've made",
            "Highly recommend!",
            "Fantastic trainers",
            "Job ready thanks to {provider}",
            "Loved every minute",
            "Great hands-on course",
            "Couldn't fault it",
            "Brilliant from start to finish",
            "Landed a job before I even finished",
            "Amazing support the whole way through",
            "So glad I picked {provider}",
            "Loved my {short}",
        ],
        openers: &[
            "Honestly one of the best decisions I've made.",
            "I came into {short} with zero experience and walked out job ready.",
            "Did my {short} at {provider} over about a year and loved it.",
            "Can't recommend {provider} enough.",
            "Went back to study at 38 after fifteen years in retail and was really nervous, but {provider} made it easy.",
            "Really good course.",
            "Chose {provider} because it was close to home in {town} and I'm so glad I did.",
            "Best training I've done, and I've done a few certs over the years.",
            "Started this straight out of Year 12 and it was the right call.",
        ],
        details: &[
            "{trainer} was amazing. You could tell they'd worked in the industry for years and they always had a story that made the theory make sense.",
            "The practical classes were the highlight. We spent most of our time doing the real thing instead of sitting through slides.",
            "They organised my placement at {a_workplace} in {town} and the team there ended up offering me casual shifts.",
            "Enrolment was simple. My USI and the fee-free paperwork were sorted on day one and I never had to chase anyone.",
            "The assessments were fair and felt like the actual job. If you were not yet competent they told you exactly what to fix and let you resubmit.",
            "Class sizes were small, about twelve of us, so you actually got one on one time.",
            "The online parts were easy to follow and trainers answered emails the same day.",
            "When I had to miss two weeks for a family thing they helped me catch up without any drama.",
            "The equipment was industry standard, not the tired old gear you hear about at some places.",
            "I'm now working as {a_job}, which was the whole point.",
        ],
        closers: &[
            "If you're thinking about it, just do it.",
            "Would happily study there again, 10/10.",
            "Already looking at doing the next qualification with them.",
            "Thanks {trainer} and the whole team!",
            "I had a job two weeks after finishing.",
            "Worth every cent.",
        ],
    },
    Parts {
        titles: &[
            "Solid course",
            "Good course, a few admin hiccups",
            "Worth doing",
            "Good hands-on training",
            "Pretty good overall",
            "Happy with my {short}",
            "Recommend, with a couple of tips",
            "Good trainers, decent course",
            "Does what it says",
        ],
        openers: &[
            "Solid course overall.",
            "Pretty happy with how my {short} went.",
            "Good course with a few small hiccups.",
            "I'd recommend {provider} to anyone starting out.",
            "Did this part time while working at {a_workplace}.",
            "Good balance of theory and hands-on work.",
            "Finished my {short} in about ten months.",
        ],
        details: &[
            "Most of the trainers were great, {trainer} especially, although one relief trainer just read off the PowerPoint.",
            "Placement took a while to sort out, but once I was at {a_workplace} I learnt heaps.",
            "Admin could be slow to reply to emails, but they got there in the end.",
            "Some of the written assessments felt like busy work. The practical ones were much more useful.",
            "The timetable changed a couple of times, which is annoying when you're working around shifts.",
            "The online modules were a bit dry but the face to face days made up for it.",
            "Parking around the {town} campus is a nightmare, so get there early.",
            "Content was up to date and covered the stuff employers actually ask about in interviews.",
        ],
        closers: &[
            "Overall I'd do it again.",
            "Happy with where it got me.",
            "Would recommend, just stay on top of your assessments.",
            "Good value for what you pay.",
            "I'm working as {a_job} now, so it did the job.",
        ],
    },
    Parts {
        titles: &[
            "Okay but could be better",
            "Mixed experience",
            "Good trainers, poor organisation",
            "Average",
            "Not quite what I expected",
            "Fine for the piece of paper",
            "Hit and miss",
        ],
        openers: &[
            "Some good, some not so good.",
            "Mixed feelings about this one.",
            "The course itself is fine but the delivery at {provider} needs work.",
            "It got me the qualification, not much more.",
            "Started well and went downhill in the second half.",
        ],
        details: &[
            "We had three different trainers in one term and each one wanted things done differently.",
            "{trainer} was great but left halfway through, and the replacement was still learning the units themselves.",
            "I had to find my own placement and got very little help with it.",
            "Half the class had dropped out by the end, which tells you something.",
            "Marking took weeks, so I didn't know if I was on track until the very end.",
            "The online portal kept crashing right when assessments were due.",
            "Admin lost one of my assessments and I had to redo it.",
            "The practical sessions were good but the theory was mostly 'read the workbook at home'.",
            "Changes to class times came through by text the night before.",
        ],
        closers: &[
            "I'd probably look around at other providers first.",
            "Fine if you just need the ticket.",
            "Not terrible, not great.",
            "Ask lots of questions before you enrol.",
        ],
    },
    Parts {
        titles: &[
            "Really disappointed",
            "Very poorly organised",
            "Not worth the fees",
            "Would not recommend",
            "Placement never happened",
            "Frustrating experience",
        ],
        openers: &[
            "Really disappointed.",
            "I wouldn't recommend {provider}.",
            "Save your money.",
            "Hard to know where to start with this one.",
            "Not worth the fees.",
        ],
        details: &[
            "Trainers kept changing and nobody seemed to know what we had already covered.",
            "They promised a placement at enrolment and it never happened, so I had to organise everything myself.",
            "I waited nearly four months for my certificate after finishing.",
            "Emails went unanswered for weeks and the phone just rang out.",
            "The equipment was broken half the time, so we spent practical sessions watching videos.",
            "The assessments were copy and paste questions that had nothing to do with the actual job.",
            "They kept pushing everyone to sign up for the next course before we'd finished this one.",
        ],
        closers: &[
            "Look elsewhere.",
            "Try another provider, seriously.",
            "I ended up redoing two units somewhere else.",
            "I really hope they sort it out for future students.",
        ],
    },
];

pub const EMPLOYER: [Parts; 4] = [
    Parts {
        titles: &[
            "Excellent training partner",
            "Our go-to provider for trainees",
            "Staff come back job ready",
            "Fantastic support for employers",
            "Couldn't ask for better",
        ],
        openers: &[
            "We've sent three apprentices through {provider} now and every one of them came back better for it.",
            "As a small business owner in {town}, I need trainees who can hit the ground running, and {provider} delivers.",
            "Our trainee finished her {short} with {provider} last year and she's now one of our best staff.",
            "Great partnership with {provider}.",
        ],
        details: &[
            "The trainer visits our {workplace} regularly, checks in with me and fits the assessments around what we actually do.",
            "They took the time to understand our business before signing anyone up.",
            "The traineeship paperwork and the incentive claims were handled for us, which saved me hours.",
            "Communication is excellent. I always know where my staff are up to.",
            "{trainer} clearly knows the industry and our apprentices respect them.",
        ],
        closers: &[
            "We'll keep using them.",
            "Highly recommend them to other employers.",
            "Worth it for any business taking on trainees.",
        ],
    },
    Parts {
        titles: &[
            "Good provider",
            "Solid training for our apprentice",
            "Happy overall",
            "Reliable and knowledgeable",
        ],
        openers: &[
            "Good experience overall.",
            "Happy with the training our staff received.",
            "Solid provider for {short}.",
            "Our apprentice is doing well with {provider}.",
        ],
        details: &[
            "Progress reports could be more regular, but when I ask I get a straight answer.",
            "Some units felt a bit generic for our {workplace}, but the core skills were covered well.",
            "Scheduling block release around our busy season took some negotiating.",
            "The trainer knows the industry and doesn't waste our time.",
        ],
        closers: &["Would use them again.", "Would recommend.", "Good value."],
    },
    Parts {
        titles: &[
            "Okay, but communication is lacking",
            "Mixed results",
            "Room for improvement",
        ],
        openers: &[
            "Mixed results.",
            "The training is okay but communication with employers is lacking.",
            "Average experience with {provider}.",
        ],
        details: &[
            "I rarely heard from the trainer and had to chase progress updates myself.",
            "Our staff came back with the theory but still needed a lot of coaching on the job.",
            "They didn't really ask what our business needed. It felt like one size fits all.",
            "Assessment visits were rescheduled several times at short notice.",
        ],
        closers: &[
            "We might look at other options next time.",
            "Fine, but could be a lot better.",
        ],
    },
    Parts {
        titles: &[
            "Not impressed",
            "Poor communication with employers",
            "Would not use again",
        ],
        openers: &[
            "Not happy.",
            "Poor experience as an employer.",
            "I would not use {provider} again.",
        ],
        details: &[
            "Our apprentice went months without a trainer visit.",
            "Nobody discussed our requirements. They signed the trainee up and disappeared.",
            "The paperwork was wrong twice and held up the traineeship payments.",
            "The training didn't match what we do in our {workplace} at all.",
        ],
        closers: &[
            "Look elsewhere.",
            "We've moved our trainees to another RTO.",
        ],
    },
];

/// Students part-way through: (title, comment), by whether it is going well.
pub const STILL_DOING_WELL: &[(&str, &str)] = &[
    (
        "Halfway through and loving it",
        "I'm about halfway through my {short} and really enjoying it. {trainer} makes the theory interesting and we've already done a lot of practical work. Will update when I finish.",
    ),
    (
        "So far so good",
        "Still going, finishing next year. So far the trainers have been supportive and flexible with my work hours.",
    ),
    (
        "Enjoying it so far",
        "Six months in. The online part is a bit of a slog but the workshop days are great.",
    ),
    (
        "A few months in",
        "Doing this part time while working. It's a lot, but {provider} have been understanding when I've needed an extension.",
    ),
];
pub const STILL_DOING_BADLY: &[(&str, &str)] = &[
    (
        "Disorganised so far",
        "A few months in and it's been pretty disorganised. We still don't have a placement sorted and the timetable keeps changing. Hoping the second half is better.",
    ),
    (
        "Too many trainer changes",
        "Still doing it. The content is good but we've had four trainers already and each one starts from scratch.",
    ),
];

/// Students who left before halfway, by their reason (the answers of `notCompletedBecause`).
pub const LEFT: &[(&str, &[(&str, &str)])] = &[
    (
        "I found a job",
        &[
            (
                "Left for a job",
                "I got offered a full time job as {a_job} partway through, so I stopped. To be fair, what I learnt at {provider} helped me get it.",
            ),
            (
                "Picked up an apprenticeship",
                "Left before halfway because I landed an apprenticeship. The trainers were good about it and said I can come back and finish.",
            ),
        ],
    ),
    (
        "The course was not what I expected",
        &[
            (
                "Not what the website said",
                "The course was a lot more theory and paperwork than the website made it sound. I lasted a term.",
            ),
            (
                "Expected more hands-on work",
                "I thought there would be much more hands-on work. Most classes were reading from a workbook, so I pulled out.",
            ),
        ],
    ),
    (
        "Personal or family reasons",
        &[
            (
                "Had to stop, staff were kind",
                "Had to stop for family reasons. The staff were really kind about it and helped me withdraw without losing my fee-free place.",
            ),
            (
                "Stopped for personal reasons",
                "Personal circumstances meant I couldn't keep going. What I did complete was good quality.",
            ),
        ],
    ),
    (
        "Other",
        &[
            (
                "Had to pull out",
                "Had to pull out for the reason above. I'd consider going back.",
            ),
            (
                "Couldn't continue",
                "Couldn't continue, but it was nothing to do with the course itself.",
            ),
        ],
    ),
];

/// Why a student left, when it was 'Other' (at most 200 characters).
pub const OTHER_REASONS: &[&str] = &[
    "Moved interstate for my partner's work",
    "Couldn't fit the placement hours around my job",
    "The campus closed and the online version didn't suit me",
    "Had a baby halfway through",
];

/// How long a student has been looking for work.
pub const STILL_LOOKING: &[&str] = &[
    "About two months",
    "Six months now",
    "Nearly a year",
    "A few weeks",
];

/// Employers whose staff did not finish: only a comment follows.
pub const EMPLOYER_DID_NOT_COMPLETE: &[(&str, &str)] = &[
    (
        "Our trainee didn't finish",
        "Our trainee left the business before finishing, so I can't comment on the whole course. What we saw of the training was reasonable.",
    ),
    (
        "Trainee withdrew",
        "Our employee pulled out a few months in. The provider let us know quickly and handled the cancellation properly.",
    ),
];

/// Reviews a moderator would turn down (advertising, a personal attack, junk, the wrong course).
pub const AGAINST_THE_TERMS: &[(&str, &str)] = &[
    (
        "Check out my business",
        "Great course! Anyone needing cheap lawn mowing around {town}, message me on 0400 000 000 and mention this review for 10% off.",
    ),
    (
        "{trainer} is the worst",
        "{trainer} Smith is lazy and useless and everyone in {town} knows it. Don't let anyone tell you otherwise.",
    ),
    ("asdfgh", "test test test"),
    (
        "Wrong course",
        "Sorry, I meant to review the barista course at a different place. Ignore this one.",
    ),
];

pub const TRAINERS: &[&str] = &[
    "Dave", "Priya", "Mel", "Tony", "Sharon", "Raj", "Kylie", "Mick", "Leanne", "Tuan", "Bronwyn",
    "Greg", "Fatima", "Steve",
];

/// Where each industry's people work, for `{workplace}`.
pub fn workplace(industry_slug: &str) -> &'static str {
    match industry_slug {
        "hair-beauty" => "salon",
        "hospitality" => "restaurant",
        "tourism-travel" => "travel agency",
        "sport-fitness" => "gym",
        "outdoor-recreation" => "outdoor education centre",
        "construction" => "building site",
        "automotive" => "workshop",
        "electrotechnology" => "electrical contracting business",
        "engineering-manufacturing" => "fabrication shop",
        "aged-disability-care" => "aged care home",
        "early-childhood" => "childcare centre",
        "community-services" => "community centre",
        "health" => "clinic",
        "information-technology" => "IT service desk",
        "accounting-finance" => "accounting firm",
        "education-training" => "school",
        "creative-arts" => "design studio",
        "security-property" => "shopping centre",
        "horticulture-agriculture" => "farm",
        "animal-care" => "vet clinic",
        "retail" => "store",
        "transport-logistics" => "warehouse",
        _ => "office",
    }
}

/// 'a' or 'an' before a phrase.
pub fn with_article(phrase: &str) -> String {
    let article = if phrase.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {phrase}")
}

/// A career name as it reads mid-sentence: 'Commis Chef' becomes 'commis chef', 'IT' stays.
pub fn job_phrase(career: &str) -> String {
    career
        .split(' ')
        .map(|word| {
            if word.len() > 1 && word.chars().all(|c| c.is_ascii_uppercase()) {
                word.to_owned()
            } else {
                word.to_lowercase()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A course name without its level: 'Certificate III in Commercial Cookery' is 'Commercial Cookery'.
pub fn short_name(course: &str) -> &str {
    let start = [" in ", " of "]
        .iter()
        .filter_map(|sep| course.find(sep).map(|at| at + sep.len()))
        .min();
    start.map_or(course, |start| &course[start..])
}

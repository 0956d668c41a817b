//! A page of a pair's reviews (`getreviewsfor`) written as its JSON straight from the cards'
//! rows (V33) into one buffer, rather than a dozen strings a review made and dropped again
//! (bench/RESULTS.md, lever AR). The shape is `model::ListedReview`'s; the tests compare them.

use std::ops::Range;

use rusqlite::Connection;
use serde::Serialize;
use serde_json::value::RawValue;

use super::{
    model::{self, IdList, ListedVoters, ReviewAuthor},
    score::stars,
    search::{self, Highlight},
    search_store,
    store::{self, Card, ListQuery},
    study::ShownPeriod,
    voters::{KeptVoters, Voters},
};
use crate::{
    cache::Members, dates::iso_date, fields::Id, representation, representation::model::Reply,
};

/// One review of the page as its card was read.
struct Item {
    id: i64,
    /// Where the review's JSON is in the cards' buffer, its object left open for the fields
    /// read after the cards.
    written: Range<usize>,
    /// A popular review's votes version: its voters are read after the cards.
    votes_version: Option<i64>,
    /// With a search: the title and comment, which the highlights cut.
    texts: Option<(String, String)>,
}

/// The page's JSON: the cards, then in one query each the popular reviews' voters (kept in
/// memory), the providers' replies and a search's highlights. With it, its members as
/// `store::page_members` reads them.
pub fn page(
    conn: &Connection,
    voters: &KeptVoters,
    query: &ListQuery,
) -> rusqlite::Result<(Vec<u8>, Members)> {
    let mut cards = Vec::with_capacity(32 * 1024);
    let mut items = Vec::with_capacity(store::PAGE_SIZE as usize);
    let mut scratch = Vec::new();
    let mut members = Vec::with_capacity(store::PAGE_SIZE as usize);
    store::approved_for(conn, query, |card| {
        members.push((card.id, card.votes_version));
        let start = cards.len();
        write_card(&mut cards, &card, &mut scratch);
        items.push(Item {
            id: card.id,
            written: start..cards.len(),
            votes_version: match card.voters {
                ListedVoters::OnCard(_) => None,
                ListedVoters::ByVersion(version) => Some(version),
            },
            texts: query
                .search
                .is_some()
                .then(|| (card.title.to_owned(), card.comment.to_owned())),
        });
    })?;

    let ids: Vec<i64> = items.iter().map(|item| item.id).collect();
    let popular: Vec<(i64, i64)> = items
        .iter()
        .filter_map(|item| Some((item.id, item.votes_version?)))
        .collect();
    let mut popular_voters = voters.by_version(conn, &popular)?.into_iter();
    let mut replies = representation::replies_store::replies_of(conn, &ids)?;
    let marked = match query.expression() {
        Some(expression) => search_store::marked(conn, &expression, &ids)?,
        None => Vec::new(),
    };

    let mut page = Vec::with_capacity(cards.len() + 64 * items.len() + 2);
    page.push(b'[');
    for (at, item) in items.into_iter().enumerate() {
        if at > 0 {
            page.push(b',');
        }
        page.extend_from_slice(&cards[item.written]);
        let voters = item.votes_version.and_then(|_| popular_voters.next());
        let reply = replies
            .iter()
            .position(|(review_id, ..)| *review_id == item.id)
            .map(|at| replies.swap_remove(at).1);
        let highlight = item.texts.and_then(|(title, comment)| {
            let (_, marked_title, marked_comment) = marked
                .iter()
                .find(|(review_id, ..)| *review_id == item.id)?;
            Some(Highlight {
                title: search::segments(marked_title, &title),
                comment: search::segments(marked_comment, &comment),
            })
        });
        close_review(
            &mut page,
            voters.as_deref(),
            reply.as_ref(),
            highlight.as_ref(),
        );
    }
    page.push(b']');
    Ok((page, members))
}

/// The fields of `model::PublicReview` a card holds, in its order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CardFields<'a> {
    #[serde(rename = "_id")]
    id: Id,
    title: &'a str,
    score: Option<f64>,
    comment: &'a str,
    user_type: &'a str,
    created_at: String,
    questions: &'a RawValue,
    incentivised: bool,
    invited: bool,
    study_period: Option<ShownPeriod>,
}

/// The card's author as the list shows them.
fn author(card: &Card) -> ReviewAuthor {
    ReviewAuthor {
        id: Id(card.author_id),
        name: model::display_name(
            card.author_type,
            card.nick_name,
            card.first_name,
            card.last_name,
        ),
        image: model::picture(card.author_type, card.avatar, card.profile_image),
        user_type: card.author_type.to_owned(),
    }
}

/// `{"user":{...},"review":{...` with the card's voters if it holds them; the review's object is
/// left open for `close_review`.
fn write_card(out: &mut Vec<u8>, card: &Card, scratch: &mut Vec<i64>) {
    out.extend_from_slice(b"{\"user\":");
    write_json(out, &author(card));
    out.extend_from_slice(b",\"review\":");
    write_json(
        out,
        &CardFields {
            id: Id(card.id),
            title: card.title,
            score: stars(card.score_halves),
            comment: card.comment,
            user_type: card.user_type,
            created_at: iso_date(card.created_at),
            questions: model::stored_answers(card.answers),
            incentivised: card.incentivised,
            invited: card.invited,
            study_period: ShownPeriod::from_stored(card.study_start, card.study_end, card.studying),
        },
    );
    // Reopen the review's object: serde closed it.
    out.pop();
    if let ListedVoters::OnCard(text) = card.voters {
        let (likes, dislikes) = text.split_once(';').unwrap_or((text, ""));
        for (name, list) in [("likes", likes), ("dislikes", dislikes)] {
            scratch.clear();
            scratch.extend(list.split(',').filter_map(|id| id.parse::<i64>().ok()));
            // A card lists its voters in the order SQLite grouped them; the API's is by id.
            scratch.sort_unstable();
            write_field(out, name, &IdList(scratch));
        }
    }
}

/// The rest of a review written by `write_card`, and the closing of it and its item.
fn close_review(
    out: &mut Vec<u8>,
    voters: Option<&Voters>,
    reply: Option<&Reply>,
    highlight: Option<&Highlight>,
) {
    if let Some(voters) = voters {
        write_field(out, "likes", &voters.likes);
        write_field(out, "dislikes", &voters.dislikes);
    }
    write_field(out, "reply", &reply);
    if let Some(highlight) = highlight {
        write_field(out, "highlight", highlight);
    }
    out.extend_from_slice(b"}}");
}

fn write_field(out: &mut Vec<u8>, name: &str, value: &impl Serialize) {
    out.extend_from_slice(b",\"");
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\":");
    write_json(out, value);
}

fn write_json(out: &mut Vec<u8>, value: &impl Serialize) {
    // Into memory, of types whose serialisation cannot fail.
    serde_json::to_writer(out, value).expect("JSON into memory");
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::reviews::{
        model::{ListedReview, PublicReview, VoterIds},
        search::Segment,
    };

    fn card(voters: ListedVoters<'_>) -> Card<'_> {
        Card {
            id: 42,
            title: "A \"good\" course",
            score_halves: 9,
            comment: "Line one\nline two, é \\ </script>",
            user_type: "Student",
            created_at: 1_700_000_000,
            answers: r#"{"teaching":4,"foundWorkWithinSixMonths":"yes"}"#,
            author_id: 7,
            author_type: "Student",
            nick_name: Some("SamCooks"),
            first_name: "Sam",
            last_name: "Nguyen",
            avatar: 3,
            profile_image: None,
            incentivised: true,
            study_start: Some(2024 * 12 + 1),
            study_end: None,
            studying: true,
            invited: false,
            votes_version: 0,
            voters,
        }
    }

    fn written(card: &Card, voters: Option<&Voters>, reply: Option<&Reply>) -> Value {
        let mut out = Vec::new();
        write_card(&mut out, card, &mut Vec::new());
        let highlight = highlight();
        close_review(&mut out, voters, reply, reply.and(Some(&highlight)));
        serde_json::from_slice(&out).expect("the item is JSON")
    }

    /// The item as `model::ListedReview` serialises it.
    fn expected(card: &Card, likes: &[i64], dislikes: &[i64], reply: Option<&Reply>) -> Value {
        serde_json::to_value(ListedReview {
            user: author(card),
            review: PublicReview {
                id: Id(card.id),
                title: card.title.to_owned(),
                score: stars(card.score_halves),
                comment: card.comment.to_owned(),
                user_type: card.user_type.to_owned(),
                created_at: iso_date(card.created_at),
                likes: VoterIds(likes.into()),
                dislikes: VoterIds(dislikes.into()),
                questions: model::stored_answers(card.answers).to_owned(),
                reply: reply.cloned(),
                incentivised: card.incentivised,
                invited: card.invited,
                study_period: ShownPeriod::from_stored(
                    card.study_start,
                    card.study_end,
                    card.studying,
                ),
                highlight: reply.and(Some(highlight())),
            },
        })
        .expect("serialisable")
    }

    fn highlight() -> Highlight {
        let segment = |text: &str, matched| Segment {
            text: text.to_owned(),
            matched,
        };
        Highlight {
            title: vec![
                segment("A \"", false),
                segment("good", true),
                segment("\" course", false),
            ],
            comment: vec![segment("Line one\nline two, é \\ </script>", false)],
        }
    }

    #[test]
    fn a_card_is_written_as_the_listed_review_it_shows() {
        let on_card = card(ListedVoters::OnCard("15,3;9"));
        assert_eq!(
            written(&on_card, None, None),
            expected(&on_card, &[3, 15], &[9], None)
        );

        let popular = card(ListedVoters::ByVersion(5));
        let voters = Voters {
            likes: VoterIds(vec![1, 2, 40].into()),
            dislikes: VoterIds(vec![8].into()),
        };
        let reply = Reply {
            provider_name: "Mulligans \"Flat\"".to_owned(),
            text: "Thank you".to_owned(),
            created_at: iso_date(1_700_000_100),
            updated_at: iso_date(1_700_000_200),
            former_representative: false,
        };
        assert_eq!(
            written(&popular, Some(&voters), Some(&reply)),
            expected(&popular, &[1, 2, 40], &[8], Some(&reply))
        );

        let mut plain = card(ListedVoters::OnCard(";"));
        (plain.nick_name, plain.author_type, plain.profile_image) =
            (None, "Employer", Some("ab12.png"));
        (plain.score_halves, plain.study_start, plain.studying) = (0, None, false);
        plain.answers = "not JSON";
        let item = written(&plain, None, None);
        assert_eq!(item, expected(&plain, &[], &[], None));
        assert_eq!(item["review"]["questions"], serde_json::json!({}));
        assert_eq!(item["review"]["score"], Value::Null);
    }

    #[test]
    fn a_card_names_its_likers_then_its_dislikers() {
        let voters = |text: &str| {
            let item = written(&card(ListedVoters::OnCard(text)), None, None);
            (
                item["review"]["likes"].clone(),
                item["review"]["dislikes"].clone(),
            )
        };
        let ids = |ids: &[&str]| serde_json::json!(ids);
        assert_eq!(voters(";"), (ids(&[]), ids(&[])));
        assert_eq!(voters("3,15;"), (ids(&["3", "15"]), ids(&[])));
        assert_eq!(voters(";7"), (ids(&[]), ids(&["7"])));
        assert_eq!(voters("2;9,4"), (ids(&["2"]), ids(&["4", "9"])));
    }
}

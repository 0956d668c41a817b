//! The weekly digest (DESIGN decision 26): on Monday at 08:00 in each user's own time zone, one
//! mail listing the new approved reviews of what they follow (or represent) since the Monday
//! before, for the kinds they hear of weekly. A row per user and week, claimed in the
//! transaction that queues the mail, makes it go out once across restarts and racing servers;
//! users are taken in small batches so the writer is never held long and no mail waits in memory.

use std::{
    collections::HashMap,
    sync::Arc,
    time::{Duration, Instant},
};

use jiff::{Timestamp, ToSpan, tz::TimeZone};
use rusqlite::Connection;

use super::{
    alert_settings::{DEFAULT_TIME_ZONE, TIME_ZONES},
    alerts::{self, AlertChoice, AlertKind},
    alerts_store, digest_store, unsubscribe,
};
use crate::{
    config::Settings,
    dates::unix_now,
    db::Db,
    error::AppError,
    mail::{Action, Letter, LinkList, ListedLink, Outbox},
    vocabulary::Vocabulary,
};

/// Users per write transaction at most; a transaction also stops once it has held the writer
/// for `BUDGET` (a user's queries and mail take about a millisecond, a busy follower's more).
pub const BATCH: usize = 200;
const BUDGET: Duration = Duration::from_millis(15);
/// A mail lists at most this many reviews of one course at a provider, and this many of them:
/// the rest are a count and a link, so a popular course never makes a mail of hundreds.
const PER_ITEM: usize = 5;
const ITEMS: usize = 20;
/// How often the server looks for digests that are due.
const EVERY: Duration = Duration::from_secs(300);

/// The digest week `now` falls in for `zone`: its Monday 08:00 (the week's digest goes out
/// then) and the Monday 08:00 before, as Unix seconds. None for a zone the tz database lacks.
pub fn week_of(now: i64, zone: &str) -> Option<(i64, i64)> {
    let zone = TimeZone::get(zone).ok()?;
    let local = Timestamp::from_second(now)
        .ok()?
        .to_zoned_datetime(zone.clone());
    let monday = local
        .date()
        .checked_sub(i64::from(local.weekday().to_monday_zero_offset()).days())
        .ok()?;
    let eight = |date: jiff::civil::Date| -> Option<i64> {
        Some(
            date.at(8, 0, 0, 0)
                .to_zoned_datetime(zone.clone())
                .ok()?
                .timestamp()
                .as_second(),
        )
    };
    let this = eight(monday)?;
    let (week, previous) = if this <= now {
        (this, eight(monday.checked_sub(7.days()).ok()?)?)
    } else {
        let before = monday.checked_sub(7.days()).ok()?;
        (eight(before)?, eight(before.checked_sub(7.days()).ok()?)?)
    };
    Some((week, previous))
}

/// What a run did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Digests this run claimed (a second run claims none of the same week).
    pub claimed: usize,
    /// Mails it queued (a claimed user whose news all went away gets none).
    pub mails: usize,
    /// The longest write transaction, in milliseconds: how long the run held the writer.
    pub longest_batch_ms: u64,
    /// The longest time from asking for the writer to its commit's end, in milliseconds: the
    /// transaction, its commit and any checkpoint the commit finished (and any wait for writes
    /// before it, none where the run is the only writer: `app mail digest`).
    pub longest_write_ms: u64,
}

/// The zones whose digest week this process has sent, so the run every few minutes reads a
/// zone's week of alerts once (after a restart, once more: the claims make that harmless).
#[derive(Default)]
pub struct Sent(HashMap<&'static str, i64>);

/// Sends the digests due at `now` that no run has claimed: at most `batch` users per transaction
/// (fewer once it passes its time budget), and at most `max_batches` transactions (the server
/// passes no limit; a test stops a run halfway).
/// Only the users' ids are held between transactions, never a mail.
pub async fn run(
    db: &Db,
    settings: &Arc<Settings>,
    now: i64,
    (batch, max_batches): (usize, usize),
    sent: &mut Sent,
) -> Result<Report, AppError> {
    let mut report = Report::default();
    let mut batches = 0;
    let key = Arc::new(unsubscribe::key(settings)?);
    for zone in TIME_ZONES {
        let Some((week, previous)) = week_of(now, zone) else {
            tracing::warn!(zone, "the tz database lacks this zone: no digest for it");
            continue;
        };
        if sent.0.get(zone) == Some(&week) {
            continue;
        }
        let users = db
            .read(move |conn| {
                digest_store::users_with_news(conn, zone, DEFAULT_TIME_ZONE, (previous, week))
            })
            .await?;
        let mut next = 0;
        while next < users.len() {
            if batches == max_batches {
                return Ok(report);
            }
            batches += 1;
            let end = users.len().min(next + batch.max(1));
            let (chunk, settings, key) = (users[next..end].to_vec(), settings.clone(), key.clone());
            // Timed inside the transaction too: how long it holds the writer, not how long it
            // waited for it or committed. It stops once past its budget; the rest go in the next.
            let busy = Instant::now();
            let (taken, claimed, mails, held) = db
                .write(move |tx| {
                    let started = Instant::now();
                    let (mut taken, mut claimed, mut mails) = (0, 0, 0);
                    for user_id in chunk {
                        if taken > 0 && started.elapsed() >= BUDGET {
                            break;
                        }
                        taken += 1;
                        if !digest_store::claim(tx, user_id, week)? {
                            continue;
                        }
                        claimed += 1;
                        let signing = (settings.as_ref(), key.as_slice());
                        if let Some(mail_id) = queue(tx, signing, user_id, (previous, week))? {
                            digest_store::set_mail(tx, user_id, week, mail_id)?;
                            mails += 1;
                        }
                    }
                    let held = started.elapsed().as_millis() as u64;
                    Ok::<_, AppError>((taken, claimed, mails, held))
                })
                .await?;
            next += taken;
            report.claimed += claimed;
            report.mails += mails;
            let took = busy.elapsed();
            report.longest_batch_ms = report.longest_batch_ms.max(held);
            report.longest_write_ms = report.longest_write_ms.max(took.as_millis() as u64);
            // Then rests three times as long as that took, so a run beside a busy server leaves
            // it at least three quarters of a core and of the writer: the digest can wait,
            // readers cannot. (Twice as long left the reads 0.46 of the static asset once the
            // writes got quicker: bench/RESULTS.md, lever AD.)
            if next < users.len() {
                tokio::time::sleep(took * 3).await;
            }
        }
        sent.0.insert(zone, week);
    }
    Ok(report)
}

/// Runs the digests every few minutes for as long as the server runs.
pub async fn schedule(db: Db, settings: Arc<Settings>, outbox: Outbox) {
    let mut sent = Sent::default();
    loop {
        match run(&db, &settings, unix_now(), (BATCH, usize::MAX), &mut sent).await {
            Ok(report) if report.mails > 0 => {
                tracing::info!(mails = report.mails, "weekly digests queued");
                outbox.wake();
            }
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "the weekly digest run failed"),
        }
        tokio::time::sleep(EVERY).await;
    }
}

/// Queues the user's digest of the week `window`, if they hear of something weekly and it is
/// still news: approved, and still followed or represented.
fn queue(
    conn: &Connection,
    (settings, key): (&Settings, &[u8]),
    user_id: i64,
    window: (i64, i64),
) -> Result<Option<i64>, AppError> {
    let mut weekly = Vec::new();
    for kind in AlertKind::ALL.iter().copied().filter(|k| k.has_digest()) {
        if alerts::choice(conn, user_id, kind)? == AlertChoice::Weekly {
            weekly.push(kind);
        }
    }
    let news: Vec<_> = digest_store::news(conn, user_id, window)?
        .into_iter()
        .filter(|review| weekly.iter().any(|kind| kind.name() == review.kind))
        .collect();
    if news.is_empty() {
        return Ok(None);
    }
    // The mail names, and its link stops, the kinds it lists.
    weekly.retain(|kind| news.iter().any(|review| review.kind == kind.name()));
    let Some((email, first_name)) = alerts_store::recipient(conn, user_id)? else {
        return Ok(None);
    };
    let zone = alerts_store::time_zone(conn, user_id)?;
    let zone = TimeZone::get(zone.as_deref().unwrap_or(DEFAULT_TIME_ZONE)).unwrap_or(TimeZone::UTC);
    let site = &settings.site_name;
    let public_url = settings.public_url();
    // (the list, the reviews of its item that the mail does not list)
    let mut lists: Vec<(LinkList, usize)> = Vec::new();
    for review in &news {
        let heading = format!("{} at {}", review.course_name, review.provider_name);
        let url = format!(
            "{public_url}/course/{}/{}",
            review.course_slug, review.provider_slug
        );
        match lists.last_mut() {
            Some((list, more)) if list.heading == heading && list.links.len() == PER_ITEM => {
                *more += 1;
                continue;
            }
            Some((list, _)) if list.heading == heading => {}
            _ => lists.push((
                LinkList {
                    heading,
                    links: Vec::new(),
                },
                0,
            )),
        }
        let day = Timestamp::from_second(review.told_at)
            .map(|at| {
                at.to_zoned_datetime(zone.clone())
                    .strftime("%-d %B %Y")
                    .to_string()
            })
            .unwrap_or_default();
        let text = format!(
            "\"{}\"{}, {day}",
            review.title,
            alerts::score_words(review.score_halves)
        );
        if let Some((list, _)) = lists.last_mut() {
            list.links.push(ListedLink { text, url });
        }
    }
    let items = lists.len();
    let lists: Vec<LinkList> = lists
        .into_iter()
        .take(ITEMS)
        .map(|(mut list, more)| {
            if more > 0 {
                let url = list.links[0].url.clone();
                let text = format!("{more} more new review{}", if more == 1 { "" } else { "s" });
                list.links.push(ListedLink { text, url });
            }
            list
        })
        .collect();
    let mut paragraphs = vec![format!(
        "Here is what is new this week on {site} in what you follow."
    )];
    if items > ITEMS {
        paragraphs.push(format!(
            "{} more of the courses and providers you follow have new reviews too.",
            items - ITEMS
        ));
    }
    let labels = weekly
        .iter()
        .map(|kind| format!("'{}'", kind.label()))
        .collect::<Vec<_>>()
        .join(" and ");
    let links = unsubscribe::links(settings, key, user_id, &weekly, AlertChoice::Weekly);
    let count = news.len();
    let id = Letter {
        to: email,
        subject: format!(
            "Your weekly digest: {count} new review{}",
            if count == 1 { "" } else { "s" }
        ),
        greeting: format!("Hi {first_name},"),
        paragraphs,
        lists,
        action: Action::new("See what you follow", format!("{public_url}/profile")),
        after: alerts::settings_paragraphs(settings, &labels, &links.page),
        reason: format!(
            "You get this mail because you chose the weekly digest for {labels} on {site}."
        ),
        list_unsubscribe: Some(links.one_click),
        ..Letter::default()
    }
    .queue(conn, site)?;
    Ok(Some(id))
}

#[cfg(test)]
mod tests {
    use super::week_of;

    #[test]
    fn a_week_starts_at_monday_eight_in_the_users_own_zone() {
        // Monday 23 November 2026, 08:00 in Sydney (AEDT, UTC+11) is 21:00 UTC on the 22nd.
        let sydney_monday = 1_795_381_200;
        assert_eq!(
            week_of(sydney_monday, "Australia/Sydney"),
            Some((sydney_monday, sydney_monday - 7 * 86_400))
        );
        // A second before, it is still the week before.
        assert_eq!(
            week_of(sydney_monday - 1, "Australia/Sydney").map(|w| w.0),
            Some(sydney_monday - 7 * 86_400)
        );
        // Perth (AWST, UTC+8) reaches its Monday 08:00 three hours later.
        let perth_monday = sydney_monday + 3 * 3600;
        assert_eq!(
            week_of(perth_monday, "Australia/Perth").map(|w| w.0),
            Some(perth_monday)
        );
        assert_eq!(
            week_of(perth_monday - 1, "Australia/Perth").map(|w| w.0),
            Some(perth_monday - 7 * 86_400)
        );
        // On a Sunday night the week is the Monday before.
        assert_eq!(
            week_of(sydney_monday + 6 * 86_400 + 15 * 3600, "Australia/Sydney").map(|w| w.0),
            Some(sydney_monday)
        );
        assert_eq!(week_of(sydney_monday, "Mars/Olympus"), None);
    }

    #[test]
    fn a_week_across_the_start_of_daylight_saving_is_an_hour_short() {
        // Sydney moved its clocks forward on Sunday 4 October 2026: Monday 5 October 08:00 AEDT
        // is 21:00 UTC on the 4th, and the Monday before (28 September, AEST) 22:00 UTC.
        let after_change = 1_791_147_600;
        let (week, previous) = week_of(after_change, "Australia/Sydney").unwrap();
        assert_eq!(week, after_change);
        assert_eq!(week - previous, 7 * 86_400 - 3600);
    }
}

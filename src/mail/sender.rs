//! The background sender: delivers due outbox rows through a [`Transport`] (SMTP, or
//! `.eml` files when no SMTP server is configured) and reschedules failures with backoff.
//! Delivery is at least once: a crash between sending and marking may send a mail twice.

use std::{
    future::Future,
    path::{Path, PathBuf},
    pin::Pin,
    sync::Arc,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use anyhow::Context;
use lettre::{
    AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, MultiPart, header::ContentType},
};
use rusqlite::params;

use super::Outbox;
use crate::{db::Db, error::AppError};

/// Rows handled per pass, so one pass never holds many mails in memory.
const BATCH: usize = 20;
/// The longest wait between retries of one mail.
const MAX_BACKOFF_SECS: i64 = 60 * 60;
/// The longest the sender sleeps without looking at the outbox.
const IDLE_POLL: Duration = Duration::from_secs(60);

pub type DeliveryFuture<'a> = Pin<Box<dyn Future<Output = anyhow::Result<String>> + Send + 'a>>;

/// Where mail goes. `deliver` answers a short description of where it went, for the log.
pub trait Transport: Send + Sync + 'static {
    fn deliver(&self, message: Message) -> DeliveryFuture<'_>;
}

/// Delivers through an SMTP server given as a URL (`smtp://`, `smtps://`, with credentials).
pub struct SmtpTransport(AsyncSmtpTransport<Tokio1Executor>);

impl SmtpTransport {
    pub fn from_url(url: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .context("APP_SMTP_URL is not a valid SMTP URL")?
            .build();
        Ok(Self(transport))
    }
}

impl Transport for SmtpTransport {
    fn deliver(&self, message: Message) -> DeliveryFuture<'_> {
        Box::pin(async move {
            let response = self.0.send(message).await?;
            Ok(format!("SMTP {}", response.code()))
        })
    }
}

/// Writes each mail as `<uuid>.eml` into a directory: the default, so sign-up works anywhere.
pub struct FileTransport {
    dir: PathBuf,
    inner: AsyncFileTransport<Tokio1Executor>,
}

impl FileTransport {
    pub fn new(dir: &Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the outbox {}", dir.display()))?;
        Ok(Self {
            dir: dir.to_owned(),
            inner: AsyncFileTransport::new(dir),
        })
    }
}

impl Transport for FileTransport {
    fn deliver(&self, message: Message) -> DeliveryFuture<'_> {
        Box::pin(async move {
            let id = self.inner.send(message).await?;
            Ok(self.dir.join(format!("{id}.eml")).display().to_string())
        })
    }
}

/// SMTP when a URL is configured, otherwise files in `outbox_dir`.
pub fn transport_for(
    smtp_url: Option<&str>,
    outbox_dir: &Path,
) -> anyhow::Result<Arc<dyn Transport>> {
    Ok(match smtp_url {
        Some(url) => Arc::new(SmtpTransport::from_url(url)?),
        None => Arc::new(FileTransport::new(outbox_dir)?),
    })
}

struct QueuedMail {
    id: i64,
    to: String,
    reply_to: Option<String>,
    subject: String,
    text: String,
    html: Option<String>,
    attempts: i64,
}

/// What one pass over the outbox did.
#[derive(Debug, Default, PartialEq)]
pub struct PassReport {
    pub sent: usize,
    pub failed: usize,
}

pub struct Sender {
    db: Db,
    transport: Arc<dyn Transport>,
    from: Mailbox,
}

impl Sender {
    pub fn new(db: Db, transport: Arc<dyn Transport>, from: &str) -> anyhow::Result<Self> {
        let from = from
            .parse()
            .with_context(|| format!("APP_MAIL_FROM '{from}' is not a valid mailbox"))?;
        Ok(Self {
            db,
            transport,
            from,
        })
    }

    /// Delivers up to one batch of the mails due at `now` (Unix seconds).
    pub async fn deliver_due(&self, now: i64) -> Result<PassReport, AppError> {
        let due = self.db.read(move |conn| -> rusqlite::Result<_> {
            let mut stmt = conn.prepare(
                "SELECT id, to_address, reply_to, subject, body_text, body_html, attempts FROM mail_outbox
                 WHERE sent_at IS NULL AND next_attempt_at <= ?1 ORDER BY next_attempt_at, id LIMIT ?2",
            )?;
            let rows = stmt.query_map(params![now, BATCH as i64], |row| {
                Ok(QueuedMail {
                    id: row.get(0)?,
                    to: row.get(1)?,
                    reply_to: row.get(2)?,
                    subject: row.get(3)?,
                    text: row.get(4)?,
                    html: row.get(5)?,
                    attempts: row.get(6)?,
                })
            })?;
            rows.collect::<Result<Vec<_>, _>>()
        });
        let mut report = PassReport::default();
        for mail in due.await? {
            let outcome = match self.compose(&mail) {
                Ok(message) => self.transport.deliver(message).await,
                Err(err) => Err(err),
            };
            match outcome {
                Ok(destination) => {
                    tracing::info!(mail_id = mail.id, to = %mail.to, subject = %mail.subject, %destination, link = first_link(&mail.text), "mail sent");
                    self.db.write(move |tx| -> rusqlite::Result<_> {
                        tx.execute("UPDATE mail_outbox SET sent_at = ?2, attempts = attempts + 1, last_error = NULL WHERE id = ?1", params![mail.id, now])?;
                        Ok(())
                    }).await?;
                    report.sent += 1;
                }
                Err(err) => {
                    let retry_at = now + backoff_secs(mail.attempts + 1);
                    tracing::warn!(mail_id = mail.id, to = %mail.to, error = %err, retry_at, "mail delivery failed");
                    let error = format!("{err:#}");
                    self.db.write(move |tx| -> rusqlite::Result<_> {
                        tx.execute(
                            "UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ?2, last_error = ?3 WHERE id = ?1",
                            params![mail.id, retry_at, error],
                        )?;
                        Ok(())
                    }).await?;
                    report.failed += 1;
                }
            }
        }
        Ok(report)
    }

    fn compose(&self, mail: &QueuedMail) -> anyhow::Result<Message> {
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(mail.to.parse()?)
            .subject(&mail.subject);
        if let Some(reply_to) = &mail.reply_to {
            builder = builder.reply_to(reply_to.parse()?);
        }
        let message = match &mail.html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(
                mail.text.clone(),
                html.clone(),
            ))?,
            None => builder
                .header(ContentType::TEXT_PLAIN)
                .body(mail.text.clone())?,
        };
        Ok(message)
    }

    /// Seconds until the next queued mail is due, if any.
    async fn next_due_in(&self, now: i64) -> Result<Option<i64>, AppError> {
        self.db
            .read(move |conn| -> rusqlite::Result<_> {
                conn.query_row(
                    "SELECT MIN(next_attempt_at) - ?1 FROM mail_outbox WHERE sent_at IS NULL",
                    [now],
                    |row| row.get(0),
                )
            })
            .await
    }

    /// Delivers forever: after each pass it sleeps until the next mail is due, a new mail is
    /// queued, or a minute has passed.
    pub async fn run(self, outbox: Outbox) {
        loop {
            let now = unix_now();
            let pause = match self.deliver_due(now).await {
                Ok(report) if report.sent + report.failed >= BATCH => Duration::ZERO,
                Ok(_) => match self.next_due_in(now).await {
                    Ok(Some(secs)) => Duration::from_secs(secs.max(1) as u64).min(IDLE_POLL),
                    Ok(None) => IDLE_POLL,
                    Err(err) => {
                        tracing::warn!(error = %err, "cannot read the mail outbox");
                        IDLE_POLL
                    }
                },
                Err(err) => {
                    tracing::warn!(error = %err, "cannot read the mail outbox");
                    IDLE_POLL
                }
            };
            if !pause.is_zero() {
                tokio::select! {
                    _ = outbox.woken() => {}
                    _ = tokio::time::sleep(pause) => {}
                }
            }
        }
    }
}

/// 30 s after the first failure, doubling each time, at most an hour; never given up.
pub fn backoff_secs(attempts: i64) -> i64 {
    let doublings = attempts.clamp(1, 8) - 1;
    (30 * (1_i64 << doublings)).min(MAX_BACKOFF_SECS)
}

pub fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or_default()
}

/// The first link in a mail, logged so a developer without SMTP can follow it.
fn first_link(text: &str) -> &str {
    text.split_whitespace()
        .find(|word| word.starts_with("http://") || word.starts_with("https://"))
        .unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_thirty_seconds_up_to_an_hour() {
        let waits: Vec<i64> = (1..=9).map(backoff_secs).collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    }

    #[test]
    fn first_link_finds_the_url() {
        assert_eq!(
            first_link("Hello,\nverify here: https://x.test/v/abc\nThanks"),
            "https://x.test/v/abc"
        );
        assert_eq!(first_link("no links"), "");
    }
}

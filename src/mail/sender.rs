//! The background sender: delivers due outbox rows through a [`Transport`] (SMTP, or
//! `.eml` files when no SMTP server is configured) and reschedules failures with backoff.
//! Delivery is at least once: a crash between sending and marking may send a mail twice.

use std::{
    future::Future,
    path::{Path, PathBuf},
    pin::Pin,
    sync::Arc,
    time::Duration,
};

use super::{
    Action, Letter, Outbox,
    store::{self, QueuedMail},
};
pub use crate::dates::unix_now;
use crate::{db::Db, error::AppError};
use anyhow::Context;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{
        Mailbox, MultiPart, SinglePart,
        header::{Header, HeaderName, HeaderValue},
    },
};

/// Rows handled per pass, so one pass never holds many mails in memory.
const BATCH: usize = 20;
/// The longest wait between retries of one mail.
const MAX_BACKOFF_SECS: i64 = 60 * 60;
/// The longest the sender sleeps without looking at the outbox.
const IDLE_POLL: Duration = Duration::from_secs(60);

/// A mail that cannot be delivered now, and whether trying again can help.
#[derive(Debug)]
pub struct Failure {
    /// A 5xx answer or a mail that can never be built (a bad address): give up at once.
    pub permanent: bool,
    pub error: String,
}

impl Failure {
    pub fn transient(error: impl std::fmt::Display) -> Self {
        Self {
            permanent: false,
            error: format!("{error:#}"),
        }
    }

    pub fn permanent(error: impl std::fmt::Display) -> Self {
        Self {
            permanent: true,
            error: format!("{error:#}"),
        }
    }
}

pub type DeliveryFuture<'a> = Pin<Box<dyn Future<Output = Result<String, Failure>> + Send + 'a>>;

/// Where mail goes. `deliver` answers a short description of where it went (the server's
/// answer for SMTP), for the log and `app mail test`.
pub trait Transport: Send + Sync + 'static {
    fn deliver(&self, message: Message) -> DeliveryFuture<'_>;

    /// Whether the log may show a delivered mail's link. Only the file transport says yes:
    /// it is the developer's machine without SMTP, where the files sit beside the log anyway.
    /// A link in a real mail is a key to an account and never goes to the log.
    fn logs_links(&self) -> bool {
        false
    }
}

/// Delivers through an SMTP server given as a URL (`smtp://`, `smtps://`, with credentials).
pub struct SmtpTransport(AsyncSmtpTransport<Tokio1Executor>);

/// A server that accepts the connection and then hangs counts as a passing failure after this.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

impl SmtpTransport {
    pub fn from_url(url: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .context("APP_SMTP_URL is not a valid SMTP URL")?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(Self(transport))
    }
}

impl Transport for SmtpTransport {
    fn deliver(&self, message: Message) -> DeliveryFuture<'_> {
        Box::pin(async move {
            // lettre's own timeout covers connecting only: bound the whole conversation.
            let sent = tokio::time::timeout(SMTP_TIMEOUT, self.0.send(message)).await;
            let Ok(sent) = sent else {
                return Err(Failure::transient(format!(
                    "the SMTP server did not finish answering within {} s",
                    SMTP_TIMEOUT.as_secs()
                )));
            };
            match sent {
                Ok(response) => Ok(format!(
                    "SMTP {} {}",
                    response.code(),
                    response.message().collect::<Vec<_>>().join(" ")
                )),
                Err(err) if err.is_permanent() => Err(Failure::permanent(err)),
                Err(err) => Err(Failure::transient(err)),
            }
        })
    }
}

/// Writes each mail as `<uuid>.eml` into a directory: the default, so sign-up works anywhere.
pub struct FileTransport {
    dir: PathBuf,
}

impl FileTransport {
    pub fn new(dir: &Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the outbox {}", dir.display()))?;
        Ok(Self {
            dir: dir.to_owned(),
        })
    }
}

impl Transport for FileTransport {
    fn deliver(&self, message: Message) -> DeliveryFuture<'_> {
        Box::pin(async move {
            // Written beside and renamed into place, so a full disk leaves no empty or
            // partial `.eml` behind: the mail stays queued and is written whole later.
            let id = uuid::Uuid::new_v4();
            let file = self.dir.join(format!("{id}.eml"));
            let partial = self.dir.join(format!("{id}.eml.partial"));
            let written = tokio::fs::write(&partial, message.formatted()).await;
            let placed = match written {
                Ok(()) => tokio::fs::rename(&partial, &file).await,
                Err(err) => Err(err),
            };
            if let Err(err) = placed {
                let _ = tokio::fs::remove_file(&partial).await;
                return Err(Failure::transient(err));
            }
            Ok(file.display().to_string())
        })
    }

    fn logs_links(&self) -> bool {
        true
    }
}

/// Removes the mail files in the file outbox `dir` sent to or from any of `addresses` (a deleted
/// account's), and any partial file a failed write left.
pub fn forget_mail_files(dir: &Path, addresses: &[String]) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let wanted: Vec<String> = addresses.iter().map(|a| a.to_lowercase()).collect();
    for path in entries.filter_map(|entry| entry.ok().map(|entry| entry.path())) {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let forget = name.ends_with(".eml.partial")
            || (name.ends_with(".eml")
                && std::fs::read_to_string(&path).is_ok_and(|mail| names_any(&mail, &wanted)));
        if forget {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Whether the headers of `mail` (up to the first blank line) name one of `addresses` (lower
/// case) in To or Reply-To.
fn names_any(mail: &str, addresses: &[String]) -> bool {
    mail.lines()
        .take_while(|line| !line.is_empty())
        .filter_map(|line| {
            let (name, value) = line.split_once(':')?;
            ["to", "reply-to"]
                .contains(&name.trim().to_lowercase().as_str())
                .then(|| value.to_lowercase())
        })
        .any(|value| {
            addresses.iter().any(|address| {
                value
                    .split(['<', '>', ',', ' '])
                    .any(|word| word == address)
            })
        })
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
    /// The part of Message-IDs after '@': the sender's domain (RFC 5322 section 3.6.4).
    domain: String,
}

impl Sender {
    pub fn new(db: Db, transport: Arc<dyn Transport>, from: &str) -> anyhow::Result<Self> {
        let from: Mailbox = from
            .parse()
            .with_context(|| format!("APP_MAIL_FROM '{from}' is not a valid mailbox"))?;
        let domain = from.email.domain().to_owned();
        Ok(Self {
            db,
            transport,
            from,
            domain,
        })
    }

    /// Delivers up to one batch of the mails due at `now` (Unix seconds).
    pub async fn deliver_due(&self, now: i64) -> Result<PassReport, AppError> {
        let due = self.db.read(move |conn| store::due(conn, now, BATCH));
        let mut report = PassReport::default();
        for mail in due.await? {
            let outcome = match self.compose(&mail) {
                Ok(message) => self.transport.deliver(message).await,
                Err(err) => Err(Failure::permanent(err)),
            };
            match outcome {
                Ok(destination) => {
                    if self.transport.logs_links() {
                        tracing::info!(mail_id = mail.id, to = %mail.to, subject = %mail.subject, %destination, link = first_link(&mail.text), "mail sent");
                    } else {
                        tracing::info!(mail_id = mail.id, to = %mail.to, subject = %mail.subject, %destination, "mail sent");
                    }
                    self.db
                        .write(move |tx| store::mark_sent(tx, mail.id, now))
                        .await?;
                    report.sent += 1;
                }
                Err(failure) => {
                    let gives_up = failure.permanent || now - mail.created_at >= GIVE_UP_AFTER_SECS;
                    let retry_at = now + backoff_secs(mail.attempts + 1);
                    // One line per failure, never the body or its link.
                    tracing::warn!(mail_id = mail.id, to = %mail.to, error = %failure.error, permanent = failure.permanent, given_up = gives_up, "mail delivery failed");
                    self.db
                        .write(move |tx| {
                            store::mark_failed(
                                tx,
                                mail.id,
                                &failure.error,
                                gives_up.then_some(now),
                                retry_at,
                            )
                        })
                        .await?;
                    report.failed += 1;
                }
            }
        }
        Ok(report)
    }

    fn compose(&self, mail: &QueuedMail) -> anyhow::Result<Message> {
        compose(&self.from, &self.domain, mail)
    }

    /// Seconds until the next queued mail is due, if any.
    async fn next_due_in(&self, now: i64) -> Result<Option<i64>, AppError> {
        self.db
            .read(move |conn| store::next_due_in(conn, now))
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

/// The message with every header large providers check: Message-ID on the sender's domain,
/// Date, MIME-Version (set by the multipart body), Auto-Submitted, and Reply-To only where one
/// is meant.
pub fn compose(from: &Mailbox, domain: &str, mail: &QueuedMail) -> anyhow::Result<Message> {
    let mut builder = Message::builder()
        .message_id(Some(format!("<{}@{domain}>", uuid::Uuid::new_v4())))
        .date_now()
        .header(AutoSubmitted)
        .from(from.clone())
        .to(mail.to.parse()?)
        .subject(&mail.subject);
    if let Some(reply_to) = &mail.reply_to {
        builder = builder.reply_to(reply_to.parse()?);
    }
    // RFC 8058: an alert can be stopped with one POST, which large mailbox providers require
    // of mail sent in bulk. Account mails carry none.
    if let Some(address) = &mail.list_unsubscribe {
        builder = builder
            .header(ListUnsubscribe(format!("<{address}>")))
            .header(ListUnsubscribePost);
    }
    let message = match &mail.html {
        Some(html) => builder.multipart(MultiPart::alternative_plain_html(
            mail.text.clone(),
            html.clone(),
        ))?,
        // Mails queued before HTML parts existed.
        None => builder.singlepart(SinglePart::plain(mail.text.clone()))?,
    };
    Ok(message)
}

/// Sends a test mail to `to` at once through `transport` (not through the outbox), for
/// `app mail test`: answers where it went and the server's answer, or why it failed.
pub async fn send_test(
    transport: &dyn Transport,
    mail_from: &str,
    site: &str,
    public_url: &str,
    to: &str,
) -> anyhow::Result<Result<String, Failure>> {
    let from: Mailbox = mail_from
        .parse()
        .with_context(|| format!("APP_MAIL_FROM '{mail_from}' is not a valid mailbox"))?;
    let (text, html) = test_letter(to, site, public_url).render(site)?;
    let mail = QueuedMail {
        id: 0,
        created_at: unix_now(),
        to: to.to_owned(),
        reply_to: None,
        subject: format!("{site}: test mail"),
        text,
        html: Some(html),
        attempts: 0,
        list_unsubscribe: None,
    };
    Ok(match compose(&from, from.email.domain(), &mail) {
        Ok(message) => transport.deliver(message).await,
        Err(err) => Err(Failure::permanent(err)),
    })
}

/// The test mail's words.
pub fn test_letter(to: &str, site: &str, public_url: &str) -> Letter {
    Letter {
        to: to.to_owned(),
        subject: format!("{site}: test mail"),
        greeting: "Hello,".into(),
        paragraphs: vec![format!(
            "This is a test mail from {site}. It reached you, so the mail settings work."
        )],
        action: Action::new(format!("Open {site}"), public_url),
        reason: format!("You get this mail because the operator of {site} sent a test."),
        ..Letter::default()
    }
}

/// `Auto-Submitted: auto-generated` (RFC 3834), so auto-responders do not answer our mails.
#[derive(Clone)]
struct AutoSubmitted;

impl Header for AutoSubmitted {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Auto-Submitted")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "auto-generated".into())
    }
}

/// `List-Unsubscribe: <https://...>` (RFC 2369), the address one POST unsubscribes with.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(text: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self(text.to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".into())
    }
}

/// A mail that still fails this long after it was queued is given up.
pub const GIVE_UP_AFTER_SECS: i64 = 3 * 24 * 60 * 60;

/// 30 s after the first failure, doubling each time, at most an hour.
pub fn backoff_secs(attempts: i64) -> i64 {
    let doublings = attempts.clamp(1, 8) - 1;
    (30 * (1_i64 << doublings)).min(MAX_BACKOFF_SECS)
}

/// The first link in a mail, logged (file transport only) so a developer without SMTP can follow it.
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

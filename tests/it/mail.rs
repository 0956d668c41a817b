//! The mail outbox: queued inside the caller's transaction, delivered to files, retried with
//! backoff after a failing transport, and never lost across a restart.

use std::sync::{
    Arc,
    atomic::{AtomicUsize, Ordering},
};

use coursesource::{
    db::Db,
    error::AppError,
    mail::{
        NewMail, enqueue,
        sender::{
            DeliveryFuture, Failure, FileTransport, GIVE_UP_AFTER_SECS, PassReport, Sender,
            Transport,
        },
    },
};
use lettre::Message;
use tempfile::TempDir;

const FROM: &str = "CourseSource <no-reply@coursesource.test>";

fn mail<'a>(to: &'a str, text: &'a str) -> NewMail<'a> {
    NewMail {
        to,
        reply_to: Some("reply@example.com"),
        subject: "Verify your account",
        text,
        html: None,
        list_unsubscribe: None,
    }
}

async fn queue(db: &Db, to: &'static str) {
    db.write(move |tx| {
        enqueue(
            tx,
            &mail(to, "Follow https://site.test/verify-account/abc to verify."),
        )
        .map(drop)
    })
    .await
    .unwrap();
}

/// (attempts, sent, last_error present, next_attempt_at) of the only queued mail.
async fn outbox_row(db: &Db) -> (i64, bool, bool, i64) {
    db.read(|conn| -> rusqlite::Result<_> {
        conn.query_row(
            "SELECT attempts, sent_at IS NOT NULL, last_error IS NOT NULL, next_attempt_at FROM mail_outbox",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
    })
    .await
    .unwrap()
}

/// Refuses the first `failures` mails (for good when `permanent`), then accepts and counts.
struct FlakyTransport {
    failures: AtomicUsize,
    delivered: AtomicUsize,
    permanent: bool,
}

impl FlakyTransport {
    fn failing(failures: usize) -> Arc<Self> {
        Arc::new(Self {
            failures: AtomicUsize::new(failures),
            delivered: AtomicUsize::new(0),
            permanent: false,
        })
    }
}

impl Transport for FlakyTransport {
    fn deliver(&self, _message: Message) -> DeliveryFuture<'_> {
        Box::pin(async move {
            if self.failures.load(Ordering::SeqCst) > 0 {
                self.failures.fetch_sub(1, Ordering::SeqCst);
                return Err(if self.permanent {
                    Failure::permanent("550 5.1.1 no such mailbox")
                } else {
                    Failure::transient("connection refused by test transport")
                });
            }
            self.delivered.fetch_add(1, Ordering::SeqCst);
            Ok("test transport".into())
        })
    }
}

#[tokio::test]
async fn queued_mail_is_written_to_the_outbox_directory() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    queue(&db, "student@example.com").await;

    let outbox = dir.path().join("outbox");
    let sender = Sender::new(
        db.clone(),
        Arc::new(FileTransport::new(&outbox).unwrap()),
        FROM,
    )
    .unwrap();
    assert_eq!(
        sender.deliver_due(i64::MAX / 2).await.unwrap(),
        PassReport { sent: 1, failed: 0 }
    );

    let files: Vec<_> = std::fs::read_dir(&outbox)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].extension().unwrap(), "eml");
    let eml = std::fs::read_to_string(&files[0]).unwrap();
    for expected in [
        "To: student@example.com",
        "Reply-To: reply@example.com",
        "Subject: Verify your account",
        "https://site.test/verify-account/abc",
    ] {
        assert!(
            eml.contains(expected),
            "the .eml lacks {expected:?}:\n{eml}"
        );
    }
    assert!(eml.contains("From: CourseSource <no-reply@coursesource.test>"));
    let header = |name: &str| {
        eml.lines()
            .find_map(|line| line.strip_prefix(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("no {name} header in:\n{eml}"))
            .to_owned()
    };
    let id = header("Message-ID");
    assert!(
        id.starts_with('<') && id.ends_with("@coursesource.test>"),
        "a Message-ID on the sender's domain: {id}"
    );
    assert_eq!(header("MIME-Version"), "1.0");
    assert_eq!(header("Auto-Submitted"), "auto-generated");
    assert!(!header("Date").is_empty());
    let (attempts, sent, error, _) = outbox_row(&db).await;
    assert_eq!((attempts, sent, error), (1, true, false));

    assert_eq!(
        sender.deliver_due(i64::MAX / 2).await.unwrap(),
        PassReport::default(),
        "sent only once"
    );
}

#[tokio::test]
async fn a_failed_delivery_is_retried_later_with_backoff() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    queue(&db, "student@example.com").await;
    let transport = FlakyTransport::failing(2);
    let sender = Sender::new(db.clone(), transport.clone(), FROM).unwrap();
    let now = coursesource::mail::sender::unix_now();

    assert_eq!(
        sender.deliver_due(now).await.unwrap(),
        PassReport { sent: 0, failed: 1 }
    );
    let (attempts, sent, error, next) = outbox_row(&db).await;
    assert_eq!((attempts, sent, error, next), (1, false, true, now + 30));

    assert_eq!(
        sender.deliver_due(now + 29).await.unwrap(),
        PassReport::default(),
        "not due yet"
    );
    assert_eq!(
        sender.deliver_due(now + 30).await.unwrap(),
        PassReport { sent: 0, failed: 1 }
    );
    assert_eq!(outbox_row(&db).await.3, now + 30 + 60, "the wait doubles");

    assert_eq!(
        sender.deliver_due(now + 90).await.unwrap(),
        PassReport { sent: 1, failed: 0 }
    );
    assert_eq!(transport.delivered.load(Ordering::SeqCst), 1);
    let (attempts, sent, error, _) = outbox_row(&db).await;
    assert_eq!((attempts, sent, error), (3, true, false));
}

#[tokio::test]
async fn queued_mail_survives_a_restart() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("app.db");
    {
        let db = Db::open(&path).unwrap();
        queue(&db, "student@example.com").await;
    }
    let db = Db::open(&path).unwrap();
    let transport = FlakyTransport::failing(0);
    let sender = Sender::new(db.clone(), transport.clone(), FROM).unwrap();
    assert_eq!(
        sender.deliver_due(i64::MAX / 2).await.unwrap(),
        PassReport { sent: 1, failed: 0 }
    );
}

#[tokio::test]
async fn mail_is_only_queued_when_the_transaction_commits() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    let result = db
        .write(|tx| {
            enqueue(tx, &mail("student@example.com", "hello"))?;
            Err::<(), _>(AppError::invalid(None, "the change failed"))
        })
        .await;
    assert!(result.is_err());
    let queued: i64 = db
        .read(|c| c.query_row("SELECT COUNT(*) FROM mail_outbox", [], |r| r.get(0)))
        .await
        .unwrap();
    assert_eq!(queued, 0);
}

#[tokio::test]
async fn an_invalid_address_is_refused_at_enqueue() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    let err = db
        .write(|tx| enqueue(tx, &mail("not an address", "hello")))
        .await
        .unwrap_err();
    assert!(matches!(err, AppError::Validation(_)));
}

#[tokio::test]
async fn the_background_sender_delivers_when_woken() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    let transport = FlakyTransport::failing(0);
    let outbox = coursesource::mail::Outbox::default();
    let sender = Sender::new(db.clone(), transport.clone(), FROM).unwrap();
    let task = tokio::spawn(sender.run(outbox.clone()));
    queue(&db, "student@example.com").await;
    outbox.wake();
    for _ in 0..100 {
        if transport.delivered.load(Ordering::SeqCst) == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    task.abort();
    assert_eq!(transport.delivered.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn delivered_mail_is_deleted_after_thirty_days() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    queue(&db, "old@example.com").await;
    queue(&db, "new@example.com").await;
    queue(&db, "unsent@example.com").await;
    let now = coursesource::mail::sender::unix_now();
    db.write(move |tx| -> rusqlite::Result<_> {
        tx.execute(
            "UPDATE mail_outbox SET sent_at = ?1 WHERE to_address = 'old@example.com'",
            [now - 31 * 86400],
        )?;
        tx.execute(
            "UPDATE mail_outbox SET sent_at = ?1 WHERE to_address = 'new@example.com'",
            [now - 29 * 86400],
        )?;
        tx.execute(
            "UPDATE mail_outbox SET created_at = ?1 WHERE to_address = 'unsent@example.com'",
            [now - 90 * 86400],
        )?;
        Ok(())
    })
    .await
    .unwrap();
    assert_eq!(coursesource::housekeeping::tidy(&db, now).await.unwrap(), 1);
    let left: Vec<String> = db
        .read(|c| -> rusqlite::Result<_> {
            let mut stmt = c.prepare("SELECT to_address FROM mail_outbox ORDER BY id")?;
            stmt.query_map([], |r| r.get(0))?
                .collect::<Result<Vec<_>, _>>()
        })
        .await
        .unwrap();
    assert_eq!(
        left,
        ["new@example.com", "unsent@example.com"],
        "undelivered mail is never dropped"
    );
}

/// The only queued mail's (failed, last error) once given up.
async fn given_up(db: &Db) -> (bool, Option<String>) {
    db.read(|conn| {
        conn.query_row(
            "SELECT failed_at IS NOT NULL, last_error FROM mail_outbox",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn a_permanent_refusal_is_given_up_at_once_and_kept_with_its_error() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    queue(&db, "nobody@example.com").await;
    let transport = Arc::new(FlakyTransport {
        failures: AtomicUsize::new(5),
        delivered: AtomicUsize::new(0),
        permanent: true,
    });
    let sender = Sender::new(db.clone(), transport.clone(), FROM).unwrap();
    let now = coursesource::mail::sender::unix_now();
    assert_eq!(
        sender.deliver_due(now).await.unwrap(),
        PassReport { sent: 0, failed: 1 }
    );
    assert_eq!(
        given_up(&db).await,
        (true, Some("550 5.1.1 no such mailbox".into()))
    );
    assert_eq!(
        sender.deliver_due(now + 86_400).await.unwrap(),
        PassReport::default(),
        "never retried"
    );
    assert_eq!(transport.failures.load(Ordering::SeqCst), 4);
}

#[tokio::test]
async fn a_passing_failure_is_retried_for_three_days_then_given_up() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    queue(&db, "student@example.com").await;
    let sender = Sender::new(db.clone(), FlakyTransport::failing(usize::MAX), FROM).unwrap();
    let queued_at = coursesource::mail::sender::unix_now();
    sender.deliver_due(queued_at).await.unwrap();
    assert!(
        !given_up(&db).await.0,
        "a 4xx or lost connection is retried"
    );
    sender
        .deliver_due(queued_at + GIVE_UP_AFTER_SECS - 3600)
        .await
        .unwrap();
    assert!(!given_up(&db).await.0, "still within three days");
    sender
        .deliver_due(queued_at + GIVE_UP_AFTER_SECS + 60)
        .await
        .unwrap();
    assert_eq!(
        given_up(&db).await,
        (true, Some("connection refused by test transport".into()))
    );
}

#[tokio::test]
async fn an_address_lettre_cannot_parse_is_a_failed_mail_not_a_stuck_queue() {
    let dir = TempDir::new().unwrap();
    let db = Db::open(&dir.path().join("app.db")).unwrap();
    // Written as an older release might have: enqueue itself refuses such an address now.
    db.write(|tx| {
        tx.execute(
            "INSERT INTO mail_outbox (to_address, subject, body_text) VALUES ('not an address', 'Hi', 'x')",
            [],
        )
    })
    .await
    .unwrap();
    queue(&db, "student@example.com").await;
    let transport = FlakyTransport::failing(0);
    let sender = Sender::new(db.clone(), transport.clone(), FROM).unwrap();
    let now = coursesource::mail::sender::unix_now();
    assert_eq!(
        sender.deliver_due(now).await.unwrap(),
        PassReport { sent: 1, failed: 1 }
    );
    let failed: i64 = db
        .read(|c| {
            c.query_row(
                "SELECT COUNT(*) FROM mail_outbox WHERE failed_at IS NOT NULL",
                [],
                |r| r.get(0),
            )
        })
        .await
        .unwrap();
    assert_eq!(failed, 1);
}

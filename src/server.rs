//! `app serve`: lock the data directory, migrate, start the mail sender, listen, and on
//! Ctrl-C or SIGTERM stop accepting, finish in-flight requests and exit cleanly.

/// The log filter when `APP_LOG` is not set: one line per request and the app's own events;
/// dependencies (tantivy prints its index work at INFO) only when they warn.
pub const DEFAULT_LOG: &str = "warn,coursesource=info,tower_http=info";

use std::{
    net::SocketAddr,
    sync::Arc,
    time::{Duration, Instant},
};

use anyhow::Context;
use axum::{Router, extract::ConnectInfo, http::Request};
use hyper::{body::Incoming, server::conn::http1};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use tokio::{net::TcpListener, sync::Semaphore};
use tower::ServiceExt;

use crate::{
    accounts, app,
    auth::{self, SessionKeys},
    cache::{AnswerCache, UntilNextCommit},
    catalog,
    config::Settings,
    db::{DataStep, Db},
    mail::{
        Outbox,
        sender::{Sender, transport_for},
    },
    moderation, reviews, search, staging,
    state::{AppState, Parts},
};

/// Steps a migration scheduled that need the application's code, run after migrating by every
/// command that opens the database (storage itself depends on no area).
pub const DATA_STEPS: [DataStep; 3] = [
    reviews::rescore::run_pending,
    reviews::rescore::helpful_pending,
    moderation::signals::grams_pending,
];

// Made here, at start-up, above every area: the state itself (`state.rs`) sits below them.
impl AppState {
    /// Opens the data directory's database (migrating it and loading the shipped catalogue
    /// into an empty one) and reads or creates the session key.
    pub async fn open(settings: Settings) -> anyhow::Result<Self> {
        settings.data_dir.ensure()?;
        let db = Db::open_with(
            &settings.data_dir.database(),
            settings.storage(),
            &DATA_STEPS,
        )?;
        if db.write(catalog::import::load_shipped_if_empty).await? {
            tracing::info!("loaded the shipped catalogue with example providers");
        }
        let secret = settings.data_dir.secret("session.key")?;
        // Made at start, before any load or a full disk could get in the way of the first review.
        moderation::signals::warm_up(&settings);
        let secure = settings
            .public_url
            .as_deref()
            .is_some_and(|url| url.starts_with("https://"));
        let schema_version = db.schema_version().await?;
        let search = Arc::new(search::build(&db).await?);
        let abr = accounts::abr::Abr::from_settings(&settings)?;
        let staging = staging::Gate::from_settings(&settings, &secret);
        Ok(Self::new(Parts {
            staging,
            abr,
            search,
            limits: Arc::default(),
            hashing: Arc::new(
                settings
                    .hash_queue
                    .map(auth::password::HashQueue::with_capacity)
                    .unwrap_or_default(),
            ),
            answers: Arc::new(AnswerCache::with_capacity(
                settings.answer_cache_mib.saturating_mul(1024 * 1024),
            )),
            session_users: Arc::default(),
            // A title search's matches weigh up to 8 KB: a few admins' filters, not thousands.
            queue_matches: Arc::new(UntilNextCommit::with_capacity(32)),
            review_search_counts: Arc::default(),
            review_voters: Arc::default(),
            db,
            sessions: Arc::new(SessionKeys::new(&secret, secure)),
            settings: Arc::new(settings),
            outbox: Outbox::default(),
            schema_version,
        }))
    }
}

/// In-flight requests get this long to finish after a shutdown signal.
const DRAIN_LIMIT: Duration = Duration::from_secs(20);

pub struct ServeOptions {
    pub addr: SocketAddr,
    pub demo: bool,
}

pub async fn serve(mut settings: Settings, options: ServeOptions) -> anyhow::Result<()> {
    let started = Instant::now();
    settings.data_dir.ensure()?;
    let _lock = settings.data_dir.lock()?;
    let https = settings
        .public_url
        .as_deref()
        .is_some_and(|url| url.starts_with("https://"));
    if options.demo && https {
        anyhow::bail!(
            "--demo creates accounts with a published password (an admin among them): it is refused when APP_PUBLIC_URL is https, a public site"
        );
    }
    settings.demo = options.demo;
    if settings.public_url.is_none() {
        settings.public_url = Some(format!("http://{}", options.addr));
    }
    if let Some(to) = &settings.contact_to {
        to.parse::<lettre::Address>()
            .with_context(|| format!("APP_CONTACT_TO '{to}' is not an email address"))?;
    }
    let storage = settings.storage();
    let state = AppState::open(settings).await?;
    tracing::info!(durability = ?storage.durability, checkpoints = ?storage.checkpoints, "storage");

    if !options.demo {
        let ended = state
            .db
            .write(|tx| crate::accounts::store::end_demo_sessions(tx))
            .await?;
        if ended > 0 {
            tracing::info!(
                accounts = ended,
                "demo accounts are shut: they log in only with --demo"
            );
        }
    }
    if options.demo {
        for account in crate::seed::demo::accounts::ensure_accounts(&state.db).await? {
            println!(
                "demo {:<8} {}  password: {}",
                account.role, account.email, account.password
            );
        }
        let reviews = crate::seed::demo::ensure_reviews(&state.db).await?;
        if reviews > 0 {
            println!(
                "demo reviews: wrote {reviews} reviews by demo students and employers (password: {})",
                crate::seed::demo::accounts::DEMO_PASSWORD
            );
        }
        let facts = crate::seed::demo::ensure_facts(&state.db).await?;
        if facts > 0 {
            println!(
                "demo facts: gave {facts} example offerings their fees, durations and intakes"
            );
        }
    }

    let transport = transport_for(
        state.settings.smtp_url.as_deref(),
        &state.settings.data_dir.outbox(),
    )?;
    let sender = Sender::new(state.db.clone(), transport, &state.settings.mail_from)?;
    tokio::spawn(sender.run(state.outbox.clone()));
    tokio::spawn(crate::search::watch(state.db.clone(), state.search.clone()));
    tokio::spawn(crate::limits::sweep(state.limits.clone()));
    tokio::spawn(crate::housekeeping::run(state.db.clone()));
    crate::memory::give_back_free_pages_periodically();
    tokio::spawn(catalog::recent::daily(state.db.clone()));
    tokio::spawn(catalog::facts::reminders::run(
        state.db.clone(),
        state.settings.clone(),
        state.outbox.clone(),
    ));
    tokio::spawn(crate::accounts::digest::schedule(
        state.db.clone(),
        state.settings.clone(),
        state.outbox.clone(),
    ));
    if state.settings.register_sync == Some(crate::config::RegisterSync::Daily) {
        tokio::spawn(catalog::register::daily(
            state.db.clone(),
            state.settings.register.clone(),
        ));
    }

    let listener = TcpListener::bind(options.addr)
        .await
        .with_context(|| format!("cannot listen on {}", options.addr))?;
    let db = state.db.clone();
    let signalled = shutdown_signal()?;
    tracing::info!(
        addr = %listener.local_addr()?,
        ready_ms = started.elapsed().as_millis() as u64,
        "CourseSource is ready at http://{}",
        listener.local_addr()?
    );

    let max_connections = state.settings.max_connections.max(1);
    accept(listener, app(state), max_connections, signalled).await;
    db.checkpoint();
    tracing::info!("stopped");
    Ok(())
}

/// A client that has not sent its request's headers within this is disconnected, so
/// half-sent requests cannot hold connections open.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Accepts connections until `shutdown`, with at most `max_connections` open at once (the
/// next waits in the listen queue until one closes), each served over HTTP/1.1 with the
/// header read timeout; then lets in-flight requests finish, at most [`DRAIN_LIMIT`].
/// (`axum::serve` sets neither the timeout nor the cap, so hyper's builder serves.)
async fn accept(
    listener: TcpListener,
    router: Router,
    max_connections: usize,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(max_connections));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let place = tokio::select! {
            place = open.clone().acquire_owned() => place.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors, say: wait rather than spin.
                    tracing::warn!(error = %err, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = router
            .clone()
            .map_request(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(remote));
                request
            });
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEADER_READ_TIMEOUT)
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, "a connection ended with an error");
            }
            drop(place);
        });
    }
    drop(listener);
    tracing::info!("shutting down: finishing in-flight requests");
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(DRAIN_LIMIT) => {
            tracing::warn!("in-flight requests did not finish in time; exiting");
        }
    }
}

/// SIGTERM or Ctrl-C, registered before the server says it is ready: a signal that comes at
/// once must drain and stop cleanly, not kill the process with the default action.
fn shutdown_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate()).context("cannot listen for SIGTERM")?;
    let mut interrupt = signal(SignalKind::interrupt()).context("cannot listen for SIGINT")?;
    Ok(async move {
        tokio::select! {
            _ = terminate.recv() => {},
            _ = interrupt.recv() => {},
        }
    })
}

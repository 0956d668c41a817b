//! `app serve`: lock the data directory, migrate, start the mail sender, listen, and on
//! Ctrl-C or SIGTERM stop accepting, finish in-flight requests and exit cleanly.

/// The log filter when `APP_LOG` is not set: one line per request and the app's own events;
/// dependencies (tantivy prints its index work at INFO) only when they warn.
pub const DEFAULT_LOG: &str = "warn,coursesource=info,tower_http=info";

use std::{
    net::SocketAddr,
    time::{Duration, Instant},
};

use anyhow::Context;
use tokio::net::TcpListener;

use crate::{
    AppState, app,
    config::Settings,
    mail::sender::{Sender, transport_for},
};

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
    }

    let transport = transport_for(
        state.settings.smtp_url.as_deref(),
        &state.settings.data_dir.outbox(),
    )?;
    let sender = Sender::new(state.db.clone(), transport, &state.settings.mail_from)?;
    tokio::spawn(sender.run(state.outbox.clone()));
    tokio::spawn(crate::search::watch(state.db.clone(), state.search.clone()));
    tokio::spawn(crate::limits::sweep(state.clone()));
    tokio::spawn(crate::housekeeping::run(state.db.clone()));

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

    let (signalled_tx, signalled_rx) = tokio::sync::oneshot::channel();
    let server = axum::serve(
        listener,
        app(state).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        signalled.await;
        tracing::info!("shutting down: finishing in-flight requests");
        let _ = signalled_tx.send(());
    });
    let drain_limit = async {
        let _ = signalled_rx.await;
        tokio::time::sleep(DRAIN_LIMIT).await;
    };
    tokio::select! {
        result = server => result.context("the server stopped with an error")?,
        _ = drain_limit => tracing::warn!("in-flight requests did not finish in time; exiting"),
    }
    db.checkpoint();
    tracing::info!("stopped");
    Ok(())
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

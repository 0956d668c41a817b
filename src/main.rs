//! The `app` executable: parses the command line and hands over to the library.

use std::io::IsTerminal;

use clap::Parser;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    coursesource::memory::keep_large_allocations_out_of_the_heap();
    keep_new_files_private();
    let filter = EnvFilter::try_from_env("APP_LOG")
        .unwrap_or_else(|_| EnvFilter::new(coursesource::server::DEFAULT_LOG));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(std::io::stdout().is_terminal())
        .init();
    let cli = coursesource::cli::Cli::parse();
    match coursesource::cli::run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            // A newer schema is not a failure of this run: the operator started the wrong release.
            if err
                .downcast_ref::<coursesource::db::NewerSchema>()
                .is_some()
            {
                std::process::ExitCode::from(2)
            } else {
                std::process::ExitCode::FAILURE
            }
        }
    }
}

/// Everything the app creates (the database and its WAL, backups, mails, uploads, secrets,
/// new directories) is readable by the service's user alone: 0600 files, 0700 directories.
fn keep_new_files_private() {
    // SAFETY: umask only sets the process's file creation mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
}

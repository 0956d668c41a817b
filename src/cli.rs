//! The command line: `serve`, `migrate`, `admin create|promote`, `import`, `catalogue sync`, `mail test`,
//! `seed --bench`, `backup`, `restore`.

use std::{io::BufRead, net::SocketAddr, path::PathBuf};

use anyhow::{Context, bail};
use clap::{Args, Parser, Subcommand};

use crate::{
    accounts::admin_cli,
    backup,
    catalog::{
        self,
        import::{self, CatalogueFiles},
        register::{Step, SyncOptions},
    },
    config::{DataDir, RegisterSettings, Settings},
    db::{self, Db},
    mail,
    server::{self, ServeOptions},
    vocabulary::Vocabulary,
};

#[derive(Debug, Parser)]
#[command(
    name = "app",
    version,
    about = "CourseSource: do the course, rate the source.\n\
    Reviews of Australian vocational courses and their providers, in one program."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Migrate the database and serve the site
    Serve(ServeArgs),
    /// Apply pending database migrations and exit
    Migrate(DataArgs),
    /// Create or promote administrators
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Load a catalogue from CSV files in DIR (see README.md); all or nothing
    Import {
        /// Directory holding industries.csv, careers.csv, courses.csv, providers.csv and/or offerings.csv
        dir: PathBuf,
        /// Write the five files with their header rows and a README.txt with an example row of
        /// each into DIR, and import nothing
        #[arg(long, conflicts_with_all = ["dry_run", "without_shipped_catalogue"])]
        template: bool,
        /// Check every row and print what would be added, updated and removed, writing nothing
        #[arg(long)]
        dry_run: bool,
        /// On a database without a catalogue yet, do not load the shipped national
        /// qualifications (and example providers) first
        #[arg(long)]
        without_shipped_catalogue: bool,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Load the national catalogue from the National Training Register
    Catalogue {
        #[command(subcommand)]
        command: CatalogueCommand,
    },
    /// Check the mail settings
    Mail {
        #[command(subcommand)]
        command: MailCommand,
    },
    /// Write generated data for benchmarks into a new data directory
    Seed {
        /// The bench data set of DESIGN section 6 (the only kind there is)
        #[arg(long, required = true)]
        bench: bool,
        /// How much of it: 1 is 1,000,000 reviews, 0.01 the same shape a hundred times smaller
        #[arg(long, default_value_t = 1.0)]
        scale: f64,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Copy the live database to FILE (safe while the server runs) and check the copy
    Backup {
        /// Where to write the copy
        file: PathBuf,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Replace the database with the copy FILE (the server must be stopped); the database it
    /// replaces is kept in DATA_DIR/backups/
    Restore {
        /// A copy written by `app backup`
        file: PathBuf,
        #[command(flatten)]
        data: DataArgs,
    },
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on
    #[arg(long, env = "APP_ADDR", default_value = crate::config::DEFAULT_ADDR)]
    pub addr: SocketAddr,
    /// Also create demo accounts (their emails and passwords are printed)
    #[arg(long, env = "APP_DEMO", value_parser = clap::builder::BoolishValueParser::new())]
    pub demo: bool,
    #[command(flatten)]
    pub settings: Settings,
}

#[derive(Debug, Args)]
pub struct DataArgs {
    #[command(flatten)]
    pub data_dir: DataDir,
}

#[derive(Debug, Subcommand)]
pub enum CatalogueCommand {
    /// Map the register's current qualifications, providers, delivery scope and regulatory
    /// decisions onto the catalogue: one transaction per step, nothing reviewed deleted
    /// (courses, providers and offerings that leave the register are retired), nothing an
    /// admin or representative wrote overwritten. Prints what it added, changed and retired.
    Sync {
        /// Read and check everything and print what would change, writing nothing
        #[arg(long)]
        dry_run: bool,
        /// Run one step only: qualifications, providers, delivery or decisions
        #[arg(long, value_parser = parse_step)]
        only: Option<Step>,
        /// Read only what the register changed since this day (YYYY-MM-DD); an incremental
        /// run retires nothing merely absent
        #[arg(long)]
        since: Option<String>,
        #[command(flatten)]
        register: RegisterSettings,
        #[command(flatten)]
        data: DataArgs,
    },
}

fn parse_step(text: &str) -> Result<Step, String> {
    Step::parse(text).ok_or_else(|| format!("must be {}", Step::listed()))
}

#[derive(Debug, Subcommand)]
pub enum MailCommand {
    /// Send a test mail to EMAIL at once through the configured transport (APP_SMTP_URL, or
    /// the outbox folder) and print what happened, the server's answer included
    Test {
        email: String,
        #[command(flatten)]
        settings: Settings,
    },
    /// Queue the weekly digests due at AT (default: now) that no run has sent yet; the running
    /// server delivers them. The server does this by itself every few minutes: use it to see a
    /// week's digests, or to time a run on a large database
    Digest {
        /// A time in RFC 3339, e.g. 2026-11-30T08:00:00+11:00
        #[arg(long)]
        at: Option<jiff::Timestamp>,
        #[command(flatten)]
        settings: Settings,
    },
}

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Create a verified admin account; the password is asked for on the terminal
    Create {
        email: String,
        /// Read the password from the first line of standard input instead of the terminal
        #[arg(long)]
        password_stdin: bool,
        #[arg(long, default_value = "Site")]
        first_name: String,
        #[arg(long, default_value = "Admin")]
        last_name: String,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Make an existing account an admin
    Promote {
        email: String,
        #[command(flatten)]
        data: DataArgs,
    },
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve(args) => {
            server::serve(
                args.settings,
                ServeOptions {
                    addr: args.addr,
                    demo: args.demo,
                },
            )
            .await
        }
        Command::Migrate(args) => {
            let db = open_db(&args.data_dir)?;
            println!(
                "database {} is at schema version {}",
                db.path().display(),
                db.schema_version().await?
            );
            Ok(())
        }
        Command::Admin {
            command:
                AdminCommand::Create {
                    email,
                    password_stdin,
                    first_name,
                    last_name,
                    data,
                },
        } => {
            let password = read_password(password_stdin)?;
            let db = open_db(&data.data_dir)?;
            admin_cli::create_admin(&db, &email, &password, &first_name, &last_name).await?;
            println!("created admin {}", email.trim().to_lowercase());
            Ok(())
        }
        Command::Admin {
            command: AdminCommand::Promote { email, data },
        } => {
            let db = open_db(&data.data_dir)?;
            admin_cli::promote(&db, &email).await?;
            println!("{} is now an admin", email.trim().to_lowercase());
            Ok(())
        }
        Command::Import {
            dir,
            template,
            dry_run,
            without_shipped_catalogue,
            data,
        } => {
            if template {
                import::write_template(&dir)?;
                println!(
                    "wrote {} and README.txt to {}: fill them in, then run app import --dry-run {}",
                    import::TEMPLATE.map(|t| t.name).join(", "),
                    dir.display(),
                    dir.display()
                );
                return Ok(());
            }
            let files = CatalogueFiles::read_dir(&dir)?;
            let db = open_db(&data.data_dir)?;
            // All or nothing: bad rows roll back the shipped catalogue's load too.
            let run = move |tx: &rusqlite::Transaction| -> anyhow::Result<_> {
                let shipped = !without_shipped_catalogue && import::load_shipped_if_empty(tx)?;
                let report = import::import(tx, &files, false)?.map_err(anyhow::Error::new)?;
                Ok((shipped, report))
            };
            let (shipped, report) = if dry_run {
                db.rehearse(run).await?
            } else {
                db.write(run).await?
            };
            if shipped {
                println!(
                    "the database had no catalogue: {} the shipped national qualifications first (--without-shipped-catalogue leaves them out)",
                    if dry_run { "would load" } else { "loaded" }
                );
            }
            println!("{}", report.summary(!dry_run));
            if dry_run {
                println!("dry run: nothing was written");
            }
            Ok(())
        }
        Command::Catalogue {
            command:
                CatalogueCommand::Sync {
                    dry_run,
                    only,
                    since,
                    register,
                    data,
                },
        } => {
            let db = open_db(&data.data_dir)?;
            let options = SyncOptions {
                dry_run,
                only,
                since,
            };
            let report = catalog::register::sync(&db, &register, &options).await?;
            println!("{}", report.summary(dry_run));
            if dry_run {
                println!("dry run: nothing was written");
            }
            Ok(())
        }
        Command::Mail {
            command: MailCommand::Test { email, settings },
        } => {
            let transport = mail::sender::transport_for(
                settings.smtp_url.as_deref(),
                &settings.data_dir.outbox(),
            )?;
            let through = match &settings.smtp_url {
                Some(_) => "the SMTP server of APP_SMTP_URL".to_owned(),
                None => format!(
                    "the outbox folder {} (APP_SMTP_URL is not set)",
                    settings.data_dir.outbox().display()
                ),
            };
            let outcome = mail::sender::send_test(
                transport.as_ref(),
                &settings.mail_from,
                &settings.site_name,
                settings.public_url(),
                email.trim(),
            )
            .await?;
            match outcome {
                Ok(answer) => {
                    println!(
                        "sent a test mail to {} through {through}: {answer}",
                        email.trim()
                    );
                    Ok(())
                }
                Err(failure) => bail!(
                    "the test mail to {} was not sent through {through} ({}): {}",
                    email.trim(),
                    if failure.permanent {
                        "refused for good"
                    } else {
                        "a passing failure: try again"
                    },
                    failure.error
                ),
            }
        }
        Command::Mail {
            command: MailCommand::Digest { at, settings },
        } => {
            let db = open_db(&settings.data_dir)?;
            let at = at.map_or_else(crate::dates::unix_now, |at| at.as_second());
            let started = std::time::Instant::now();
            let report = crate::accounts::digest::run(
                &db,
                &std::sync::Arc::new(settings),
                at,
                (crate::accounts::digest::BATCH, usize::MAX),
                &mut Default::default(),
            )
            .await?;
            println!(
                "weekly digests due at {}: {} claimed, {} mails queued, in {:.1} s, the writer held at most {} ms at a time ({} ms with the commit)",
                crate::dates::iso_date(at),
                report.claimed,
                report.mails,
                started.elapsed().as_secs_f64(),
                report.longest_batch_ms,
                report.longest_write_ms
            );
            Ok(())
        }
        Command::Seed { scale, data, .. } => {
            let seeded = crate::seed::bench::seed(&data.data_dir, scale).await?;
            let shape = seeded.shape;
            println!(
                "wrote the bench data set at scale {scale} in {:.1} s: {} courses with offerings, {} providers, {} offerings, {} users, {} reviews, about {} likes and dislikes, {} favourites, {} follows (password of every account: {})",
                seeded.seconds,
                shape.courses,
                shape.providers,
                shape.offerings,
                shape.users,
                shape.reviews,
                shape.votes,
                shape.favourites,
                shape.follows,
                crate::seed::bench::PASSWORD
            );
            print!("{}", seeded.env());
            Ok(())
        }
        Command::Backup { file, data } => {
            let source = data.data_dir.database();
            if !source.exists() {
                bail!("there is no database at {}", source.display());
            }
            let target = file.clone();
            tokio::task::spawn_blocking(move || db::backup(&source, &target)).await??;
            println!("backup written to {} and checked", file.display());
            Ok(())
        }
        Command::Restore { file, data } => {
            let copy = file.clone();
            let dir = data.data_dir.clone();
            let restored =
                tokio::task::spawn_blocking(move || backup::restore(&dir, &copy)).await??;
            println!(
                "restored {} (schema version {}) into {}",
                file.display(),
                restored.schema_version,
                data.data_dir.database().display()
            );
            if let Some(previous) = restored.previous {
                println!("the database it replaced is kept at {}", previous.display());
            }
            Ok(())
        }
    }
}

fn open_db(data_dir: &DataDir) -> anyhow::Result<Db> {
    data_dir.ensure()?;
    Db::open_with(
        &data_dir.database(),
        Default::default(),
        &crate::server::DATA_STEPS,
    )
}

fn read_password(from_stdin: bool) -> anyhow::Result<String> {
    if from_stdin {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .context("cannot read the password from standard input")?;
        return Ok(line.trim_end_matches(['\r', '\n']).to_owned());
    }
    let first = rpassword::prompt_password("Password: ")
        .context("cannot read the password from the terminal")?;
    let again = rpassword::prompt_password("Repeat password: ")?;
    if first != again {
        bail!("the passwords do not match");
    }
    Ok(first)
}

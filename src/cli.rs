//! The command line: `serve`, `migrate`, `admin create|promote`, `import`, `backup`.

use std::{io::BufRead, net::SocketAddr, path::PathBuf};

use anyhow::{Context, bail};
use clap::{Args, Parser, Subcommand};

use crate::{
    accounts::admin_cli,
    catalog::import::{self, CatalogueFiles},
    config::{DataDir, Settings},
    db::{self, Db},
    server::{self, ServeOptions},
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
        Command::Import { dir, data } => {
            let files = CatalogueFiles::read_dir(&dir)?;
            let db = open_db(&data.data_dir)?;
            let report = db
                .write(move |tx| import::import(tx, &files, false))
                .await?
                .map_err(anyhow::Error::new)?;
            println!(
                "imported {} industries, {} careers, {} courses, {} providers and {} new offerings; removed {} example providers",
                report.industries,
                report.careers,
                report.courses,
                report.providers,
                report.offerings,
                report.example_providers_removed
            );
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
    }
}

fn open_db(data_dir: &DataDir) -> anyhow::Result<Db> {
    data_dir.ensure()?;
    Db::open(&data_dir.database())
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

//! Settings: every one is a command-line flag with an `APP_`-prefixed environment variable
//! behind it, and the data directory that holds the database, secrets and runtime files.

use std::{
    fs::{self, File},
    io::Write,
    os::unix::fs::{OpenOptionsExt, PermissionsExt},
    path::{Path, PathBuf},
};

use anyhow::Context;
use clap::Args;

use crate::db::{Checkpoints, Durability, Storage};

/// The defaults of the settings, each written once: the flags and `Settings::for_data_dir` use them.
macro_rules! default_addr {
    () => {
        "127.0.0.1:8080"
    };
}
pub const DEFAULT_ADDR: &str = default_addr!();
/// Links in mails point here when `APP_PUBLIC_URL` is not set.
pub const DEFAULT_PUBLIC_URL: &str = concat!("http://", default_addr!());
pub const DEFAULT_DATA_DIR: &str = "./data";
pub const DEFAULT_SITE_NAME: &str = "CourseSource";
pub const DEFAULT_MAIL_FROM: &str = "CourseSource <no-reply@coursesource.local>";
/// Open client connections at most, unless `APP_MAX_CONNECTIONS` says otherwise.
pub const DEFAULT_MAX_CONNECTIONS: usize = 1024;
/// Enough for every hot answer of the bench data and for the 2,000 courses' answers of every
/// kind, now that a kept answer is held in zstd alone (lever AS in bench/RESULTS.md: it was
/// 12 MiB for answers that weighed five times as much, and 12 MiB then took the server's peak
/// past 100 MB). A kept answer costs the process about what it weighs here (lever AE).
pub const DEFAULT_ANSWER_CACHE_MIB: u64 = 8;
/// The Australian Business Register's JSON ABN lookup.
pub const DEFAULT_ABR_URL: &str = "https://abr.business.gov.au/json/AbnDetails.aspx";

/// Where the database, the session key, uploads and the mail outbox live.
#[derive(Debug, Clone, Args)]
pub struct DataDir {
    /// Directory for the database, secrets, uploads and the mail outbox (created if missing)
    #[arg(long = "data-dir", env = "APP_DATA_DIR", default_value = DEFAULT_DATA_DIR)]
    pub path: PathBuf,
}

impl DataDir {
    pub fn new(path: impl Into<PathBuf>) -> Self {
        Self { path: path.into() }
    }

    /// Creates the directory if it does not exist yet.
    /// Creates the directory if it does not exist yet, and checks that this user may write in
    /// it (a directory left owned by another user, e.g. root after a manual run, is the usual
    /// first-deployment mistake: say so plainly).
    pub fn ensure(&self) -> anyhow::Result<()> {
        fs::create_dir_all(&self.path)
            .with_context(|| format!("cannot create the data directory {}", self.path.display()))?;
        // A directory an earlier release left at 0755 is closed too: its files, whatever their
        // own modes, are then out of other users' reach.
        if let Err(err) = fs::set_permissions(&self.path, fs::Permissions::from_mode(0o700)) {
            tracing::warn!(dir = %self.path.display(), error = %err, "cannot make the data directory private (0700)");
        }
        let probe = self.path.join(".write-check");
        match File::create(&probe) {
            Ok(_) => {
                let _ = fs::remove_file(&probe);
                Ok(())
            }
            Err(err) => {
                use std::os::unix::fs::MetadataExt;
                let owner = fs::metadata(&self.path)
                    .map(|m| format!("it belongs to user {}", m.uid()))
                    .unwrap_or_else(|_| "its owner is unknown".into());
                anyhow::bail!(
                    "cannot write to the data directory {}: {err} ({owner}, this process runs as user {}); run app as that user, or give the directory to this one with chown",
                    self.path.display(),
                    // SAFETY: geteuid has no preconditions and cannot fail.
                    unsafe { libc::geteuid() }
                )
            }
        }
    }

    pub fn database(&self) -> PathBuf {
        self.path.join(crate::db::DB_FILE)
    }

    /// Uploaded profile images, served at `/media/<name>`.
    pub fn uploads(&self) -> PathBuf {
        self.path.join("uploads")
    }

    pub fn outbox(&self) -> PathBuf {
        self.path.join("outbox")
    }

    /// Reads the secret `name`, generating 64 random bytes on first use. The file is
    /// created with 0600 permissions so only the service's user can read it.
    pub fn secret(&self, name: &str) -> anyhow::Result<Vec<u8>> {
        let path = self.path.join(name);
        match fs::read(&path) {
            Ok(bytes) if bytes.len() >= 32 => return Ok(bytes),
            Ok(_) => anyhow::bail!(
                "the secret {} is too short; delete it to generate a new one",
                path.display()
            ),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => return Err(err).with_context(|| format!("cannot read {}", path.display())),
        }
        // Written whole to a file of its own, then linked into place: a full disk never leaves
        // a short key behind, and of two processes making it at once, both use the first one's.
        let bytes: [u8; 64] = rand::random();
        let draft = self
            .path
            .join(format!("{name}.{:016x}.new", rand::random::<u64>()));
        let written = (|| -> std::io::Result<()> {
            let mut file = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&draft)?;
            file.write_all(&bytes)?;
            file.sync_all()
        })();
        let linked = written.and_then(|()| fs::hard_link(&draft, &path));
        let _ = fs::remove_file(&draft);
        match linked {
            Ok(()) => Ok(bytes.to_vec()),
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => self.secret(name),
            Err(err) => Err(err).with_context(|| format!("cannot create {}", path.display())),
        }
    }

    /// Takes an exclusive lock on the data directory for the life of the returned file, so a
    /// second `serve` on the same directory stops with a message instead of sharing it.
    pub fn lock(&self) -> anyhow::Result<File> {
        let path = self.path.join("app.lock");
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        match file.try_lock() {
            Ok(()) => Ok(file),
            Err(fs::TryLockError::WouldBlock) => anyhow::bail!(
                "another `app serve` is already using the data directory {}; stop it first or choose another --data-dir",
                self.path.display()
            ),
            Err(fs::TryLockError::Error(err)) => Err(err).context("cannot lock the data directory"),
        }
    }
}

/// Settings of the running site.
#[derive(Debug, Clone, Args)]
pub struct Settings {
    #[command(flatten)]
    pub data_dir: DataDir,

    /// Public address of the site, used in links inside mails (default: http://ADDR)
    #[arg(long, env = "APP_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Name of the site in titles and mails
    #[arg(long, env = "APP_SITE_NAME", default_value = DEFAULT_SITE_NAME)]
    pub site_name: String,

    /// SMTP server for outgoing mail, e.g. smtps://user:pass@mail.example.com:465; without it
    /// mails are written as .eml files to DATA_DIR/outbox
    #[arg(long, env = "APP_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// Sender of outgoing mail
    #[arg(long, env = "APP_MAIL_FROM", default_value = DEFAULT_MAIL_FROM)]
    pub mail_from: String,

    /// Where contact-form messages are mailed (default: every admin account)
    #[arg(long, env = "APP_CONTACT_TO")]
    pub contact_to: Option<String>,

    /// The site runs behind a reverse proxy: take the client's address from the last hop of
    /// X-Forwarded-For (for rate limits)
    #[arg(long, env = "APP_TRUST_PROXY", value_parser = clap::builder::BoolishValueParser::new())]
    pub trust_proxy: bool,

    /// GUID for the Australian Business Register's web services: with it, sign-up shows the
    /// registered entity name of an ABN; without it only the check-digit rule applies
    #[arg(long, env = "APP_ABR_GUID", hide_env_values = true)]
    pub abr_guid: Option<String>,

    /// The ABR's JSON ABN lookup (change it only to test against a stand-in)
    #[arg(long, env = "APP_ABR_URL", default_value = DEFAULT_ABR_URL)]
    pub abr_url: String,

    /// With APP_STAGING_PASSWORD: lock the whole site behind a lock screen that asks for this
    /// username and that password (a staging copy kept private)
    #[arg(long, env = "APP_STAGING_USER")]
    pub staging_user: Option<String>,

    /// The lock screen's password (see APP_STAGING_USER)
    #[arg(long, env = "APP_STAGING_PASSWORD", hide_env_values = true)]
    pub staging_password: Option<String>,

    /// The live site, linked from the staging lock screen
    #[arg(long, env = "APP_PRODUCTION_URL")]
    pub production_url: Option<String>,

    /// What a commit waits for: normal (it is in the WAL; a power cut can lose the last
    /// commits since the last sync, never consistency) or full (every commit is on disk
    /// before it is answered; slower writes)
    #[arg(long, env = "APP_DURABILITY", value_enum, default_value_t = Durability::Normal)]
    pub durability: Durability,

    /// Litestream replicates the database: the app stops checkpointing the WAL and leaves
    /// it to Litestream, as Litestream requires
    #[arg(long, env = "APP_LITESTREAM", value_parser = clap::builder::BoolishValueParser::new())]
    pub litestream: bool,

    /// How many login password checks, and how many other password hashes (sign-ups, resets,
    /// password changes), may each run or wait at once; beyond that a call answers 503 with
    /// Retry-After (default: 16 per core)
    #[arg(long, env = "APP_HASH_QUEUE")]
    pub hash_queue: Option<usize>,

    /// Memory the kept answers may take, in MiB, their compressed forms included; the least
    /// recently used go first (DESIGN decision 17)
    #[arg(long = "answer-cache-mib", env = "APP_ANSWER_CACHE_MIB", default_value_t = DEFAULT_ANSWER_CACHE_MIB)]
    pub answer_cache_mib: u64,

    /// How many client connections may be open at once; beyond that new ones wait to be
    /// accepted (each open connection holds memory and a file descriptor)
    #[arg(long, env = "APP_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS)]
    pub max_connections: usize,

    /// daily: `serve` syncs the catalogue from the National Training Register once a day
    /// (an incremental run; off by default)
    #[arg(long, env = "APP_REGISTER_SYNC", value_enum)]
    pub register_sync: Option<RegisterSync>,

    #[command(flatten)]
    pub register: RegisterSettings,

    #[command(flatten)]
    pub signals: SignalThresholds,

    /// Whether `serve --demo` runs: without it the demo accounts cannot log in.
    #[arg(skip)]
    pub demo: bool,
}

impl Settings {
    /// The site's address for links in mails.
    pub fn public_url(&self) -> &str {
        self.public_url
            .as_deref()
            .unwrap_or(DEFAULT_PUBLIC_URL)
            .trim_end_matches('/')
    }

    pub fn for_data_dir(path: &Path) -> Self {
        Self {
            data_dir: DataDir::new(path),
            public_url: None,
            site_name: DEFAULT_SITE_NAME.into(),
            smtp_url: None,
            mail_from: DEFAULT_MAIL_FROM.into(),
            contact_to: None,
            trust_proxy: false,
            abr_guid: None,
            abr_url: DEFAULT_ABR_URL.into(),
            staging_user: None,
            staging_password: None,
            production_url: None,
            durability: Durability::Normal,
            litestream: false,
            hash_queue: None,
            answer_cache_mib: DEFAULT_ANSWER_CACHE_MIB,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            register_sync: None,
            register: RegisterSettings::new(DEFAULT_REGISTER_URL),
            signals: SignalThresholds::default(),
            demo: false,
        }
    }

    /// The database options these settings ask for.
    pub fn storage(&self) -> Storage {
        Storage {
            durability: self.durability,
            checkpoints: if self.litestream {
                Checkpoints::Litestream
            } else {
                Checkpoints::App
            },
        }
    }
}

/// When a submitted review raises a signal for the moderators (issue 30; README lists them).
#[derive(Debug, Clone, Args)]
pub struct SignalThresholds {
    /// Burst: an offering's reviews in 24 hours at least this many...
    #[arg(
        long = "signal-burst-reviews",
        env = "APP_SIGNAL_BURST_REVIEWS",
        default_value_t = 5
    )]
    pub burst_reviews: i64,
    /// ...and more than this many times its daily median over 90 days
    #[arg(
        long = "signal-burst-factor",
        env = "APP_SIGNAL_BURST_FACTOR",
        default_value_t = 3
    )]
    pub burst_factor: i64,
    /// Cluster: this many reviews of one provider in 7 days from one network
    #[arg(
        long = "signal-cluster-reviews",
        env = "APP_SIGNAL_CLUSTER_REVIEWS",
        default_value_t = 3
    )]
    pub cluster_reviews: i64,
    /// Fresh account: created less than this many hours before its first review
    #[arg(
        long = "signal-fresh-hours",
        env = "APP_SIGNAL_FRESH_HOURS",
        default_value_t = 24
    )]
    pub fresh_hours: i64,
    /// Near-duplicate: title and comment at least this percent alike by word trigrams
    #[arg(
        long = "signal-duplicate-percent",
        env = "APP_SIGNAL_DUPLICATE_PERCENT",
        default_value_t = 80
    )]
    pub duplicate_percent: i64,
}

impl Default for SignalThresholds {
    fn default() -> Self {
        Self {
            burst_reviews: 5,
            burst_factor: 3,
            cluster_reviews: 3,
            fresh_hours: 24,
            duplicate_percent: 80,
        }
    }
}

/// The National Training Register's public API.
pub const DEFAULT_REGISTER_URL: &str = "https://training.gov.au";

/// How often `serve` syncs the catalogue from the register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RegisterSync {
    Daily,
}

/// How `app catalogue sync` reaches the National Training Register (DESIGN decision 28).
#[derive(Debug, Clone, Args)]
pub struct RegisterSettings {
    /// The register's address (change it only to sync from a stand-in)
    #[arg(long = "register-url", env = "APP_REGISTER_URL", default_value = DEFAULT_REGISTER_URL)]
    pub url: String,

    /// Requests a second at most: the register is a public service shared by everyone
    #[arg(long = "register-rate", env = "APP_REGISTER_RATE", default_value_t = 5)]
    pub rate: u32,

    /// The first wait before a retry, in milliseconds; it doubles with each retry
    #[arg(
        long = "register-backoff-ms",
        env = "APP_REGISTER_BACKOFF_MS",
        default_value_t = 1000,
        hide = true
    )]
    pub backoff_ms: u64,
}

impl RegisterSettings {
    pub fn new(url: &str) -> Self {
        Self {
            url: url.trim_end_matches('/').to_owned(),
            rate: 5,
            backoff_ms: 1000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DataDir;

    #[test]
    fn a_secret_made_by_many_at_once_is_one_key_and_leaves_no_draft() {
        let dir = tempfile::TempDir::new().unwrap();
        let data = DataDir::new(dir.path());
        let keys: Vec<Vec<u8>> = std::thread::scope(|scope| {
            let makers: Vec<_> = (0..8)
                .map(|_| scope.spawn(|| data.secret("test.key").unwrap()))
                .collect();
            makers.into_iter().map(|m| m.join().unwrap()).collect()
        });
        assert!(keys.iter().all(|key| key == &keys[0] && key.len() == 64));
        let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert_eq!(files.len(), 1, "{files:?}");
        assert_eq!(data.secret("test.key").unwrap(), keys[0]);
    }
}

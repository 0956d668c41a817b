//! The bench data set of `app seed --bench [--scale F]` (DESIGN section 6): at scale 1, 2,000
//! courses, 5,000 providers, 60,000 offerings, 200,000 users, 1,000,000 reviews, 2,000,000
//! likes and dislikes, 100,000 favourites and 1,000,000 follows (with a week of their alerts),
//! with one pair holding 5,000 approved reviews and one reviewer with 200. The catalogue goes
//! through `app import`'s checks, every review through a submission's checks and scoring
//! (`reviews::rules::check_review`) and the reviews store, votes, favourites and follows through
//! their stores, and the counters are recounted from the reviews at the end, so generated data cannot disagree with real data. Deterministic for a
//! given scale and day: one seed drives every choice, dates count back from today.

mod catalogue;
mod follows;
mod reviews;
mod store;

use std::{
    fmt::Write as _,
    path::{Path, PathBuf},
    time::Instant,
};

use anyhow::{Context, bail};
use rand::{SeedableRng, rngs::StdRng};
use rusqlite::{Connection, OpenFlags};

use crate::{
    auth::{password, session::SessionKeys},
    catalog::{counters_store, import, store as catalog_store},
    config::{DataDir, Settings},
    db::Db,
    moderation,
};

const SEED: u64 = 0x00BE_7C45_EED5;
/// Every generated account's password.
pub const PASSWORD: &str = "Bench1234";
pub const DOMAIN: &str = "bench.coursesource.local";
/// Accounts without reviews whose tokens the benchmark uses to submit reviews.
const WRITERS: usize = 1_000;
/// What the benchmark reads, written beside the database.
pub const ENV_FILE: &str = "bench.env";

/// How much of everything a scale writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    pub courses: usize,
    pub providers: usize,
    pub offerings: usize,
    /// Accounts besides the admin and the writers.
    pub users: usize,
    pub reviews: usize,
    pub votes: usize,
    pub favourites: usize,
    /// Follows of pairs, providers and courses, on top of the favourites' pairs.
    pub follows: usize,
    /// Approved reviews of the hot pair.
    pub hot_reviews: usize,
    /// Providers of the first course.
    pub hot_course_providers: usize,
    /// Reviews of the most prolific reviewer.
    pub prolific_reviews: usize,
}

impl Shape {
    pub fn at(scale: f64) -> Self {
        let n = |full: f64, least: usize| ((full * scale).round() as usize).max(least);
        let providers = n(5_000.0, 20);
        Self {
            courses: n(2_000.0, 10),
            providers,
            offerings: n(60_000.0, 100),
            users: n(200_000.0, 200),
            reviews: n(1_000_000.0, 1_000),
            votes: n(2_000_000.0, 2_000),
            favourites: n(100_000.0, 100),
            follows: n(1_000_000.0, 1_000),
            hot_reviews: n(5_000.0, 50),
            hot_course_providers: 60.min(providers),
            prolific_reviews: 200,
        }
    }
}

/// What `seed --bench` wrote and what the benchmark needs to find it.
#[derive(Debug)]
pub struct Seeded {
    pub shape: Shape,
    pub hot_course_id: i64,
    pub hot_course_slug: String,
    pub hot_provider_id: i64,
    pub hot_provider_slug: String,
    pub hot_career_id: i64,
    pub hot_industry_id: i64,
    pub prolific_user_id: i64,
    pub admin_token: String,
    pub prolific_token: String,
    pub seconds: f64,
    /// The files of tokens, offerings and approved review ids for the write benchmarks.
    pub files: Vec<PathBuf>,
}

impl Seeded {
    /// `KEY=value` lines a shell script can source.
    pub fn env(&self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "HOT_COURSE_ID={}\nHOT_COURSE_SLUG={}\nHOT_PROVIDER_ID={}\nHOT_PROVIDER_SLUG={}\n\
             HOT_REVIEWS={}\nHOT_CAREER_ID={}\nHOT_INDUSTRY_ID={}\nPROLIFIC_USER_ID={}\n\
             ADMIN_TOKEN={}\nPROLIFIC_TOKEN={}\n",
            self.hot_course_id,
            self.hot_course_slug,
            self.hot_provider_id,
            self.hot_provider_slug,
            self.shape.hot_reviews,
            self.hot_career_id,
            self.hot_industry_id,
            self.prolific_user_id,
            self.admin_token,
            self.prolific_token,
        );
        for file in &self.files {
            let key = file
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .replace('-', "_")
                .to_uppercase();
            let _ = writeln!(out, "{key}={}", file.display());
        }
        out
    }
}

/// Writes the bench data set into `data_dir`, which must hold no accounts yet.
pub async fn seed(data_dir: &DataDir, scale: f64) -> anyhow::Result<Seeded> {
    if !(scale > 0.0 && scale <= 10.0) {
        bail!("--scale must be above 0 and at most 10, such as 0.01, 0.1 or 1");
    }
    let path = data_dir.database();
    refuse_if_in_use(&path)?;
    data_dir.ensure()?;
    let _lock = data_dir.lock()?;
    // Migrate through the normal path, data steps included (else the first start after every
    // copy of the data set would run them), then write on one connection tuned for a bulk load.
    drop(Db::open_with(
        &path,
        Default::default(),
        &crate::server::DATA_STEPS,
    )?);
    let hash = password::hash_async(PASSWORD.to_owned()).await?;
    let secret = data_dir.secret("session.key")?;
    let data_path = data_dir.path.clone();
    tokio::task::spawn_blocking(move || write(&path, &data_path, &secret, &hash, scale)).await?
}

/// Refuses, before anything changes, a database that already holds accounts: real people's,
/// or generated ones that a second run would mix with.
fn refuse_if_in_use(path: &Path) -> anyhow::Result<()> {
    if !path.exists() {
        return Ok(());
    }
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    if !store::has_users_table(&conn)? {
        return Ok(());
    }
    let (real, generated) = store::account_counts(&conn)?;
    if real > 0 {
        bail!(
            "{} holds {real} real account(s): seed --bench writes only into a new data directory, and changed nothing",
            path.display()
        );
    }
    if generated > 0 {
        bail!(
            "{} already holds generated accounts (demo or bench data): seed --bench writes only into a new data directory, and changed nothing",
            path.display()
        );
    }
    Ok(())
}

fn write(
    path: &Path,
    data_dir: &Path,
    secret: &[u8],
    password_hash: &str,
    scale: f64,
) -> anyhow::Result<Seeded> {
    let started = Instant::now();
    let shape = Shape::at(scale);
    let mut rng = StdRng::seed_from_u64(SEED);
    let mut conn = Connection::open(path)?;
    store::prepare_bulk_load(&conn)?;

    let tx = conn.transaction()?;
    import::load_shipped_if_empty(&tx)?;
    let shipped = store::course_codes(&tx)?;
    let careers = store::career_slugs(&tx)?;
    let generated = catalogue::generate(&mut rng, &shape, &shipped, &careers);
    import::import(&tx, &generated.files, false)?
        .map_err(|errors| anyhow::anyhow!("the generated catalogue is invalid: {errors}"))?;
    tx.commit()?;

    let tx = conn.transaction()?;
    let written = moderation::store::bulk_load(&tx, |tx| {
        reviews::write(
            tx,
            &mut rng,
            &shape,
            &generated.offered_codes,
            password_hash,
        )
    })?;
    counters_store::recount_all(&tx)?;
    // The week of approvals before the moderation queue's ten days: this week's news.
    let now = crate::dates::unix_now();
    follows::alert_week(
        &tx,
        &Settings::for_data_dir(data_dir),
        (now - 17 * 86_400, now - 10 * 86_400),
    )?;
    catalog_store::bump_catalogue_version(&tx)?;
    tx.commit()?;
    conn.execute_batch("ANALYZE; PRAGMA journal_mode = WAL;")?;
    drop(conn);

    let keys = SessionKeys::new(secret, false);
    let token = |user: i64, admin: bool| -> anyhow::Result<String> {
        Ok(keys.issue(user, 0, admin, true)?.token)
    };
    let mut files = Vec::new();
    let mut save = |name: &str, lines: Vec<String>| -> anyhow::Result<()> {
        let file = data_dir.join(name);
        std::fs::write(&file, lines.join("\n") + "\n")
            .with_context(|| format!("cannot write {}", file.display()))?;
        files.push(file);
        Ok(())
    };
    save(
        "bench-writers.txt",
        written
            .writers
            .iter()
            .map(|&id| Ok(format!("{id} {}", token(id, false)?)))
            .collect::<anyhow::Result<_>>()?,
    )?;
    save(
        "bench-offerings.txt",
        written
            .fresh_offerings
            .iter()
            .map(|(course, provider)| format!("{course} {provider}"))
            .collect(),
    )?;
    save(
        "bench-reviews.txt",
        written.liked.iter().map(i64::to_string).collect(),
    )?;
    let conn = Connection::open(path)?;
    let slug = |table: &str, id: i64| store::slug(&conn, table, id);
    let (hot_career_id, hot_industry_id) =
        store::first_career(&conn, written.hot.0)?.unwrap_or_default();
    let seeded = Seeded {
        shape,
        hot_course_id: written.hot.0,
        hot_course_slug: slug("courses", written.hot.0)?,
        hot_provider_id: written.hot.1,
        hot_provider_slug: slug("providers", written.hot.1)?,
        hot_career_id,
        hot_industry_id,
        prolific_user_id: written.prolific,
        admin_token: token(written.admin, true)?,
        prolific_token: token(written.prolific, false)?,
        seconds: started.elapsed().as_secs_f64(),
        files,
    };
    std::fs::write(data_dir.join(ENV_FILE), seeded.env())?;
    Ok(seeded)
}

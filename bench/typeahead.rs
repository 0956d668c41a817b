//! Type-ahead latency inside the server: 10,000 queries of 1 to 12 characters, cut from the
//! shipped catalogue's course names and codes (with a typo now and then), against the same
//! index the server builds. Prints p50, p99 and max. Run with `cargo bench --bench typeahead`;
//! `BENCH_DATA_DIR=target/bench-data/scale-1` runs it on the bench data set's 2,000 courses.

use std::time::Instant;

use coursesource::{
    catalog::import::{self, CatalogueFiles},
    db::Db,
    search::{self, Mode},
};

const QUERIES: usize = 10_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::TempDir::new()?;
    let db = match std::env::var_os("BENCH_DATA_DIR") {
        Some(data) => Db::open(&std::path::Path::new(&data).join("app.db"))?,
        None => {
            let db = Db::open(&dir.path().join("app.db"))?;
            db.write(|tx| -> Result<_, coursesource::error::AppError> {
                Ok(import::import(tx, &CatalogueFiles::shipped(), true)?
                    .map_err(anyhow::Error::new)?)
            })
            .await?;
            db
        }
    };
    let index = search::build(&db).await?;
    let courses = index.all();

    let mut queries = Vec::with_capacity(QUERIES);
    for i in 0..QUERIES {
        let course = &courses[rand::random_range(0..courses.len())];
        let (source, mode) = if i % 4 == 0 {
            (course.code.to_lowercase(), Mode::Code)
        } else {
            (course.name.to_lowercase(), Mode::Qualification)
        };
        let chars: Vec<char> = source.chars().collect();
        let start = if mode == Mode::Qualification && i % 3 == 0 {
            // Start at a later word, as people type "comm coo" rather than "certificate iii".
            chars.iter().position(|c| *c == ' ').map_or(0, |p| p + 1)
        } else {
            0
        };
        let len = rand::random_range(1..=12).min(chars.len() - start);
        let mut query: String = chars[start..start + len].iter().collect();
        if i % 10 == 0 && len >= 6 {
            query.replace_range(3..4, "x"); // a typo
        }
        queries.push((query, mode));
    }

    let mut micros = Vec::with_capacity(QUERIES);
    let mut results = 0;
    for (query, mode) in &queries {
        let started = Instant::now();
        results += index.search(query, *mode, 10)?.len();
        micros.push(started.elapsed().as_secs_f64() * 1e6);
    }
    micros.sort_by(f64::total_cmp);
    let pick = |q: f64| micros[((micros.len() as f64 - 1.0) * q) as usize];
    println!(
        "type-ahead over {} courses, {QUERIES} queries of 1-12 characters ({results} results in all)",
        courses.len()
    );
    println!(
        "p50 {:.0} µs   p99 {:.0} µs   max {:.0} µs",
        pick(0.5),
        pick(0.99),
        pick(1.0)
    );
    Ok(())
}

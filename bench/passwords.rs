//! argon2id time per hash (m = 19 MiB, t = 2, p = 1) on this machine: the cost of every
//! login, sign-up and password change. Prints the median and the slowest of 30 hashes.
//! Run with `cargo bench --bench passwords`.

use std::time::Instant;

use coursesource::auth::password;

fn main() -> anyhow::Result<()> {
    let mut millis: Vec<f64> = (0..30)
        .map(|i| {
            let started = Instant::now();
            password::hash(&format!("Secret{i}23")).expect("hashing works");
            started.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    millis.sort_by(f64::total_cmp);
    println!(
        "argon2id m=19MiB t=2 p=1: median {:.1} ms, slowest {:.1} ms per hash (30 hashes)",
        millis[15], millis[29]
    );
    Ok(())
}

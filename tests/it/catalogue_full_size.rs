//! A first full sync against the stand-in register at the real register's size, at the real
//! politeness limit (5 requests a second, one connection): its duration and request count, per
//! step. Ignored by default (it takes about an hour, mostly waiting on the limit); run it as
//! bench/README.md says ('Register sync') and copy its figures into bench/RESULTS.md.

use std::time::Instant;

use coursesource::{
    catalog::register::{self, SyncOptions},
    config::RegisterSettings,
};

use crate::common::{
    TestApp,
    register::Register,
    register_full::{self, DELIVERY_ROWS, ORGANISATIONS, QUALIFICATIONS},
};

/// Which call a request was, for the per-step counts.
fn call(path: &str) -> &'static str {
    if path.starts_with("/api/search/training") {
        "qualifications: search pages"
    } else if path.starts_with("/api/content/bundle/") {
        "qualifications: content bundles"
    } else if path.contains("/delivery") {
        "delivery: pages"
    } else if path.contains("/releases/") {
        "qualifications: release details"
    } else if path.starts_with("/api/training/") {
        "qualifications: details"
    } else if path.starts_with("/api/search/organisation") {
        "providers: search pages"
    } else if path.contains("/webaddress") {
        "providers: web addresses"
    } else {
        "decisions: decisions and restrictions"
    }
}

#[tokio::test]
#[ignore = "about an hour at the real rate: run it by name (bench/README.md)"]
async fn a_first_full_sync_at_full_size_takes_under_an_hour() {
    let rate: u32 = std::env::var("REGISTER_RATE")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let register = Register::start(register_full::full_size()).await;
    let app = TestApp::new().await;
    let settings = RegisterSettings {
        url: register.url.clone(),
        rate,
        backoff_ms: 1000,
    };
    let started = Instant::now();
    let report = register::sync(&app.state.db, &settings, &SyncOptions::default())
        .await
        .unwrap();
    let seconds = started.elapsed().as_secs_f64();
    let mut per_call = std::collections::BTreeMap::<&str, u64>::new();
    for path in &register.seen.lock().unwrap().paths {
        *per_call.entry(call(path)).or_default() += 1;
    }
    println!(
        "register: {QUALIFICATIONS} qualifications, {ORGANISATIONS} organisations, {DELIVERY_ROWS} delivery rows; rate {rate}/s"
    );
    println!("{}", report.summary(false));
    for (what, n) in &per_call {
        println!("  {what}: {n}");
    }
    println!(
        "total: {} requests in {seconds:.0} s ({:.1} min), {} connection(s)",
        register.requests(),
        seconds / 60.0,
        register.connections()
    );
    assert_eq!(report.requests, register.requests());
    assert_eq!(register.connections(), 1, "one connection");
    assert!(
        register.requests() < 18_000,
        "5 requests a second allow 18,000 an hour"
    );
}

#[test]
fn the_generated_register_has_the_real_size() {
    let data = register_full::full_size();
    assert_eq!(data.qualifications.len(), QUALIFICATIONS);
    assert_eq!(data.organisations.len(), ORGANISATIONS);
    assert_eq!(
        data.delivery.values().map(Vec::len).sum::<usize>(),
        DELIVERY_ROWS
    );
    assert_eq!(data.delivery.values().map(Vec::len).max(), Some(809));
}

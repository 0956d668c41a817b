//! `serve`'s daily catalogue sync (`APP_REGISTER_SYNC=daily`) against the stand-in register.

use coursesource::catalog::register::{self, Counts, Step};

use crate::catalogue_sync::{counts, descriptions_read, full, settings};
use crate::common::{
    TestApp,
    register::{self as stand_in, Register},
};

/// `serve`'s daily sync reads what changed in the two days before, and never runs while another
/// sync that started in the last six hours has not finished; one killed longer ago is forgotten.
#[tokio::test]
async fn the_daily_sync_reads_two_days_back_and_never_runs_beside_another() {
    let register = Register::start(stand_in::small()).await;
    let app = TestApp::new().await;
    full(&app, &register).await;
    let now = time::macros::datetime!(2026-09-03 06:00 UTC);
    let killed = |hours: i64| {
        let started = now.unix_timestamp() - hours * 3600;
        app.state.db.write(move |tx| {
            tx.execute(
                "INSERT INTO register_sync_runs (started_at, dry_run, steps) VALUES (?1, 0, 'all')",
                [started],
            )
        })
    };
    killed(1).await.unwrap();
    let asked = register.seen.lock().unwrap().paths.len();
    assert!(
        register::daily_run(&app.state.db, &settings(&register), now)
            .await
            .is_none(),
        "a sync started an hour ago may still be running"
    );
    assert_eq!(
        register.seen.lock().unwrap().paths.len(),
        asked,
        "nothing asked of the register"
    );
    app.state
        .db
        .write(|tx| {
            tx.execute(
                "DELETE FROM register_sync_runs WHERE finished_at IS NULL",
                [],
            )
        })
        .await
        .unwrap();
    killed(7).await.unwrap();
    let report = register::daily_run(&app.state.db, &settings(&register), now)
        .await
        .expect("a sync killed seven hours ago is forgotten")
        .unwrap();
    assert_eq!(counts(&report, Step::Qualifications), Counts::default());
    let descriptions = descriptions_read(&register);
    // 28 in the full run, then the 3 updated since 1 September, two days before.
    assert_eq!(descriptions, 28 + 3);
}

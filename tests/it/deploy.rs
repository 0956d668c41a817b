//! The shipped systemd unit (`deploy/coursesource.service`, docs/deploy.md): systemd accepts it
//! and its exposure score stays at most 2.0. Both checks work on the file alone, without a
//! running systemd (Debian's `systemd` package; tests/all.sh installs it when missing).

use std::{path::Path, process::Command};

/// The unit as an operator installs it, with `ExecStart` pointing at the binary just built
/// (`systemd-analyze verify` checks that the command exists).
fn unit_for_this_build(dir: &Path) -> std::path::PathBuf {
    let unit = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/deploy/coursesource.service"
    ))
    .unwrap();
    assert!(unit.contains("ExecStart=/usr/local/bin/app serve"));
    let path = dir.join("coursesource.service");
    std::fs::write(
        &path,
        unit.replace(
            "ExecStart=/usr/local/bin/app",
            &format!("ExecStart={}", env!("CARGO_BIN_EXE_app")),
        ),
    )
    .unwrap();
    path
}

fn systemd_analyze(args: &[&str]) -> std::process::Output {
    Command::new("systemd-analyze")
        .args(args)
        .output()
        .expect("systemd-analyze is missing: install Debian's systemd package (tests/all.sh does)")
}

#[test]
fn systemd_accepts_the_unit() {
    let dir = tempfile::TempDir::new().unwrap();
    let unit = unit_for_this_build(dir.path());
    let out = systemd_analyze(&["verify", unit.to_str().unwrap()]);
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_unit_exposure_score_is_at_most_two() {
    let dir = tempfile::TempDir::new().unwrap();
    let unit = unit_for_this_build(dir.path());
    let out = systemd_analyze(&["security", "--offline=yes", unit.to_str().unwrap()]);
    let report = String::from_utf8_lossy(&out.stdout);
    let score: f64 = report
        .lines()
        .find_map(|line| {
            line.split("Overall exposure level for coursesource.service: ")
                .nth(1)
        })
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|score| score.parse().ok())
        .unwrap_or_else(|| panic!("no exposure score in {report}"));
    assert!(score <= 2.0, "exposure {score} > 2.0:\n{report}");
}

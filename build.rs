//! Builds the React UI in `ui/` so `cargo build` alone yields the complete binary, and tells
//! rust-embed where the files are (`UI_DIST_DIR`). `SKIP_UI_BUILD=1` skips npm: an existing
//! `ui/dist` is embedded as it is, or a one-line placeholder page when there is none.

use std::{
    env, fs,
    path::{Path, PathBuf},
    process::Command,
    time::SystemTime,
};

const UI_INPUTS: &[&str] = &[
    "src",
    "public",
    "scripts",
    "index.html",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "tsconfig.json",
    "tsconfig.app.json",
    "tsconfig.node.json",
    "tsconfig.e2e.json",
    "e2e",
    "playwright.config.ts",
];

fn main() {
    println!("cargo:rerun-if-env-changed=SKIP_UI_BUILD");
    let ui = Path::new("ui");
    let dist = ui.join("dist");
    let skip = env::var("SKIP_UI_BUILD").is_ok_and(|v| !v.is_empty() && v != "0");

    if skip {
        // Embed whatever was built last, and notice when it is rebuilt.
        println!("cargo:rerun-if-changed=ui/dist");
    } else if ui.join("package.json").exists() {
        for input in UI_INPUTS {
            println!("cargo:rerun-if-changed=ui/{input}");
        }
        // Tailwind reads the classes of the server-written pages from here too.
        println!("cargo:rerun-if-changed=src/pages/templates");
        if node_modules_stale(ui) {
            npm(ui, &["ci", "--no-audit", "--no-fund"]);
        }
        npm(ui, &["run", "build"]);
    }

    let folder = if dist.join("index.html").exists() {
        dist.canonicalize().expect("ui/dist is readable")
    } else {
        placeholder()
    };
    println!("cargo:rustc-env=UI_DIST_DIR={}", folder.display());
}

/// `npm ci` is needed when there are no packages yet or the lock file changed since.
fn node_modules_stale(ui: &Path) -> bool {
    let installed = modified(&ui.join("node_modules/.package-lock.json"));
    let locked = modified(&ui.join("package-lock.json"));
    match (installed, locked) {
        (Some(installed), Some(locked)) => locked > installed,
        _ => true,
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

fn npm(ui: &Path, args: &[&str]) {
    let status = Command::new("npm")
        .args(args)
        .current_dir(ui)
        .status()
        .unwrap_or_else(|err| panic!("cannot run npm (is Node.js installed?): {err}"));
    assert!(status.success(), "`npm {}` failed in ui/", args.join(" "));
}

fn placeholder() -> PathBuf {
    let dir =
        PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("ui-placeholder");
    fs::create_dir_all(&dir).expect("OUT_DIR is writable");
    fs::write(
        dir.join("index.html"),
        "<!doctype html><title>CourseSource</title><p>The UI was not built: run cargo build without SKIP_UI_BUILD.</p>\n",
    )
    .expect("OUT_DIR is writable");
    dir
}

//! `app import` with the files operators actually make: UTF-8 with or without a byte-order
//! mark, Windows line ends, Excel's Windows-1252, semicolons; the shipped catalogue on a new
//! database; `--dry-run` and `--template`; and a table of broken files, each reported by file
//! and line with the database unchanged.

use crate::common;

use std::{fs, path::Path, process::Output};

use common::{TestApp, app_command};
use coursesource::catalog::import::{self, CatalogueFiles, TEMPLATE};
use tempfile::TempDir;

const PROVIDERS_HEADER: &str = "slug,name,website,town,state,latitude,longitude,description";

/// One provider row; `name` may carry accents.
fn provider_row(slug: &str, name: &str) -> String {
    format!(
        "{slug},{name},https://{slug}.example,Ballarat,VIC,-37.5622,143.8503,<p>Hands-on training.</p>"
    )
}

async fn provider_names(app: &TestApp) -> Vec<String> {
    app.state
        .db
        .read(|c| {
            c.prepare("SELECT name FROM providers WHERE is_example = 0 ORDER BY name")?
                .query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>()
        })
        .await
        .unwrap()
}

/// The same two providers as Excel and LibreOffice save them.
#[tokio::test]
async fn files_as_spreadsheets_save_them_import_alike() {
    let rows = format!(
        "{PROVIDERS_HEADER}\n{}\n{}\n",
        provider_row("cafe-college", "Café Brontë Academy"),
        provider_row("plain-college", "Plain College")
    );
    let windows_1252: Vec<u8> = rows
        .replace('\n', "\r\n")
        .chars()
        .map(|c| match c {
            'é' => 0xE9,
            'ë' => 0xEB,
            c => c as u8,
        })
        .collect();
    let cases: [(&str, Vec<u8>, Option<&str>); 4] = [
        ("UTF-8 (LibreOffice)", rows.clone().into_bytes(), None),
        (
            "CSV UTF-8 with a byte-order mark (Excel)",
            [b"\xEF\xBB\xBF".as_slice(), rows.as_bytes()].concat(),
            None,
        ),
        (
            "UTF-8 with Windows line ends",
            rows.replace('\n', "\r\n").into_bytes(),
            None,
        ),
        (
            "CSV (Comma delimited), Windows-1252 (Excel)",
            windows_1252,
            Some("providers.csv is not UTF-8 (line 2 first): read it as Windows-1252"),
        ),
    ];
    for (label, bytes, note) in cases {
        let app = TestApp::new().await;
        let dir = TempDir::new().unwrap();
        fs::write(dir.path().join("providers.csv"), bytes).unwrap();
        let report = app
            .import_dir(dir.path())
            .await
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(report.new_providers, 2, "{label}");
        assert_eq!(
            provider_names(&app).await,
            ["Café Brontë Academy", "Plain College"],
            "{label}"
        );
        match note {
            Some(note) => assert!(
                report.notes.len() == 1 && report.notes[0].contains(note),
                "{label}: {:?}",
                report.notes
            ),
            None => assert!(report.notes.is_empty(), "{label}: {:?}", report.notes),
        }
    }
}

#[tokio::test]
async fn windows_and_unix_line_ends_give_the_same_line_numbers() {
    let bad = format!(
        "{PROVIDERS_HEADER}\n{}\n{}\n{}\n",
        provider_row("good-college", "Good College"),
        provider_row("Bad Slug", "Bad"),
        provider_row("good-college", "Twice")
    );
    let mut reports = Vec::new();
    for text in [bad.clone(), bad.replace('\n', "\r\n")] {
        let app = TestApp::new().await;
        let dir = TempDir::new().unwrap();
        fs::write(dir.path().join("providers.csv"), text).unwrap();
        reports.push(app.import_dir(dir.path()).await.unwrap_err().0);
    }
    assert_eq!(
        reports[0],
        [
            "providers.csv line 3: slug 'Bad Slug' must be lower-case words joined by hyphens",
            "providers.csv line 3: website 'https://Bad Slug.example' must be a web address starting with https://",
            "providers.csv line 4: slug 'good-college' appears twice",
        ]
    );
    assert_eq!(reports[1], reports[0], "CRLF and LF alike");
}

/// Files that cannot be imported: each is reported by file and line, and nothing changes.
#[tokio::test]
async fn broken_files_are_reported_by_file_and_line_and_change_nothing() {
    let huge = format!("{PROVIDERS_HEADER}\n{}", provider_row("big-college", "Big"))
        + &"x".repeat(50 * 1024 * 1024);
    let cases: [(&str, &str, String, &str); 7] = [
        (
            "semicolons",
            "providers.csv",
            format!(
                "{}\n{}\n",
                PROVIDERS_HEADER.replace(',', ";"),
                provider_row("a-college", "A").replace(',', ";")
            ),
            "providers.csv line 1: the columns are separated by ';' (semicolon), not ','; save it as 'CSV UTF-8 (Comma delimited)'",
        ),
        (
            "a missing column",
            "providers.csv",
            "slug,name,website,town,state,latitude,longitude\nx,X,https://x.example,Ballarat,VIC,-37.5,143.8\n".into(),
            "providers.csv line 1: the column 'description' is missing (the header is slug,name,website,town,state,latitude,longitude,description)",
        ),
        (
            "an extra column",
            "industries.csv",
            "slug,name,copy,colour\nmining,Mining,Digging.,red\n".into(),
            "industries.csv line 1: the column 'colour' is not one of slug,name,copy",
        ),
        (
            "a duplicate slug",
            "industries.csv",
            "slug,name,copy\nmining,Mining,Digging.\nmining,Mining again,Digging.\n".into(),
            "industries.csv line 3: slug 'mining' appears twice",
        ),
        (
            "a stray quote",
            "industries.csv",
            "slug,name,copy\nmining,Mining,Digging.\nfarming,\"Farming,Growing.\n".into(),
            "industries.csv line 3: has 2 fields, the header has 3",
        ),
        (
            "an empty file",
            "offerings.csv",
            String::new(),
            "offerings.csv line 1: the file is empty: it needs at least its header row",
        ),
        (
            "a 50 MB file",
            "providers.csv",
            huge,
            "providers.csv is larger than 20 MB",
        ),
    ];
    for (label, file, text, expected) in cases {
        let app = TestApp::new().await;
        let before = provider_names(&app).await.len();
        let dir = TempDir::new().unwrap();
        fs::write(dir.path().join(file), text).unwrap();
        let reported = match CatalogueFiles::read_dir(dir.path()) {
            Err(err) => err.to_string(),
            Ok(files) => app
                .state
                .db
                .write(move |tx| import::import(tx, &files, false))
                .await
                .unwrap()
                .unwrap_err()
                .0
                .join("\n"),
        };
        assert!(reported.contains(expected), "{label}: {reported}");
        assert_eq!(provider_names(&app).await.len(), before, "{label}");
        let industries: i64 = app
            .state
            .db
            .read(|c| {
                c.query_row(
                    "SELECT COUNT(*) FROM industries WHERE slug IN ('mining', 'farming')",
                    [],
                    |r| r.get(0),
                )
            })
            .await
            .unwrap();
        assert_eq!(industries, 0, "{label}: nothing imported");
    }
}

fn run(data: &Path, args: &[&str]) -> Output {
    app_command(data).args(args).output().unwrap()
}

/// What a successful command printed, without its log lines.
fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|line| !line.contains(" INFO ") && !line.trim().is_empty())
        .map(|line| format!("{line}\n"))
        .collect()
}

/// An operator's provider offering a shipped national course, on a database `serve` never saw.
fn operator_files(dir: &Path) {
    fs::create_dir_all(dir).unwrap();
    fs::write(
        dir.join("providers.csv"),
        format!(
            "{PROVIDERS_HEADER}\n{}\n",
            provider_row("ballarat-kitchen", "Ballarat Kitchen School")
        ),
    )
    .unwrap();
    fs::write(
        dir.join("offerings.csv"),
        "course,provider\nSIT30821,ballarat-kitchen\n",
    )
    .unwrap();
}

fn count(data: &Path, sql: &str) -> i64 {
    rusqlite::Connection::open(data.join("app.db"))
        .unwrap()
        .query_row(sql, [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_new_database_gets_the_shipped_national_catalogue_first_unless_told_otherwise() {
    let tmp = TempDir::new().unwrap();
    let (files, data) = (tmp.path().join("in"), tmp.path().join("data"));
    operator_files(&files);

    let out = run(
        &data,
        &[
            "import",
            "--without-shipped-catalogue",
            files.to_str().unwrap(),
        ],
    );
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "offerings.csv line 2: course 'SIT30821' is not in courses.csv or the database"
        )
    );
    assert_eq!(
        count(&data, "SELECT COUNT(*) FROM courses"),
        0,
        "nothing imported"
    );

    let report = stdout(&run(&data, &["import", files.to_str().unwrap()]));
    assert!(
        report.contains("loaded the shipped national qualifications first"),
        "{report}"
    );
    assert_eq!(
        count(&data, "SELECT COUNT(*) FROM providers"),
        1,
        "examples replaced"
    );
    assert_eq!(
        count(
            &data,
            "SELECT COUNT(*) FROM offerings o JOIN courses c ON c.id = o.course_id WHERE c.code = 'SIT30821'"
        ),
        1
    );
    assert!(count(&data, "SELECT COUNT(*) FROM courses") > 200);
}

#[test]
fn a_dry_run_changes_nothing_and_reports_what_the_import_then_does() {
    let tmp = TempDir::new().unwrap();
    let (files, data) = (tmp.path().join("in"), tmp.path().join("data"));
    operator_files(&files);
    run(&data, &["migrate"]);

    let rehearsed = stdout(&run(
        &data,
        &["import", "--dry-run", files.to_str().unwrap()],
    ));
    assert!(
        rehearsed.contains("dry run: nothing was written"),
        "{rehearsed}"
    );
    assert!(
        rehearsed.contains("providers: 1 would be added, 0 would be updated"),
        "{rehearsed}"
    );
    assert!(
        rehearsed.contains("example providers: 90 would be removed"),
        "{rehearsed}"
    );
    assert_eq!(
        count(&data, "SELECT COUNT(*) FROM courses"),
        0,
        "nothing written"
    );
    assert_eq!(count(&data, "SELECT COUNT(*) FROM providers"), 0);

    let done = stdout(&run(&data, &["import", files.to_str().unwrap()]));
    let expected = rehearsed
        .replace("would be ", "")
        .replace("would load", "loaded")
        .replace("dry run: nothing was written\n", "");
    assert_eq!(done, expected, "the import does what the dry run said");
}

#[test]
fn the_template_imports_cleanly_once_its_example_rows_are_filled_in() {
    let tmp = TempDir::new().unwrap();
    let (template, data) = (tmp.path().join("template"), tmp.path().join("data"));
    stdout(&run(
        &data,
        &["import", "--template", template.to_str().unwrap()],
    ));
    let readme = fs::read_to_string(template.join("README.txt")).unwrap();
    for file in &TEMPLATE {
        let header = fs::read_to_string(template.join(file.name)).unwrap();
        assert_eq!(header, format!("{}\n", file.header()));
        assert!(
            readme.contains(file.example),
            "README.txt shows {}'s example",
            file.name
        );
        fs::write(
            template.join(file.name),
            format!("{header}{}\n", file.example),
        )
        .unwrap();
    }
    let report = stdout(&run(&data, &["import", template.to_str().unwrap()]));
    assert!(report.contains("providers: 1 added"), "{report}");
    assert!(report.contains("campuses: 1 added"), "{report}");
    assert!(report.contains("offering facts: 1 changed"), "{report}");
    assert_eq!(
        count(
            &data,
            "SELECT COUNT(*) FROM offerings o JOIN providers p ON p.id = o.provider_id WHERE p.slug = 'riverside-care-college'"
        ),
        1
    );
    let again = run(&data, &["import", "--template", template.to_str().unwrap()]);
    assert!(!again.status.success(), "a template never overwrites files");
}

#[test]
fn a_data_directory_owned_by_another_user_is_a_clear_error() {
    let tmp = TempDir::new().unwrap();
    let data = tmp.path().join("data");
    fs::create_dir(&data).unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&data, fs::Permissions::from_mode(0o700)).unwrap();
    fs::set_permissions(tmp.path(), fs::Permissions::from_mode(0o755)).unwrap();
    if unsafe { libc::geteuid() } != 0 {
        return; // only root can start the binary as another user; CI runs as root
    }
    for command in ["migrate", "serve"] {
        let out = std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_app"))
            .arg(command)
            .env_clear()
            .env("APP_DATA_DIR", &data)
            .env("APP_ADDR", "127.0.0.1:0")
            .output()
            .expect("setpriv (util-linux) runs the binary as nobody");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{command}");
        assert!(!stderr.contains("panicked"), "{command}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "cannot write to the data directory {}",
                data.display()
            )) && stderr.contains("Permission denied")
                && stderr.contains("it belongs to user 0"),
            "{command}: {stderr}"
        );
    }
}

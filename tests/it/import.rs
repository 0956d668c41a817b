//! `app import DIR`: good data, every bad row reported with nothing imported, re-import by
//! slug, example providers replaced, and the search index following the change.

use crate::common;

use std::{fs, path::Path};

use common::TestApp;
use coursesource::{
    catalog::import::{self, CatalogueFiles},
    search,
};
use tempfile::TempDir;

fn write_catalogue(dir: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        fs::write(dir.join(name), text).unwrap();
    }
}

const INDUSTRIES: &str = "slug,name,copy\nmaritime,Maritime,\"Crewing ships, ferries and workboats around the coast.\"\n";
const CAREERS: &str = "slug,industry,name,copy\ndeckhand,maritime,Deckhand,\"<p>Deckhands moor, load and keep watch.</p>\"\nskipper,maritime,Skipper,<p>Skippers command small vessels.</p>\n";
const COURSES: &str = "slug,code,name,copy,careers\ncertificate-ii-in-maritime-operations,MAR20321,Certificate II in Maritime Operations (Coxswain Grade 1 Near Coastal),Entry to near-coastal work on small vessels.,deckhand;skipper\n";
const PROVIDERS: &str = "slug,name,website,town,state,latitude,longitude,description\nport-lincoln-sea-school,Port Lincoln Sea School,https://www.pl-sea.example,Port Lincoln,SA,-34.7263,135.8700,\"<p>Sea time on real boats.</p><script>alert(1)</script>\"\n";
const OFFERINGS: &str = "course,provider\nMAR20321,port-lincoln-sea-school\n";

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    app.state
        .db
        .read(move |c| c.query_row(sql, [], |r| r.get(0)))
        .await
        .unwrap()
}

#[tokio::test]
async fn an_operator_catalogue_imports_and_replaces_the_example_providers() {
    let app = TestApp::new().await;
    let examples = count(&app, "SELECT COUNT(*) FROM providers WHERE is_example = 1").await;
    assert!(examples >= 80);
    let dir = TempDir::new().unwrap();
    write_catalogue(
        dir.path(),
        &[
            ("industries.csv", INDUSTRIES),
            ("careers.csv", CAREERS),
            ("courses.csv", COURSES),
            ("providers.csv", PROVIDERS),
            ("offerings.csv", OFFERINGS),
        ],
    );

    let report = app.import_dir(dir.path()).await.unwrap();
    assert_eq!(
        report,
        import::ImportReport {
            industries: 1,
            careers: 2,
            courses: 1,
            providers: 1,
            offerings: 1,
            example_providers_removed: examples as usize,
            new_industries: 1,
            new_careers: 2,
            new_courses: 1,
            new_providers: 1,
            notes: Vec::new(),
            ..Default::default()
        }
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM providers").await, 1);
    assert_eq!(
        count(
            &app,
            "SELECT provider_count FROM courses WHERE code = 'MAR20321'"
        )
        .await,
        1
    );
    assert_eq!(
        count(&app, "SELECT SUM(provider_count) FROM courses").await,
        1,
        "counters recounted after the example offerings went"
    );
    assert_eq!(
        count(
            &app,
            "SELECT course_count FROM careers WHERE slug = 'skipper'"
        )
        .await,
        1
    );
    assert_eq!(
        count(
            &app,
            "SELECT career_count FROM industries WHERE slug = 'maritime'"
        )
        .await,
        2
    );
    let description: String = app
        .state
        .db
        .read(|c| c.query_row("SELECT description_html FROM providers", [], |r| r.get(0)))
        .await
        .unwrap();
    assert_eq!(
        description, "<p>Sea time on real boats.</p>",
        "HTML is sanitised when written"
    );

    // The same files again: updated in place, nothing duplicated.
    write_catalogue(
        dir.path(),
        &[(
            "industries.csv",
            &INDUSTRIES.replace("Maritime,", "Maritime and Boating,"),
        )],
    );
    let again = app.import_dir(dir.path()).await.unwrap();
    assert_eq!(
        (
            again.industries,
            again.offerings,
            again.example_providers_removed
        ),
        (1, 0, 0)
    );
    assert_eq!(again.new_industries, 0, "updated by slug, not added");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM industries WHERE slug = 'maritime' AND name = 'Maritime and Boating'").await, 1);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM course_careers cc JOIN courses c ON c.id = cc.course_id WHERE c.code = 'MAR20321'").await, 2);

    // The running server's type-ahead follows the catalogue.
    assert!(
        search::refresh(&app.state.db, &app.state.search)
            .await
            .unwrap()
    );
    let found = app
        .state
        .search
        .search("maritime op", search::Mode::Qualification, 5)
        .unwrap();
    assert_eq!(found[0].code, "MAR20321");
}

#[tokio::test]
async fn every_bad_row_is_reported_and_nothing_is_imported() {
    let app = TestApp::new().await;
    let before = count(&app, "SELECT (SELECT COUNT(*) FROM courses) + (SELECT COUNT(*) FROM providers) + (SELECT COUNT(*) FROM careers)").await;
    let dir = TempDir::new().unwrap();
    write_catalogue(
        dir.path(),
        &[
            (
                "industries.csv",
                "slug,name,copy\nmaritime,Maritime,Boats.\nBad Slug,X,Copy\n",
            ),
            (
                "careers.csv",
                "slug,industry,name,copy\ndeckhand,maritime,Deckhand,<p>Decks.</p>\nskipper,nowhere,Skipper,<p>x</p>\n",
            ),
            (
                "courses.csv",
                &format!(
                    "slug,code,name,copy,careers\nmar,MAR2032,Maritime,Copy,deckhand\nmar-two,MAR20321,Maritime Two,{},deckhand;captain\n",
                    "x".repeat(301)
                ),
            ),
            (
                "providers.csv",
                "slug,name,website,town,state,latitude,longitude,description\nsea,Sea,ftp://sea,Perth,XX,51.5,-0.1,<p>ok</p>\nshort,Short,https://s.example\n",
            ),
            (
                "offerings.csv",
                "course,provider\nZZZ99999,sea\nMAR20321,nobody\n",
            ),
        ],
    );
    let errors = app.import_dir(dir.path()).await.unwrap_err().0;
    let expected = [
        "industries.csv line 3: slug 'Bad Slug' must be lower-case words joined by hyphens",
        "careers.csv line 3: industry 'nowhere' is not in industries.csv or the database",
        "courses.csv line 2: code 'MAR2032' is not a course code such as SIT30821 or 22338VIC",
        "courses.csv line 3: copy is longer than 300 characters of text",
        "courses.csv line 3: career 'captain' is not in careers.csv or the database",
        "providers.csv line 2: website 'ftp://sea' must be a web address starting with https://",
        "providers.csv line 2: state 'XX' must be one of ACT, NSW, NT, QLD, SA, TAS, VIC, WA",
        "providers.csv line 2: latitude/longitude '51.5, -0.1' is not a place in Australia",
        "providers.csv line 3: has 3 fields, the header has 8",
        "offerings.csv line 2: course 'ZZZ99999' is not in courses.csv or the database",
        "offerings.csv line 3: provider 'nobody' is not in providers.csv or the database",
    ];
    assert_eq!(errors, expected);
    let after = count(&app, "SELECT (SELECT COUNT(*) FROM courses) + (SELECT COUNT(*) FROM providers) + (SELECT COUNT(*) FROM careers)").await;
    assert_eq!(after, before, "nothing imported");
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM industries WHERE slug = 'maritime'"
        )
        .await,
        0
    );
}

#[test]
fn the_import_command_reports_bad_rows_and_fails() {
    let dir = TempDir::new().unwrap();
    let data = dir.path().join("data");
    let input = dir.path().join("in");
    fs::create_dir(&input).unwrap();
    write_catalogue(
        &input,
        &[("offerings.csv", "course,provider\nSIT30821,nobody\n")],
    );
    let out = common::app_command(&data)
        .args(["import", input.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "offerings.csv line 2: provider 'nobody' is not in providers.csv or the database"
        ),
        "{stderr}"
    );

    // A whole catalogue on a new database (with the shipped national courses loaded first).
    write_catalogue(
        &input,
        &[
            ("industries.csv", INDUSTRIES),
            ("careers.csv", CAREERS),
            ("courses.csv", COURSES),
            ("providers.csv", PROVIDERS),
            ("offerings.csv", OFFERINGS),
        ],
    );
    let out = common::app_command(&data)
        .args(["import", input.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("industries: 1 added, 0 updated")
            && stdout.contains("careers: 2 added, 0 updated")
            && stdout.contains("courses: 1 added, 0 updated")
            && stdout.contains("providers: 1 added, 0 updated")
            && stdout.contains("offerings: 1 added")
            && stdout.contains("the shipped national qualifications first"),
        "{stdout}"
    );
}

#[test]
fn a_directory_without_catalogue_files_is_refused() {
    let dir = TempDir::new().unwrap();
    let err = CatalogueFiles::read_dir(dir.path()).err().unwrap();
    assert!(
        err.to_string().contains("holds none of industries.csv"),
        "{err}"
    );
}

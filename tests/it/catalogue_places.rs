//! `app catalogue sync` places each provider at its head office postcode (the shipped postcode
//! table, `data/postcodes.csv`), so a course's provider list carries the coordinates the
//! browser measures a distance to; a postcode the table lacks leaves them empty, and
//! coordinates an admin or a representative set are kept.

use serde_json::{Value, json};

use crate::catalogue_sync::full;
use crate::common::{
    TestApp,
    register::{self as stand_in, Register},
};

/// Sydney's and Melbourne's CBD postcodes' centroids, as the table gives them.
const SYDNEY: (f64, f64) = (-33.8661, 151.204);
const MELBOURNE: (f64, f64) = (-37.813, 144.9611);

/// The provider of RTO code `rto` as the first course's provider list shows it.
async fn listed(app: &TestApp, rto: &'static str) -> Value {
    let (course, slug): (i64, String) = app
        .state
        .db
        .read(move |conn| {
            conn.query_row(
                "SELECT o.course_id, p.slug FROM offerings o JOIN providers p ON p.id = o.provider_id
                 WHERE p.rto_code = ?1 AND o.retired_at IS NULL ORDER BY o.course_id LIMIT 1",
                [rto],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .await
        .unwrap();
    let list = app
        .post_json(
            "/api/getprovidersbycourseid",
            &json!({ "courseId": course.to_string() }),
        )
        .await
        .json();
    list.as_array()
        .unwrap()
        .iter()
        .find(|p| p["slug"] == slug.as_str())
        .cloned()
        .unwrap_or_else(|| panic!("{rto} in the list of course {course}"))
}

fn place(provider: &Value) -> (Option<f64>, Option<f64>) {
    (
        provider["location"]["Latitude"].as_f64(),
        provider["location"]["Longitude"].as_f64(),
    )
}

fn set_postcode(register: &Register, rto: &str, postcode: &str) {
    register.change(|data| {
        let org = data
            .organisations
            .iter_mut()
            .find(|o| o["code"] == rto)
            .unwrap();
        org["headOfficeAddress"]["postCode"] = json!(postcode);
    });
}

#[tokio::test]
async fn a_synced_provider_is_placed_at_its_postcode_and_an_unknown_one_is_left_empty() {
    let register = Register::start(stand_in::small()).await;
    set_postcode(&register, "90001", "0999");
    let app = TestApp::new().await;
    full(&app, &register).await;
    // 90005's head office is in 2000 (Sydney): the list carries the postcode's centroid.
    assert_eq!(
        place(&listed(&app, "90005").await),
        (Some(SYDNEY.0), Some(SYDNEY.1))
    );
    // 0999 is no postcode the table holds: no coordinates, so no distance, rather than a guess.
    assert_eq!(place(&listed(&app, "90001").await), (None, None));
}

#[tokio::test]
async fn coordinates_follow_the_postcode_unless_someone_set_them() {
    let register = Register::start(stand_in::small()).await;
    let app = TestApp::new().await;
    full(&app, &register).await;
    // An admin places 90010 at its real campus; both it and 90005 move to Melbourne.
    app.state
        .db
        .write(|tx| {
            tx.execute(
                "UPDATE providers SET latitude = -33.7, longitude = 150.3 WHERE rto_code = '90010'",
                [],
            )
        })
        .await
        .unwrap();
    set_postcode(&register, "90005", "3000");
    set_postcode(&register, "90010", "3000");
    full(&app, &register).await;
    assert_eq!(
        place(&listed(&app, "90005").await),
        (Some(MELBOURNE.0), Some(MELBOURNE.1)),
        "the register's coordinates follow its postcode"
    );
    assert_eq!(
        place(&listed(&app, "90010").await),
        (Some(-33.7), Some(150.3)),
        "the admin's are kept"
    );
}

//! Edit Content and the promotion strip: who may call them, every message, the sanitiser
//! against hostile input, and the public pages showing the new copy on the next request.

use crate::common;

use axum::http::StatusCode;
use common::{
    TestApp,
    reviewing::{admin, row, sql, user},
    scenario::{Caller, Case, admin_only},
};
use serde_json::{Value, json};

const TOO_LONG: &str = "Description must not be longer than 300 characters";

async fn first(app: &TestApp, table: &str) -> (String, String) {
    let id: i64 = row(app, format!("SELECT MIN(id) FROM {table}")).await;
    let slug: String = row(app, format!("SELECT slug FROM {table} WHERE id = {id}")).await;
    (id.to_string(), slug)
}

#[tokio::test]
async fn only_admins_edit_content_and_a_demoted_admin_s_token_stops_working() {
    let app = TestApp::new().await;
    let (student, _) = user(&app, "Student", "Sam", Some("SamCooks")).await;
    let (industry, _) = first(&app, "industries").await;
    let body = json!({ "id": industry, "description": "New words" });
    let strip = json!({ "for": "promotion-strip", "content": { "displayPromotionStrip": false } });
    let calls = [
        Case::post("industry", "/api/updateindustry", body.clone()),
        Case::post("career", "/api/updatecareer", body.clone()),
        Case::post("course", "/api/updatecourse", body.clone()),
        Case::post("strip", "/api/admin/staticcontent", strip),
    ];
    app.run_cases(&admin_only(&calls, &Caller::bearer(&student)))
        .await;
    let unchanged: i64 = row(
        &app,
        "SELECT COUNT(*) FROM industries WHERE copy = 'New words'",
    )
    .await;
    assert_eq!(unchanged, 0);

    let ada = admin(&app).await;
    sql(&app, "UPDATE users SET is_admin = 0").await;
    app.run_case(
        &Case::post("demoted", "/api/updateindustry", body)
            .by(&Caller::bearer(&ada))
            .error(StatusCode::FORBIDDEN, None, "Only admins may do that."),
    )
    .await;
}

#[tokio::test]
async fn descriptions_follow_the_spec_s_rules_and_show_at_once() {
    let app = TestApp::new().await;
    let ada = Caller::bearer(&admin(&app).await);
    let (industry, _) = first(&app, "industries").await;
    let (course, course_slug) = first(&app, "courses").await;
    let (career, career_slug) = first(&app, "careers").await;
    let update = |path: &str, id: &str, description: Value| {
        Case::post(path, path, json!({ "id": id, "description": description })).by(&ada)
    };
    app.run_cases(&[
        update("/api/updateindustry", &industry, json!("  "))
            .error(StatusCode::BAD_REQUEST, Some("description"), "Description is required"),
        update("/api/updateindustry", &industry, json!("x".repeat(301)))
            .error(StatusCode::BAD_REQUEST, Some("description"), TOO_LONG),
        update("/api/updatecourse", &course, json!("é".repeat(301)))
            .error(StatusCode::BAD_REQUEST, Some("description"), TOO_LONG),
        update("/api/updatecareer", &career, json!("<p><br></p>"))
            .error(StatusCode::BAD_REQUEST, Some("description"), "Description is required"),
        update("/api/updatecareer", &career, json!(format!("<p>{}</p>", "x".repeat(301))))
            .error(StatusCode::BAD_REQUEST, Some("description"), TOO_LONG),
        Case::post("no id", "/api/updatecourse", json!({ "description": "Words" }))
            .by(&ada)
            .error(StatusCode::BAD_REQUEST, Some("id"), "id is required"),
        update("/api/updatecourse", "999999", json!("Words"))
            .error(StatusCode::NOT_FOUND, None, "Course not found"),
        update("/api/updatecareer", "999999", json!("<p>Words</p>"))
            .error(StatusCode::NOT_FOUND, None, "Career not found"),
        update("/api/updateindustry", "999999", json!("Words"))
            .error(StatusCode::NOT_FOUND, None, "Industry not found"),
        update("/api/updateindustry", &industry, json!("  Trimmed before it is stored  "))
            .expect(
                StatusCode::OK,
                json!([{ "msg": "Details updated successfully", "obj": { "_id": industry, "copy": "Trimmed before it is stored" } }]),
            ),
        update("/api/updatecourse", &course, json!("x".repeat(300))).status(StatusCode::OK),
    ])
    .await;

    // Tags do not count towards the career's limit: 300 characters of text in bold fit.
    let bold = format!(
        "<p><strong>{}</strong></p><ul><li>One</li></ul>",
        "y".repeat(297)
    );
    let res = app
        .run_case(&update("/api/updatecareer", &career, json!(bold)).status(StatusCode::OK))
        .await;
    assert_eq!(res.json()[0]["obj"]["copy"], bold);

    // Every public answer shows the new copy on the next request.
    let industries = app.get("/api/industries").await.json();
    let shown = industries
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["_id"] == industry)
        .unwrap();
    assert_eq!(shown["copy"], "Trimmed before it is stored");
    let course_page = app
        .post_json(
            "/api/getcoursebyslug",
            &json!({ "courseSlug": course_slug }),
        )
        .await
        .json();
    assert_eq!(course_page["copy"], "x".repeat(300));
    let career_page = app
        .post_json(
            "/api/getcareerbyslug",
            &json!({ "careerSlug": career_slug }),
        )
        .await
        .json();
    assert_eq!(career_page["copy"], bold);
}

#[tokio::test]
async fn hostile_career_copy_never_survives() {
    let app = TestApp::new().await;
    let ada = admin(&app).await;
    let (career, _) = first(&app, "careers").await;
    for (hostile, stored) in [
        ("<p>Hi<script>alert(1)</script></p>", "<p>Hi</p>"),
        ("<p onmouseover=\"alert(1)\">Hi</p>", "<p>Hi</p>"),
        (
            "<a href=\"javascript:alert(1)\">Hi</a>",
            "<a rel=\"noopener noreferrer nofollow\">Hi</a>",
        ),
        ("<p style=\"position:fixed\">Hi</p>", "<p>Hi</p>"),
        ("<img src=x onerror=alert(1)>Hi", "Hi"),
        ("<iframe src=\"https://evil.example\"></iframe>Hi", "Hi"),
        ("<svg><script>alert(1)</script></svg>Hi", "Hi"),
        (
            "<a href=\"https://example.com\" target=\"_blank\">Go</a>",
            "<a href=\"https://example.com\" rel=\"noopener noreferrer nofollow\">Go</a>",
        ),
        (
            "<h2>Title</h2><ol><li><em>a</em></li></ol><u>b</u>",
            "<h2>Title</h2><ol><li><em>a</em></li></ol><u>b</u>",
        ),
    ] {
        let res = app
            .post_as(
                &ada,
                "/api/updatecareer",
                &json!({ "id": career, "description": hostile }),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{hostile}: {}", res.text());
        assert_eq!(res.json()[0]["obj"]["copy"], stored, "{hostile}");
        let kept: String = row(
            &app,
            format!("SELECT copy_html FROM careers WHERE id = {career}"),
        )
        .await;
        assert_eq!(kept, stored, "{hostile}");
    }
}

fn strip(content: Value) -> Value {
    let mut full = json!({
        "displayPromotionStrip": true, "stripMessageText": "ignored",
        "stripMessageHtml": "<p><strong>Win</strong> $1,000</p>", "displayCTAButton": true,
        "buttonLabel": "Enter now", "buttonLink": "https://example.com/competition"
    });
    for (key, value) in content.as_object().unwrap() {
        full[key] = value.clone();
    }
    json!({ "for": "promotion-strip", "content": full })
}

#[tokio::test]
async fn the_promotion_strip_is_off_until_saved_then_everyone_sees_what_was_stored() {
    let app = TestApp::new().await;
    let ada = Caller::bearer(&admin(&app).await);
    let off = json!({ "content": {
        "displayPromotionStrip": false, "stripMessageText": "", "stripMessageHtml": "",
        "displayCTAButton": false, "buttonLabel": "", "buttonLink": "" } });
    let save = |name: &str, content: Value| {
        Case::post(name, "/api/admin/staticcontent", strip(content)).by(&ada)
    };
    app.run_cases(&[
        Case::get("before", "/api/admin/staticcontent/promotion-strip").expect(StatusCode::OK, off),
        Case::get("unknown", "/api/admin/staticcontent/footer").error(
            StatusCode::NOT_FOUND,
            None,
            "Content not found",
        ),
        Case::post(
            "unknown for",
            "/api/admin/staticcontent",
            json!({ "for": "footer", "content": {} }),
        )
        .by(&ada)
        .error(StatusCode::NOT_FOUND, None, "Content not found"),
        save("no message", json!({ "stripMessageHtml": "<p> </p>" })).error(
            StatusCode::BAD_REQUEST,
            Some("stripMessageHtml"),
            "Description is required",
        ),
        save(
            "long message",
            json!({ "stripMessageHtml": format!("<p><strong>{}</strong></p>", "w".repeat(51)) }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("stripMessageHtml"),
            "Description must not be longer than 50 characters",
        ),
        save("no label", json!({ "buttonLabel": " " })).error(
            StatusCode::BAD_REQUEST,
            Some("buttonLabel"),
            "Button Label is required",
        ),
        save("long label", json!({ "buttonLabel": "l".repeat(26) })).error(
            StatusCode::BAD_REQUEST,
            Some("buttonLabel"),
            "Button Label must not be longer than 25 characters",
        ),
        save("no link", json!({ "buttonLink": "" })).error(
            StatusCode::BAD_REQUEST,
            Some("buttonLink"),
            "Button Link is required",
        ),
        save(
            "script link",
            json!({ "buttonLink": "javascript:alert(1)" }),
        )
        .error(
            StatusCode::BAD_REQUEST,
            Some("buttonLink"),
            "Button Link URL is invalid",
        ),
        save("no tld", json!({ "buttonLink": "https://intranet" })).error(
            StatusCode::BAD_REQUEST,
            Some("buttonLink"),
            "Button Link URL is invalid",
        ),
        save("another site", json!({ "buttonLink": "//evil.example/x" })).error(
            StatusCode::BAD_REQUEST,
            Some("buttonLink"),
            "Button Link URL is invalid",
        ),
        // A path on the site itself (issue 27).
        save("site path", json!({ "buttonLink": "/competition" })).status(StatusCode::OK),
        // The button is off: its fields are not checked.
        save(
            "button off",
            json!({ "displayCTAButton": false, "buttonLabel": "", "buttonLink": "" }),
        )
        .status(StatusCode::OK),
    ])
    .await;

    let res = app
        .run_case(
            &save(
                "hostile html",
                json!({
                    "stripMessageText": "<script>",
                    "stripMessageHtml": "<p onclick=\"x()\"><strong>Win</strong> <span style=\"color: rgb(147, 197, 253)\">big</span><script>alert(1)</script> <span style=\"color:red\">now</span></p>",
                    "buttonLink": "www.example.com.au/enrol"
                }),
            )
            .status(StatusCode::OK),
        )
        .await;
    let stored = json!({
        "displayPromotionStrip": true, "stripMessageText": "Win big now",
        "stripMessageHtml": "<p><strong>Win</strong> <span style=\"color: #93c5fd\">big</span> <span>now</span></p>",
        "displayCTAButton": true, "buttonLabel": "Enter now", "buttonLink": "https://www.example.com.au/enrol"
    });
    assert_eq!(
        res.json(),
        json!([{ "msg": "Details updated successfully", "obj": { "for": "promotion-strip", "content": stored } }])
    );
    let seen = app.get("/api/admin/staticcontent/promotion-strip").await;
    assert_eq!(seen.json(), json!({ "content": stored }));
}

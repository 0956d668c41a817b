//! The authorisation matrix: every operation of the OpenAPI document (read from the router),
//! with the status an anonymous caller, an unverified account, a Student, an Employer, a
//! Parent and an admin get, and the status a Student gets for a body naming another user's
//! id; for the calls of provider representation and replies, also the status an approved
//! Course Provider representative gets ([`REPRESENTATIVE`]). An operation missing from the
//! table, or a row for one that no longer exists, fails the test, so no new call skips this
//! review. Bodies are otherwise valid (or, for calls that would change the caller's account,
//! fail only after the session is checked), so a status says who may call, not what was sent.

use crate::common;

use std::collections::BTreeSet;

use axum::http::Method;
use common::{
    TestApp, representing,
    reviewing::{self, ADMIN, Pair},
};
use coursesource::reviews::ReviewerType;
use serde_json::{Value, json};

/// Anonymous, unverified, Student, Employer, Parent, admin.
type Statuses = [u16; 6];
const WHO: [&str; 6] = [
    "anonymous",
    "unverified",
    "Student",
    "Employer",
    "Parent",
    "admin",
];

/// One operation: method, documented path, the request's body (a template whose `{name}`
/// placeholders [`Fixture::fill`] replaces), the statuses by caller, and the Student's status
/// when the body names another user's id (`userId`, or `user` for a review), if it takes one.
struct Row(
    &'static str,
    &'static str,
    &'static str,
    Statuses,
    Option<u16>,
);

#[rustfmt::skip]
const MATRIX: &[Row] = &[
    //   method  path                                        body                                                                  anon unver stud  empl  par   admin  other id
    Row("GET",    "/api/health",                             "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/userinfo",                           "",                                                                   [200, 401, 200, 200, 200, 200], None),
    Row("POST",   "/api/auth/login",                         r#"{"email": "nobody@example.com", "password": "Wrong1234"}"#,       [401, 401, 401, 401, 401, 401], None),
    Row("POST",   "/api/logout",                             "",                                                                   [401, 401, 204, 204, 204, 204], None),
    Row("POST",   "/api/register",                           "{}",                                                                 [400, 400, 400, 400, 400, 400], None),
    Row("POST",   "/api/check-email",                        r#"{"email": "free@example.com"}"#,                                   [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/check-nickname",                     r#"{"nickName": "Freddo"}"#,                                          [200, 401, 200, 200, 200, 200], None),
    Row("POST",   "/api/check-abn",                          r#"{"abn": "51 824 753 556"}"#,                                       [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/verifyaccount",                      r#"{"token": "no-such-token", "password": "Secret123"}"#,             [400, 400, 400, 400, 400, 400], None),
    Row("POST",   "/api/verifyaccountform",                  r#"{"email": "nobody{caller}@example.com"}"#,                         [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/forgotpassword",                     r#"{"email": "nobody{caller}@example.com"}"#,                         [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/check-token",                        r#"{"tokenFor": "forgot", "token": "no-such-token"}"#,                [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/resetpassword",                      r#"{"password": "Secret123", "passwordConfirm": "Secret123", "resetToken": "no-such-token"}"#, [400, 400, 400, 400, 400, 400], None),
    Row("POST",   "/api/updatedetails",                      r#"{"firstName": "Sam", "lastName": "Lee", "gender": "Other", "avatar": 1}"#, [401, 401, 400, 400, 200, 200], Some(403)),
    Row("POST",   "/api/updateemail",                        r#"{"email": "new@example.com", "emailConfirm": "other@example.com"}"#, [401, 401, 400, 400, 400, 400], Some(403)),
    Row("POST",   "/api/updatepassword",                     r#"{"newPassword": "Secret123", "newPasswordConfirm": "Other1234"}"#, [401, 401, 400, 400, 400, 400], Some(403)),
    Row("GET",    "/api/account/export",                     "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("POST",   "/api/account/delete",                     r#"{"password": ""}"#,                                                [401, 401, 400, 400, 400, 400], None),
    Row("POST",   "/api/favourites/getfavourites",           "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("POST",   "/api/addorremovefavourite",               r#"{"action": "add", "courseId": "{course}", "providerId": "{provider}"}"#, [401, 401, 200, 200, 200, 200], Some(403)),
    Row("GET",    "/api/notifications",                      "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("GET",    "/api/notifications/unread-count",         "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("POST",   "/api/notifications/read",                 "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("GET",    "/api/follows",                            "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("POST",   "/api/follows",                            r#"{"action": "follow", "courseId": "{course}", "providerId": "{provider}"}"#, [401, 401, 200, 200, 200, 200], Some(403)),
    Row("GET",    "/api/notification-settings",              "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("PUT",    "/api/notification-settings",              r#"{"choices": {"review-reply": "site"}, "timeZone": "Australia/Perth"}"#, [401, 401, 200, 200, 200, 200], Some(403)),
    Row("POST",   "/api/unsubscribe/{token}",                "",                                                                   [400, 400, 400, 400, 400, 400], None),
    Row("POST",   "/api/unsubscribe/{token}/undo",           "",                                                                   [400, 400, 400, 400, 400, 400], None),
    Row("GET",    "/api/industries",                         "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/industrieslist",                     "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/careers",                            "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/courses",                            "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/getrandomprovider",                  "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getcareersbyindustryid",             r#"{"industryId": "{industry}"}"#,                                    [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getcareerbyslug",                    r#"{"careerSlug": "{career_slug}"}"#,                                 [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getcoursecount",                     "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getcoursesbycareerid",               r#"{"careerId": "{career}"}"#,                                        [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getindustryidforcourse",             r#"{"careerId": "{career}"}"#,                                        [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getcoursebyslug",                    r#"{"courseSlug": "{course_slug}"}"#,                                 [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getprovidersbycourseid",             r#"{"courseId": "{course}"}"#,                                        [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getproviderbyslug",                  r#"{"providerSlug": "{provider_slug}"}"#,                             [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/regulatory-decisions/{providerSlug}", "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getoverallproviderrating",           r#"{"providerId": "{provider}"}"#,                                    [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getratingdetails",                   r#"{"courseId": "{course}", "providerId": "{provider}"}"#,            [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/compareproviders",                   r#"{"courseSlug": "{course_slug}", "providerSlugs": ["{provider_slug}"]}"#, [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/search/typeahead",                   "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/search/searchoptions",               "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/search/getsearchresults",            r#"{"courseId": "{course}"}"#,                                        [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/contactform",                        r#"{"name": "Mia", "email": "mia@example.com", "message": "Hello"}"#, [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/review/questions",                   "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getreviewsfor",                      r#"{"courseId": "{course}", "providerId": "{provider}"}"#,            [401, 401, 200, 200, 200, 200], None),
    Row("POST",   "/api/review/checkifuserreviewed",         r#"{"courseId": "{course}", "providerId": "{provider}"}"#,            [401, 401, 200, 200, 200, 200], Some(403)),
    Row("POST",   "/api/review/getuserreviews",              "{}",                                                                 [401, 401, 200, 200, 200, 200], Some(403)),
    Row("POST",   "/api/likeordislikereview",                r#"{"action": "like", "reviewId": "{review}"}"#,                      [401, 401, 200, 200, 200, 200], Some(403)),
    Row("POST",   "/api/submitreview",                       "{submission}",                                                       [401, 401, 201, 400, 403, 403], Some(403)),
    Row("GET",    "/api/review/getunactioned",               "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/review/pullreviews",                 "{}",                                                                 [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/review/approvedisapprove",           r#"{"action": "approve", "id": "{pending}"}"#,                        [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/review/reasons",                     "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/moderation/figures",                 "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/reviews/{_id}/report",               r#"{"reason": "offensive"}"#,                                         [401, 401, 201, 201, 201, 201], None),
    Row("GET",    "/api/review/reported",                    "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/review/reported/{_id}/decision",     r#"{"action": "keep"}"#,                                              [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/review/resubmit",                    r#"{"id": "{refused}", "title": "Worth it after all", "comment": "The trainers knew their stuff.", "incentivised": false}"#, [401, 401, 200, 403, 403, 403], None),
    Row("GET",    "/api/representation",                     "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("GET",    "/api/representation/providers",           "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("POST",   "/api/representation",                     r#"{"providerId": "{provider}", "workEmail": "pat@{provider_domain}"}"#, [401, 401, 403, 403, 403, 403], None),
    Row("POST",   "/api/representation/verify",              r#"{"token": "no-such-token", "password": "Secret123"}"#,             [400, 400, 400, 400, 400, 400], None),
    Row("GET",    "/api/admin/provider-claims",              "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/admin/provider-claims/pending-count", "",                                                                  [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/admin/provider-claims/{_id}/decision", r#"{"action": "refuse"}"#,                                          [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/reviews/{_id}/reply",                r#"{"text": "Thank you for the review."}"#,                           [401, 401, 403, 403, 403, 403], None),
    Row("PUT",    "/api/reviews/{_id}/reply",                r#"{"text": "Thank you again."}"#,                                    [401, 401, 403, 403, 403, 403], None),
    Row("DELETE", "/api/reviews/{_id}/reply",                "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/providers/{_id}/offerings",          "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("PUT",    "/api/offerings/{_id}/facts",              r#"{"version": 0, "fee": 1200, "deliveryModes": ["online"]}"#,       [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/providers/{_id}/campuses",           r#"{"name": "Campus {caller}", "town": "Geelong", "state": "VIC", "postcode": "3220", "latitude": -38.1, "longitude": 144.3}"#, [401, 401, 403, 403, 403, 201], None),
    Row("PUT",    "/api/campuses/{_id}",                     r#"{"version": 1, "name": "Matrix", "town": "Geelong", "state": "VIC", "postcode": "3220", "latitude": -38.1, "longitude": 144.3}"#, [401, 401, 403, 403, 403, 200], None),
    Row("DELETE", "/api/campuses/{_id}",                     "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/funding-notes",                      "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/getofferingfacts",                   r#"{"courseId": "{course}", "providerId": "{provider}"}"#,            [200, 200, 200, 200, 200, 200], None),
    Row("GET",    "/api/admin/fact-history",                 "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/providers/{_id}/offerings/confirm",  "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/admin/funding-notes",                r#"{"name": "Note {caller}"}"#,                                       [401, 401, 403, 403, 403, 201], None),
    Row("GET",    "/api/admin/flagged-course-pages",         "",                                                                   [401, 401, 403, 403, 403, 200], None),
    // Past the admin check: the offering's course page is not flagged.
    Row("DELETE", "/api/admin/flagged-course-pages/{_id}",   "",                                                                   [401, 401, 403, 403, 403, 404], None),
    Row("POST",   "/api/updateindustry",                     r#"{"id": "{industry}", "description": "Kitchens and cafes."}"#,      [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/updatecareer",                       r#"{"id": "{career}", "description": "<p>Cooks.</p>"}"#,              [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/updatecourse",                       r#"{"id": "{course}", "description": "Cooking."}"#,                   [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/admin/staticcontent/{contentName}",  "",                                                                   [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/admin/staticcontent",                r#"{"for": "promotion-strip", "content": {"message": "Hi", "active": false}}"#, [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/admin/exportcsv",                    "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/admin/exportcsv/{token}",            "",                                                                   [404, 404, 404, 404, 404, 404], None),
    Row("POST",   "/api/admin/searchuser",                   r#"{"searchText": "{student_email}"}"#,                               [401, 401, 403, 403, 403, 200], None),
    Row("DELETE", "/api/admin/user/{_id}",                   "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/admin/catalogue",                    "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/admin/mail",                         "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/admin/mail/failed-count",            "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/admin/mail/test",                    r#"{"email": "ops@example.com"}"#,                                    [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/admin/mail/{id}/retry",              "",                                                                   [401, 401, 403, 403, 403, 404], None),
    Row("POST",   "/api/complaints",                         r#"{"name": "Kim", "email": "kim{caller}@example.org", "onBehalf": "myself", "link": "/c#review-{review}", "words": "w", "imputations": "i", "harm": "h", "declaration": true}"#, [201, 201, 201, 201, 201, 201], None),
    Row("GET",    "/api/admin/complaints",                   "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("GET",    "/api/admin/complaints/open-count",        "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/admin/complaints/{_id}/steps",       r#"{"action": "ask-author"}"#,                                        [401, 401, 403, 403, 403, 400], None),
    Row("GET",    "/api/complaints/mine",                    "",                                                                   [401, 401, 200, 200, 200, 200], None),
    Row("POST",   "/api/complaints/{_id}/response",          r#"{"text": "My side."}"#,                                            [401, 401, 404, 404, 404, 404], None),
    Row("GET",    "/api/providers/{_id}/invitations",        "",                                                                   [401, 401, 403, 403, 403, 200], None),
    Row("POST",   "/api/providers/{_id}/invitations",        r#"{"offeringId": "{rep_offering}", "periodFrom": "2025-01", "periodTo": "2025-06", "attested": true, "addresses": "invitee{caller}@example.org"}"#, [401, 401, 403, 403, 403, 403], None),
    Row("GET",    "/api/invitations/{token}",                "",                                                                   [404, 404, 404, 404, 404, 404], None),
    Row("POST",   "/api/invitations/{token}/accept",         "",                                                                   [401, 401, 404, 404, 404, 404], None),
    Row("POST",   "/api/invitations/{token}/refuse",         "",                                                                   [404, 404, 404, 404, 404, 404], None),
    Row("GET",    "/api/offering-invitations/{course}/{provider}", "",                                                             [200, 200, 200, 200, 200, 200], None),
    Row("POST",   "/api/staging/login",                      r#"{"username": "x", "password": "y"}"#,                              [404, 404, 404, 404, 404, 404], None),
];

/// The status a Course Provider user approved to represent the provider of `{review}` gets,
/// asked after the other callers, for the calls of provider representation and replies (issue
/// 14); its other rights are those of any non-admin account.
#[rustfmt::skip]
const REPRESENTATIVE: &[(&str, &str, u16)] = &[
    ("POST",   "/api/reviews/{_id}/report",                 201),
    ("GET",    "/api/review/reported",                      403),
    ("POST",   "/api/review/reported/{_id}/decision",       403),
    ("POST",   "/api/review/resubmit",                      403),
    ("GET",    "/api/representation",                       200),
    ("GET",    "/api/representation/providers",             200),
    // Past the Course Provider check: they already represent a provider.
    ("POST",   "/api/representation",                       409),
    ("POST",   "/api/representation/verify",                400),
    ("GET",    "/api/admin/provider-claims",                403),
    ("GET",    "/api/admin/provider-claims/pending-count",  403),
    ("POST",   "/api/admin/provider-claims/{_id}/decision", 403),
    ("POST",   "/api/reviews/{_id}/reply",                  201),
    ("PUT",    "/api/reviews/{_id}/reply",                  200),
    ("DELETE", "/api/reviews/{_id}/reply",                  200),
    // Offering facts (issue 28): their own provider's, never the history.
    ("GET",    "/api/providers/{_id}/offerings",            200),
    ("PUT",    "/api/offerings/{_id}/facts",                200),
    ("POST",   "/api/providers/{_id}/campuses",             201),
    ("PUT",    "/api/campuses/{_id}",                       200),
    ("DELETE", "/api/campuses/{_id}",                       200),
    ("POST",   "/api/providers/{_id}/offerings/confirm",    200),
    ("GET",    "/api/admin/fact-history",                   403),
    // Invitations (issue 30): their own provider's students, and its history.
    ("GET",    "/api/providers/{_id}/invitations",          200),
    ("POST",   "/api/providers/{_id}/invitations",          201),
    ("POST",   "/api/invitations/{token}/accept",           404),
    ("POST",   "/api/admin/funding-notes",                  403),
    ("GET",    "/api/admin/flagged-course-pages",           403),
    ("DELETE", "/api/admin/flagged-course-pages/{_id}",     403),
];

/// The campus of the representative's provider that the campus calls change.
const MATRIX_CAMPUS: i64 = 9001;

/// The fixture value a path's `{_id}` names, by the path's start (a user's id otherwise).
const PATH_IDS: &[(&str, &str)] = &[
    ("/api/reviews/", "{review}"),
    ("/api/review/reported/", "{review}"),
    ("/api/admin/provider-claims/", "{claim}"),
    ("/api/admin/complaints/", "1"),
    ("/api/complaints/", "1"),
    ("/api/providers/", "{rep_provider}"),
    ("/api/offerings/", "{rep_offering}"),
    ("/api/admin/flagged-course-pages/", "{rep_offering}"),
    ("/api/campuses/", "{campus}"),
];

/// The data the bodies name, and one account per kind of caller.
struct Fixture {
    values: Vec<(&'static str, String)>,
    /// User ids by column (none for the anonymous caller).
    users: [Option<i64>; 6],
    /// The approved representative of `{review}`'s provider, and their claim's id.
    representative: (i64, i64),
}

impl Fixture {
    async fn new(app: &TestApp) -> Self {
        let named = reviewing::named_pair(app, 0).await;
        let pair: Pair = named.ids;
        let admin_token = reviewing::admin(app).await;
        let admin = user_id(app, ADMIN).await;
        let (_, unverified) = reviewing::user(app, "Student", "Una", Some("Una")).await;
        reviewing::sql(
            app,
            &format!("UPDATE users SET verified_at = NULL WHERE id = {unverified}"),
        )
        .await;
        let (_, student) = reviewing::user(app, "Student", "Stu", Some("Stu")).await;
        let (_, employer) = reviewing::user(app, "Employer", "Emma", None).await;
        let (_, parent) = reviewing::user(app, "Parent", "Pat", None).await;
        let (_, author) = reviewing::user(app, "Student", "Ari", Some("Ari")).await;
        let (_, victim) = reviewing::user(app, "Parent", "Vic", None).await;
        let other = reviewing::pair(app, 1).await;
        let review =
            reviewing::stored_review(app, author, other, ReviewerType::Student, 8, 1, true).await;
        let pending =
            reviewing::stored_review(app, author, pair, ReviewerType::Student, 8, 1, false).await;
        let refused =
            reviewing::stored_review(app, student, other, ReviewerType::Student, 8, 1, false).await;
        let (_, representative, approved) =
            representing::representative(app, &admin_token, other.provider, "Rita").await;
        let (claimant, _) = reviewing::user(app, "Course Provider", "Cora", None).await;
        let provider_domain = representing::website_domain(app, pair.provider).await;
        let pending_claim = representing::verified_claim(
            app,
            &claimant,
            pair.provider,
            &format!("cora@{provider_domain}"),
        )
        .await;
        let rep_offering: i64 = reviewing::row(
            app,
            &format!(
                "SELECT id FROM offerings WHERE course_id = {} AND provider_id = {}",
                other.course, other.provider
            ),
        )
        .await;
        let career_slug: String = reviewing::row(
            app,
            &format!("SELECT slug FROM careers WHERE id = {}", pair.career),
        )
        .await;
        let student_email: String = reviewing::row(
            app,
            &format!("SELECT email FROM users WHERE id = {student}"),
        )
        .await;
        // Without `user`, so each caller's own type decides; the last column adds another's id.
        let submission = common::without(
            reviewing::submission(student, pair, "Student", reviewing::best_student()),
            "user",
        );
        let values = vec![
            ("{submission}", submission.to_string()),
            ("{course}", pair.course.to_string()),
            ("{provider}", pair.provider.to_string()),
            ("{industry}", pair.industry.to_string()),
            ("{career}", pair.career.to_string()),
            ("{course_slug}", named.course_slug.clone()),
            ("{provider_slug}", named.provider_slug.clone()),
            ("{career_slug}", career_slug),
            ("{review}", review.to_string()),
            ("{pending}", pending.to_string()),
            ("{refused}", refused.to_string()),
            ("{claim}", pending_claim["_id"].as_str().unwrap().to_owned()),
            ("{provider_domain}", provider_domain),
            ("{rep_provider}", other.provider.to_string()),
            ("{rep_offering}", rep_offering.to_string()),
            ("{campus}", MATRIX_CAMPUS.to_string()),
            ("{student_email}", student_email),
            ("{_id}", victim.to_string()),
            ("{token}", "no-such-link.1".into()),
            ("{contentName}", "promotion-strip".into()),
            ("{providerSlug}", named.provider_slug.clone()),
            ("{id}", "999999".into()),
        ];
        Self {
            values,
            users: [
                None,
                Some(unverified),
                Some(student),
                Some(employer),
                Some(parent),
                Some(admin),
            ],
            representative: (
                representative,
                approved["_id"].as_str().unwrap().parse().unwrap(),
            ),
        }
    }

    /// The path to request for a documented one: `{_id}` as [`PATH_IDS`] says, then filled.
    fn path(&self, documented: &str) -> String {
        let template = match PATH_IDS
            .iter()
            .find(|(start, _)| documented.starts_with(start))
        {
            Some((_, value)) => documented.replace("{_id}", value),
            None => documented.to_owned(),
        };
        self.fill(&template)
    }

    /// Gives `{review}` its representative's reply again (each caller of the reply's removal
    /// finds one to remove).
    async fn reply_again(&self, app: &TestApp) {
        let (user, claim) = self.representative;
        let review = self.fill("{review}");
        reviewing::sql(
            app,
            &format!(
                "INSERT OR IGNORE INTO review_replies (review_id, provider_id, claim_id, body)
                 SELECT {review}, provider_id, id, 'Thank you.' FROM provider_claims
                 WHERE id = {claim} AND user_id = {user}"
            ),
        )
        .await;
    }

    /// Puts back what a caller before changed: the offering's facts at version 0 and the
    /// campus [`MATRIX_CAMPUS`] at version 1 (each caller's save or removal then finds them).
    async fn facts_again(&self, app: &TestApp) {
        let provider = self.fill("{rep_provider}");
        let offering = self.fill("{rep_offering}");
        reviewing::sql(
            app,
            &format!(
                "INSERT OR IGNORE INTO campuses (id, provider_id, name, town, state, postcode, latitude, longitude)
                 VALUES ({MATRIX_CAMPUS}, {provider}, 'Matrix', 'Geelong', 'VIC', '3220', -38.1, 144.3)"
            ),
        )
        .await;
        reviewing::sql(
            app,
            &format!("UPDATE campuses SET version = 1 WHERE id = {MATRIX_CAMPUS}"),
        )
        .await;
        reviewing::sql(
            app,
            &format!("UPDATE offerings SET facts_version = 0 WHERE id = {offering}"),
        )
        .await;
    }

    fn fill(&self, template: &str) -> String {
        let mut text = template.to_owned();
        for (name, value) in &self.values {
            text = text.replace(name, value);
        }
        text
    }
}

async fn user_id(app: &TestApp, email: &str) -> i64 {
    reviewing::row(
        app,
        &format!("SELECT id FROM users WHERE email = '{email}'"),
    )
    .await
}

/// A session for `user` as login would issue it now (after any logout in an earlier row).
async fn session(app: &TestApp, user: i64) -> String {
    let (version, admin): (i64, bool) = app
        .state
        .db
        .read(move |c| {
            c.query_row(
                "SELECT token_version, is_admin FROM users WHERE id = ?1",
                [user],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .await
        .unwrap();
    app.state
        .sessions
        .issue(user, version, admin, false)
        .unwrap()
        .token
}

async fn call(app: &TestApp, row: &Row, fixture: &Fixture, user: Option<i64>, body: &str) -> u16 {
    let Row(method, path, ..) = row;
    let mut uri = fixture.path(path);
    if *method == "DELETE" && path.ends_with("/reply") {
        fixture.reply_again(app).await;
    }
    if path.starts_with("/api/campuses/") || path.starts_with("/api/offerings/") {
        fixture.facts_again(app).await;
    }
    if *path == "/api/review/questions" {
        uri.push_str("?userType=Student");
    }
    let mut headers = Vec::new();
    let bearer;
    if let Some(user) = user {
        bearer = format!("Bearer {}", session(app, user).await);
        headers.push(("authorization", bearer.as_str()));
    }
    let method = Method::from_bytes(method.as_bytes()).unwrap();
    app.send(method, &uri, &headers, body.to_owned())
        .await
        .status
        .as_u16()
}

/// `body` with `userId` (or `user`, for a review) set to someone else's id.
fn naming_another_user(body: &str, other: i64) -> String {
    let mut value: Value = if body.is_empty() {
        json!({})
    } else {
        serde_json::from_str(body).unwrap()
    };
    let key = if value.get("userType").is_some() {
        "user"
    } else {
        "userId"
    };
    value[key] = json!(other.to_string());
    value.to_string()
}

#[tokio::test]
async fn every_operation_answers_each_kind_of_caller_as_the_matrix_says() {
    let app = TestApp::new().await;
    let doc = app.get("/api/openapi.json").await.json();
    let documented: BTreeSet<String> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .unwrap()
                .keys()
                .map(move |m| format!("{} {path}", m.to_uppercase()))
        })
        .collect();
    let listed: BTreeSet<String> = MATRIX
        .iter()
        .map(|Row(m, p, ..)| format!("{m} {p}"))
        .collect();
    assert_eq!(listed.len(), MATRIX.len(), "an operation is listed twice");
    let missing: Vec<_> = documented.difference(&listed).collect();
    let stale: Vec<_> = listed.difference(&documented).collect();
    assert!(
        missing.is_empty(),
        "operations with no row in the matrix: {missing:?}"
    );
    assert!(
        stale.is_empty(),
        "rows for operations the document no longer has: {stale:?}"
    );

    let unlisted: Vec<_> = REPRESENTATIVE
        .iter()
        .map(|(m, p, _)| format!("{m} {p}"))
        .filter(|op| !listed.contains(op))
        .collect();
    assert!(
        unlisted.is_empty(),
        "representative statuses for operations with no row: {unlisted:?}"
    );

    let fixture = Fixture::new(&app).await;
    let mut wrong = Vec::new();
    for row in MATRIX {
        let Row(method, path, template, expected, other) = row;
        let body = fixture.fill(template);
        let mut got = [0u16; 6];
        for (column, user) in fixture.users.iter().enumerate() {
            // `{caller}`: each column its own value, so a per-email limit is no one's but its own.
            let body = body.replace("{caller}", &column.to_string());
            got[column] = call(&app, row, &fixture, *user, &body).await;
        }
        let representative = REPRESENTATIVE
            .iter()
            .find(|(m, p, _)| m == method && p == path);
        if let Some((.., status)) = representative {
            let got = call(&app, row, &fixture, Some(fixture.representative.0), &body).await;
            if got != *status {
                wrong.push(format!(
                    "{method} {path}: the representative got {got}, not {status}"
                ));
            }
        }
        let got_other = match other {
            Some(_) => Some(
                call(
                    &app,
                    row,
                    &fixture,
                    fixture.users[2],
                    &naming_another_user(&body, fixture.users[5].unwrap()),
                )
                .await,
            ),
            None => None,
        };
        if got != *expected || got_other != *other {
            let cells: Vec<String> = WHO
                .iter()
                .zip(got)
                .map(|(who, s)| format!("{who} {s}"))
                .collect();
            wrong.push(format!(
                "{method} {path}: got {got:?} ({}), other user's id {got_other:?}",
                cells.join(", ")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "cells that differ from the matrix:\n{}",
        wrong.join("\n")
    );
}

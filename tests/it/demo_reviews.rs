//! The demo reviews written by `serve --demo`: once, and by the same rules as real ones.

use crate::common;

use common::{TestApp, moderating::*, reviewing::*};
use serde_json::{Value, json};

#[tokio::test]
async fn demo_reviews_are_written_once_and_follow_the_rules() {
    use coursesource::reviews::{ReviewerType, flow::check_answers, score_halves};
    use coursesource::seed::demo::{REVIEWS, UNACTIONED, ensure_reviews};
    use coursesource::vocabulary::Vocabulary;

    let app = TestApp::new().await;
    assert_eq!(ensure_reviews(&app.state.db).await.unwrap(), REVIEWS);
    assert_eq!(
        ensure_reviews(&app.state.db).await.unwrap(),
        0,
        "a second start writes nothing"
    );
    let token = admin(&app).await;
    assert_eq!(unactioned(&app, &token).await, json!(UNACTIONED));
    let (_, disapproved) =
        titles(&app, &token, json!({ "actioned": true, "approved": false })).await;
    assert_eq!(disapproved, 4);

    let facts = app
        .state
        .db
        .read(|c| -> rusqlite::Result<_> {
            let one = |sql: &str| c.query_row(sql, [], |r| r.get::<_, i64>(0));
            let mut stmt = c.prepare("SELECT user_type, answers, score_halves, title, comment FROM reviews")?;
            let reviews = stmt
                .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, String>(3)?, r.get::<_, String>(4)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok((
                [
                    one("SELECT COUNT(*) FROM reviews r JOIN providers p ON p.id = r.provider_id WHERE p.is_example = 0")?,
                    one("SELECT COUNT(*) FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.is_demo = 0 OR u.user_type <> r.user_type")?,
                    one("SELECT COUNT(DISTINCT user_id) FROM reviews")?,
                    one("SELECT COUNT(DISTINCT course_id || '-' || provider_id) FROM reviews")?,
                    one("SELECT COUNT(DISTINCT title || comment) FROM reviews")?,
                    one("SELECT COUNT(*) FROM review_votes v JOIN reviews r ON r.id = v.review_id WHERE v.user_id = r.user_id OR r.approved = 0")?,
                    one("SELECT COUNT(*) FROM reviews r WHERE like_count <> (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = r.id AND vote = 'like')
                         OR dislike_count <> (SELECT COUNT(*) FROM review_votes v WHERE v.review_id = r.id AND vote = 'dislike')")?,
                    one("SELECT COUNT(*) FROM review_votes")?,
                    one("SELECT COALESCE(SUM(student_review_count + employer_review_count), 0) FROM offerings")?,
                    one("SELECT COUNT(*) FROM reviews WHERE approved = 1")?,
                    one("SELECT COALESCE(SUM(review_count), 0) FROM industries")?,
                    one("SELECT COUNT(*) FROM reviews WHERE approved = 1 AND industry_id IS NOT NULL")?,
                    one("SELECT COUNT(*) FROM users WHERE is_demo = 1 AND user_type = 'Student' AND nick_name IS NULL")?,
                    one("SELECT COUNT(*) FROM users WHERE is_demo = 1 AND user_type = 'Employer' AND (abn IS NULL OR business_name IS NULL)")?,
                ],
                reviews,
            ))
        })
        .await
        .unwrap();
    let (
        [
            foreign,
            wrong_author,
            reviewers,
            offerings,
            distinct_texts,
            bad_votes,
            miscounted,
            votes,
            counted,
            approved,
            industry_counted,
            industry_approved,
            no_nick,
            no_business,
        ],
        reviews,
    ) = facts;
    assert_eq!(
        (
            foreign,
            wrong_author,
            bad_votes,
            miscounted,
            no_nick,
            no_business
        ),
        (0, 0, 0, 0, 0, 0)
    );
    assert!(
        (40..=150).contains(&reviewers),
        "several dozen reviewers: {reviewers}"
    );
    assert!(offerings > 100, "spread over many offerings: {offerings}");
    assert!(distinct_texts > 250, "varied texts: {distinct_texts}");
    assert!(votes > 300, "likes and dislikes: {votes}");
    assert_eq!(
        (counted, industry_counted),
        (approved, industry_approved),
        "counters recounted"
    );
    assert_eq!(approved as usize, REVIEWS - UNACTIONED - 4);

    let mut scores = std::collections::BTreeSet::new();
    for (user_type, answers, halves, title, comment) in reviews {
        let reviewer = ReviewerType::parse(&user_type).unwrap();
        let answers: serde_json::Map<String, Value> = serde_json::from_str(&answers).unwrap();
        let checked =
            check_answers(reviewer, &answers, 2100).unwrap_or_else(|e| panic!("{e:?} {answers:?}"));
        assert_eq!(checked, answers);
        assert_eq!(score_halves(reviewer, &answers), halves, "{answers:?}");
        assert!(
            title.chars().count() <= 80 && comment.chars().count() <= 500 && !comment.contains('{'),
            "{title}: {comment}"
        );
        scores.insert(halves);
    }
    assert!(scores.len() >= 7, "varied scores: {scores:?}");
}

-- The near-duplicate signal (issue 30) compared each new review with the texts of up to 2,000
-- of its provider's reviews, reading and splitting every one of them on each submission, which
-- held submissions to about 80 a second. Each review's word trigrams are kept instead, as its
-- sorted 32-bit hashes (little-endian), clustered by provider and time so the newest 2,000 of a
-- provider are one range of pages.
CREATE TABLE review_grams (
    provider_id INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    review_id   INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
    grams       BLOB    NOT NULL,
    PRIMARY KEY (provider_id, created_at, review_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX review_grams_by_review ON review_grams(review_id);

-- The reviews written before this get theirs from the application's code (`review-grams`).
INSERT OR IGNORE INTO pending_data_steps (step) VALUES ('review-grams');

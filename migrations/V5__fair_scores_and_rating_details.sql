-- Fair scores (DESIGN decision 3): a review's score is its points over the most points the
-- questions it was actually asked could give. A review that was asked no scored question
-- (an employer whose staff did not complete the course) has no rating: its score_halves is 0,
-- which a rated review never has (its worst is 1 star). It counts as a review, but not in an
-- average, so each average has its own count of rated reviews.
ALTER TABLE offerings ADD COLUMN student_rated_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE offerings ADD COLUMN employer_rated_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE providers ADD COLUMN rated_count INTEGER NOT NULL DEFAULT 0;

-- The rating distribution of a course at a provider: approved rated reviews by reviewer type
-- and whole stars (halves rounded down), kept with the other counters (DESIGN decision 5).
CREATE TABLE offering_stars (
    course_id    INTEGER NOT NULL,
    provider_id  INTEGER NOT NULL,
    user_type    TEXT    NOT NULL CHECK (user_type IN ('Student', 'Employer')),
    stars        INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    count        INTEGER NOT NULL,
    PRIMARY KEY (course_id, provider_id, user_type, stars),
    FOREIGN KEY (course_id, provider_id) REFERENCES offerings(course_id, provider_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- What reviewers answered per scored question: how many approved reviews answered it (an
-- 'Unsure' is not an answer) and how many of those positively.
CREATE TABLE offering_answers (
    course_id    INTEGER NOT NULL,
    provider_id  INTEGER NOT NULL,
    user_type    TEXT    NOT NULL CHECK (user_type IN ('Student', 'Employer')),
    question     TEXT    NOT NULL,
    positive     INTEGER NOT NULL,
    answered     INTEGER NOT NULL,
    PRIMARY KEY (course_id, provider_id, user_type, question),
    FOREIGN KEY (course_id, provider_id) REFERENCES offerings(course_id, provider_id) ON DELETE CASCADE
) WITHOUT ROWID;
-- A provider's shares across all its courses.
CREATE INDEX offering_answers_by_provider ON offering_answers(provider_id);

-- Steps that need the application's own code (the scoring rules live in Rust) run once, right
-- after the migrations that schedule them, in their own transaction.
CREATE TABLE pending_data_steps (
    step  TEXT PRIMARY KEY
) WITHOUT ROWID;
INSERT INTO pending_data_steps (step) VALUES ('rescore-reviews');

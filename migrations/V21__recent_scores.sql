-- Recent and all-time scores (issue 29 point 2, DESIGN decision 5): beside each offering's
-- all-time counters, the rated approved reviews whose study ended (or, without a study end,
-- whose review was written) in the window of the last 24 months, and their score sum.

-- A review's recent month, counted like study_end (year * 12 + month - 1): its study end, or
-- the month it was written. Virtual, so every write of study_end keeps it right; indexed for
-- the daily step, which reads only the reviews that crossed the window's start.
ALTER TABLE reviews ADD COLUMN recent_month INTEGER GENERATED ALWAYS AS (
  COALESCE(study_end, CAST(strftime('%Y', created_at, 'unixepoch') AS INTEGER) * 12
                      + CAST(strftime('%m', created_at, 'unixepoch') AS INTEGER) - 1)) VIRTUAL;
CREATE INDEX reviews_recent ON reviews(recent_month) WHERE approved = 1 AND score_halves > 0;

-- Where the window starts: the first month still counted as recent. The daily step moves it
-- forward and subtracts the reviews it passed, so the counters never need a full recount.
CREATE TABLE recent_window (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    start_month  INTEGER NOT NULL
);
INSERT INTO recent_window (id, start_month) VALUES (1,
  CAST(strftime('%Y', 'now') AS INTEGER) * 12 + CAST(strftime('%m', 'now') AS INTEGER) - 1 - 23);

ALTER TABLE offerings ADD COLUMN recent_rated_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE offerings ADD COLUMN recent_score_half_sum INTEGER NOT NULL DEFAULT 0;
UPDATE offerings SET
  recent_rated_count = (SELECT COUNT(*) FROM reviews r WHERE r.course_id = offerings.course_id
    AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.score_halves > 0
    AND r.recent_month >= (SELECT start_month FROM recent_window)),
  recent_score_half_sum = (SELECT COALESCE(SUM(score_halves), 0) FROM reviews r WHERE r.course_id = offerings.course_id
    AND r.provider_id = offerings.provider_id AND r.approved = 1 AND r.score_halves > 0
    AND r.recent_month >= (SELECT start_month FROM recent_window));

-- Reviews a reader can weigh (issue 29).

-- 'Most helpful': the lower bound of the Wilson score interval (95%) of a review's likes
-- against its votes, kept in the vote's own transaction so the sort reads an index instead of
-- computing a square root per review. The scores of existing votes are written by the data
-- step 'helpful-scores' (the formula lives in Rust: src/reviews/helpful.rs).
ALTER TABLE reviews ADD COLUMN helpful_score REAL NOT NULL DEFAULT 0;
CREATE INDEX reviews_helpful ON reviews(course_id, provider_id, helpful_score, created_at) WHERE approved = 1;
CREATE INDEX reviews_helpful_by_type ON reviews(course_id, provider_id, user_type, helpful_score, created_at) WHERE approved = 1;
INSERT OR IGNORE INTO pending_data_steps (step) VALUES ('helpful-scores');

-- When the reviewer studied (DESIGN decision 24), as months counted from year 0
-- (year * 12 + month - 1): the start ('When did you start the course?', optional, new) and the
-- end (finished or left), or still studying. Written with each review from its answers;
-- reviews from before keep what their answers say: the spec's 'When did you finish the
-- course?' and 'I am still doing the course'.
ALTER TABLE reviews ADD COLUMN study_start INTEGER;
ALTER TABLE reviews ADD COLUMN study_end INTEGER;
ALTER TABLE reviews ADD COLUMN studying INTEGER NOT NULL DEFAULT 0 CHECK (studying IN (0, 1));
UPDATE reviews SET
  study_end = CAST(json_extract(answers, '$.completedCourseIn.year') AS INTEGER) * 12
              + CAST(json_extract(answers, '$.completedCourseIn.month') AS INTEGER) - 1
  WHERE json_type(answers, '$.completedCourseIn.year') = 'text'
    AND json_type(answers, '$.completedCourseIn.month') = 'text';
UPDATE reviews SET studying = 1
  WHERE json_extract(answers, '$.notCompletedBecause') = 'I am still doing the course'
     OR (user_type = 'Employer' AND json_extract(answers, '$.completedCourse') = 'My employee(s) are still doing the course');

-- A counter bumped whenever the catalogue changes (import, content edits), so a running
-- server notices a change made by another process (`app import`) and rebuilds its search index.
CREATE TABLE catalogue_version (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    version  INTEGER NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 0);

-- The home page features a random reviewed offering: keep those findable without a scan.
CREATE INDEX offerings_reviewed ON offerings(id) WHERE student_review_count + employer_review_count > 0;

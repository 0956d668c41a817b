-- A like or dislike changes one pair's review list and nothing else a visitor sees, yet it moved
-- the public version (V22) and so emptied every kept public answer: the catalogue, the provider
-- lists, every other pair's reviews. Votes now move only their pair's version, which the kept
-- review lists of that pair are keyed by as well (DESIGN decision 17).
CREATE TABLE pair_versions (
    course_id   INTEGER NOT NULL,
    provider_id INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    PRIMARY KEY (course_id, provider_id)
) WITHOUT ROWID;

DROP TRIGGER public_version_review_votes_insert;
DROP TRIGGER public_version_review_votes_update;
DROP TRIGGER public_version_review_votes_delete;

CREATE TRIGGER pair_version_review_votes_insert AFTER INSERT ON review_votes BEGIN
    INSERT INTO pair_versions (course_id, provider_id, version)
    SELECT course_id, provider_id, 1 FROM reviews WHERE id = NEW.review_id
    ON CONFLICT (course_id, provider_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER pair_version_review_votes_update AFTER UPDATE ON review_votes BEGIN
    INSERT INTO pair_versions (course_id, provider_id, version)
    SELECT course_id, provider_id, 1 FROM reviews WHERE id = NEW.review_id
    ON CONFLICT (course_id, provider_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER pair_version_review_votes_delete AFTER DELETE ON review_votes BEGIN
    INSERT INTO pair_versions (course_id, provider_id, version)
    SELECT course_id, provider_id, 1 FROM reviews WHERE id = OLD.review_id
    ON CONFLICT (course_id, provider_id) DO UPDATE SET version = version + 1;
END;

-- A review's vote counts and helpful score move its pair's version; every other column the
-- public version. A column added to reviews later must be added to this list (a test in
-- tests/it/answer_cache.rs checks that every column is in one of the two triggers).
DROP TRIGGER public_version_reviews_update;
CREATE TRIGGER public_version_reviews_update AFTER UPDATE OF
    id, user_id, course_id, provider_id, industry_id, user_type, title, comment, score_halves,
    answers, actioned, approved, actioned_at, actioned_by, created_at, decision_reason,
    decision_note, incentivised, study_start, study_end, studying
ON reviews BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER pair_version_reviews_votes AFTER UPDATE OF like_count, dislike_count, helpful_score
ON reviews BEGIN
    INSERT INTO pair_versions (course_id, provider_id, version)
    VALUES (NEW.course_id, NEW.provider_id, 1)
    ON CONFLICT (course_id, provider_id) DO UPDATE SET version = version + 1;
END;

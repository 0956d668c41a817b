-- The moderation queue's title search, read in the list's order without touching a review
-- (issue 32 point 5). V6's title index gave the reviews whose title holds a text by id, and
-- each of up to 10,000 matches then cost a seek for its state and date (V29), then a sort:
-- about 5 ms of server CPU for a fresh search of a common text at a million reviews.
--
-- Each review's key in the new index says where it stands: its moderation state (0 awaiting,
-- 1 disapproved, 2 approved) in bits 61 and 62, how long before the year 2242 it was written
-- in the 33 bits below (seconds), how far below 2^27 its id is in the next 27 (up to 134 million
-- reviews), and whether an employer wrote it in the last. So one state's matches are one range
-- of keys, in the list's order newest first (by when written, then by id; FTS5 reads forwards
-- more cheaply than backwards), and the type is read from the key.
ALTER TABLE reviews ADD COLUMN moderation_key INTEGER GENERATED ALWAYS AS (
    ((CASE WHEN actioned = 0 THEN 0 WHEN approved = 1 THEN 2 ELSE 1 END) << 61)
    | ((8589934591 - (created_at & 8589934591)) << 28)
    | ((134217727 - (id & 134217727)) << 1)
    | (user_type = 'Employer')
) VIRTUAL;

-- Trigrams of every title under its key; the titles stay in `reviews` (a contentless index).
CREATE VIRTUAL TABLE review_title_queue USING fts5(title, content = '', tokenize = 'trigram');

INSERT INTO review_title_queue (rowid, title) SELECT moderation_key, title FROM reviews;
-- One segment: a search then reads one list of keys per trigram rather than merging several.
INSERT INTO review_title_queue (review_title_queue) VALUES ('optimize');

CREATE TRIGGER review_title_queue_insert AFTER INSERT ON reviews BEGIN
    INSERT INTO review_title_queue (rowid, title) VALUES (new.moderation_key, new.title);
END;

CREATE TRIGGER review_title_queue_delete AFTER DELETE ON reviews BEGIN
    INSERT INTO review_title_queue (review_title_queue, rowid, title)
    VALUES ('delete', old.moderation_key, old.title);
END;

CREATE TRIGGER review_title_queue_update
AFTER UPDATE OF title, actioned, approved, user_type, created_at ON reviews
WHEN (old.moderation_key, old.title) IS NOT (new.moderation_key, new.title)
BEGIN
    INSERT INTO review_title_queue (review_title_queue, rowid, title)
    VALUES ('delete', old.moderation_key, old.title);
    INSERT INTO review_title_queue (rowid, title) VALUES (new.moderation_key, new.title);
END;

-- V6's index and V29's, which only the title search read.
DROP TRIGGER review_titles_insert;
DROP TRIGGER review_titles_delete;
DROP TRIGGER review_titles_update;
DROP TABLE review_titles;
DROP INDEX reviews_moderation_state;

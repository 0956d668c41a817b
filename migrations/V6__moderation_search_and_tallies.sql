-- The moderation queue at a real site's size (a million reviews).

-- How many reviews each moderation state holds, per reviewer type, kept by triggers so the
-- queue's counts (and the admin menu's badge) read at most eight rows instead of a whole index.
CREATE TABLE review_tallies (
    actioned  INTEGER NOT NULL,
    approved  INTEGER NOT NULL,
    user_type TEXT    NOT NULL,
    n         INTEGER NOT NULL,
    PRIMARY KEY (actioned, approved, user_type)
) WITHOUT ROWID;

INSERT INTO review_tallies (actioned, approved, user_type, n)
SELECT actioned, approved, user_type, COUNT(*) FROM reviews GROUP BY 1, 2, 3;

CREATE TRIGGER review_tallies_insert AFTER INSERT ON reviews BEGIN
    INSERT INTO review_tallies (actioned, approved, user_type, n)
    VALUES (new.actioned, new.approved, new.user_type, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER review_tallies_delete AFTER DELETE ON reviews BEGIN
    UPDATE review_tallies SET n = n - 1
    WHERE actioned = old.actioned AND approved = old.approved AND user_type = old.user_type;
END;

CREATE TRIGGER review_tallies_update AFTER UPDATE OF actioned, approved, user_type ON reviews
WHEN (old.actioned, old.approved, old.user_type) IS NOT (new.actioned, new.approved, new.user_type)
BEGIN
    UPDATE review_tallies SET n = n - 1
    WHERE actioned = old.actioned AND approved = old.approved AND user_type = old.user_type;
    INSERT INTO review_tallies (actioned, approved, user_type, n)
    VALUES (new.actioned, new.approved, new.user_type, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- A search by review title: trigrams of every title, so a phrase query finds the reviews whose
-- title holds the text (case-insensitive) without reading every review. The titles stay in
-- `reviews` (an external-content index); the triggers keep the index in step.
CREATE VIRTUAL TABLE review_titles USING fts5(
    title, content = 'reviews', content_rowid = 'id', tokenize = 'trigram'
);

INSERT INTO review_titles (review_titles) VALUES ('rebuild');

CREATE TRIGGER review_titles_insert AFTER INSERT ON reviews BEGIN
    INSERT INTO review_titles (rowid, title) VALUES (new.id, new.title);
END;

CREATE TRIGGER review_titles_delete AFTER DELETE ON reviews BEGIN
    INSERT INTO review_titles (review_titles, rowid, title) VALUES ('delete', old.id, old.title);
END;

CREATE TRIGGER review_titles_update AFTER UPDATE OF title ON reviews
WHEN old.title IS NOT new.title
BEGIN
    INSERT INTO review_titles (review_titles, rowid, title) VALUES ('delete', old.id, old.title);
    INSERT INTO review_titles (rowid, title) VALUES (new.id, new.title);
END;

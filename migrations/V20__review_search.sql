-- Search inside a pair's reviews (issue 29 point 4): a full-text index of the titles and
-- comments of the approved reviews only, so it can never find a pending, refused or deleted one.
--
-- The unicode61 tokenizer with remove_diacritics 2 matches whole words, ignoring case and
-- accents ('cafe' finds 'Café'). Trigram (V6's choice for moderators' title search) would find
-- substrings too ('art' in 'start', 'tutor' in 'tutorials'), which floods a reader's search
-- with noise, and its index is several times larger over comments this long.
--
-- Each row also holds its pair as one token (`pair`, 'p<provider>c<course>'), so a search reads
-- only the doclist of that pair's reviews and the searched words, never every match of a common
-- word across the site. The texts stay in `reviews` (an external-content index through the view
-- below, which highlight() reads); the triggers keep the index in the statement's own
-- transaction, whichever call approves, refuses, edits, hides or deletes a review.
CREATE VIEW review_search_rows AS
SELECT id, title, comment, 'p' || provider_id || 'c' || course_id AS pair FROM reviews;

CREATE VIRTUAL TABLE review_search USING fts5(
    title, comment, pair,
    content = 'review_search_rows', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO review_search (rowid, title, comment, pair)
SELECT id, title, comment, 'p' || provider_id || 'c' || course_id FROM reviews WHERE approved = 1;

CREATE TRIGGER review_search_insert AFTER INSERT ON reviews WHEN new.approved = 1 BEGIN
    INSERT INTO review_search (rowid, title, comment, pair)
    VALUES (new.id, new.title, new.comment, 'p' || new.provider_id || 'c' || new.course_id);
END;

-- An external-content index must be told exactly what it holds to forget a row, so only a row
-- it holds (an approved one) is deleted from it.
CREATE TRIGGER review_search_delete AFTER DELETE ON reviews WHEN old.approved = 1 BEGIN
    INSERT INTO review_search (review_search, rowid, title, comment, pair)
    VALUES ('delete', old.id, old.title, old.comment, 'p' || old.provider_id || 'c' || old.course_id);
END;

CREATE TRIGGER review_search_update
AFTER UPDATE OF approved, title, comment, course_id, provider_id ON reviews
WHEN (old.approved, old.title, old.comment, old.course_id, old.provider_id)
  IS NOT (new.approved, new.title, new.comment, new.course_id, new.provider_id)
BEGIN
    INSERT INTO review_search (review_search, rowid, title, comment, pair)
    SELECT 'delete', old.id, old.title, old.comment, 'p' || old.provider_id || 'c' || old.course_id
    WHERE old.approved = 1;
    INSERT INTO review_search (rowid, title, comment, pair)
    SELECT new.id, new.title, new.comment, 'p' || new.provider_id || 'c' || new.course_id
    WHERE new.approved = 1;
END;

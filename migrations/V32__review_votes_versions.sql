-- The server keeps each review's voters (the likes and dislikes a review list names) in memory
-- under the review's votes version, so a like reads again only the liked review's voters rather
-- than every voter of its page (issue 32: a popular review's voters are thousands of rows).
-- Every change of a review's votes gives it the next value of one clock: a value is never given
-- twice, so kept voters are never taken for another's, even under the id of a deleted review
-- reused by a new one. 0: the review has never had a vote.
CREATE TABLE votes_clock (n INTEGER NOT NULL);
INSERT INTO votes_clock (n) VALUES (1);

ALTER TABLE reviews ADD COLUMN votes_version INTEGER NOT NULL DEFAULT 0;
UPDATE reviews SET votes_version = 1 WHERE id IN (SELECT review_id FROM review_votes);

CREATE TRIGGER votes_version_insert AFTER INSERT ON review_votes BEGIN
    UPDATE votes_clock SET n = n + 1;
    UPDATE reviews SET votes_version = (SELECT n FROM votes_clock) WHERE id = NEW.review_id;
END;
CREATE TRIGGER votes_version_update AFTER UPDATE ON review_votes BEGIN
    UPDATE votes_clock SET n = n + 1;
    UPDATE reviews SET votes_version = (SELECT n FROM votes_clock) WHERE id IN (OLD.review_id, NEW.review_id);
END;
CREATE TRIGGER votes_version_delete AFTER DELETE ON review_votes BEGIN
    UPDATE votes_clock SET n = n + 1;
    UPDATE reviews SET votes_version = (SELECT n FROM votes_clock) WHERE id = OLD.review_id;
END;

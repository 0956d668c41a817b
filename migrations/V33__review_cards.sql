-- A review's card: what a review list shows of it (its texts, its author's shown name and
-- picture, and the voters of a review with fewer than 16 votes), stored with the other cards of
-- its pair (issue 32 point 2). A review's own row and its author's are wherever they were
-- written, so a cold pair's page of ten reviews read twenty rows on about twenty pages, and its
-- voters about fifteen more; its cards are on two or three.
--
-- The rowid clusters them: the offering's id in the high 32 bits, the review's id in the low
-- 32 (a review id stays below 2^32). Not a WITHOUT ROWID table keyed by (offering, review):
-- its inner pages would carry whole cards (46 times as many inner pages on the bench data).
--
-- group_concat takes no ORDER BY here: the sqlite3 shell of Debian 12 (3.40) could not read
-- a schema with one. The server puts each list in id order.
--
-- Only the triggers below write it, in the transaction of the write they follow, whichever
-- process writes; every table they follow moves the public or the pair's version itself.
CREATE TABLE review_cards (
    card_key       INTEGER PRIMARY KEY,
    title          TEXT    NOT NULL,
    score_halves   INTEGER NOT NULL,
    comment        TEXT    NOT NULL,
    user_type      TEXT    NOT NULL,
    created_at     INTEGER NOT NULL,
    answers        TEXT    NOT NULL,
    author_id      INTEGER NOT NULL,
    author_type    TEXT    NOT NULL,
    nick_name      TEXT,
    first_name     TEXT    NOT NULL,
    last_name      TEXT    NOT NULL,
    avatar         INTEGER NOT NULL,
    profile_image  TEXT,
    incentivised   INTEGER NOT NULL,
    study_start    INTEGER,
    study_end      INTEGER,
    studying       INTEGER NOT NULL,
    invited        INTEGER NOT NULL,
    votes_version  INTEGER NOT NULL,
    -- 'liker ids;disliker ids', each list comma-separated ('' when none); NULL when
    -- the review has 16 votes or more, whose voters the server keeps in memory by votes version
    -- (V32) and reads from review_votes.
    voters         TEXT
);

INSERT INTO review_cards
SELECT (o.id << 32) | r.id, r.title, r.score_halves, r.comment, r.user_type, r.created_at, r.answers,
       u.id, u.user_type, u.nick_name, u.first_name, u.last_name, u.avatar, u.profile_image,
       r.incentivised, r.study_start, r.study_end, r.studying, r.invited, r.votes_version,
       CASE WHEN (SELECT COUNT(*) FROM (SELECT 1 FROM review_votes v WHERE v.review_id = r.id LIMIT 16)) < 16
         THEN coalesce((SELECT group_concat(v.user_id) FROM review_votes v
                        WHERE v.review_id = r.id AND v.vote = 'like'), '')
              || ';' ||
              coalesce((SELECT group_concat(v.user_id) FROM review_votes v
                        WHERE v.review_id = r.id AND v.vote = 'dislike'), '')
       END
FROM reviews r
JOIN offerings o ON o.course_id = r.course_id AND o.provider_id = r.provider_id
JOIN users u ON u.id = r.user_id
ORDER BY 1;

CREATE TRIGGER review_cards_insert AFTER INSERT ON reviews BEGIN
    INSERT INTO review_cards
    SELECT (o.id << 32) | NEW.id, NEW.title, NEW.score_halves, NEW.comment, NEW.user_type,
           NEW.created_at, NEW.answers,
           u.id, u.user_type, u.nick_name, u.first_name, u.last_name, u.avatar, u.profile_image,
           NEW.incentivised, NEW.study_start, NEW.study_end, NEW.studying, NEW.invited,
           NEW.votes_version, ';'
    FROM offerings o, users u
    WHERE o.course_id = NEW.course_id AND o.provider_id = NEW.provider_id AND u.id = NEW.user_id;
END;

CREATE TRIGGER review_cards_update AFTER UPDATE OF
    title, score_halves, comment, user_type, created_at, answers, incentivised, study_start,
    study_end, studying, invited
ON reviews BEGIN
    UPDATE review_cards SET
        title = NEW.title, score_halves = NEW.score_halves, comment = NEW.comment,
        user_type = NEW.user_type, created_at = NEW.created_at, answers = NEW.answers,
        incentivised = NEW.incentivised, study_start = NEW.study_start, study_end = NEW.study_end,
        studying = NEW.studying, invited = NEW.invited
    WHERE card_key = (SELECT (o.id << 32) | NEW.id FROM offerings o
                                          WHERE o.course_id = NEW.course_id AND o.provider_id = NEW.provider_id);
END;

-- V32's triggers move a review's votes version on every change of its votes, after the change.
CREATE TRIGGER review_cards_voters AFTER UPDATE OF votes_version ON reviews BEGIN
    UPDATE review_cards SET
        votes_version = NEW.votes_version,
        voters = CASE WHEN (SELECT COUNT(*) FROM (SELECT 1 FROM review_votes v WHERE v.review_id = NEW.id LIMIT 16)) < 16
          THEN coalesce((SELECT group_concat(v.user_id) FROM review_votes v
                         WHERE v.review_id = NEW.id AND v.vote = 'like'), '')
               || ';' ||
               coalesce((SELECT group_concat(v.user_id) FROM review_votes v
                         WHERE v.review_id = NEW.id AND v.vote = 'dislike'), '')
        END
    WHERE card_key = (SELECT (o.id << 32) | NEW.id FROM offerings o
                                          WHERE o.course_id = NEW.course_id AND o.provider_id = NEW.provider_id);
END;

CREATE TRIGGER review_cards_delete AFTER DELETE ON reviews BEGIN
    DELETE FROM review_cards
    WHERE card_key = (SELECT (o.id << 32) | OLD.id FROM offerings o
                                          WHERE o.course_id = OLD.course_id AND o.provider_id = OLD.provider_id);
END;

-- An offering's deletion deletes its reviews after the offering's row is gone, so the trigger
-- above finds no key for them: this one removes the offering's cards by their range.
CREATE TRIGGER review_cards_offering_delete AFTER DELETE ON offerings BEGIN
    DELETE FROM review_cards
    WHERE card_key BETWEEN OLD.id << 32 AND (OLD.id << 32) | 4294967295;
END;

CREATE TRIGGER review_cards_author AFTER UPDATE OF
    user_type, nick_name, first_name, last_name, avatar, profile_image
ON users
WHEN OLD.user_type IS NOT NEW.user_type OR OLD.nick_name IS NOT NEW.nick_name
  OR OLD.first_name IS NOT NEW.first_name OR OLD.last_name IS NOT NEW.last_name
  OR OLD.avatar IS NOT NEW.avatar OR OLD.profile_image IS NOT NEW.profile_image
BEGIN
    UPDATE review_cards SET
        author_type = NEW.user_type, nick_name = NEW.nick_name, first_name = NEW.first_name,
        last_name = NEW.last_name, avatar = NEW.avatar, profile_image = NEW.profile_image
    WHERE card_key IN (
        SELECT (o.id << 32) | r.id FROM reviews r
        JOIN offerings o ON o.course_id = r.course_id AND o.provider_id = r.provider_id
        WHERE r.user_id = NEW.id);
END;

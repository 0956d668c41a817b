-- Reasons to come back (issue 31, DESIGN decision 26): what a user follows, how they want to
-- hear about it, and the weekly digest's one row per user and week.

-- A followed course-provider pair (both ids), provider (provider only) or course (course only).
-- A favourite follows its pair (the rows below are the favourites kept before this release).
CREATE TABLE follows (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    course_id   INTEGER REFERENCES courses(id) ON DELETE CASCADE,
    provider_id INTEGER REFERENCES providers(id) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL DEFAULT (unixepoch()),
    CHECK (course_id IS NOT NULL OR provider_id IS NOT NULL)
);
-- One follow per user and target (0 stands for the id a target has not).
CREATE UNIQUE INDEX follows_once ON follows(user_id, IFNULL(course_id, 0), IFNULL(provider_id, 0));
-- Who follows what a newly approved review is about.
CREATE INDEX follows_by_course ON follows(course_id, provider_id) WHERE course_id IS NOT NULL;
CREATE INDEX follows_by_provider ON follows(provider_id) WHERE course_id IS NULL;

INSERT INTO follows (user_id, course_id, provider_id, created_at)
SELECT user_id, course_id, provider_id, created_at FROM favourites;

-- How a user wants to hear about one kind of alert, where it differs from the default:
-- 'site' (in the site only), 'weekly' (and in the weekly digest), 'now' (and a mail at once)
-- or 'off' (not at all).
CREATE TABLE notification_settings (
    user_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind     TEXT    NOT NULL,
    choice   TEXT    NOT NULL CHECK (choice IN ('site', 'weekly', 'now', 'off')),
    PRIMARY KEY (user_id, kind)
) WITHOUT ROWID;

-- The user's own time zone (one of Australia's in the tz database), for the digest's Monday
-- 08:00; a user without a row is in Australia/Sydney.
CREATE TABLE notification_time_zones (
    user_id    INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    time_zone  TEXT    NOT NULL
);

-- One weekly digest per user and week (`week` is the Unix second of that Monday 08:00 in the
-- user's zone), claimed in the transaction that queues its mail, so a restart or a second
-- server never sends it twice. `mail_id` is null when there was nothing to tell.
CREATE TABLE digest_weeks (
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    week        INTEGER NOT NULL,
    mail_id     INTEGER,
    claimed_at  INTEGER NOT NULL DEFAULT (unixepoch()),
    PRIMARY KEY (user_id, week)
) WITHOUT ROWID;

-- An alert mail's one-click unsubscribe address (RFC 8058): sent as `List-Unsubscribe` with
-- `List-Unsubscribe-Post`. Account mails have none.
ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe TEXT;

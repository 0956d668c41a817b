-- Both sides of a review (DESIGN decision 19): course providers answer through a verified
-- representative, and any logged-in reader can report a published review.

-- One-time tokens gain a purpose: the link that proves a representative's work email.
-- SQLite cannot change a CHECK constraint, so the table is rebuilt with its rows.
CREATE TABLE one_time_tokens_v8 (
    id          INTEGER PRIMARY KEY,
    purpose     TEXT    NOT NULL CHECK (purpose IN ('verify', 'reset', 'export', 'represent')),
    token_hash  BLOB    NOT NULL UNIQUE,
    user_id     INTEGER REFERENCES users(id) ON DELETE CASCADE,
    email       TEXT,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER,
    created_at  INTEGER NOT NULL DEFAULT (unixepoch())
);
INSERT INTO one_time_tokens_v8 (id, purpose, token_hash, user_id, email, expires_at, used_at, created_at)
SELECT id, purpose, token_hash, user_id, email, expires_at, used_at, created_at FROM one_time_tokens;
DROP TABLE one_time_tokens;
ALTER TABLE one_time_tokens_v8 RENAME TO one_time_tokens;
CREATE INDEX one_time_tokens_by_user ON one_time_tokens(user_id, purpose);

-- A Course Provider user's claim to speak for a provider. 'unverified' until the mailed link
-- to the work email is followed, then 'pending' until an admin approves or refuses it; an
-- approved representative can later be 'revoked'.
CREATE TABLE provider_claims (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    provider_id     INTEGER NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    work_email      TEXT    NOT NULL COLLATE NOCASE,
    status          TEXT    NOT NULL DEFAULT 'unverified'
                    CHECK (status IN ('unverified', 'pending', 'approved', 'refused', 'revoked')),
    verified_at     INTEGER,
    decided_at      INTEGER,
    decided_by      INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at      INTEGER NOT NULL DEFAULT (unixepoch())
);
-- A user has at most one claim that is open or in force.
CREATE UNIQUE INDEX provider_claims_open ON provider_claims(user_id)
    WHERE status IN ('unverified', 'pending', 'approved');
CREATE INDEX provider_claims_by_status ON provider_claims(status, created_at);
CREATE INDEX provider_claims_by_provider ON provider_claims(provider_id, status);

-- A provider's one public reply to a review, written by a representative. The reply stays
-- when its author is revoked (the claim's status marks it) or deleted.
CREATE TABLE review_replies (
    review_id   INTEGER PRIMARY KEY REFERENCES reviews(id) ON DELETE CASCADE,
    provider_id INTEGER NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    claim_id    INTEGER REFERENCES provider_claims(id) ON DELETE SET NULL,
    body        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL DEFAULT (unixepoch()),
    updated_at  INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX review_replies_by_time ON review_replies(created_at);

-- A reader's report of a published review: one per reader and review. `outcome` is null
-- until an admin keeps or removes the review.
CREATE TABLE review_reports (
    id           INTEGER PRIMARY KEY,
    review_id    INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
    reporter_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    reason       TEXT    NOT NULL,
    note         TEXT,
    outcome      TEXT    CHECK (outcome IN ('kept', 'removed')),
    decided_at   INTEGER,
    decided_by   INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at   INTEGER NOT NULL DEFAULT (unixepoch()),
    UNIQUE (review_id, reporter_id)
);
CREATE INDEX review_reports_open ON review_reports(created_at) WHERE outcome IS NULL;
CREATE INDEX review_reports_by_reporter ON review_reports(reporter_id);

-- A review withdrawn after a report, with the reason its author is told; one row per removal.
CREATE TABLE review_removals (
    review_id   INTEGER PRIMARY KEY REFERENCES reviews(id) ON DELETE CASCADE,
    reason      TEXT    NOT NULL,
    note        TEXT,
    removed_by  INTEGER REFERENCES users(id) ON DELETE SET NULL,
    removed_at  INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX review_removals_by_time ON review_removals(removed_at);

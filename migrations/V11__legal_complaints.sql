-- Defamation complaints (DESIGN decision 25): anyone, with or without an account, may complain
-- that a published review or reply defames them, with the elements of a concerns notice; an
-- admin works the complaint through recorded steps within 7 days.

CREATE TABLE legal_complaints (
    id              INTEGER PRIMARY KEY,
    -- The review complained of, or whose reply is; kept (as null) if the review is deleted,
    -- so the record of what was done stays.
    review_id       INTEGER REFERENCES reviews(id) ON DELETE SET NULL,
    part            TEXT    NOT NULL CHECK (part IN ('review', 'reply')),
    name            TEXT    NOT NULL,
    email           TEXT    NOT NULL COLLATE NOCASE,
    on_behalf       TEXT    NOT NULL CHECK (on_behalf IN ('myself', 'organisation')),
    organisation    TEXT,
    link            TEXT    NOT NULL,
    words           TEXT    NOT NULL,
    imputations     TEXT    NOT NULL,
    harm            TEXT    NOT NULL,
    -- 'open' until an admin keeps or removes what was complained of.
    status          TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'kept', 'removed')),
    -- Whether the complaint hid the review or reply while it is considered.
    hidden          INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
    -- The author's chance to answer: until when, and what they said.
    response_due_at INTEGER,
    response        TEXT,
    responded_at    INTEGER,
    created_at      INTEGER NOT NULL DEFAULT (unixepoch()),
    closed_at       INTEGER
);
CREATE INDEX legal_complaints_open ON legal_complaints(created_at) WHERE status = 'open';
CREATE INDEX legal_complaints_by_review ON legal_complaints(review_id);
CREATE INDEX legal_complaints_by_time ON legal_complaints(created_at);

-- Every step of a complaint, with when and by whom: the operator's proof of what it did.
CREATE TABLE legal_complaint_steps (
    id            INTEGER PRIMARY KEY,
    complaint_id  INTEGER NOT NULL REFERENCES legal_complaints(id) ON DELETE CASCADE,
    step          TEXT    NOT NULL
                  CHECK (step IN ('received', 'hidden', 'asked-author', 'author-responded', 'kept', 'removed')),
    note          TEXT,
    by_user       INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at    INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX legal_complaint_steps_by_complaint ON legal_complaint_steps(complaint_id, id);

-- A provider's reply can be hidden while a complaint about it is considered.
ALTER TABLE review_replies ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1));

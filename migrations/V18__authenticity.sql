-- Authenticity (issue 30, DESIGN decision 25), its second part.

-- A reply removed after a legal complaint is deleted, so its provider can reply afresh; the
-- complaints about it keep what was removed and who wrote it, as the record of what was done.
ALTER TABLE legal_complaints ADD COLUMN reply_body TEXT;
ALTER TABLE legal_complaints ADD COLUMN reply_author INTEGER REFERENCES users(id) ON DELETE SET NULL;

-- Signals of fake reviews for moderators (issue 30 point 2): what each submitted review raised,
-- in plain words. They inform the moderator only: nothing else reads them.
CREATE TABLE review_signals (
    review_id  INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
    signal     TEXT    NOT NULL
               CHECK (signal IN ('burst', 'cluster', 'fresh-account', 'near-duplicate', 'tied-to-provider')),
    detail     TEXT    NOT NULL,
    PRIMARY KEY (review_id, signal)
) WITHOUT ROWID;

-- The network a review was sent from (a /24 for IPv4, a /64 for IPv6) as a keyed hash, never
-- the address; deleted after 90 days by the hourly housekeeping.
CREATE TABLE review_networks (
    review_id   INTEGER PRIMARY KEY REFERENCES reviews(id) ON DELETE CASCADE,
    provider_id INTEGER NOT NULL,
    network     TEXT    NOT NULL,
    created_at  INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX review_networks_by_provider ON review_networks(provider_id, network, created_at);
CREATE INDEX review_networks_by_time ON review_networks(created_at);

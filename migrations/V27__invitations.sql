-- Invitations (issue 30 point 1, DESIGN decision 25): a provider's approved representative
-- invites everyone who finished or left a course in a period they attest; each invitee gets a
-- single-use link valid 30 days. Addresses are never stored: an invitation keeps the keyed
-- hash (HMAC-SHA-256, key `invitations.key` in the data directory) of the normalised address,
-- which is all the rules need (once per offering, the refusal list, the link's owner). The
-- raw address lives only in the outbox until the mail is sent.

-- One sending: who attested what, for which offering and period. Public: the course-provider
-- page shows the periods attested, so it moves the public version.
CREATE TABLE invitation_batches (
    id           INTEGER PRIMARY KEY,
    provider_id  INTEGER NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    offering_id  INTEGER NOT NULL REFERENCES offerings(id) ON DELETE CASCADE,
    -- The representative who sent it; null once their account is gone.
    user_id      INTEGER REFERENCES users(id) ON DELETE SET NULL,
    -- The attested period, months as 'YYYY-MM'.
    period_from  TEXT NOT NULL,
    period_to    TEXT NOT NULL,
    -- The words the representative ticked, as they read then.
    attestation  TEXT NOT NULL,
    sent         INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL
);
CREATE INDEX invitation_batches_by_provider ON invitation_batches(provider_id, created_at);
CREATE INDEX invitation_batches_by_offering ON invitation_batches(offering_id, created_at);

CREATE TRIGGER public_version_invitation_batches_insert AFTER INSERT ON invitation_batches BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_invitation_batches_update AFTER UPDATE ON invitation_batches BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_invitation_batches_delete AFTER DELETE ON invitation_batches BEGIN UPDATE public_version SET version = version + 1; END;

-- One invitee's link. Operational: only the invitee's and the representative's private
-- answers read it (the review itself carries `invited`).
CREATE TABLE invitations (
    id            INTEGER PRIMARY KEY,
    batch_id      INTEGER NOT NULL REFERENCES invitation_batches(id) ON DELETE CASCADE,
    offering_id   INTEGER NOT NULL REFERENCES offerings(id) ON DELETE CASCADE,
    provider_id   INTEGER NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    address_hash  TEXT NOT NULL,
    -- SHA-256 of the link's token (DESIGN decision 7).
    token_hash    TEXT NOT NULL UNIQUE,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    used_at       INTEGER,
    user_id       INTEGER REFERENCES users(id) ON DELETE SET NULL,
    UNIQUE (offering_id, address_hash)
);
CREATE INDEX invitations_by_provider ON invitations(provider_id, created_at);
CREATE INDEX invitations_by_user ON invitations(user_id, offering_id) WHERE user_id IS NOT NULL;

-- Addresses (as their keyed hash) that asked never to be invited again.
CREATE TABLE invitation_refusals (
    address_hash  TEXT PRIMARY KEY,
    created_at    INTEGER NOT NULL
) WITHOUT ROWID;

-- The review written through an accepted invitation: labelled 'Invited by the provider'.
-- It changes neither moderation, the score nor the order.
ALTER TABLE reviews ADD COLUMN invited INTEGER NOT NULL DEFAULT 0 CHECK (invited IN (0, 1));

-- The label is a column every public review answer reads: it moves the public version (V26's
-- list of the reviews columns that do, with `invited` added).
DROP TRIGGER public_version_reviews_update;
CREATE TRIGGER public_version_reviews_update AFTER UPDATE OF
    id, user_id, course_id, provider_id, industry_id, user_type, title, comment, score_halves,
    answers, actioned, approved, actioned_at, actioned_by, created_at, decision_reason,
    decision_note, incentivised, study_start, study_end, studying, invited
ON reviews BEGIN UPDATE public_version SET version = version + 1; END;

-- Authenticity (issue 30, DESIGN decision 25), its second part.

-- A reply removed after a legal complaint is deleted, so its provider can reply afresh; the
-- complaints about it keep what was removed and who wrote it, as the record of what was done.
ALTER TABLE legal_complaints ADD COLUMN reply_body TEXT;
ALTER TABLE legal_complaints ADD COLUMN reply_author INTEGER REFERENCES users(id) ON DELETE SET NULL;

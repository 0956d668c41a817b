-- Trust rules of a review platform (DESIGN decision 19), additive only.

-- Why a review was not published: a key of the reason list (src/moderation/reasons.rs) and the
-- moderator's optional note, told to the author. Null for approved reviews, for reviews
-- awaiting moderation, and for refusals decided before reasons were recorded.
ALTER TABLE reviews ADD COLUMN decision_reason TEXT;
ALTER TABLE reviews ADD COLUMN decision_note TEXT;

-- Whether the reviewer received payment, a gift or a discount for the review: such reviews are
-- labelled 'Incentivised review' wherever they are shown. Reviews written before the question
-- was asked read as not incentivised.
ALTER TABLE reviews ADD COLUMN incentivised INTEGER NOT NULL DEFAULT 0 CHECK (incentivised IN (0, 1));

-- The public moderation figures (/about/reviews) read the reviews received in a window: this
-- index holds every column they need, so they never read the reviews themselves.
CREATE INDEX reviews_received ON reviews(created_at, actioned, approved, decision_reason, actioned_at);

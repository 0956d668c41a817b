-- A review submitted for moderation changes nothing a visitor sees until it is approved, yet its
-- insert moved the public version (V22) twice, through `reviews` and through V6's tallies, and
-- so emptied every kept public answer: the catalogue, every pair's reviews (issue 32 point 3).
--
-- Every public answer reads only approved reviews, but one: the public moderation figures
-- (`/api/moderation/figures`) count the reviews received and awaiting. They are kept under the
-- newest review's id as well, which every insert moves.
--
-- A decision, an edit, an invitation's label and a deletion still move the public version: a
-- decision and a deletion change the figures, and an update of an approved review its lists.
DROP TRIGGER public_version_reviews_insert;
CREATE TRIGGER public_version_reviews_insert AFTER INSERT ON reviews WHEN NEW.approved = 1
BEGIN UPDATE public_version SET version = version + 1; END;

-- Only the moderators' answers read the tallies (the queue's counts and the menu's badge), and
-- those are kept until the next commit.
DROP TRIGGER public_version_review_tallies_insert;
DROP TRIGGER public_version_review_tallies_update;
DROP TRIGGER public_version_review_tallies_delete;

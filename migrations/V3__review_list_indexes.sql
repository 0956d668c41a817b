-- The course-provider page lists a pair's approved reviews 20 at a time, in three sorts, for
-- all reviewers or one user type. Each combination gets an index whose order is the sort's
-- (the rowid at the end of every index breaks ties newest-first), so a page reads its rows
-- in order instead of sorting every review of the pair. Only approved reviews are listed, so
-- the other sorts' indexes are partial: submissions awaiting moderation never touch them.
-- 'Most Recent' for all reviewers already has V1's reviews_listed.

-- 'Most Recent' for one user type extends V1's reviews_listed by the type. It is not partial, so
-- it matches one more equality than reviews_listed and the planner picks it without statistics.
CREATE INDEX reviews_recent_by_type ON reviews(course_id, provider_id, approved, user_type, created_at);
CREATE INDEX reviews_liked ON reviews(course_id, provider_id, like_count, created_at) WHERE approved = 1;
CREATE INDEX reviews_liked_by_type ON reviews(course_id, provider_id, user_type, like_count, created_at) WHERE approved = 1;
CREATE INDEX reviews_rated ON reviews(course_id, provider_id, score_halves, created_at) WHERE approved = 1;
CREATE INDEX reviews_rated_by_type ON reviews(course_id, provider_id, user_type, score_halves, created_at) WHERE approved = 1;


-- The moderation queue's 'Actioned' view shows approved and disapproved reviews together,
-- oldest or latest first: reviews_moderation cannot serve that order with approved unset.
CREATE INDEX reviews_actioned ON reviews(actioned, created_at);

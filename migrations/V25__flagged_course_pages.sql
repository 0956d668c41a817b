-- The admins' list of flagged course pages (issue 28): offerings whose course web page is not
-- on the provider's website domain, newest change first, read from this small partial index
-- rather than a scan of every offering.
CREATE INDEX offerings_flagged_course_pages ON offerings(facts_confirmed_at) WHERE course_url_flagged = 1;

-- Kept public answers (DESIGN decision 17) were keyed by SQLite's data version, which every
-- commit moves: a mail marked sent, a digest claimed or a notification read emptied them all.
-- They are keyed by this version instead, which the triggers below move with every change to a
-- table that some public answer reads, whichever process writes it. The tables left without
-- triggers are only read by private answers, the moderators' or nobody's:
--   contact_messages, digest_weeks, mail_outbox, notification_settings, notification_time_zones, notifications, one_time_tokens, pending_data_steps, refinery_schema_history, register_checkpoints, register_sync_runs, review_grams, review_networks, review_signals.
-- A new table gets the three triggers (tests/it/answer_cache.rs checks that every table has
-- them or is in the list above).
CREATE TABLE public_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO public_version (id, version) VALUES (1, 0);

CREATE TRIGGER public_version_campuses_insert AFTER INSERT ON campuses BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_campuses_update AFTER UPDATE ON campuses BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_campuses_delete AFTER DELETE ON campuses BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_careers_insert AFTER INSERT ON careers BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_careers_update AFTER UPDATE ON careers BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_careers_delete AFTER DELETE ON careers BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_catalogue_version_insert AFTER INSERT ON catalogue_version BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_catalogue_version_update AFTER UPDATE ON catalogue_version BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_catalogue_version_delete AFTER DELETE ON catalogue_version BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_course_careers_insert AFTER INSERT ON course_careers BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_course_careers_update AFTER UPDATE ON course_careers BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_course_careers_delete AFTER DELETE ON course_careers BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_courses_insert AFTER INSERT ON courses BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_courses_update AFTER UPDATE ON courses BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_courses_delete AFTER DELETE ON courses BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_fact_history_insert AFTER INSERT ON fact_history BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_fact_history_update AFTER UPDATE ON fact_history BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_fact_history_delete AFTER DELETE ON fact_history BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_favourites_insert AFTER INSERT ON favourites BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_favourites_update AFTER UPDATE ON favourites BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_favourites_delete AFTER DELETE ON favourites BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_follows_insert AFTER INSERT ON follows BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_follows_update AFTER UPDATE ON follows BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_follows_delete AFTER DELETE ON follows BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_funding_notes_insert AFTER INSERT ON funding_notes BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_funding_notes_update AFTER UPDATE ON funding_notes BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_funding_notes_delete AFTER DELETE ON funding_notes BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_industries_insert AFTER INSERT ON industries BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_industries_update AFTER UPDATE ON industries BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_industries_delete AFTER DELETE ON industries BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_legal_complaint_steps_insert AFTER INSERT ON legal_complaint_steps BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_legal_complaint_steps_update AFTER UPDATE ON legal_complaint_steps BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_legal_complaint_steps_delete AFTER DELETE ON legal_complaint_steps BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_legal_complaints_insert AFTER INSERT ON legal_complaints BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_legal_complaints_update AFTER UPDATE ON legal_complaints BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_legal_complaints_delete AFTER DELETE ON legal_complaints BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_offering_answers_insert AFTER INSERT ON offering_answers BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_answers_update AFTER UPDATE ON offering_answers BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_answers_delete AFTER DELETE ON offering_answers BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_offering_campuses_insert AFTER INSERT ON offering_campuses BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_campuses_update AFTER UPDATE ON offering_campuses BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_campuses_delete AFTER DELETE ON offering_campuses BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_offering_funding_insert AFTER INSERT ON offering_funding BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_funding_update AFTER UPDATE ON offering_funding BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_funding_delete AFTER DELETE ON offering_funding BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_offering_intakes_insert AFTER INSERT ON offering_intakes BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_intakes_update AFTER UPDATE ON offering_intakes BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_intakes_delete AFTER DELETE ON offering_intakes BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_offering_stars_insert AFTER INSERT ON offering_stars BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_stars_update AFTER UPDATE ON offering_stars BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offering_stars_delete AFTER DELETE ON offering_stars BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_offerings_insert AFTER INSERT ON offerings BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offerings_update AFTER UPDATE ON offerings BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_offerings_delete AFTER DELETE ON offerings BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_provider_claims_insert AFTER INSERT ON provider_claims BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_provider_claims_update AFTER UPDATE ON provider_claims BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_provider_claims_delete AFTER DELETE ON provider_claims BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_providers_insert AFTER INSERT ON providers BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_providers_update AFTER UPDATE ON providers BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_providers_delete AFTER DELETE ON providers BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_recent_window_insert AFTER INSERT ON recent_window BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_recent_window_update AFTER UPDATE ON recent_window BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_recent_window_delete AFTER DELETE ON recent_window BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_regulatory_decisions_insert AFTER INSERT ON regulatory_decisions BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_regulatory_decisions_update AFTER UPDATE ON regulatory_decisions BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_regulatory_decisions_delete AFTER DELETE ON regulatory_decisions BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_review_removals_insert AFTER INSERT ON review_removals BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_removals_update AFTER UPDATE ON review_removals BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_removals_delete AFTER DELETE ON review_removals BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_review_replies_insert AFTER INSERT ON review_replies BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_replies_update AFTER UPDATE ON review_replies BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_replies_delete AFTER DELETE ON review_replies BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_review_reports_insert AFTER INSERT ON review_reports BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_reports_update AFTER UPDATE ON review_reports BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_reports_delete AFTER DELETE ON review_reports BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_review_tallies_insert AFTER INSERT ON review_tallies BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_tallies_update AFTER UPDATE ON review_tallies BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_tallies_delete AFTER DELETE ON review_tallies BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_review_votes_insert AFTER INSERT ON review_votes BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_votes_update AFTER UPDATE ON review_votes BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_review_votes_delete AFTER DELETE ON review_votes BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_reviews_insert AFTER INSERT ON reviews BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_reviews_update AFTER UPDATE ON reviews BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_reviews_delete AFTER DELETE ON reviews BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_static_content_insert AFTER INSERT ON static_content BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_static_content_update AFTER UPDATE ON static_content BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_static_content_delete AFTER DELETE ON static_content BEGIN UPDATE public_version SET version = version + 1; END;

CREATE TRIGGER public_version_users_insert AFTER INSERT ON users BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_users_update AFTER UPDATE ON users BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_users_delete AFTER DELETE ON users BEGIN UPDATE public_version SET version = version + 1; END;

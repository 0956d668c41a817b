-- Who has news in a week (`digest_store::users_with_news`) names the alerts' kind, which the
-- index of V16 filters on but does not hold: SQLite read each of the week's alerts from the
-- table, once for each of Australia's 11 zones (at a million alerts, most of a digest run's
-- first minute, on a reader beside the server's). Holding the kind makes the index cover it.
DROP INDEX notifications_for_digest;
CREATE INDEX notifications_for_digest ON notifications(created_at, user_id, kind)
    WHERE kind IN ('followed-review', 'provider-review');

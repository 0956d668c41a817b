-- The weekly digest (issue 31): who has news in a week, found from the week's alerts of the
-- two kinds the digest lists, without reading every notification ever written.
CREATE INDEX notifications_for_digest ON notifications(created_at, user_id)
    WHERE kind IN ('followed-review', 'provider-review');

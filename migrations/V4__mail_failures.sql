-- A mail the server refused for good (a 5xx answer), or that kept failing for three days, is
-- given up: it stops being retried and the operator sees it, with its last error, in the
-- admin's Mail page. Mails already queued carry on as waiting (failed_at stays NULL).
ALTER TABLE mail_outbox ADD COLUMN failed_at INTEGER;
DROP INDEX mail_outbox_due;
CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

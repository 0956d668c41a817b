-- A server started without `--demo` ends the demo accounts' sessions before it listens
-- (`accounts::store::end_demo_sessions`): the accounts flagged `is_demo` whose address ends in
-- `demo.coursesource.local`. Found by scanning every user, that was about half of a start on the
-- bench data (201,001 users, all flagged: the bench's accounts are too). The last 23 characters
-- of a flagged address, indexed, find them at once.
CREATE INDEX users_demo_by_domain ON users(substr(email, -23)) WHERE is_demo = 1;

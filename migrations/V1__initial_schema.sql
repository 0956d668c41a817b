-- CourseSource schema: every entity of both specification documents.
-- Times are Unix seconds (UTC). Scores are stored in half stars (0..10) so sums stay exact.
-- Counter columns (review counts, score sums) are kept up to date by the transactions that
-- approve, disapprove or delete reviews, so list pages never scan the reviews table.

CREATE TABLE industries (
    id            INTEGER PRIMARY KEY,
    slug          TEXT    NOT NULL UNIQUE,
    name          TEXT    NOT NULL,
    copy          TEXT    NOT NULL DEFAULT '',
    career_count  INTEGER NOT NULL DEFAULT 0,
    review_count  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE careers (
    id            INTEGER PRIMARY KEY,
    industry_id   INTEGER NOT NULL REFERENCES industries(id) ON DELETE CASCADE,
    slug          TEXT    NOT NULL UNIQUE,
    name          TEXT    NOT NULL,
    copy_html     TEXT    NOT NULL DEFAULT '',
    course_count  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX careers_by_industry ON careers(industry_id, name);

CREATE TABLE courses (
    id              INTEGER PRIMARY KEY,
    slug            TEXT    NOT NULL UNIQUE,
    code            TEXT    NOT NULL UNIQUE,
    name            TEXT    NOT NULL,
    copy            TEXT    NOT NULL DEFAULT '',
    provider_count  INTEGER NOT NULL DEFAULT 0,
    review_count    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE course_careers (
    course_id  INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    career_id  INTEGER NOT NULL REFERENCES careers(id) ON DELETE CASCADE,
    PRIMARY KEY (course_id, career_id)
) WITHOUT ROWID;
CREATE INDEX course_careers_by_career ON course_careers(career_id, course_id);

CREATE TABLE providers (
    id                INTEGER PRIMARY KEY,
    slug              TEXT    NOT NULL UNIQUE,
    name              TEXT    NOT NULL,
    website_url       TEXT    NOT NULL DEFAULT '',
    description_html  TEXT    NOT NULL DEFAULT '',
    town              TEXT    NOT NULL DEFAULT '',
    state             TEXT    NOT NULL DEFAULT '',
    latitude          REAL,
    longitude         REAL,
    is_example        INTEGER NOT NULL DEFAULT 0 CHECK (is_example IN (0, 1)),
    -- the provider's rating across all its courses (approved reviews only)
    review_count      INTEGER NOT NULL DEFAULT 0,
    score_half_sum    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX providers_by_name ON providers(name COLLATE NOCASE);

-- A course as delivered by a provider: the pair that reviews and favourites are about.
CREATE TABLE offerings (
    id                       INTEGER PRIMARY KEY,
    course_id                INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    provider_id              INTEGER NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    student_review_count     INTEGER NOT NULL DEFAULT 0,
    employer_review_count    INTEGER NOT NULL DEFAULT 0,
    student_score_half_sum   INTEGER NOT NULL DEFAULT 0,
    employer_score_half_sum  INTEGER NOT NULL DEFAULT 0,
    UNIQUE (course_id, provider_id)
);
CREATE INDEX offerings_by_provider ON offerings(provider_id, course_id);

CREATE TABLE users (
    id             INTEGER PRIMARY KEY,
    email          TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    -- a changed address waits here until its verification link is followed
    pending_email  TEXT    COLLATE NOCASE,
    password_hash  TEXT    NOT NULL,
    first_name     TEXT    NOT NULL,
    last_name      TEXT    NOT NULL,
    gender         TEXT    NOT NULL CHECK (gender IN ('Male', 'Female', 'Other')),
    user_type      TEXT    NOT NULL CHECK (user_type IN
                     ('Student', 'Employer', 'Parent', 'Career Advisor', 'Course Provider', 'Other')),
    avatar         INTEGER NOT NULL DEFAULT 0,
    profile_image  TEXT,
    opt_in         INTEGER NOT NULL DEFAULT 1 CHECK (opt_in IN (0, 1)),
    nick_name      TEXT,
    date_of_birth  TEXT,
    business_name  TEXT,
    job_title      TEXT,
    abn            TEXT,
    is_admin       INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    is_demo        INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1)),
    verified_at    INTEGER,
    -- bumped by logout, password or email change: every older session token stops working
    token_version  INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL DEFAULT (unixepoch()),
    updated_at     INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE UNIQUE INDEX users_nick_name ON users(nick_name COLLATE NOCASE) WHERE nick_name IS NOT NULL;

CREATE TABLE reviews (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    course_id       INTEGER NOT NULL,
    provider_id     INTEGER NOT NULL,
    industry_id     INTEGER REFERENCES industries(id) ON DELETE SET NULL,
    user_type       TEXT    NOT NULL CHECK (user_type IN ('Student', 'Employer')),
    title           TEXT    NOT NULL,
    comment         TEXT    NOT NULL,
    score_halves    INTEGER NOT NULL CHECK (score_halves BETWEEN 0 AND 10),
    -- question slug -> answer, as defined by the server's question definitions
    answers         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(answers)),
    actioned        INTEGER NOT NULL DEFAULT 0 CHECK (actioned IN (0, 1)),
    approved        INTEGER NOT NULL DEFAULT 0 CHECK (approved IN (0, 1)),
    actioned_at     INTEGER,
    actioned_by     INTEGER REFERENCES users(id) ON DELETE SET NULL,
    like_count      INTEGER NOT NULL DEFAULT 0,
    dislike_count   INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL DEFAULT (unixepoch()),
    UNIQUE (user_id, course_id, provider_id),
    FOREIGN KEY (course_id, provider_id) REFERENCES offerings(course_id, provider_id) ON DELETE CASCADE
);
-- the public list of a pair: approved reviews, newest first / most liked / top rated
CREATE INDEX reviews_listed ON reviews(course_id, provider_id, approved, created_at);
-- moderation queue: actioned / approved filters, oldest or latest first
CREATE INDEX reviews_moderation ON reviews(actioned, approved, created_at);
CREATE INDEX reviews_by_provider ON reviews(provider_id);

CREATE TABLE review_votes (
    review_id   INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    vote        TEXT    NOT NULL CHECK (vote IN ('like', 'dislike')),
    created_at  INTEGER NOT NULL DEFAULT (unixepoch()),
    PRIMARY KEY (review_id, user_id)
) WITHOUT ROWID;
CREATE INDEX review_votes_by_user ON review_votes(user_id);

CREATE TABLE favourites (
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    course_id    INTEGER NOT NULL,
    provider_id  INTEGER NOT NULL,
    created_at   INTEGER NOT NULL DEFAULT (unixepoch()),
    PRIMARY KEY (user_id, course_id, provider_id),
    FOREIGN KEY (course_id, provider_id) REFERENCES offerings(course_id, provider_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- Single-use secrets (verification, password reset, CSV download): only the SHA-256 is kept.
CREATE TABLE one_time_tokens (
    id          INTEGER PRIMARY KEY,
    purpose     TEXT    NOT NULL CHECK (purpose IN ('verify', 'reset', 'export')),
    token_hash  BLOB    NOT NULL UNIQUE,
    user_id     INTEGER REFERENCES users(id) ON DELETE CASCADE,
    email       TEXT,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER,
    created_at  INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX one_time_tokens_by_user ON one_time_tokens(user_id, purpose);

-- Admin-managed content keyed by name, e.g. 'promotion-strip' (a JSON document).
CREATE TABLE static_content (
    name        TEXT    PRIMARY KEY,
    content     TEXT    NOT NULL CHECK (json_valid(content)),
    updated_at  INTEGER NOT NULL DEFAULT (unixepoch()),
    updated_by  INTEGER REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE contact_messages (
    id                    INTEGER PRIMARY KEY,
    reason                TEXT    NOT NULL CHECK (reason IN ('General enquiry', 'Technical enquiry')),
    name                  TEXT    NOT NULL,
    email                 TEXT    NOT NULL,
    message               TEXT    NOT NULL,
    technical_type        TEXT,
    technical_type_other  TEXT,
    device_type           TEXT,
    browser_type          TEXT,
    created_at            INTEGER NOT NULL DEFAULT (unixepoch())
);

CREATE TABLE notifications (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    review_id   INTEGER REFERENCES reviews(id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    message     TEXT    NOT NULL,
    read_at     INTEGER,
    created_at  INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX notifications_by_user ON notifications(user_id, created_at);

-- Mail waits here until the background sender has delivered it, so an outage or a restart
-- loses nothing. Rows are written in the same transaction as the change that causes them.
CREATE TABLE mail_outbox (
    id               INTEGER PRIMARY KEY,
    to_address       TEXT    NOT NULL,
    reply_to         TEXT,
    subject          TEXT    NOT NULL,
    body_text        TEXT    NOT NULL,
    body_html        TEXT,
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  INTEGER NOT NULL DEFAULT (unixepoch()),
    last_error       TEXT,
    sent_at          INTEGER,
    created_at       INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL;

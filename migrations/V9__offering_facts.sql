-- What a course costs and how it runs at each provider (DESIGN decision 23): the facts of an
-- offering, the provider's campuses, and the history of every change to them.

-- The closed list of funding notes; the operator extends it by adding rows.
CREATE TABLE funding_notes (
    name        TEXT    PRIMARY KEY,
    position    INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
INSERT INTO funding_notes (name, position) VALUES
    ('Fee-free TAFE', 1),
    ('Government subsidised', 2),
    ('VET Student Loans', 3),
    ('Apprenticeship or traineeship', 4);

-- A place where a provider teaches; an offering names the campuses it runs at.
CREATE TABLE campuses (
    id           INTEGER PRIMARY KEY,
    provider_id  INTEGER NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    street       TEXT    NOT NULL DEFAULT '',
    town         TEXT    NOT NULL,
    state        TEXT    NOT NULL CHECK (state IN ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA')),
    postcode     TEXT    NOT NULL,
    latitude     REAL    NOT NULL,
    longitude    REAL    NOT NULL,
    version      INTEGER NOT NULL DEFAULT 1,
    UNIQUE (provider_id, name)
);

-- The facts themselves, each optional. Fees are whole Australian dollars; delivery modes are
-- a bit set in the order of the vocabulary (on campus 1, online 2, blended 4, workplace 8);
-- `facts_version` moves with every change so a stale save is refused (409).
ALTER TABLE offerings ADD COLUMN fee INTEGER CHECK (fee BETWEEN 0 AND 100000);
ALTER TABLE offerings ADD COLUMN subsidised_fee INTEGER CHECK (subsidised_fee BETWEEN 0 AND 100000);
ALTER TABLE offerings ADD COLUMN subsidy_state TEXT;
ALTER TABLE offerings ADD COLUMN duration_weeks INTEGER CHECK (duration_weeks BETWEEN 1 AND 260);
ALTER TABLE offerings ADD COLUMN duration_max_weeks INTEGER CHECK (duration_max_weeks BETWEEN 1 AND 260);
ALTER TABLE offerings ADD COLUMN delivery_modes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE offerings ADD COLUMN course_url TEXT NOT NULL DEFAULT '';
-- The course web page is not on the provider's website domain: an admin should look at it.
ALTER TABLE offerings ADD COLUMN course_url_flagged INTEGER NOT NULL DEFAULT 0;
-- Who last changed the facts: 'representative', 'admin' or 'import' (NULL: never).
ALTER TABLE offerings ADD COLUMN facts_source TEXT
    CHECK (facts_source IN ('representative', 'admin', 'import'));
ALTER TABLE offerings ADD COLUMN facts_changed_by INTEGER REFERENCES users(id) ON DELETE SET NULL;
-- Unix seconds the facts were last saved or confirmed as still correct.
ALTER TABLE offerings ADD COLUMN facts_confirmed_at INTEGER;
ALTER TABLE offerings ADD COLUMN facts_version INTEGER NOT NULL DEFAULT 0;

-- The 'Lowest fee' sort and the fee filter of a course's provider list.
CREATE INDEX offerings_by_course_fee ON offerings(course_id, fee) WHERE fee IS NOT NULL;

CREATE TABLE offering_campuses (
    offering_id  INTEGER NOT NULL REFERENCES offerings(id) ON DELETE CASCADE,
    campus_id    INTEGER NOT NULL REFERENCES campuses(id) ON DELETE CASCADE,
    PRIMARY KEY (offering_id, campus_id)
) WITHOUT ROWID;
CREATE INDEX offering_campuses_by_campus ON offering_campuses(campus_id);

-- Next intakes as 'YYYY-MM', at most six per offering.
CREATE TABLE offering_intakes (
    offering_id  INTEGER NOT NULL REFERENCES offerings(id) ON DELETE CASCADE,
    month        TEXT    NOT NULL,
    PRIMARY KEY (offering_id, month)
) WITHOUT ROWID;

CREATE TABLE offering_funding (
    offering_id  INTEGER NOT NULL REFERENCES offerings(id) ON DELETE CASCADE,
    note         TEXT    NOT NULL REFERENCES funding_notes(name) ON UPDATE CASCADE,
    PRIMARY KEY (offering_id, note)
) WITHOUT ROWID;

-- Every change to an offering's facts or a campus: who, when, the facts before and after (JSON).
CREATE TABLE fact_history (
    id           INTEGER PRIMARY KEY,
    provider_id  INTEGER NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    offering_id  INTEGER REFERENCES offerings(id) ON DELETE CASCADE,
    campus_id    INTEGER,
    source       TEXT    NOT NULL CHECK (source IN ('representative', 'admin', 'import')),
    user_id      INTEGER REFERENCES users(id) ON DELETE SET NULL,
    before_json  TEXT,
    after_json   TEXT,
    changed_at   INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX fact_history_by_provider ON fact_history(provider_id, id);

-- The National Training Register as the source of the catalogue (DESIGN decision 28,
-- `app catalogue sync`). Nothing the register drops is deleted: it is retired (`retired_at`),
-- so its reviews stay readable. What the register last wrote is kept beside what is shown
-- (`register_copy`, `register_website`), so an admin's or a representative's edit is never
-- overwritten: the sync replaces a value only while it still reads as the register wrote it.

ALTER TABLE courses ADD COLUMN level TEXT NOT NULL DEFAULT '';
ALTER TABLE courses ADD COLUMN package_code TEXT NOT NULL DEFAULT '';
ALTER TABLE courses ADD COLUMN register_copy TEXT;
ALTER TABLE courses ADD COLUMN retired_at INTEGER;

ALTER TABLE careers ADD COLUMN anzsco_code TEXT;

ALTER TABLE providers ADD COLUMN rto_code TEXT;
-- `name` is the first trading name the register gives, else the legal name
ALTER TABLE providers ADD COLUMN legal_name TEXT NOT NULL DEFAULT '';
ALTER TABLE providers ADD COLUMN postcode TEXT NOT NULL DEFAULT '';
ALTER TABLE providers ADD COLUMN register_website TEXT;
ALTER TABLE providers ADD COLUMN retired_at INTEGER;
-- what the register's decisions and restrictions in force say of the provider's operation
ALTER TABLE providers ADD COLUMN standing TEXT NOT NULL DEFAULT 'registered'
    CHECK (standing IN ('registered', 'suspended', 'cancelled'));
CREATE UNIQUE INDEX providers_by_rto_code ON providers(rto_code) WHERE rto_code IS NOT NULL;

ALTER TABLE offerings ADD COLUMN from_register INTEGER NOT NULL DEFAULT 0 CHECK (from_register IN (0, 1));
ALTER TABLE offerings ADD COLUMN retired_at INTEGER;

-- The regulator's decisions and restrictions about a provider, as the register words them
-- (with e-mail addresses and phone numbers removed). Replaced whole by each decisions step.
CREATE TABLE regulatory_decisions (
    id           INTEGER PRIMARY KEY,
    provider_id  INTEGER NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    source       TEXT    NOT NULL CHECK (source IN ('decision', 'restriction')),
    kind         TEXT    NOT NULL,
    description  TEXT    NOT NULL,
    starts_on    TEXT,
    ends_on      TEXT,
    in_force     INTEGER NOT NULL CHECK (in_force IN (0, 1)),
    url          TEXT    NOT NULL
);
CREATE INDEX regulatory_decisions_by_provider ON regulatory_decisions(provider_id, in_force, starts_on);

-- One row per sync (the Catalogue admin page shows the last ones).
CREATE TABLE register_sync_runs (
    id           INTEGER PRIMARY KEY,
    started_at   INTEGER NOT NULL,
    finished_at  INTEGER,
    dry_run      INTEGER NOT NULL CHECK (dry_run IN (0, 1)),
    steps        TEXT    NOT NULL,
    summary      TEXT    NOT NULL DEFAULT '',
    error        TEXT,
    requests     INTEGER NOT NULL DEFAULT 0
);

-- A step written to the catalogue, so a sync interrupted after it starts again after it.
CREATE TABLE register_checkpoints (
    step       TEXT    PRIMARY KEY,
    run_key    TEXT    NOT NULL,
    done_at    INTEGER NOT NULL
);

-- Which course replaced which (a national qualification is superseded every few years:
-- SIT30816 by SIT30821). Written by `app import` (courses.csv's `supersedes`) and by the
-- register sync. A replaced course with no current offering leaves the lists and the
-- type-ahead, whose search for it finds its successor; its reviews show on the successor's
-- course-provider page at the same provider, apart and with their own score.
CREATE TABLE course_supersessions (
    course_id   INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    replaces_id INTEGER NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
    PRIMARY KEY (course_id, replaces_id),
    CHECK (course_id <> replaces_id)
) WITHOUT ROWID;
CREATE INDEX course_supersessions_by_replaced ON course_supersessions(replaces_id, course_id);

CREATE TRIGGER public_version_course_supersessions_insert AFTER INSERT ON course_supersessions BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_course_supersessions_update AFTER UPDATE ON course_supersessions BEGIN UPDATE public_version SET version = version + 1; END;
CREATE TRIGGER public_version_course_supersessions_delete AFTER DELETE ON course_supersessions BEGIN UPDATE public_version SET version = version + 1; END;

-- Offering facts, second part (DESIGN decision 23): the provider list's fee filter and 'Lowest
-- fee' sort compare the lowest fee, the subsidised fee where one is set (what an eligible
-- student pays; it is never above the full fee), so their index is on that expression. The
-- query spells it the same way, `coalesce(o.subsidised_fee, o.fee)`, or SQLite ignores it.
DROP INDEX offerings_by_course_fee;
CREATE INDEX offerings_by_course_lowest_fee ON offerings(course_id, coalesce(subsidised_fee, fee));

-- When the provider's representatives were last mailed to confirm facts not confirmed for 12
-- months (unix seconds): at most one reminder a month per provider.
ALTER TABLE providers ADD COLUMN facts_reminded_at INTEGER;

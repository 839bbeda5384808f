-- The skills a student's or a class's courses practice are now kept in memory (server/modules/mastery/kept.ts): a
-- skill added, changed or removed is announced on the bank's channel, as its focus area and category are.
CREATE TRIGGER skills_bank_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON skills FOR EACH STATEMENT EXECUTE FUNCTION academy_notify_bank_changed();

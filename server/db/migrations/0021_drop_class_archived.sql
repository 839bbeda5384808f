-- A class is deleted when it ends, never archived: the column was never written.
ALTER TABLE "classes" DROP COLUMN "archived_at";

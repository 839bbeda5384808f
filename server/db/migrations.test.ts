/**
 * During a rolling upgrade the previous release keeps serving on the schema the new one migrated
 * (docs/DEPLOYMENT.md, "Deploying a new version"), so a migration may only add: tables, nullable columns, columns
 * with a default, indexes. What the previous release still reads or writes may be dropped, renamed, narrowed or made
 * NOT NULL only by a later release, once no running code uses it: a contract step, marked as such by a comment line
 * `-- contract: <which release stopped using it>` in the statement's block. This reads the SQL statement by statement
 * (drizzle-kit separates them with `--> statement-breakpoint`) and refuses an unmarked one in the newest migration.
 * `server/test/upgrade.test.ts` runs the previous release on the migrated schema to catch what a reading cannot.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; when: number; tag: string }>;
};

interface ContractStatement {
  statement: string;
  reason: string;
  /** Carries a `-- contract:` line saying which earlier release stopped using what it removes. */
  marked: boolean;
}

const CONTRACT_MARK = /^--\s*contract:\s*\S/i;
/** Quoted text and dollar-quoted bodies (a DO block's), whose words are not statements of the migration. */
const QUOTED = /'(?:[^']|'')*'|\$\$[\s\S]*?\$\$/g;

/** Why one `ALTER TABLE` action (an `ADD COLUMN ...`, a `DROP COLUMN ...`) would break the previous release, if it does. */
function contractAction(action: string): string | null {
  if (/^DROP\s+COLUMN\b/i.test(action)) return 'drops a column';
  if (/^RENAME\b/i.test(action)) return 'renames a table or a column';
  if (/^ALTER\s+(COLUMN\s+)?\S+\s+SET\s+NOT\s+NULL\b/i.test(action)) return 'makes a column NOT NULL';
  if (/^ALTER\s+(COLUMN\s+)?\S+\s+(SET\s+DATA\s+)?TYPE\b/i.test(action)) return "changes a column's type";
  if (
    /^ADD\s+(?!(CONSTRAINT|PRIMARY|UNIQUE|CHECK|FOREIGN|EXCLUDE)\b)/i.test(action) &&
    /\bNOT\s+NULL\b/i.test(action) &&
    !/\b(DEFAULT|GENERATED|SERIAL|BIGSERIAL|SMALLSERIAL)\b/i.test(action)
  )
    return 'adds a NOT NULL column without a default, which the previous release does not fill';
  return null;
}

/** The statements of a migration's SQL that remove or narrow what already exists, each with why. */
export function contractStatements(text: string): ContractStatement[] {
  const found: ContractStatement[] = [];
  for (const block of text.split('--> statement-breakpoint')) {
    const marked = block.split('\n').some((line) => CONTRACT_MARK.test(line.trim()));
    const code = block
      .replace(QUOTED, "''")
      .split('\n')
      .map((line) => line.replace(/--.*$/, ''))
      .join(' ');
    for (const raw of code.split(';')) {
      const statement = raw.replace(/\s+/g, ' ').trim();
      let reason: string | null = null;
      if (/^DROP\s+TABLE\b/i.test(statement)) reason = 'drops a table';
      else if (/^ALTER\s+(TYPE|VIEW|MATERIALIZED\s+VIEW)\b.*\bRENAME\b/i.test(statement))
        reason = 'renames a type or a view';
      else {
        const table =
          /^ALTER\s+TABLE\s+(?:ONLY\s+|IF\s+EXISTS\s+)*("[^"]*"|\S+)(?:\s*\.\s*("[^"]*"|\S+))?\s+(.*)$/i.exec(
            statement,
          );
        // A type's parentheses hold commas too (numeric(10, 2)): an action starts after a comma with its keyword.
        for (const action of table?.[3].split(/,\s*(?=(?:ADD|DROP|ALTER|RENAME)\b)/i) ?? []) {
          reason = contractAction(action.trim());
          if (reason) break;
        }
      }
      if (reason) found.push({ statement, reason, marked });
    }
  }
  return found;
}

const newest = journal.entries.reduce((a, b) => (b.when > a.when ? b : a));
const sqlOf = (tag: string) => fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8');

describe('migrations expand, and contract only in a step marked as such', () => {
  it('tells each kind of contract statement from an expanding one', () => {
    const reasons = (text: string) => contractStatements(text).map((s) => s.reason);
    expect(reasons('ALTER TABLE "classes" DROP COLUMN "archived_at";')).toEqual(['drops a column']);
    expect(reasons('DROP TABLE IF EXISTS "old_things";')).toEqual(['drops a table']);
    expect(reasons('ALTER TABLE "users" RENAME COLUMN "phone" TO "phone_number";')).toEqual([
      'renames a table or a column',
    ]);
    expect(reasons('ALTER TABLE "users" RENAME TO "people";')).toEqual(['renames a table or a column']);
    expect(reasons('ALTER TABLE "tests" ALTER COLUMN "title" SET NOT NULL;')).toEqual(['makes a column NOT NULL']);
    expect(reasons('ALTER TABLE "tests" ALTER COLUMN "points" SET DATA TYPE numeric(10, 2);')).toEqual([
      "changes a column's type",
    ]);
    expect(reasons('ALTER TABLE "tests" ALTER COLUMN "points" TYPE bigint;')).toEqual(["changes a column's type"]);
    expect(reasons('ALTER TABLE "tests" ADD COLUMN "kind" text NOT NULL;')).toHaveLength(1);
    expect(reasons(`ALTER TABLE "tests" ADD COLUMN "note" text, ADD COLUMN "kind" text NOT NULL;`)).toHaveLength(1);
    expect(reasons("ALTER TYPE \"status\" RENAME VALUE 'open' TO 'active';")).toEqual(['renames a type or a view']);

    const expanding = [
      'CREATE TABLE "things" ("id" uuid PRIMARY KEY NOT NULL, "name" text NOT NULL);',
      'ALTER TABLE "tests" ADD COLUMN "seed" integer;',
      `ALTER TABLE "tests" ADD COLUMN "kind" text DEFAULT 'plain' NOT NULL;`,
      'ALTER TABLE "tests" ADD COLUMN "n" bigserial NOT NULL;',
      'ALTER TABLE "tests" ADD CONSTRAINT "tests_owner_fk" FOREIGN KEY ("owner") REFERENCES "users"("id");',
      'ALTER TABLE "tests" ALTER COLUMN "title" DROP NOT NULL;',
      'ALTER TABLE "tests" ALTER COLUMN "kind" SET DEFAULT \'plain\';',
      'ALTER INDEX "tests_idx" RENAME TO "tests_title_idx";',
      'DROP INDEX "tests_old_idx";',
      'DROP TRIGGER IF EXISTS "t" ON "tests";',
      `INSERT INTO "notes" ("text") VALUES ('We DROP TABLE nothing; ALTER TABLE x DROP COLUMN y');`,
      "DO $$ BEGIN EXECUTE 'ALTER TABLE x RENAME TO y'; END; $$;",
      '-- ALTER TABLE "tests" DROP COLUMN "kind";',
    ];
    for (const text of expanding) expect(reasons(text), text).toEqual([]);
  });

  it('a contract step is marked by a comment line in its own block', () => {
    const text = [
      '-- contract: nothing reads archived_at since the release that ended classes by deleting them',
      'ALTER TABLE "classes" DROP COLUMN "archived_at";',
      '--> statement-breakpoint',
      'ALTER TABLE "classes" DROP COLUMN "color";',
    ].join('\n');
    expect(contractStatements(text).map((s) => s.marked)).toEqual([true, false]);
    expect(contractStatements('-- contract:\nDROP TABLE "x";')[0].marked).toBe(false);
  });

  it('reads every migration the journal lists, and finds the contract steps of the past', () => {
    const found = journal.entries.map((entry) => ({ tag: entry.tag, contract: contractStatements(sqlOf(entry.tag)) }));
    expect(found).toHaveLength(journal.entries.length);
    // Written before this rule: dropping a column the release before had stopped using.
    expect(found.find((f) => f.tag === '0021_drop_class_archived')?.contract.map((s) => s.reason)).toEqual([
      'drops a column',
    ]);
  });

  it(`the newest migration (${newest.tag}) only expands the schema, or marks its contract steps`, () => {
    const unmarked = contractStatements(sqlOf(newest.tag)).filter((s) => !s.marked);
    expect(
      unmarked.map((s) => `${s.reason}: ${s.statement}`),
      'The previous release still runs on this schema during a rolling upgrade: add now, remove in a later release, ' +
        'with a "-- contract: <the release that stopped using it>" line (docs/DEPLOYMENT.md, "Deploying a new version")',
    ).toEqual([]);
  });
});

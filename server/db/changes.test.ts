/**
 * The map of announced tables (changes.ts) against the triggers the migrations leave: a table a kept view or memo
 * reads that announces nothing would let every instance serve what it kept after the table changed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCED_TABLES, CHANNELS, UNANNOUNCED_TABLES } from './changes';
import { type Database } from './client';
import { rows } from './prepared';
import { freshPglite } from '../test/harness';

let database: Database;
/** Each table of the migrated schema, with the channels its triggers notify. */
let announced: Map<string, Set<string>>;

beforeAll(async () => {
  database = await freshPglite();
  const tables = await rows<{ name: string }>(
    database.db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'`,
  );
  // A trigger names its channel as its first argument (academy_announce_scope) or in its function's body.
  const triggers = await rows<{ tbl: string; args: string; source: string }>(
    database.db,
    sql`select c.relname as tbl, encode(t.tgargs, 'escape') as args, p.prosrc as source
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal`,
  );
  announced = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const trigger of triggers) {
    const channel = trigger.args.split('\\000')[0] || /pg_notify\('(\w+)'/.exec(trigger.source)?.[1];
    if (channel) announced.get(trigger.tbl)?.add(channel);
  }
});
afterAll(() => database?.close());

describe('the tables whose changes are announced', () => {
  it('names every table of the schema once: announced, or read by nothing kept', () => {
    const listed = [...Object.keys(ANNOUNCED_TABLES), ...UNANNOUNCED_TABLES];
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual([...announced.keys()].sort());
  });

  it.each(Object.entries(ANNOUNCED_TABLES))(
    '%s announces its changes on %j, and on nothing else',
    (table, channels) => {
      expect([...(announced.get(table) ?? [])].sort()).toEqual(channels.map((channel) => CHANNELS[channel]).sort());
    },
  );

  it.each(UNANNOUNCED_TABLES)('%s announces nothing', (table) => {
    expect([...(announced.get(table) ?? [])]).toEqual([]);
  });
});

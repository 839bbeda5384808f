import { sql } from 'drizzle-orm';
import { openDatabase } from './server/db/client';
import { listQuestions } from './server/modules/questions/queries';
import { questionListQuery } from './common/schemas/questions';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '/tmp/i5/pgdata' });
const db = database.db as any;
const client = db.session.client;
const orig = client.query.bind(client);
const captured: Array<[string, unknown[]]> = [];
client.query = (q: any, params?: any, ...rest: any[]) => { const text = typeof q === 'string' ? q : q.text; const ps = typeof q === 'string' ? params : q.values; if (!text.startsWith('explain')) captured.push([text, ps]); return orig(q, params, ...rest); };
await listQuestions(db, questionListQuery.parse({ q: process.argv[2] ?? 'triangle', pageSize: '10' }));
for (const [text, params] of captured) {
  console.log('-----', text.slice(-400), params);
  const res = await orig('explain analyze ' + text, params);
  console.log((res.rows ?? res).map((r: any) => r['QUERY PLAN']).filter((l: string) => !/Buffers|Searches|Heap Fetches/.test(l)).join('\n'));
}
await database.close();

/**
 * The users table at scale (budget: `GET /api/admin/users` pages, filters and searches 100,000 accounts with p99
 * under 50 ms at 10 connections).
 *
 * `seedUserBench` writes the accounts in a few set-based statements; `benchUsers` measures the first page, a type
 * filter deep in the list, the status filter and three searches (a name, an e-mail fragment, a phone).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { BROWSER_HEADERS, measure, type BenchResult } from './measure';

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Ethan',
  'Ivy',
  'Omar',
  'Lena',
  'Ravi',
  'Sofia',
  'Kenji',
  'Amara',
  'Diego',
  'Hana',
  'Yusuf',
];
const LAST = [
  'Garcia',
  'Chen',
  'Okafor',
  'Smith',
  'Nguyen',
  'Patel',
  'Kowalski',
  'Haddad',
  'Silva',
  'Kim',
  'Mensah',
  'Rossi',
  'Ivanova',
  'Tanaka',
];
const textArray = (items: string[]) =>
  sql`array[${sql.join(
    items.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;

/** `n` accounts: 85% students, 8% parents, 5% teachers, 2% data entry, one in twenty inactive, each with a profile. */
export async function seedUserBench(db: Db, n = 100_000): Promise<void> {
  // The trigram indexes are built once over the whole table afterwards: kept up row by row, a GIN index makes
  // 100,000 inserts take many minutes on PGlite.
  await db.execute(sql`drop index users_email_trgm_idx`);
  await db.execute(sql`drop index profiles_search_trgm_idx`);
  await db.execute(sql`
    insert into users (email, password_hash, type, status, created_at, updated_at)
    select 'person' || i || '@bench.academy', 'not-a-hash',
           (case when i % 100 < 85 then 'student' when i % 100 < 93 then 'parent' when i % 100 < 98 then 'teacher' else 'data_entry' end)::user_type,
           (case when i % 20 = 0 then 'inactive' else 'active' end)::user_status,
           now() - make_interval(secs => i), now() - make_interval(secs => i)
    from generate_series(1, ${n}) as i`);
  // Fresh statistics, or the planner takes the new rows for one and joins the links below in a nested loop.
  await db.execute(sql`analyze users`);
  await db.execute(sql`
    insert into profiles (user_id, first_name, last_name, phone_number, school, grade_level)
    select u.id, (${textArray(FIRST)})[1 + n.i % ${FIRST.length}], (${textArray(LAST)})[1 + (n.i / 7) % ${LAST.length}],
           '(' || lpad((200 + n.i % 700)::text, 3, '0') || ') 555-' || lpad((n.i % 10000)::text, 4, '0'),
           case when u.type = 'student' then 'School ' || (n.i % 50) end,
           case when u.type = 'student' then ((n.i % 12) + 1)::text end
    from users u, lateral (select split_part(substr(u.email, 7), '@', 1)::int as i) n
    where u.email like '%@bench.academy'`);
  // Every teacher and parent has a few students, so a page's links are read as in a real academy.
  await db.execute(sql`
    with s as (select id, row_number() over (order by id) r from users where type = 'student' and email like '%@bench.academy'),
         t as (select id, row_number() over (order by id) r from users where type = 'teacher' and email like '%@bench.academy')
    insert into teacher_students (teacher_id, student_id) select t.id, s.id from t join s on t.r = s.r % 5000`);
  await db.execute(sql`
    with s as (select id, row_number() over (order by id) r from users where type = 'student' and email like '%@bench.academy'),
         p as (select id, row_number() over (order by id) r from users where type = 'parent' and email like '%@bench.academy')
    insert into parent_students (parent_id, student_id) select p.id, s.id from p join s on p.r = s.r / 2`);
  await db.execute(sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`);
  await db.execute(sql`create index profiles_search_trgm_idx on profiles using gin (search_text gin_trgm_ops)`);
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze profiles`);
}

const CONNECTIONS = 10;

/** The loads of the accounts seeded above: a page, a filter deep in the list, and a search of each kind. */
export const USER_CASES: Array<[string, string]> = [
  ['first page', 'page=1&limit=10'],
  ['teachers, page 200', 'type=teacher&page=200&limit=10'],
  ['inactive, page 10', 'status=inactive&page=10&limit=10'],
  ['search a name', `q=${encodeURIComponent('okafor')}`],
  ['search an e-mail', `q=${encodeURIComponent('person4242')}`],
  ['search a phone', `q=${encodeURIComponent('(404) 555')}`],
];

/** Measures the users table's requests (`cases`: name and query) against a running server, signed in as an admin. */
export async function benchUsers(
  baseUrl: string,
  cookie: string,
  cases: Array<[string, string]> = USER_CASES,
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, query] of cases) {
    results.push(
      await measure(`GET /api/admin/users (${name})`, {
        url: `${baseUrl}/api/admin/users?${query}`,
        headers: { ...BROWSER_HEADERS, cookie },
        connections: CONNECTIONS,
      }),
    );
  }
  return results;
}

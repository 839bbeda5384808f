/**
 * The question bank at scale (budget: `GET /api/questions` filters and pages over 100,000 questions
 * with p99 under 50 ms).
 *
 * `seedQuestionBench` writes the questions with a handful of set-based statements; `benchQuestions` measures the
 * list with a grade filter, a category filter, a text search and page 50, and the test generator's random draw;
 * bench/run.ts runs both.
 */
import { BROWSER_HEADERS, firstRead, measure, type BenchResult } from './measure';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';

/** Question stems the generated bank cycles through: real wording, so the text search has something to find. */
const STEMS = [
  'What is the area of a triangle with base $8$ cm and height $5$ cm?',
  'Simplify the fraction $\\frac{18}{24}$.',
  'Solve for $x$: $3x + 7 = 22$.',
  'A bag holds 4 red and 6 blue marbles. What is the probability of drawing a red marble?',
  'What is the perimeter of a rectangle that is $12$ m long and $7$ m wide?',
  'Round $4{,}386$ to the nearest hundred.',
  'What is $25\\%$ of $160$?',
  'The mean of five numbers is $14$. What is their sum?',
  'How many degrees are in each angle of an equilateral triangle?',
  'Which number is prime: 21, 27, 29 or 33?',
  'A train travels $180$ miles in $3$ hours. What is its average speed?',
  'What is the least common multiple of $6$ and $8$?',
  'Evaluate $2^5 - 3^2$.',
  'Write $0.375$ as a fraction in lowest terms.',
  'What is the volume of a cube with edges of $4$ inches?',
  'The ratio of cats to dogs is $3:5$. If there are $24$ dogs, how many cats are there?',
  'What is the median of $3, 9, 4, 7, 12$?',
  'Find the missing number: $7 \\times \\square = 63$.',
  'A circle has radius $5$. What is its circumference in terms of $\\pi$?',
  'What is the value of $|{-9}| + |4|$?',
];
const SOURCES = ['SSAT practice', 'MAP growth', 'AMC 8 style', 'Academy original', 'Chapter review'];
const CATEGORIES = [
  'Number Sense',
  'Fractions',
  'Algebra',
  'Geometry',
  'Data and Probability',
  'Ratios',
  'Measurement',
  'Statistics',
  'Patterns',
  'Logic',
];
const FOCUS = ['Problem Solving', 'Computation', 'Reasoning', 'Modeling'];

const textArray = (items: string[]) =>
  sql`array[${sql.join(
    items.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;

/**
 * Adds `n` questions, each with one or two categories and a focus area, in a few `insert ... select
 * generate_series` statements (seconds, not minutes, for 100,000), then refreshes the planner's statistics.
 */
export async function seedQuestionBench(db: Db, n = 100_000): Promise<void> {
  for (const name of CATEGORIES)
    await db.execute(sql`insert into categories (name) values (${name}) on conflict do nothing`);
  for (const name of FOCUS)
    await db.execute(sql`insert into focus_areas (name) values (${name}) on conflict do nothing`);
  await db.execute(sql`
    insert into questions (question_text, grade, type, options, answer, solution, hint, source, created_at, updated_at)
    select '<p>' || (${textArray(STEMS)})[1 + i % ${STEMS.length}] || ' (No. ' || i || ')</p>',
           1 + (i * 7) % 12,
           (case when i % 3 = 0 then 'Fill in the Blank' else 'Multiple Choice' end)::question_type,
           case when i % 3 = 0 then '{}'::jsonb else '{"A":"$12$","B":"$20$","C":"$24$","D":"$40$"}'::jsonb end,
           case when i % 3 = 0 then '[["20"]]'::jsonb else '{"a1":["B"]}'::jsonb end,
           '<p>Work it step by step.</p>', 'Draw a picture.',
           (${textArray(SOURCES)})[1 + i % ${SOURCES.length}],
           now() - make_interval(secs => i), now() - make_interval(secs => i)
    from generate_series(1, ${n}) as i`);
  // Each question gets a category from its own hash, and every other one a second, different category.
  await db.execute(sql`
    with c as (select array_agg(id order by name) ids, count(*)::int n from categories),
         q as (select id, abs(hashtext(id::text)) h from questions where not exists (select 1 from question_categories qc where qc.question_id = questions.id))
    insert into question_categories (question_id, category_id)
    select q.id, c.ids[1 + q.h % c.n] from q, c
    union all
    select q.id, c.ids[1 + (q.h % c.n + 1 + (q.h / 7) % (c.n - 1)) % c.n] from q, c where q.h % 2 = 0`);
  await db.execute(sql`
    with f as (select array_agg(id order by name) ids, count(*)::int n from focus_areas),
         q as (select id, abs(hashtext(id::text || 'f')) h from questions where not exists (select 1 from question_focus qf where qf.question_id = questions.id))
    insert into question_focus (question_id, focus_id) select q.id, f.ids[1 + q.h % f.n] from q, f`);
  await db.execute(sql`vacuum analyze questions`);
  await db.execute(sql`vacuum analyze question_categories`);
  await db.execute(sql`vacuum analyze question_focus`);
}

/** Connections kept busy at once: a staff office's worth of people paging the bank together. */
const CONNECTIONS = 10;

/** Measures the four list requests of the budget against a running server, signed in as staff. */
export async function benchQuestions(baseUrl: string, cookie: string): Promise<BenchResult[]> {
  const categories = (await (await fetch(`${baseUrl}/api/category`, { headers: { cookie } })).json()) as Array<{
    id: string;
    name: string;
  }>;
  const algebra = categories.find((c) => c.name === 'Algebra') ?? categories[0];
  const cases: Array<[string, string]> = [
    ['grade filter', 'grade=7&pageSize=10'],
    ['category filter', `category=${algebra.id}&pageSize=10`],
    ['text search', `q=${encodeURIComponent('triangle')}&pageSize=10`],
    ['page 50', 'page=50&pageSize=10'],
  ];
  const results: BenchResult[] = [];
  for (const [name, query] of cases) {
    const [url, headers] = [`${baseUrl}/api/questions?${query}`, { ...BROWSER_HEADERS, cookie }];
    // Pages and counts are kept until the bank changes: the name tells what the first read of a filter costs.
    const first = await firstRead(url, headers);
    results.push(
      await measure(`GET /api/questions (${name}; first read ${first} ms)`, { url, headers, connections: CONNECTIONS }),
    );
  }
  // The test generator's random draw: uniform over the whole filtered bank, never cached, so every call does the work.
  const draws: Array<[string, object]> = [
    ['whole bank', {}],
    ['grade and category', { grade: '7', category: algebra.id }],
    ['text search', { q: 'triangle' }],
  ];
  for (const [name, filters] of draws) {
    const body = JSON.stringify({ count: 10, filters, exclude: [] });
    results.push(
      await measure(`POST /api/tests/random (${name}, 10 of them)`, {
        url: `${baseUrl}/api/tests/random`,
        method: 'POST',
        body,
        headers: { ...BROWSER_HEADERS, cookie, 'content-type': 'application/json' },
        connections: CONNECTIONS,
      }),
    );
  }
  return results;
}

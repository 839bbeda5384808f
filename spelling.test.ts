import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The product speaks American English throughout, as its specification does. British forms that crept into
 * screens, messages, e-mails or seeded content are listed here; "catalogue", "cancelled" and "enrolled" are the
 * specification's own words and stay.
 */
const BRITISH =
  /\b(enrol|enrols|enrolment|practis(e|ed|es|ing)|colour\w*|favour\w*|behaviour\w*|centre[sd]?|organis(e|ed|es|ing|ation)|recognis(e|ed|es|ing)|analys(e|ed|ing)|licence|judgement|programme)\b/i;
const ROOTS = ['web', 'server', 'common', 'e2e'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Applied migrations are history: rewriting one would change what a deployed database already ran.
    if (entry.isDirectory())
      return entry.name === 'node_modules' || full === path.join('server', 'db', 'migrations') ? [] : sources(full);
    return /\.(ts|tsx|css|html|sql)$/.test(entry.name) && entry.name !== 'spelling.test.ts' ? [full] : [];
  });
}

describe('spelling', () => {
  it('uses no British form anywhere in the web app, the server, the shared rules or the e2e tests', () => {
    const found = ROOTS.flatMap(sources).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (BRITISH.test(line) ? [`${file}:${i + 1}: ${BRITISH.exec(line)![0]}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

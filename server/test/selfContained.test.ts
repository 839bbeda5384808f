/**
 * The repository carries everything it needs: a user's clone has no team folder beside it, so no file of the
 * repository may reach for one (the corpora live in server/test/corpora).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

// Spelled in pieces so that this file does not hold the references it looks for.
const OUTSIDE_REFERENCES = ['../' + 'shared', '/work/' + 'shared'];

/** Every `file:line` of a repository that refers to a folder outside it: tracked files and new ones not ignored. */
function referencesOutside(root: string): string[] {
  const listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const found: string[] = [];
  for (const file of listing.split('\0')) {
    const full = path.join(root, file);
    // A tracked file deleted in the working tree is listed but has nothing to read.
    if (!file || !fs.existsSync(full) || !fs.statSync(full).isFile()) continue;
    const text = fs.readFileSync(full, 'utf8');
    if (!OUTSIDE_REFERENCES.some((reference) => text.includes(reference))) continue;
    text.split('\n').forEach((line, index) => {
      if (OUTSIDE_REFERENCES.some((reference) => line.includes(reference))) found.push(`${file}:${index + 1}`);
    });
  }
  return found;
}

describe('a fresh clone', () => {
  it('has no file that refers to a folder outside the repository', () => {
    expect(referencesOutside(repositoryRoot)).toEqual([]);
  });

  it('would be caught reading a planted reference, tracked or new', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-clone-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: root });
      fs.mkdirSync(path.join(root, 'server'));
      fs.writeFileSync(path.join(root, 'server', 'clean.ts'), "export const corpus = './corpora/blns.json';\n");
      fs.writeFileSync(
        path.join(root, 'server', 'planted.test.ts'),
        `const a = 1;\nreadFileSync('${OUTSIDE_REFERENCES[0]}/corpora/blns.json');\n`,
      );
      fs.writeFileSync(path.join(root, 'tracked.md'), `See ${OUTSIDE_REFERENCES[1]}/spec.\n`);
      fs.writeFileSync(path.join(root, '.gitignore'), 'ignored/\n');
      fs.mkdirSync(path.join(root, 'ignored'));
      fs.writeFileSync(path.join(root, 'ignored', 'local.txt'), OUTSIDE_REFERENCES[0]);
      execFileSync('git', ['add', 'tracked.md'], { cwd: root });
      expect(referencesOutside(root).sort()).toEqual(['server/planted.test.ts:2', 'tracked.md:1']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The import zones for `import-x/no-restricted-paths`: which folder may import which (paths relative to the
 * repository). Every folder of web/features is a zone of its own, read from disk, so a new feature is fenced in
 * from its first file.
 */
const FEATURES = fileURLToPath(new URL('./web/features', import.meta.url));

export const featureNames = () =>
  readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const FEATURE_RULE = "A feature imports ui/, math/, api/, auth/, paths, content/ and common/, never another feature (nor the shell or the router).";
const KIT_RULE = 'ui/, math/, api/, auth/ and content/ serve every feature: they import no feature, shell or router.';

export function webZones() {
  return [
    ...featureNames().map((name) => ({
      target: `./web/features/${name}`,
      from: ['./web/features', './web/shell', './web/router.tsx', './web/main.tsx'],
      except: [`./${name}`],
      message: FEATURE_RULE,
    })),
    ...['ui', 'math', 'api', 'auth', 'content'].map((folder) => ({
      target: `./web/${folder}`,
      from: ['./web/features', './web/shell', './web/router.tsx', './web/main.tsx'],
      message: KIT_RULE,
    })),
  ];
}

export const sharedZones = [
  { target: './common', from: ['./web', './server', './e2e', './bench', './scripts'], message: 'common/ is shared by server and web: it imports nothing of ours.' },
  { target: './web', from: ['./server', './e2e', './bench', './scripts'], message: 'web/ talks to the server over HTTP only.' },
  { target: './server', from: ['./web', './e2e'], message: 'server/ never imports the web app.' },
];

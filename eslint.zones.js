import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The import zones for `import-x/no-restricted-paths`: which folder may import which (paths relative to the
 * repository). Every folder of web/features and of server/modules is a zone of its own, read from disk, so a new
 * feature or module is fenced in from its first file.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

const foldersOf = (folder) =>
  readdirSync(`${ROOT}/${folder}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

export const featureNames = () => foldersOf('web/features');
export const moduleNames = () => foldersOf('server/modules');

const FEATURE_RULE =
  'A feature imports ui/, math/, question-types/, api/, auth/, paths, content/ and common/, never another feature (nor the shell or the router).';
const KIT_RULE =
  'ui/, math/, question-types/, api/, auth/ and content/ serve every feature: they import no feature, shell or router.';

export function webZones() {
  return [
    ...featureNames().map((name) => ({
      target: `./web/features/${name}`,
      from: ['./web/features', './web/shell', './web/router.tsx', './web/main.tsx'],
      except: [`./${name}`],
      message: FEATURE_RULE,
    })),
    ...['ui', 'math', 'question-types', 'api', 'auth', 'content'].map((folder) => ({
      target: `./web/${folder}`,
      from: ['./web/features', './web/shell', './web/router.tsx', './web/main.tsx'],
      message: KIT_RULE,
    })),
  ];
}

export const sharedZones = [
  {
    target: './common',
    from: ['./web', './server', './e2e', './bench', './scripts'],
    message: 'common/ is shared by server and web: it imports nothing of ours.',
  },
  {
    target: './web',
    from: ['./server', './e2e', './bench', './scripts'],
    message: 'web/ talks to the server over HTTP only.',
  },
  { target: './server', from: ['./web', './e2e'], message: 'server/ never imports the web app.' },
];

/**
 * The files of a server module that other modules may import; everything else of a module (its routes, its
 * plugin, its tests, its helpers) is its own. A module missing here shares nothing. Widen a list on purpose,
 * when another module needs a file, rather than reaching into a module's insides.
 */
export const MODULE_PUBLIC_FILES = {
  // Who is signed in, and evicting a user's cached sessions, are needed wherever accounts change.
  sessions: ['cache.ts', 'store.ts'],
  // The account as the server presents it, and a session's user read by id.
  users: ['present.ts', 'service.ts'],
  // A student's progress and the questions as a student sees them, shown again by dashboards, test-taking and a
  // section's questions.
  // What a student may open is also what the due-date list reads, and their kept outline what a teacher's view of
  // their work reads.
  student: ['progress.ts', 'questions.ts', 'access.ts', 'outline.ts'],
  // The papers waiting for a teacher's review, counted on the dashboards.
  'test-taking': ['service.ts'],
  // The question bank's reads, used to build saved tests; its multipart parsing, used by every route that takes an image.
  // ... and many questions written at once, by the import of a file of questions.
  questions: ['queries.ts', 'multipart.ts', 'import.ts'],
  // The academy's details, which the public forms' mails are signed with.
  academy: ['service.ts'],
  // Whole courses given and taken back, by a removal here and by an enrollment's grants.
  assignments: ['whole-courses.ts'],
  // A student's due list, counted on their dashboard, and their due date of each section, read by a class's gradebook.
  'due-dates': ['student-due.ts', 'effective.ts'],
  // Skills counted as answers are stored: by a check's attempt writer and a test sitting's submission.
  mastery: ['keep.ts', 'keeper.ts'],
  // The practice choice and the giving of its questions, which a test's weak-spot practice draws from too.
  practice: ['choose.ts', 'service.ts'],
  // A question's variants with random numbers: drawn, kept and given wherever a student or staff reads a question.
  variants: ['variants.ts'],
  // A saved test's questions, exported as a file.
  'saved-tests': ['service.ts'],
  // An exam-scored sitting's rule, clock and report, read where sittings start, save, submit and are read.
  exams: ['sitting.ts'],
};

const WIRING = ['./server/app.ts', './server/main.ts', './server/context.ts', './server/tools'];

const LAYER_RULE =
  "server/lib, server/db and server/policies serve every module: they import no module, no plugin, nor the app's wiring (app.ts, main.ts, context.ts, tools/).";
const PLUGIN_RULE =
  "A plugin knows no module: it imports no module, nor context.ts (it names the modules' types) or the app's wiring (app.ts, main.ts, tools/).";
const MODULE_RULE =
  'A module imports another module only through the files listed for it in MODULE_PUBLIC_FILES (eslint.zones.js), never its routes, tests or other insides.';
const MODULE_WIRING_RULE = 'Modules are wired by app.ts and main.ts: a module imports neither, nor tools/.';
const TEST_RULE = 'Code that ships imports no test and nothing of server/test.';

/** Zones of the server's own layers: lib/, db/ and policies/ below plugins/, below the modules, below the wiring. */
function serverLayerZones() {
  return [
    ...['lib', 'db', 'policies'].map((folder) => ({
      target: `./server/${folder}`,
      from: ['./server/modules', './server/plugins', ...WIRING],
      message: LAYER_RULE,
    })),
    { target: './server/plugins', from: ['./server/modules', ...WIRING], message: PLUGIN_RULE },
    {
      target: './server/modules',
      from: ['./server/app.ts', './server/main.ts', './server/tools'],
      message: MODULE_WIRING_RULE,
    },
  ];
}

/**
 * One zone per module: every other module's files are closed to it, but for their public files. Picking single
 * files out of a folder takes globs, and the rule matches glob exceptions as written, so these paths are absolute.
 */
function serverModuleZones() {
  return moduleNames().map((name) => ({
    target: `./server/modules/${name}`,
    from: [`${ROOT}/server/modules/**`],
    except: [
      `${ROOT}/server/modules/${name}/**`,
      ...Object.entries(MODULE_PUBLIC_FILES)
        .filter(([owner]) => owner !== name)
        // `@(a|b)` makes even a single file a glob, which the rule requires of every exception here.
        .map(([owner, files]) => `${ROOT}/server/modules/${owner}/@(${files.join('|')})`),
    ],
    message: MODULE_RULE,
  }));
}

/**
 * The server's zones. Tests (`tests: true`) keep the modules' fences but may drive the whole app from any folder
 * (a lib/ test builds the app to send mail through it) and use server/test.
 */
export function serverZones({ tests = false } = {}) {
  if (tests) return serverModuleZones();
  return [
    ...serverLayerZones(),
    ...serverModuleZones(),
    { target: './server', from: [`${ROOT}/**/*.test.ts`, `${ROOT}/server/test/**`], message: TEST_RULE },
  ];
}

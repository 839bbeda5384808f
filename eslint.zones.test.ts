import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { MODULE_PUBLIC_FILES, moduleNames } from './eslint.zones.js';

/** Lints planted source as if it stood at `filePath`, and returns the rules it broke. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('the import zones of eslint.config.js', () => {
  it('refuse a feature importing another feature', async () => {
    expect(
      await brokenRules('web/features/courses/Planted.tsx', "export { useQuestions } from '../questions/api';\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuse a feature importing the shell', async () => {
    expect(
      await brokenRules('web/features/courses/Planted.tsx', "export { Sidebar } from '../../shell/Sidebar';\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuse common/ importing the web app or the server', async () => {
    expect(await brokenRules('common/planted.ts', "export { paths } from '../web/paths';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await brokenRules('common/planted.ts', "export { buildApp } from '../server/app';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuse the kit importing a feature', async () => {
    expect(
      await brokenRules('web/ui/Planted.tsx', "export { useCourses } from '../features/courses/api';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules('web/question-types/Planted.tsx', "export { draftOf } from '../features/questions/draft';\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('let a feature import its own files, the kit, math, question types, api, auth, paths and common/', async () => {
    const code = [
      "export { useCourses } from './api';",
      "export { Button } from '../../ui/Button';",
      "export { RichText } from '../../math/RichText';",
      "export { AnswerInput } from '../../question-types/answering';",
      "export { api } from '../../api/client';",
      "export { useAuth } from '../../auth/AuthProvider';",
      "export { paths } from '../../paths';",
      "export { MESSAGES } from '@common/rules';",
      '',
    ].join('\n');
    expect(await brokenRules('web/features/courses/Planted.tsx', code)).toEqual([]);
  });

  it('refuse an import cycle', async () => {
    // The courses list imports the courses api module; planting the reverse import closes a cycle.
    expect(
      await brokenRules('web/features/courses/api.ts', "export { CoursesView } from './CoursesView';\n"),
    ).toContain('import-x/no-cycle');
  });

  it('refuse server/lib, server/db and its demo data importing a module, a plugin or the wiring', async () => {
    const planted = [
      ['server/lib/planted.ts', "export { presentQuestions } from '../modules/student/questions';\n"],
      ['server/lib/planted.ts', "export { CHANNELS } from '../plugins/kept';\n"],
      ['server/lib/planted.ts', "export type { AppContext } from '../context';\n"],
      ['server/lib/planted.ts', "export { buildApp } from '../app';\n"],
      ['server/db/planted.ts', "export { accessibleSectionIds } from '../modules/student/access';\n"],
      ['server/db/demo/planted.ts', "export { listQuestions } from '../../modules/questions/queries';\n"],
      ['server/policies/planted.ts', "export { CHANNELS } from '../plugins/kept';\n"],
    ];
    for (const [file, code] of planted)
      expect(await brokenRules(file, code), `${file}: ${code}`).toContain('import-x/no-restricted-paths');
  });

  it('refuse a plugin importing a module or the context', async () => {
    expect(
      await brokenRules('server/plugins/planted.ts', "export { endAllSessions } from '../modules/sessions/store';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await brokenRules('server/plugins/planted.ts', "export type { AppContext } from '../context';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it("refuse a module importing another module's routes, tests or other insides, or the app", async () => {
    const planted = [
      "export { courseRoutes } from '../courses/routes';\n",
      "export { recordAttempt } from '../student/attempts';\n",
      "export { registerSessions } from '../sessions/plugin';\n",
      "import '../courses/courses.test';\n",
      "export { buildApp } from '../../app';\n",
    ];
    for (const code of planted)
      expect(await brokenRules('server/modules/dashboards/planted.ts', code), code).toContain(
        'import-x/no-restricted-paths',
      );
  });

  it('refuse shipped server code importing a test or a test helper', async () => {
    expect(await brokenRules('server/modules/courses/planted.ts', "import './courses.test';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await brokenRules('server/lib/planted.ts', "export { buildUser } from '../test/factories';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it("let a module import its own files, another module's public files, the context, plugins, lib, db and policies", async () => {
    const code = [
      "export { courseRoutes } from './routes';",
      "export { endAllSessions } from '../sessions/store';",
      "export { presentQuestions } from '../student/questions';",
      "export { listQuestions } from '../questions/queries';",
      "export type { AppContext } from '../../context';",
      "export { CHANNELS } from '../../plugins/kept';",
      "export { Forbidden } from '../../lib/errors';",
      "export { users } from '../../db/schema';",
      "export { mayChangeTest } from '../../policies/tests';",
      '',
    ].join('\n');
    expect(await brokenRules('server/modules/courses/Planted.ts', code)).toEqual([]);
  });

  it('let a server test build the app and use the test helpers from any folder', async () => {
    const code = ["export { buildApp } from '../app';", "export { buildUser } from '../test/factories';", ''].join(
      '\n',
    );
    expect(await brokenRules('server/lib/planted.test.ts', code)).toEqual([]);
  });

  it('name only modules and files that exist as public', () => {
    for (const [owner, files] of Object.entries(MODULE_PUBLIC_FILES)) {
      expect(moduleNames()).toContain(owner);
      for (const file of files) expect(existsSync(`server/modules/${owner}/${file}`), `${owner}/${file}`).toBe(true);
    }
  });
});

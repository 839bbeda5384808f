import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/** Lints planted source as if it stood at `filePath`, and returns the rules it broke. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('the import zones of eslint.config.js', () => {
  it('refuse a feature importing another feature', async () => {
    expect(await brokenRules('web/features/courses/Planted.tsx', "export { useQuestions } from '../questions/api';\n")).toContain('import-x/no-restricted-paths');
  });

  it('refuse a feature importing the shell', async () => {
    expect(await brokenRules('web/features/courses/Planted.tsx', "export { Sidebar } from '../../shell/Sidebar';\n")).toContain('import-x/no-restricted-paths');
  });

  it('refuse common/ importing the web app or the server', async () => {
    expect(await brokenRules('common/planted.ts', "export { paths } from '../web/paths';\n")).toContain('import-x/no-restricted-paths');
    expect(await brokenRules('common/planted.ts', "export { buildApp } from '../server/app';\n")).toContain('import-x/no-restricted-paths');
  });

  it('refuse the kit importing a feature', async () => {
    expect(await brokenRules('web/ui/Planted.tsx', "export { useCourses } from '../features/courses/api';\n")).toContain('import-x/no-restricted-paths');
  });

  it('let a feature import its own files, the kit, math, api, auth, paths and common/', async () => {
    const code = [
      "export { useCourses } from './api';",
      "export { Button } from '../../ui/Button';",
      "export { RichText } from '../../math/RichText';",
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
    expect(await brokenRules('web/features/courses/api.ts', "export { CoursesView } from './CoursesView';\n")).toContain('import-x/no-cycle');
  });
});

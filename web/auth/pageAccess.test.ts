import { describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { MENUS } from './menus';
import { PAGE_ACCESS, mayOpen } from './pageAccess';

describe('mayOpen', () => {
  it("answers the guard's question for links: who may open a saved test's page, in the server's spellings", () => {
    const savedTest = PAGE_ACCESS[paths.savedTest.path];
    expect(mayOpen(savedTest, 'teacher')).toBe(true);
    expect(mayOpen(savedTest, 'admin')).toBe(true);
    expect(mayOpen(savedTest, 'data-entry')).toBe(false);
    expect(mayOpen(savedTest, 'student')).toBe(false);
    expect(mayOpen(savedTest, undefined)).toBe(false);
    expect(mayOpen(PAGE_ACCESS[paths.questionBank], 'dataEntry')).toBe(true);
    expect(mayOpen(PAGE_ACCESS[paths.questionBank], 'someone')).toBe(false);
  });
});

describe('exam profiles', () => {
  it("are the admin's page, in the admin's sidebar only", () => {
    const access = PAGE_ACCESS[paths.adminExamProfiles];
    expect(access.types).toEqual(['admin']);
    expect(mayOpen(access, 'teacher')).toBe(false);
    const links = Object.entries(MENUS).flatMap(([type, items]) =>
      items.filter((item) => item.to === paths.adminExamProfiles).map((item) => `${type}: ${item.label}`),
    );
    expect(links).toEqual(['admin: Exam profiles']);
  });
});

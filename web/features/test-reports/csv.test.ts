import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { TestResults } from '@common/schemas/test-taking';
import { resultsCsv } from './csv';

function results(names: string[]): TestResults {
  return {
    test: { id: 't', name: 'Mock', totalMarks: null, maxMarks: 10 },
    students: names.map((studentName, i) => ({
      assignmentId: `a${i}`,
      studentId: `s${i}`,
      studentName,
      email: `s${i}@example.com`,
      attemptId: null,
      status: 'not-started',
      released: false,
      timeUsed: null,
      accommodations: '',
      score: null,
    })),
    questions: [],
    focusAreas: [],
    awaitingRelease: 0,
  };
}

const studentCells = (csv: string) =>
  Papa.parse<string[]>(csv)
    .data.slice(1)
    .map((row) => row[0]);

describe('the results CSV', () => {
  it('escapes a cell that starts a formula, even behind spaces or line and paragraph separators', () => {
    const formulas = [
      '=1+1',
      '+1',
      '-1',
      '@SUM(A1)',
      '\tx',
      '\rx',
      ' =1+1',
      '\u2028=HYPERLINK("http://evil.example")',
      '\u2029@x',
      '\u00a0+1',
      '\n-1',
    ];
    expect(studentCells(resultsCsv(results(formulas)))).toEqual(formulas.map((name) => `'${name}`));
  });

  it('leaves every other name as it is', () => {
    const names = ['Ann Lee', "Zoë O'Brien", 'Lee-Ann', 'a=b', ' Ann', 'x@example.com'];
    expect(studentCells(resultsCsv(results(names)))).toEqual(names);
  });
});

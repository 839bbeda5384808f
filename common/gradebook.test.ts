import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { gradebookCsv } from './gradebook';
import type { GradebookReply } from './schemas/gradebook';

const book: GradebookReply = {
  class: { id: 'c', name: 'Grade 6' },
  sections: [
    {
      id: 's',
      courseTitle: 'Fractions',
      unitId: 'u',
      unitNumber: 1,
      unitTitle: 'Unit 1',
      sectionNumber: 2,
      title: 'Adding',
      exercises: 4,
    },
  ],
  tests: [{ id: 't', title: 'Quiz', opensAt: null, closesAt: null }],
  units: [],
  allTests: [],
  students: [
    {
      id: 'a',
      name: 'Ann Adams',
      sections: [{ solved: 3, tried: 4, firstTry: 2, state: 'late' }],
      tests: [{ state: 'submitted', score: 7, maxMarks: 10, submittedAt: null }],
    },
    {
      id: 'b',
      name: '=HYPERLINK("http://evil.example","Ben")',
      sections: [{ solved: 0, tried: 0, firstTry: 0, state: 'missing' }],
      tests: [{ state: 'missing', score: null, maxMarks: null, submittedAt: null }],
    },
  ],
  averages: { sections: [{ solvedPercent: 38, firstTryPercent: 50 }], tests: [{ scorePercent: 70 }] },
};

describe('gradebookCsv', () => {
  const parsed = Papa.parse<string[]>(gradebookCsv(book)).data;

  it('has a column per student name, section figure and test figure', () => {
    expect(parsed[0]).toEqual([
      'Student',
      '1.2 Adding: solved',
      '1.2 Adding: first try',
      '1.2 Adding: state',
      'Quiz: score',
      'Quiz: status',
    ]);
    expect(parsed[1]).toEqual(['Ann Adams', '3/4', '50%', 'Late', '7/10', 'Submitted']);
    expect(parsed[2].slice(1)).toEqual(['0/4', '–', 'Missing', '', 'Missing']);
    expect(parsed[3]).toEqual(['Class average', '38%', '50%', '', '70%', '']);
  });

  it('escapes a name a spreadsheet would run as a formula', () => {
    expect(parsed[2][0]).toBe(`'=HYPERLINK("http://evil.example","Ben")`);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearStep2Draft, loadStep2Draft, saveStep2Draft, type Step2Content } from './step2Draft';

afterEach(() => sessionStorage.clear());

const written: Step2Content = {
  questionText: '<p>$2x = ___1___$</p>',
  solution: '<p>x = 3</p>',
  hint: 'Halve it',
  options: ['', ''],
  correct: [],
  blanks: [['3', 'three']],
  template: {
    variables: [{ name: 'a', kind: 'range', min: '1', max: '9', step: '1', values: [], expression: '' }],
    constraints: ['a != 5'],
    seeds: [3, 4],
  },
};

describe('the step-2 draft', () => {
  it('is kept per user in the tab storage with its images, until it is cleared', () => {
    const image = new File(['x'], 'figure.png', { type: 'image/png' });
    saveStep2Draft('teacher-1', written, [image]);
    expect(loadStep2Draft('teacher-1')).toEqual({ content: written, files: [image] });
    expect(loadStep2Draft('teacher-2')).toEqual({ content: null, files: [] });
    clearStep2Draft('teacher-1');
    expect(loadStep2Draft('teacher-1')).toEqual({ content: null, files: [] });
  });

  it('is nothing when the storage holds something unreadable', () => {
    for (const raw of ['{"questionText":', '{"questionText":"x"}', JSON.stringify({ ...written, blanks: [] })]) {
      sessionStorage.setItem('questionDraft:teacher-1', raw);
      expect(loadStep2Draft('teacher-1').content).toBeNull();
    }
  });
});

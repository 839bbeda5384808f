import { describe, expect, it } from 'vitest';
import { readNotice } from './kept';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('a change that names what it reaches', () => {
  it('reads the names of a notice, and anything else as everything', () => {
    expect(readNotice(`c:${A} s:${B} q:${A}`)).toEqual({
      everything: false,
      courses: [A],
      students: [B],
      questions: [A],
    });
    for (const payload of [
      '*',
      'student_sections',
      `c:${A} x:${B}`,
      `c:${A}`.toUpperCase(),
      `c:${A}`.replace('1', 'g'),
      `c:${A}  s:${B}`,
      '',
    ])
      expect(readNotice(payload)).toEqual({ everything: true });
  });
});

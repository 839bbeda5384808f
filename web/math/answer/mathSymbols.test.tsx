import { describe, expect, it } from 'vitest';
import { columnsLatex, matrixLatex, piecewiseLatex, sizeProblem, tableLatex } from './mathSymbols';

describe('the answer editor builders', () => {
  it('builds matrices, tables, piecewise functions and column rows of the asked size', () => {
    expect(matrixLatex(2, 3)).toBe('\\begin{pmatrix}#? & #? & #?\\\\#? & #? & #?\\end{pmatrix}');
    expect(piecewiseLatex(2)).toBe('\\begin{cases}#? & \\text{if } #?\\\\#? & \\text{if } #?\\end{cases}');
    expect(tableLatex(1, 2)).toBe('\\begin{array}{|c|c|}\\hline #? & #?\\\\ \\hline\\end{array}');
    expect(columnsLatex(3)).toBe('\\begin{array}{ccc}#? & #? & #?\\end{array}');
  });

  it('accepts custom sizes that are whole numbers within the limits only', () => {
    expect(sizeProblem('50', 1, 50, 'Rows')).toBeNull();
    expect(sizeProblem('1', 1, 20, 'Pieces')).toBeNull();
    expect(sizeProblem('51', 1, 50, 'Rows')).toBe('Rows must be at most 50');
    expect(sizeProblem('21', 1, 20, 'Pieces')).toBe('Pieces must be at most 20');
    expect(sizeProblem('0', 1, 50, 'Columns')).toBe('Columns must be at least 1');
    for (const bad of ['', '2.5', '-1', 'abc', '1e2'])
      expect(sizeProblem(bad, 1, 50, 'Rows')).toBe('Rows must be a whole number');
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { cut, failureText, plainText } from './messages';

describe('section previews', () => {
  it('read the words of the content, blocks apart', () => {
    expect(plainText('<h2>Parts</h2><p>A <strong>half</strong> is $\\frac{1}{2}$.</p><ul><li>one</li><li>two</li></ul>')).toBe('Parts A half is $\\frac{1}{2}$. one two');
  });

  it('are cut to 100 characters, never inside a formula', () => {
    expect(cut('x'.repeat(100))).toBe('x'.repeat(100));
    expect(cut('x'.repeat(120))).toBe(`${'x'.repeat(100)}...`);
    const text = `${'a'.repeat(90)} $\\frac{123}{456}$ end`;
    expect(cut(text)).toBe(`${'a'.repeat(90)}...`);
  });
});

describe('failure texts', () => {
  it('use the server message, else "Failed to ...", else "Error ..." when the server was not reached', () => {
    expect(failureText(new ApiError('Title is required', 400), 'save', 'course')).toBe('Title is required');
    expect(failureText(new ApiError('', 500), 'save', 'unit')).toBe('Failed to save unit');
    expect(failureText(new ApiError('offline', 0), 'load', 'section')).toBe('Error loading sections');
    expect(failureText(new ApiError('offline', 0), 'delete', 'course')).toBe('Error deleting course');
  });
});

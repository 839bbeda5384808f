// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { failureText } from './messages';

describe('failure texts', () => {
  it('use the server message, else "Failed to ...", else "Error ..." when the server was not reached', () => {
    expect(failureText(new ApiError('Title is required', 400), 'save', 'course')).toBe('Title is required');
    expect(failureText(new ApiError('', 500), 'save', 'unit')).toBe('Failed to save unit');
    expect(failureText(new ApiError('offline', 0), 'load', 'section')).toBe('Error loading sections');
    expect(failureText(new ApiError('offline', 0), 'delete', 'course')).toBe('Error deleting course');
  });
});

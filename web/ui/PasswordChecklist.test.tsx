// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MESSAGES } from '@common/rules';
import { PasswordChecklist } from './PasswordChecklist';

afterEach(cleanup);
const state = (message: string) => screen.getByText(message, { exact: false }).closest('li')!.getAttribute('data-met');

describe('PasswordChecklist', () => {
  it('lists every rule at once with its message, each met as the password meets it', () => {
    const { rerender } = render(<PasswordChecklist password="" />);
    const rules = [
      MESSAGES.passwordTooShort,
      MESSAGES.passwordNeedsUpper,
      MESSAGES.passwordNeedsLower,
      MESSAGES.passwordNeedsNumber,
      MESSAGES.passwordNeedsSpecial,
    ];
    expect(rules.map(state)).toEqual(['false', 'false', 'false', 'false', 'false']);
    rerender(<PasswordChecklist password="abC1" />);
    expect(rules.map(state)).toEqual(['false', 'true', 'true', 'true', 'false']);
    rerender(<PasswordChecklist password="abC1!xyz" />);
    expect(rules.map(state)).toEqual(['true', 'true', 'true', 'true', 'true']);
  });
});

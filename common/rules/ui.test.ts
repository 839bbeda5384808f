import { describe, expect, it } from 'vitest';
import { matchesSearch } from './ui';

describe('matchesSearch', () => {
  it('finds the query in any field, ignoring case and the spaces around it', () => {
    expect(matchesSearch('  FRAC ', 'Numbers', 'Fractions Lab')).toBe(true);
    expect(matchesSearch('geometry', 'Numbers', 'Fractions Lab')).toBe(false);
  });

  it('matches everything for an empty query and skips missing fields', () => {
    expect(matchesSearch('   ', null)).toBe(true);
    expect(matchesSearch('oak', null, undefined, 'Oak School')).toBe(true);
    expect(matchesSearch('oak', null, undefined)).toBe(false);
  });
});

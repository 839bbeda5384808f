import { describe, expect, it } from 'vitest';
import { offeringForm, priceText } from '../schemas/offerings';
import { OFFERING_SLUG_PATTERN, formatPrice, programsMatching, slugFromTitle } from './offerings';

describe('offering slugs', () => {
  it('are made from titles: lower-case words joined by single dashes, accents dropped', () => {
    expect(slugFromTitle('AMC 8 Prep')).toBe('amc-8-prep');
    expect(slugFromTitle('  Élémentaire -- Math!! ')).toBe('elementaire-math');
    expect(slugFromTitle('AMC 10/12')).toBe('amc-10-12');
    expect(slugFromTitle('!!!')).toBe('');
    expect(slugFromTitle(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
    for (const title of ['AMC 8 Prep', 'Élémentaire', 'x'.repeat(200), 'a - b']) {
      const slug = slugFromTitle(title);
      expect(slug.length).toBeLessThanOrEqual(80);
      expect(OFFERING_SLUG_PATTERN.test(slug), title).toBe(true);
    }
  });
});

describe('prices', () => {
  it('read as visitors expect: whole amounts without cents, free for none', () => {
    expect(formatPrice(59900, 'USD')).toBe('$599');
    expect(formatPrice(129950, 'USD')).toBe('$1,299.50');
    expect(formatPrice(45000, 'CAD')).toBe('CA$450');
    expect(formatPrice(null, 'USD')).toBe('Free');
    expect(formatPrice(0, 'CAD')).toBe('Free');
  });

  it('are typed in major units on the admin form and sent in cents', () => {
    const base = { title: 'T', program: 'ssat', gradeBand: 'Grades 3-8', level: 'Elementary' };
    const cents = (price: string) => offeringForm.parse({ ...base, price }).priceMinor;
    expect(cents('599')).toBe(59900);
    expect(cents('599.5')).toBe(59950);
    expect(cents('0.07')).toBe(7);
    expect(cents(' ')).toBeNull();
    for (const bad of ['12.5.0', '-1', '5.999', '1e3', '$5'])
      expect(offeringForm.safeParse({ ...base, price: bad }).success, bad).toBe(false);
    expect([59900, 59950, null].map(priceText)).toEqual(['599', '599.50', '']);
  });
});

describe('the search by program', () => {
  it('matches a program by its name or key, whatever the case', () => {
    expect(programsMatching('amc')).toEqual(['amc8', 'amc10-12']);
    expect(programsMatching('Elementary Math')).toEqual(['elementary']);
    expect(programsMatching('CURRICULUM')).toEqual(['curriculum']);
    expect(programsMatching('  ')).toEqual([]);
    expect(programsMatching('chess')).toEqual([]);
  });
});

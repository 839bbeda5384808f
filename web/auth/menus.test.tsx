import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '@common/rules';
import { PAGE_ACCESS } from './pageAccess';
import { MENUS } from './menus';

describe('the sidebar of each role', () => {
  it.each(USER_TYPES)('of %s links only to pages that role may open', (type) => {
    const guarded = MENUS[type]
      .map((item) => item.to)
      .filter((to): to is keyof typeof PAGE_ACCESS => to in PAGE_ACCESS);
    const refused = guarded.filter((to) => !PAGE_ACCESS[to].types.includes(type));
    expect(refused).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/user-claims';
import { isNavItemShown, NAV_ITEMS } from './nav-items';

const labelsFor = (roles: Role[]) => NAV_ITEMS.filter((item) => isNavItemShown(item, roles)).map((item) => item.label);

describe('navigation by role', () => {
  it('lists the review desk for supervisors only', () => {
    expect(labelsFor(['supervisor'])).toContain('Review desk');
    expect(labelsFor(['clerk'])).not.toContain('Review desk');
    expect(labelsFor(['analyst'])).not.toContain('Review desk');
  });

  it('lists every other section for every role', () => {
    const others = NAV_ITEMS.map((item) => item.label).filter((label) => label !== 'Review desk');
    for (const role of ['clerk', 'supervisor', 'analyst'] as const) expect(labelsFor([role]).filter((label) => label !== 'Review desk')).toEqual(others);
  });
});

import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/user-claims';
import { navItemsFor } from './nav-items';

const labelsFor = (roles: Role[]) => navItemsFor(roles).map((item) => item.label);

describe('navigation by role', () => {
  it('lists for each role only the pages it can use', () => {
    expect(labelsFor(['clerk'])).toEqual([
      'My work',
      'Radar',
      'Dashboard',
      'Declarations',
      'Approvals',
      'Tariff',
      'Subscriptions',
      'Movement orders',
      'Ingestion',
      'Events',
      'Notifications',
      'Connection',
    ]);
    expect(labelsFor(['supervisor'])).toEqual([
      'My work',
      'Radar',
      'Dashboard',
      'Declarations',
      'Review desk',
      'Approvals',
      'Tariff',
      'Subscriptions',
      'Movement orders',
      'Ingestion',
      'Events',
      'Notifications',
      'Connection',
      'Health',
    ]);
    expect(labelsFor(['analyst'])).toEqual([
      'Declarations',
      'Approvals',
      'Classification',
      'Tariff',
      'Events',
      'Notifications',
      'Connection',
    ]);
  });

  it('lists what any of several roles can use', () => {
    expect(labelsFor(['clerk', 'analyst'])).toContain('Classification');
    expect(labelsFor(['clerk', 'analyst'])).toContain('Ingestion');
  });
});

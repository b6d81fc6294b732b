import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/user-claims';
import { navItemsFor } from './nav-items';

const labelsFor = (roles: Role[]) => navItemsFor(roles).map((item) => item.label);

describe('navigation by role', () => {
  it('lists for each role only the pages it can use', () => {
    expect(labelsFor(['clerk'])).toEqual(['Declarations', 'Subscriptions', 'Movement orders', 'Ingestion', 'Events', 'Connection', 'Tariff']);
    expect(labelsFor(['supervisor'])).toEqual(['Declarations', 'Review desk', 'Subscriptions', 'Movement orders', 'Ingestion', 'Events', 'Connection', 'Tariff']);
    expect(labelsFor(['analyst'])).toEqual(['Declarations', 'Classification', 'Events', 'Connection', 'Tariff']);
  });

  it('lists what any of several roles can use', () => {
    expect(labelsFor(['clerk', 'analyst'])).toContain('Classification');
    expect(labelsFor(['clerk', 'analyst'])).toContain('Ingestion');
  });
});

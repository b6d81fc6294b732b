import { describe, expect, it } from 'vitest';
import { landingPageFor } from './landing-page';

describe('landingPageFor', () => {
  it('lands each role on its own work', () => {
    expect(landingPageFor(['analyst'])).toBe('/classification');
    expect(landingPageFor(['clerk'])).toBe('/declarations');
    expect(landingPageFor(['supervisor'])).toBe('/declarations');
    expect(landingPageFor(['analyst', 'clerk'])).toBe('/declarations');
    expect(landingPageFor([])).toBe('/declarations');
  });
});

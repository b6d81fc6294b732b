import { describe, expect, it } from 'vitest';
import { withStatusSeen } from './run-status';

describe('withStatusSeen', () => {
  it('appends each new status once, in the order received', () => {
    let seen = withStatusSeen([], 'Pending');
    seen = withStatusSeen(seen, 'Pending');
    seen = withStatusSeen(seen, undefined);
    seen = withStatusSeen(seen, 'Processing');
    seen = withStatusSeen(seen, 'Completed');
    expect(seen).toEqual(['Pending', 'Processing', 'Completed']);
  });
});

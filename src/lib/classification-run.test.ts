import { describe, expect, it } from 'vitest';
import { isRunFinished, runPollInterval } from './classification-run';

describe('runPollInterval', () => {
  it('stops once the run is finished', () => {
    expect(runPollInterval('Completed', 3)).toBe(false);
    expect(runPollInterval('Error', 1)).toBe(false);
    expect(isRunFinished('Processing')).toBe(false);
  });
  it('starts at 2 s and backs off to 15 s', () => {
    expect(runPollInterval(undefined, 0)).toBe(2000);
    expect(runPollInterval('Pending', 1)).toBe(2000);
    expect(runPollInterval('Processing', 2)).toBe(3000);
    expect(runPollInterval('Processing', 50)).toBe(15000);
  });
});

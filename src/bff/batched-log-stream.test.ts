import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { batchedLogStream } from './batched-log-stream.js';

const collector = () => {
  const writes: string[] = [];
  return { writes, out: { write: (chunk: string) => writes.push(chunk) } };
};

describe('batched log stream', () => {
  it('writes lines together once they reach maxBytes, in order', () => {
    const { writes, out } = collector();
    const log = batchedLogStream({ out, maxBytes: 10, maxDelayMs: 60_000 });
    log.write('12345\n');
    expect(writes).toEqual([]);
    log.write('67890\n');
    log.write('abc\n');
    log.flush();
    expect(writes).toEqual(['12345\n67890\n', 'abc\n']);
  });

  it('writes pending lines after maxDelayMs at the latest', () => {
    vi.useFakeTimers();
    try {
      const { writes, out } = collector();
      const log = batchedLogStream({ out, maxBytes: 1 << 20, maxDelayMs: 20 });
      log.write('one\n');
      log.write('two\n');
      vi.advanceTimersByTime(19);
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(writes).toEqual(['one\ntwo\n']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('batched log stream at exit', () => {
  it('writes the pending lines when the process exits, also through process.exit and an uncaught error', () => {
    const script = (end: string) =>
      `import { batchedLogStream } from './src/bff/batched-log-stream.ts'; const log = batchedLogStream(); log.write('first\\n'); log.write('last\\n'); ${end}`;
    for (const end of ['', 'process.exit(0);', "throw new Error('boom');"]) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(end)], { encoding: 'utf8' });
      expect(run.stdout).toBe('first\nlast\n');
    }
  });
});

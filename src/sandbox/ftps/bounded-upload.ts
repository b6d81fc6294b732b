import { Writable } from 'node:stream';

/** ftp-srv replies 550 with the message of an error a file system method throws or its upload stream ends with. */
export class Refused extends Error {}

/**
 * Past this many bytes an oversized upload is no longer drained: its data connection is cut,
 * so a client cannot keep a transfer open without end.
 */
const DRAIN_LIMIT_BYTES = 1024 * 1024 * 1024;

/**
 * The sink of one STOR: keeps up to `maxBytes` and hands them to `store` when the client ends the
 * upload. An oversized file is read to its end and dropped, then refused (550 on the control
 * connection): failing mid-transfer would make ftp-srv reset the data connection, and a client
 * still sending (curl) reports the reset instead of the reply.
 */
export function boundedUpload(maxBytes: number, store: (bytes: Buffer) => Promise<void>): Writable {
  const limit = `${maxBytes / (1024 * 1024)} MiB (${maxBytes} bytes)`;
  const chunks: Buffer[] = [];
  let size = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > DRAIN_LIMIT_BYTES) return done(new Refused(`The file is larger than ${limit}; upload aborted`));
      if (size <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
      done();
    },
    // The upload is answered 226 only once the file and its pickup job are stored.
    final(done) {
      if (size > maxBytes) return done(new Refused(`The file is larger than ${limit}: ${size} bytes received, nothing stored`));
      store(Buffer.concat(chunks)).then(() => done(), done);
    },
  });
}

import { once } from 'node:events';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { endConnectionsAfterGrace } from './graceful-close.js';

describe('endConnectionsAfterGrace', () => {
  it('ends a connection that never sent a request, so a shutdown does not wait for the headers timeout', async () => {
    const app = Fastify();
    endConnectionsAfterGrace(app, 50);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const socket = connect({ port: typeof address === 'object' && address ? address.port : 0, host: '127.0.0.1' });
    await once(socket, 'connect');
    const ended = once(socket, 'close');
    await app.close();
    await ended;
    expect(socket.destroyed).toBe(true);
  });
});

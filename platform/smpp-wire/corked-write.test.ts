import { createServer, connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { corkedWrite } from './corked-write';

describe('corkedWrite', () => {
  it('sends the writes of one tick together and in order, and later writes after them', async () => {
    const received: Buffer[] = [];
    const server = createServer((s) => s.on('data', (d: Buffer) => received.push(d)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    const socket: Socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const { write } = corkedWrite(socket);
    for (let i = 0; i < 100; i++) write(Buffer.from([i]));
    // nothing leaves while the tick that wrote is running
    expect(socket.writableLength).toBe(100);
    await new Promise((r) => setImmediate(r));
    write(Buffer.from([100]));
    await new Promise((r) => setImmediate(r));
    socket.end();
    await once(socket, 'close');
    for (let i = 0; i < 200 && Buffer.concat(received).length < 101; i++) await new Promise((r) => setTimeout(r, 10));
    server.close();
    expect([...Buffer.concat(received)]).toEqual(Array.from({ length: 101 }, (_, i) => i));
  });
});

import type { Socket } from 'node:net';

/** Writes to `socket` that are made in the same tick leave in one writev: a window of answers or submits sent
 * together costs one system call, not one per PDU. `flush` sends them at once: before the socket is destroyed, which
 * would drop what is still corked (a last answer before closing). */
export function corkedWrite(socket: Socket): { write(data: Buffer): void; flush(): void } {
  let corked = false;
  const flush = () => {
    if (!corked) return;
    corked = false;
    socket.uncork();
  };
  return {
    write(data) {
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(flush);
      }
      socket.write(data);
    },
    flush,
  };
}

import { createServer } from 'node:net';

/** The loopback address every benchmark binds and targets: nothing leaves the machine. */
export const LOOPBACK = '127.0.0.1';

/** Asks the kernel for a free loopback TCP port (free now; the caller binds it right away). */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

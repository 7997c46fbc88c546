// What the browser benchmarks (bench/lighthouse.mjs, bench/admin-weight.mjs) share of the network.
import net from 'node:net';

/** A loopback port nothing listens on (the server is started on it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

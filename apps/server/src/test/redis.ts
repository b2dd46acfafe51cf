import net from 'node:net';

/** True when a Redis server answers at 127.0.0.1:6379 (Redis tests are skipped otherwise). */
export async function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

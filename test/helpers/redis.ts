// Redis for the tests that use REDIS_URL: TEST_REDIS_URL, else the machine's on 127.0.0.1:6379,
// and whether it answers (those tests are skipped, saying why, when it does not).
import net from 'node:net';

export const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether something accepts connections at redisUrl within a second. */
export function redisAnswers(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const u = new URL(redisUrl);
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

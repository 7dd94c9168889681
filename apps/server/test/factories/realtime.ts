import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { TEST_APP_URL, type TestClient } from '../build-test-app.ts';

export type Frame = Record<string, unknown> & { type: string };

/** Starts the app on a free port; the realtime socket's URL. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return `ws://127.0.0.1:${port}/api/realtime`;
}

/**
 * A signed-in user's socket, collecting every frame after the greeting. The caller terminates the
 * sockets it opened (pass a list to collect them).
 */
export async function connectSocketAs(url: string, client: TestClient, opened: WebSocket[]) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const frames: Frame[] = [];
  const socket = new WebSocket(url, { headers: { origin: TEST_APP_URL, cookie } });
  opened.push(socket);
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await expect.poll(() => frames[0]?.type).toBe('hello');
  return { frames, events: () => frames.filter((f) => f.type !== 'hello') };
}

import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { Json, TestApp } from './test-app.ts';

/** The address of a test app listening on loopback (it listens on first use). */
export async function listeningAddress(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A person's realtime socket, as the original's clients open it, collecting the frames it hears. */
export async function socketOf(base: string, who: { userId: number; token: string }) {
  const frames: Json[] = [];
  const ws = new WebSocket(`ws://${base}/ws/websocket/${who.userId}/message?token=${who.token}`);
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { frames, close: () => ws.close() };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PeerRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpPeer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: PeerRequest[];
  close(): Promise<void>;
}

/**
 * An HTTP peer on loopback (a webhook receiver, a chat robot): records every request and answers
 * as `answer` says, by default 200 with a robot's `{"errcode":0}`.
 */
export async function startHttpPeer(
  answer: (req: PeerRequest) => { status: number; body: string } = () => ({
    status: 200,
    body: '{"errcode":0}',
  }),
): Promise<HttpPeer> {
  const received: PeerRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { url: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const answered = answer(request);
      res.writeHead(answered.status, { 'content-type': 'application/json' });
      res.end(answered.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

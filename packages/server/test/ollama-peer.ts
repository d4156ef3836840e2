import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/**
 * A small HTTP server on loopback that answers like Ollama: GET /api/tags, POST /api/pull
 * (streamed NDJSON progress), DELETE /api/delete and POST /api/generate. What it does is chosen
 * by the request: a model named `missing…` has no manifest (`refused…`: said at once, as an HTTP
 * error), `cut…` breaks off mid-download; a
 * prompt holding BROKEN gets broken JSON, SLOW an answer after 3 s, WAIT one after 500 ms.
 * A test plays the model itself by setting `answer`: what it returns for a prompt (and the
 * request, images included) is the generation's `response`; undefined falls back to the cases.
 */
export interface OllamaPeer {
  url: string;
  models: Map<string, number>;
  requests: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  /** The prompts of the generations answered so far (a SLOW one only after its 3 s). */
  answered: string[];
  answer?: ((prompt: string, body: Record<string, unknown>) => string | undefined) | undefined;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const GOOD_CASES = [
  {
    caseName: 'Add an item to the cart',
    caseLevel: 1,
    moduleName: 'Shop/Cart',
    casePreconditions: 'Signed in',
    caseExpect: 'The cart holds the item',
    caseStep: [
      { stepDescribe: 'Open a product', stepExpect: 'The product page shows' },
      { stepDescribe: 'Press Add to cart', stepExpect: 'The badge shows 1' },
    ],
  },
  {
    caseName: 'Pay with a card',
    caseLevel: '2',
    moduleName: ' shop / checkout ',
    casePreconditions: 'An item in the cart',
    caseExpect: 'The order is paid',
    caseStep: ['Open the checkout', { stepDescribe: 'Pay', stepExpect: 'A receipt shows' }],
  },
  {
    caseName: 'Remove the last item',
    caseLevel: 9,
    moduleName: 'Cart',
    casePreconditions: '',
    caseExpect: '',
    caseStep: [{ stepDescribe: 'Press Remove', stepExpect: 'The cart is empty' }],
  },
  {
    caseName: 'Search for a product',
    caseLevel: 0,
    moduleName: 'Nowhere/Search',
    caseExpect: 'Matching products show',
    caseStep: [],
  },
  { caseName: 'x'.repeat(300), caseLevel: 3, caseExpect: 'Long titles are cut' },
];

async function bodyOf(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function pull(res: http.ServerResponse, name: string, models: Map<string, number>) {
  if (name.startsWith('refused'))
    return json(res, 500, { error: 'pull model manifest: file does not exist' });
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const line = async (o: unknown) => {
    res.write(`${JSON.stringify(o)}\n`);
    await sleep(40);
  };
  await line({ status: 'pulling manifest' });
  if (name.startsWith('missing')) {
    await line({ error: 'pull model manifest: file does not exist' });
    return res.end();
  }
  for (const completed of [0, 250, 500, 750, 1000])
    await line({ status: 'pulling 6a0746a1ec1a', digest: 'sha256:6a0746a1ec1a', total: 1000, completed });
  if (name.startsWith('cut')) return res.destroy();
  await line({ status: 'verifying sha256 digest' });
  await line({ status: 'writing manifest' });
  models.set(name, 1000);
  await line({ status: 'success' });
  res.end();
}

async function generate(res: http.ServerResponse, body: Record<string, unknown>, peer: OllamaPeer) {
  const { models } = peer;
  const model = String(body.model);
  if (!models.has(model))
    return json(res, 404, { error: `model "${model}" not found, try pulling it first` });
  const prompt = String(body.prompt);
  if (prompt.includes('SLOW')) await sleep(3000);
  if (prompt.includes('WAIT')) await sleep(500);
  const response =
    peer.answer?.(prompt, body) ??
    (prompt.includes('BROKEN')
      ? 'Here are the cases: {"cases": [{"caseName": "Add an item", "caseLevel": 1, '
      : `\`\`\`json\n${JSON.stringify({ cases: GOOD_CASES })}\n\`\`\``);
  const context = [...((body.context as number[] | undefined) ?? []), 101, 102, 103];
  peer.answered.push(prompt);
  json(res, 200, { model, created_at: new Date().toISOString(), response, done: true, context });
}

export async function startOllamaPeer(installed: Record<string, number>): Promise<OllamaPeer> {
  const models = new Map(Object.entries(installed));
  const requests: OllamaPeer['requests'] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, body });
      if (req.method === 'GET' && path === '/api/tags') {
        const list = [...models].map(([name, size]) => ({ name, model: name, size, digest: 'd' }));
        return json(res, 200, { models: list });
      }
      if (req.method === 'POST' && path === '/api/pull') return pull(res, String(body.name), models);
      if (req.method === 'DELETE' && path === '/api/delete') {
        const name = String(body.name);
        if (!models.delete(name)) return json(res, 404, { error: `model '${name}' not found` });
        return res.writeHead(200).end();
      }
      if (req.method === 'POST' && path === '/api/generate') return generate(res, body, peer);
      json(res, 404, { error: 'not found' });
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const peer: OllamaPeer = {
    url: `http://127.0.0.1:${port}`,
    models,
    requests,
    answered: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  return peer;
}

/** An address where nothing listens: a port that was just freed. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}

/** A server that takes connections and never answers (a hung AI server). */
export async function startSilentPeer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small server on loopback that speaks the part of the Ollama API the AI pages use: GET /api/tags,
 * POST /api/pull (NDJSON progress over about 1.5 s, so a browser can watch the bar move),
 * DELETE /api/delete and POST /api/generate (answers `cases` as JSON in `response`, after a pause;
 * a prompt holding BROKEN gets text that is no JSON). A test plays the model itself by setting
 * `answer`: the text it returns for a prompt, or undefined for the cases.
 */
export interface OllamaPeer {
  url: string;
  answer?: (prompt: string) => string | undefined;
  models: Map<string, number>;
  generations: Array<{ prompt: string; context?: number[] }>;
  close(): Promise<void>;
}

export interface PeerCase {
  caseName: string;
  caseLevel: number;
  moduleName: string;
  casePreconditions: string;
  caseExpect: string;
  caseStep: { stepDescribe: string; stepExpect: string }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PULL_STEPS = 10;
const PULL_STEP_MS = 150;
export const PULLED_SIZE = 734_003_200;

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
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const line = (o: unknown) => res.write(`${JSON.stringify(o)}\n`);
  line({ status: 'pulling manifest' });
  for (let i = 0; i <= PULL_STEPS; i++) {
    await sleep(PULL_STEP_MS);
    const completed = Math.round((PULLED_SIZE * i) / PULL_STEPS);
    line({ status: 'pulling 6a0746a1ec1a', digest: 'sha256:6a0746a1ec1a', total: PULLED_SIZE, completed });
  }
  line({ status: 'verifying sha256 digest' });
  line({ status: 'writing manifest' });
  models.set(name, PULLED_SIZE);
  line({ status: 'success' });
  res.end();
}

export async function startOllamaPeer(cases: PeerCase[], answerAfterMs = 800): Promise<OllamaPeer> {
  const models = new Map<string, number>();
  const generations: OllamaPeer['generations'] = [];
  const peer: OllamaPeer = {
    url: '',
    models,
    generations,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      if (req.method === 'GET' && req.url === '/api/tags') {
        const list = [...models].map(([name, size]) => ({ name, model: name, size, digest: 'd' }));
        return json(res, 200, { models: list });
      }
      if (req.method === 'POST' && req.url === '/api/pull') return pull(res, String(body.name), models);
      if (req.method === 'DELETE' && req.url === '/api/delete') {
        if (!models.delete(String(body.name))) return json(res, 404, { error: 'model not found' });
        return res.writeHead(200).end();
      }
      if (req.method === 'POST' && req.url === '/api/generate') {
        const context = (body.context as number[] | undefined) ?? [];
        generations.push({ prompt: String(body.prompt), context: body.context ? context : undefined });
        await sleep(answerAfterMs);
        const own = peer.answer?.(String(body.prompt));
        return json(res, 200, {
          model: body.model,
          response:
            own !== undefined
              ? own
              : String(body.prompt).includes('BROKEN')
                ? 'Sorry, I cannot help.'
                : JSON.stringify({ cases }),
          done: true,
          context: [...context, generations.length],
        });
      }
      json(res, 404, { error: 'not found' });
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  peer.url = `http://127.0.0.1:${port}`;
  return peer;
}

import type { IncomingMessage } from 'node:http';
import type { AiModelPullFrame } from '@buglet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import { type Lang, translate } from '../../http/i18n.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';
import type { Hub } from '../realtime/hub.ts';
import { type AiSettings, aiFailure, canonicalModel } from './ai.service.ts';
import { type AiCall, AiCallError, errorOf, readAnswer, readLines, startAiCall } from './ollama.ts';
import {
  FrameThrottle,
  isMissingModelError,
  type PullProgress,
  pullStarted,
  readPullLine,
} from './pull-progress.ts';

/** At most this often a progress frame per pull (the final one always goes). */
const FRAME_INTERVAL_MS = 100;

export interface PullEntry extends PullProgress {
  name: string;
  projectId: number;
  call?: AiCall;
}

/**
 * Model downloads in progress (and the last failure of each), per AI server and model. Kept in
 * this process: with several instances, the list shows a download as PULLING on the instance that
 * started it, while its frames reach the project's members everywhere through the hub.
 */
export class ModelPulls {
  private readonly entries = new Map<string, PullEntry>();

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly log: FastifyBaseLogger,
  ) {}

  private key = (url: string, name: string) => `${url} ${canonicalModel(name)}`;

  /** Downloads running or failed on that server. */
  on(url: string): PullEntry[] {
    return [...this.entries.entries()].filter(([k]) => k.startsWith(`${url} `)).map(([, e]) => e);
  }

  isPulling(url: string, name: string): boolean {
    return this.entries.get(this.key(url, name))?.state === 'PULLING';
  }

  forget(url: string, name: string): void {
    if (!this.isPulling(url, name)) this.entries.delete(this.key(url, name));
  }

  /**
   * Starts `POST /api/pull` and answers once the server has accepted it, refused it, or been
   * silent for the connect time-out; the download then continues in the background, its progress
   * sent as `aiModelPull` frames to the project's members.
   */
  async start(s: AiSettings, name: string, lang: Lang): Promise<void> {
    const { url } = s;
    const input = { url, name, lang, idleMs: s.slowMs };
    const key = this.key(url, name);
    if (this.isPulling(url, name)) throw new AppError('ai.model.pulling', [name]);
    const audience = await projectMemberIds(this.db, s.projectId);
    // Checked again after the await: two requests may have passed the first check together.
    if (this.isPulling(url, name)) throw new AppError('ai.model.pulling', [name]);
    const entry: PullEntry = { ...pullStarted(), name, projectId: s.projectId };
    this.entries.set(key, entry);
    const call = startAiCall(url, {
      method: 'POST',
      path: '/api/pull',
      body: { name, model: name, stream: true },
      connectTimeoutMs: s.quickMs,
      idleMs: s.slowMs,
      guard: s.guard,
    });
    entry.call = call;
    const send = this.sender(entry, audience);
    let timer: NodeJS.Timeout | undefined;
    const first = await Promise.race([
      call.response.then(
        (res) => ({ res }),
        (error: unknown) => ({ error }),
      ),
      new Promise<{ waiting: true }>((resolve) => {
        timer = setTimeout(() => resolve({ waiting: true }), s.quickMs);
      }),
    ]);
    clearTimeout(timer);
    if ('error' in first) {
      this.entries.delete(key);
      throw aiFailure(first.error, url, { timeoutSeconds: s.quickMs / 1000 });
    }
    if ('res' in first && (first.res.statusCode ?? 0) >= 400) {
      const status = first.res.statusCode ?? 0;
      const text = await readAnswer(call, first.res).catch(() => '');
      const error = errorOf(text, status);
      const message = this.errorText(input, { ...entry, error, isMissingModel: isMissingModelError(error) });
      this.fail(entry, message, send);
      throw new AppError('ai.server-error', [message]);
    }
    void this.follow(input, entry, call, send);
  }

  /** Frames of one download, in order, to the members of its project. */
  private sender(entry: PullEntry, audience: number[]) {
    let queue = Promise.resolve();
    return (state: AiModelPullFrame['state']) => {
      const frame: AiModelPullFrame = {
        projectId: entry.projectId,
        name: entry.name,
        state,
        total: entry.total,
        completed: entry.completed,
        layer: entry.layer,
        error: state === 'ERROR' ? entry.error : null,
      };
      queue = queue
        .then(() => this.hub.send(audience, 'aiModelPull', frame))
        .catch((error: unknown) => this.log.warn({ err: error }, 'aiModelPull frame failed'));
    };
  }

  private errorText(input: { name: string; lang: Lang }, p: PullProgress): string {
    if (p.isMissingModel) return translate(input.lang, 'ai.model.not-found', [input.name]);
    return p.error ?? '';
  }

  private fail(entry: PullEntry, message: string, send: (s: AiModelPullFrame['state']) => void) {
    Object.assign(entry, { state: 'ERROR', error: message, call: undefined });
    send('ERROR');
  }

  private async follow(
    input: { url: string; name: string; lang: Lang; idleMs: number },
    entry: PullEntry,
    call: AiCall,
    send: (s: AiModelPullFrame['state']) => void,
  ): Promise<void> {
    const throttle = new FrameThrottle(FRAME_INTERVAL_MS);
    let outcome: PullProgress | undefined;
    try {
      const res: IncomingMessage = await call.response;
      await readLines(call, res, (line) => {
        if (outcome) return;
        const p = readPullLine(line, entry);
        if (!p) return;
        if (p.state === 'PULLING') Object.assign(entry, p);
        else outcome = p;
        if (p.state === 'PULLING' && throttle.admit(false)) send('PULLING');
      });
    } catch (error) {
      if (error instanceof AiCallError && error.failure.kind === 'cancelled') return;
      if (error instanceof AiCallError && error.failure.kind === 'broken')
        return this.fail(entry, translate(input.lang, 'ai.pull.interrupted', [input.name]), send);
      const shown = aiFailure(error, input.url, { timeoutSeconds: input.idleMs / 1000 });
      const message =
        shown instanceof AppError ? translate(input.lang, shown.key, shown.args) : String(shown);
      return this.fail(entry, message, send);
    }
    if (outcome?.state === 'SUCCESS') {
      this.entries.delete(this.key(input.url, input.name));
      entry.call = undefined;
      send('SUCCESS');
      return;
    }
    const message = outcome
      ? this.errorText(input, outcome)
      : translate(input.lang, 'ai.pull.interrupted', [input.name]);
    this.fail(entry, message, send);
  }

  /** Stops the downloads this process follows (the server shuts down). */
  close(): void {
    for (const entry of this.entries.values()) entry.call?.cancel();
  }
}

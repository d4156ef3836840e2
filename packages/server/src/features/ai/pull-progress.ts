import type { AiPullState } from '@buglet/contracts';

export interface PullProgress {
  state: AiPullState;
  total: number;
  completed: number;
  layer: string;
  error: string | null;
  /** The error says the model's manifest does not exist (a wrong name). */
  isMissingModel: boolean;
}

const MISSING = /file does not exist|manifest unknown|not found|does not exist/i;

/** Ollama's ways of saying the model's manifest does not exist (a wrong name). */
export const isMissingModelError = (error: string) => MISSING.test(error);

/**
 * One line of Ollama's streamed pull answer, read the way the original does: a line with `error`
 * ends in ERROR; a status starting with "pulling" is progress on the layer named by the rest of
 * the status; "success" ends in SUCCESS. Other statuses (verifying, writing manifest) keep the
 * figures of the line before. A line that is not JSON is skipped (null).
 */
export function readPullLine(line: string, previous: PullProgress): PullProgress | null {
  let body: Record<string, unknown>;
  try {
    const parsed = JSON.parse(line) as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    body = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const number = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  if (body.error) {
    const error = String(body.error);
    return { ...previous, state: 'ERROR', error, isMissingModel: isMissingModelError(error) };
  }
  const status = typeof body.status === 'string' ? body.status.trim() : '';
  if (status === 'success') return { ...previous, state: 'SUCCESS', error: null, isMissingModel: false };
  if (status.startsWith('pulling')) {
    const layer = status.slice('pulling'.length).trim();
    const sameLayer = layer === previous.layer;
    return {
      ...previous,
      state: 'PULLING',
      layer,
      total: number(body.total, sameLayer ? previous.total : 0),
      completed: number(body.completed, sameLayer ? previous.completed : 0),
    };
  }
  return { ...previous, state: 'PULLING' };
}

export const pullStarted = (): PullProgress => ({
  state: 'PULLING',
  total: 0,
  completed: 0,
  layer: '',
  error: null,
  isMissingModel: false,
});

/** Lets a progress frame through at most once per interval; a final frame always goes. */
export class FrameThrottle {
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  admit(isFinal: boolean): boolean {
    const t = this.now();
    if (!isFinal && t - this.last < this.intervalMs) return false;
    this.last = t;
    return true;
  }
}

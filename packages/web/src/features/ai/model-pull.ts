import { type AiModel, type AiModelPullFrame, aiModelPullFrame } from '@buglet/contracts';

/** What the page knows of a download from its frames (newer than the list it last loaded). */
export type PullView = Pick<AiModelPullFrame, 'name' | 'state' | 'total' | 'completed' | 'error'>;

/** A model row as shown: the list's row with what the frames said since. */
export interface ModelRow extends AiModel {
  /** The download finished while the page was open: the bar stays at 100 %. */
  isJustPulled?: boolean;
}

/** `llama3` and `llama3:latest` are one model to Ollama (as the server compares them). */
export function canonicalModel(name: string): string {
  const last = name.split('/').pop() ?? name;
  return last.includes(':') ? name : `${name}:latest`;
}

/** An `aiModelPull` frame of this project, or undefined (another project's, or malformed). */
export function readPullFrame(data: unknown, projectId: number): AiModelPullFrame | undefined {
  const parsed = aiModelPullFrame.safeParse(data);
  return parsed.success && parsed.data.projectId === projectId ? parsed.data : undefined;
}

/**
 * Percentage of the layer being pulled, 0–100, whole numbers. Ollama reports each layer on its
 * own, so the bar starts again for the next layer; a finished download is 100.
 */
export function pullPercent(p: { state: string; total?: number; completed?: number }): number {
  if (p.state === 'SUCCESS' || p.state === 'COMPLETED') return 100;
  const total = p.total ?? 0;
  const completed = p.completed ?? 0;
  if (!(total > 0) || !(completed > 0)) return 0;
  return Math.min(100, Math.floor((completed / total) * 100));
}

/** The frames seen so far, by canonical name; a frame replaces what was known of its model. */
export function applyPullFrame(pulls: ReadonlyMap<string, PullView>, frame: PullView): Map<string, PullView> {
  const next = new Map(pulls);
  next.set(canonicalModel(frame.name), {
    name: frame.name,
    state: frame.state,
    total: frame.total,
    completed: frame.completed,
    error: frame.error,
  });
  return next;
}

/** A download just started here: shown at 0 % until its first frame. */
export const pullStarted = (name: string): PullView => ({
  name,
  state: 'PULLING',
  total: 0,
  completed: 0,
  error: null,
});

const ORDER: Record<AiModel['state'], number> = { PULLING: 0, ERROR: 1, EMPTY: 2, COMPLETED: 3 };

function withPull(row: AiModel, pull: PullView): ModelRow {
  const { total, completed, error, ...rest } = row;
  if (pull.state === 'PULLING')
    return { ...rest, state: 'PULLING', total: pull.total, completed: pull.completed };
  if (pull.state === 'ERROR') return { ...rest, state: 'ERROR', error: pull.error ?? '' };
  return { ...rest, state: 'COMPLETED', size: row.size || pull.total, isJustPulled: true };
}

/**
 * The list's rows with the frames laid over them (a download of a model the list lacks becomes a
 * row of its own), in the original's order: downloading, failed, not downloaded, downloaded.
 */
export function mergeModelRows(rows: readonly AiModel[], pulls: ReadonlyMap<string, PullView>): ModelRow[] {
  const byName = new Map<string, ModelRow>(rows.map((r) => [canonicalModel(r.name), r]));
  for (const [key, pull] of pulls) {
    const row = byName.get(key) ?? { name: pull.name, size: 0, state: 'EMPTY', kind: null };
    byName.set(key, withPull(row, pull));
  }
  return [...byName.values()].sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.name.localeCompare(b.name));
}

/** Names the user downloaded lately, newest first, as the original keeps them. */
export const RECENT_MODELS_KEY = 'ai_model_search_list';
export const RECENT_MODELS_MAX = 9;

export function rememberModel(recent: readonly string[], name: string): string[] {
  const trimmed = name.trim();
  if (!trimmed) return [...recent];
  return [trimmed, ...recent.filter((n) => n !== trimmed)].slice(0, RECENT_MODELS_MAX);
}

/** The download field's suggestions: the server's names, then the recent ones, each once, filtered by what is typed. */
export function modelSuggestions(
  defaults: readonly string[],
  recent: readonly string[],
  typed = '',
): string[] {
  const wanted = typed.trim().toLowerCase();
  return [...new Set([...defaults, ...recent])].filter((n) => n.toLowerCase().includes(wanted));
}

export function readRecentModels(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const value = JSON.parse(storage.getItem(RECENT_MODELS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

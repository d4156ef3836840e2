import { AI_DEFAULT_BUSINESS_MODEL, AI_DEFAULT_IMAGE_MODEL, type AiModel } from '@buglet/contracts';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { type AiSettings, aiFailure, canonicalModel } from './ai.service.ts';
import type { ModelPulls } from './model-pulls.ts';
import { AiCallError, aiJson } from './ollama.ts';

/*
 * The models of an AI server, with the downloads in progress (model-pulls.ts): apart from
 * ai.service.ts, which the downloads use, so neither imports the other back.
 */

const tagsAnswer = z.object({
  models: z
    .array(z.object({ name: z.string(), size: z.number().optional() }))
    .nullish()
    .transform((v) => v ?? []),
});

/** Installed models ∪ the defaults and the project's choices, with downloads in progress or failed. */
export async function listModels(s: AiSettings, pulls: ModelPulls): Promise<AiModel[]> {
  let answer: unknown;
  try {
    answer = await aiJson(s.url, {
      method: 'GET',
      path: '/api/tags',
      connectTimeoutMs: s.quickMs,
      guard: s.guard,
      timeoutMs: s.quickMs,
    });
  } catch (error) {
    throw aiFailure(error, s.url, { timeoutSeconds: s.quickMs / 1000 });
  }
  const tags = tagsAnswer.safeParse(answer);
  if (!tags.success) throw new AppError('ai.bad-answer', [s.url]);
  const rows = new Map<string, AiModel>();
  const row = (name: string, size: number, state: AiModel['state']): AiModel => ({
    name,
    size,
    state,
    kind: null,
  });
  for (const m of tags.data.models) rows.set(canonicalModel(m.name), row(m.name, m.size ?? 0, 'COMPLETED'));
  for (const name of [AI_DEFAULT_BUSINESS_MODEL, AI_DEFAULT_IMAGE_MODEL, s.businessModule, s.imageModule]) {
    if (!rows.has(canonicalModel(name))) rows.set(canonicalModel(name), row(name, 0, 'EMPTY'));
  }
  for (const p of pulls.on(s.url)) {
    const key = canonicalModel(p.name);
    const known = rows.get(key) ?? row(p.name, 0, 'EMPTY');
    rows.set(key, {
      ...known,
      state: p.state === 'PULLING' ? 'PULLING' : 'ERROR',
      ...(p.state === 'PULLING' ? { total: p.total, completed: p.completed } : { error: p.error ?? '' }),
    });
  }
  const business = canonicalModel(s.businessModule);
  const image = canonicalModel(s.imageModule);
  return [...rows.entries()]
    .map(([key, m]) => ({
      ...m,
      kind: key === business ? ('business' as const) : key === image ? ('image' as const) : null,
      ...(key === business ? { businessModule: m.name } : {}),
      ...(key === image ? { imageModule: m.name } : {}),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function deleteModel(s: AiSettings, pulls: ModelPulls, name: string): Promise<void> {
  if (pulls.isPulling(s.url, name)) throw new AppError('ai.model.pulling', [name]);
  try {
    await aiJson(s.url, {
      method: 'DELETE',
      path: '/api/delete',
      body: { name, model: name },
      connectTimeoutMs: s.quickMs,
      guard: s.guard,
      timeoutMs: s.slowMs,
    });
  } catch (error) {
    if (error instanceof AiCallError && error.failure.kind === 'http' && error.failure.status === 404)
      throw new AppError('ai.model.not-installed', [name]);
    throw aiFailure(error, s.url, { timeoutSeconds: s.slowMs / 1000 });
  }
  pulls.forget(s.url, name);
}

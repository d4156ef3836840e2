import {
  AI_DEFAULT_BUSINESS_MODEL,
  AI_DEFAULT_IMAGE_MODEL,
  type AiCaseAnswer,
  type AiConfig,
  CONFIG_KEYS,
} from '@buglet/contracts';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { Lang, MessageKey } from '../../http/i18n.ts';
import type { OutboundPolicy } from '../../lib/outbound.ts';
import { findConfigValue } from '../configs/configs.repository.ts';
import { outboundPolicyOf } from '../configs/platform-settings.ts';
import { loadTree } from '../modules/modules.repository.ts';
import { findAiConfig } from './ai.repository.ts';
import { buildCasePrompt, parseCaseAnswer } from './case-generation.ts';
import { AiCallError, aiJson } from './ollama.ts';

/**
 * Without a connection (or, for a listing, an answer) after this long, the AI server counts as
 * unreachable: never longer than a generation may take.
 */
const AI_CONNECT_TIMEOUT_MS = 5_000;

/** A project's AI server and models: its own choices, or the platform's defaults. */
export interface AiSettings {
  aiId: number | null;
  projectId: number;
  /** The project's own server, or null. */
  aiUrl: string | null;
  /** The server actually used. */
  url: string;
  /** The outbound guard when the project names its own server; the platform's (AI_URL) is the operator's. */
  guard: OutboundPolicy | undefined;
  businessModule: string;
  imageModule: string;
  /** How long a connection, a listing or the start of a download may take. */
  quickMs: number;
  /** How long a generation (or a deletion) may take. */
  slowMs: number;
}

export async function loadAiSettings(db: Db, config: AppConfig, projectId: number): Promise<AiSettings> {
  const row = await findAiConfig(db, projectId);
  return {
    aiId: row?.aiId ?? null,
    projectId,
    aiUrl: row?.aiUrl ?? null,
    url: (row?.aiUrl ?? config.aiUrl).replace(/\/+$/, ''),
    guard: row?.aiUrl ? await outboundPolicyOf({ db }) : undefined,
    businessModule: row?.businessModule ?? AI_DEFAULT_BUSINESS_MODEL,
    imageModule: row?.imageModule ?? AI_DEFAULT_IMAGE_MODEL,
    quickMs: Math.min(AI_CONNECT_TIMEOUT_MS, config.aiTimeoutSeconds * 1000),
    slowMs: config.aiTimeoutSeconds * 1000,
  };
}

export const toAiConfig = (s: AiSettings, config: AppConfig): AiConfig => ({
  aiId: s.aiId,
  projectId: s.projectId,
  aiUrl: s.aiUrl,
  defaultAiUrl: config.aiUrl,
  businessModule: s.businessModule,
  imageModule: s.imageModule,
});

/** `llama3` and `llama3:latest` are one model to Ollama. */
export function canonicalModel(name: string): string {
  const last = name.split('/').pop() ?? name;
  return last.includes(':') ? name : `${name}:latest`;
}

/** The models project administrators may pull onto the platform's AI server, by canonical name. */
export async function platformModels(db: Db): Promise<Set<string>> {
  const text = (await findConfigValue(db, CONFIG_KEYS.aiPlatformModels)) ?? '';
  return new Set(
    text
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(canonicalModel),
  );
}

/** A failed call to the AI server as the message people see. */
export function aiFailure(error: unknown, url: string, what: { timeoutSeconds: number }): unknown {
  if (!(error instanceof AiCallError)) return error;
  const f = error.failure;
  switch (f.kind) {
    case 'refused':
      return f.error;
    case 'unreachable':
      return new AppError('ai.unreachable', [url]);
    case 'timeout':
      return new AppError('ai.timeout', [url, what.timeoutSeconds]);
    case 'http':
      return new AppError('ai.server-error', [f.message]);
    default:
      return new AppError('ai.bad-answer', [url]);
  }
}

const generateAnswer = z.object({
  response: z.string(),
  context: z.array(z.number()).nullish(),
});

/** The words a caller of `generate` has for its own failures. */
export interface GenerateMessages {
  /** The model did not answer in time; its argument is the limit in seconds. */
  timeout: MessageKey;
  /** The answer could not be read. */
  unparsable: MessageKey;
}

/** One non-streamed generation on the project's AI server; the failures as the messages people see. */
export async function generate(
  s: AiSettings,
  request: {
    model: string;
    prompt: string;
    images?: string[];
    context?: number[] | undefined;
    isJson: boolean;
  },
  messages: GenerateMessages,
): Promise<{ response: string; context: number[] }> {
  let answer: unknown;
  try {
    answer = await aiJson(s.url, {
      method: 'POST',
      path: '/api/generate',
      body: {
        model: request.model,
        prompt: request.prompt,
        ...(request.images ? { images: request.images } : {}),
        ...(request.context?.length ? { context: request.context } : {}),
        stream: false,
        ...(request.isJson ? { format: 'json' } : {}),
      },
      connectTimeoutMs: s.quickMs,
      guard: s.guard,
      timeoutMs: s.slowMs,
    });
  } catch (error) {
    if (error instanceof AiCallError && error.failure.kind === 'timeout')
      throw new AppError(messages.timeout, [s.slowMs / 1000]);
    if (error instanceof AiCallError && error.failure.kind === 'http' && error.failure.status === 404)
      throw new AppError('ai.model.missing', [request.model]);
    if (error instanceof AiCallError && error.failure.kind === 'broken')
      throw new AppError(messages.unparsable);
    throw aiFailure(error, s.url, { timeoutSeconds: s.slowMs / 1000 });
  }
  const parsed = generateAnswer.safeParse(answer);
  if (!parsed.success) throw new AppError(messages.unparsable);
  return { response: parsed.data.response, context: parsed.data.context ?? [] };
}

/** Asks the project's business model for cases (§10.5); creates nothing. */
export async function generateCases(
  db: Db,
  s: AiSettings,
  input: { lang: Lang; prompt: string; context?: number[] | undefined; count?: number | undefined },
): Promise<AiCaseAnswer> {
  const paths = (await loadTree(db, s.projectId)).paths();
  const prompt = buildCasePrompt({ ...input, modulePaths: [...paths.keys()] });
  const answer = await generate(
    s,
    { model: s.businessModule, prompt, context: input.context, isJson: true },
    { timeout: 'ai.case.timeout', unparsable: 'ai.case.unparsable' },
  );
  const cases = parseCaseAnswer(answer.response, paths);
  if (!cases) throw new AppError('ai.case.unparsable');
  return { cases, context: answer.context };
}

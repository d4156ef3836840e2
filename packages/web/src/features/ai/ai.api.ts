import {
  type AiCaseAnswer,
  type AiConfig,
  type AiDefectAnswers,
  type AiDefectField,
  type AiModel,
  type AjaxResult,
  ResultCode,
  type TableData,
} from '@buglet/contracts';
import { handleEnvelope, http, type RequestOptions, request, send } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';

/** A generation may take the AI server's whole time-out (120 s by default) and then some. */
export const GENERATION_TIMEOUT_MS = 150_000;

export interface AiConfigBody {
  projectId: number;
  /** '' or null: the platform's server. */
  aiUrl?: string | null;
  businessModule?: string | null;
  imageModule?: string | null;
}

export interface AiCaseRequest {
  projectId: number;
  prompt: string;
  context?: number[];
  count?: number;
}

export const aiKeys = {
  all: ['ai'] as const,
  models: (projectId: number) => ['ai', 'models', projectId] as const,
  defaults: (projectId: number) => ['ai', 'defaults', projectId] as const,
  config: (projectId: number) => ['ai', 'config', projectId] as const,
};

/**
 * Like `request`, but a refusal (code 500) is only thrown, not also toasted: the page shows it
 * where it belongs (the model list's "AI server down", the drawer's generation error).
 */
export async function requestQuietly<T>(options: RequestOptions): Promise<T> {
  const response = await send(options);
  const body = (await response.json()) as AjaxResult;
  if (body.code === ResultCode.error)
    throw Object.assign(new Error(body.msg || i18n.t('http.unknown-error')), { code: body.code });
  return handleEnvelope<T>(body);
}

export const listAiModels = (projectId: number) =>
  requestQuietly<TableData<AiModel>>({ url: '/system/ai/list', params: { projectId } });
export const listDefaultModels = (projectId: number) =>
  http.get<TableData<string>>('/system/ai/model/list/default', { projectId });
export const getAiConfig = (projectId: number) =>
  http.get<AjaxResult<AiConfig>>('/system/ai/config', { projectId });
export const saveAiConfig = (body: AiConfigBody) => http.put<AjaxResult<AiConfig>>('/system/ai/config', body);
/** Starts the download; its progress arrives as `aiModelPull` frames. */
export const pullAiModel = (projectId: number, name: string) =>
  http.post('/system/ai/model', { projectId, name });
export const deleteAiModel = (projectId: number, name: string) =>
  request({ url: '/system/ai/model', method: 'DELETE', data: { projectId, name } });
export const generateAiCases = (body: AiCaseRequest) =>
  requestQuietly<AjaxResult<AiCaseAnswer>>({
    url: '/ai/case/list',
    method: 'POST',
    data: body,
    timeout: GENERATION_TIMEOUT_MS,
    // Asking again for the same thing is a legitimate retry, not a double click.
    repeatSubmit: false,
  });

export interface AiDefectRequest {
  projectId: number;
  describe: string;
  /** The defect's images as the form keeps them; the first is shown to the image model. */
  imgUrls?: string | null;
}

/** One field of the defect form's AI analysis (`POST /ai/defect/{field}`); a refusal is thrown, not toasted. */
export const suggestDefectField = <F extends AiDefectField>(field: F, body: AiDefectRequest) =>
  requestQuietly<AjaxResult<AiDefectAnswers[F]>>({
    url: `/ai/defect/${field}`,
    method: 'POST',
    data: body,
    timeout: GENERATION_TIMEOUT_MS,
    repeatSubmit: false,
  });

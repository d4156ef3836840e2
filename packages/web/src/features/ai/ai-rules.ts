import { AI_URL_MAX, aiModelName, isHttpUrl } from '@buglet/contracts';

/** '' is fine (the platform's server); anything else must be an http(s) address the server accepts. */
export function aiUrlProblem(value: string | undefined | null): 'ai.url.invalid' | undefined {
  const v = (value ?? '').trim();
  if (v === '') return undefined;
  return v.length <= AI_URL_MAX && isHttpUrl(v) ? undefined : 'ai.url.invalid';
}

/** Why a name typed for download cannot be one (the contract's own messages), or undefined. */
export function modelNameProblem(value: string): string | undefined {
  const parsed = aiModelName.safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'ai.model.name.invalid');
}

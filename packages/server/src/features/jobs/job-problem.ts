import type { JobProblem } from '@buglet/contracts';
import { AppError } from '../../http/errors.ts';
import { isMessageKey, type MessageArg } from '../../http/i18n.ts';

/** A problem the contracts found (cron or invoke target) as the translated error the caller reads. */
export function problemError(problem: JobProblem): AppError {
  const args: MessageArg[] = problem.args.map((a) =>
    typeof a === 'object' ? (isMessageKey(a.key) ? { key: a.key } : a.key) : a,
  );
  return isMessageKey(problem.key)
    ? new AppError(problem.key, args)
    : new AppError('validation.invalid', [problem.key]);
}

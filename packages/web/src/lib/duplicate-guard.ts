/**
 * Rejects the same POST/PUT (same URL and body) sent twice within a short window, as the original
 * did, so a double click cannot create two records. Pure so it can be tested without the network.
 */
export interface DuplicateGuardOptions {
  windowMs: number;
  maxBytes: number;
  now?: () => number;
}

export interface PendingSubmit {
  url: string;
  body: string;
}

export function createDuplicateGuard(options: DuplicateGuardOptions) {
  const now = options.now ?? Date.now;
  let last: { url: string; body: string; time: number } | undefined;

  /** Returns true when the submit is a duplicate and must be rejected. */
  return function isDuplicate(submit: PendingSubmit): boolean {
    // Large bodies (uploads) are not compared: hashing them would cost more than it saves.
    if (submit.body.length >= options.maxBytes) return false;
    const time = now();
    const previous = last;
    if (previous && previous.url === submit.url && previous.body === submit.body) {
      if (time - previous.time < options.windowMs) return true;
    }
    last = { url: submit.url, body: submit.body, time };
    return false;
  };
}

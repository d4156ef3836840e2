import { sendQuietly } from './http.ts';

/**
 * "Stopped looking", shared by every item view. The server's close routes (defect and case alike)
 * take away all of this user's marks, so a close still on its way would wipe the mark a view of
 * either kind has just made. Reading a view therefore waits for every close sent before it.
 */
let closing: Promise<void> = Promise.resolve();

/** A view was closed: the server takes this user's marks away and tells the others (silent on failure). */
export function sendViewClosed(url: string): void {
  const sent = sendQuietly({ url, method: 'POST' });
  closing = Promise.all([closing, sent]).then(() => undefined);
}

/** Resolves once every close sent so far has been answered. */
export const viewsClosed = (): Promise<void> => closing;

import { z } from 'zod';

/**
 * The browser-testing tool: the screen-size catalogue (`/system/ScreenSize/**`, the original's
 * paths and fields), the proxy's limits and the messages the proxied page and the tool exchange.
 */

/** What the proxy fetches at most for one page, and how long it waits for it. */
export const BROWSER_PROXY = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 10_000,
  /** Pages one person may open through the proxy a minute. */
  perUserPerMinute: 120,
  /** How long a proxy ticket opens pages (each address the tool opens gets a fresh one). */
  ticketTtlMs: 10 * 60_000,
  maxUrlLength: 2048,
} as const;

/** A width or height as the original stores it: digits and `px` ('390px'); digits alone are accepted. */
const pixels = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine(
    (v) => /^\d{2,5}(px)?$/i.test(v) && Number.parseInt(v, 10) >= 50 && Number.parseInt(v, 10) <= 10_000,
    {
      error: 'screen-size.pixels.invalid',
    },
  )
  .transform((v) => `${Number.parseInt(v, 10)}px`);

export const screenSize = z.object({
  screenSizeId: z.number(),
  name: z.string(),
  width: z.string().nullable(),
  height: z.string().nullable(),
  remark: z.string().nullable(),
});
export type ScreenSize = z.infer<typeof screenSize>;

export const screenSizeBody = z.object({
  name: z.string().trim().min(1, { error: 'screen-size.name.required' }).max(32),
  width: pixels,
  height: pixels,
  remark: z.string().trim().max(500).nullable().optional(),
});
export const screenSizeUpdateBody = screenSizeBody.extend({ screenSizeId: z.number().int().min(1) });

/** The number of pixels in a stored width or height ('390px' -> 390), or undefined. */
export function pixelsOf(value: string | null | undefined): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** What the proxied page tells the tool (window.postMessage from the pane to its parent). */
export type PaneMessage =
  | { source: 'buglet-pane'; type: 'start'; url: string }
  | { source: 'buglet-pane'; type: 'loaded'; url: string; title: string }
  | { source: 'buglet-pane'; type: 'navigate'; url: string }
  | { source: 'buglet-pane'; type: 'evidence'; entry: EvidenceEntry }
  | { source: 'buglet-pane'; type: 'capture-result'; dataUrl: string }
  | { source: 'buglet-pane'; type: 'capture-error'; message: string }
  | { source: 'buglet-pane'; type: 'refused'; message: string };

/** One thing that went wrong on the page: a console error, an uncaught error, a failed request or resource. */
export interface EvidenceEntry {
  kind: 'console' | 'error' | 'rejection' | 'fetch' | 'xhr' | 'resource';
  message: string;
  /** Milliseconds since the page started loading. */
  at: number;
}

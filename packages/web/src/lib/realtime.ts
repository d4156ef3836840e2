/**
 * The realtime socket: one connection per logged-in user, its frames published by action to whoever
 * subscribed. The server authenticates the handshake with the Admin-Token cookie, which the browser
 * sends by itself (same origin, path /), so the token never appears in the URL.
 */

import { SESSION_ENDED_CODE } from '@buglet/contracts/result-code';

export const REALTIME_ACTIONS = [
  'memberOnline',
  'memberOffline',
  'memberFocus',
  'aiModelPull',
  'notice',
  'panel_notice',
  'teamsChanged',
  'defectChanged',
] as const;
export type RealtimeAction = (typeof REALTIME_ACTIONS)[number];

/** A stored notice as the socket pushes it (and as the list returns it). */
export interface NoticeMessage {
  noticeId: number;
  noticeTitle: string;
  noticeContent: string;
  groupName: string;
  projectId: number | null;
  src: string | null;
  createTime: string;
  isRead: boolean;
}

/** Pushed to the receiver's other tabs when a notice was opened (read) in one of them. */
export interface NoticeReadMark {
  noticeId: number;
  isRead: true;
}

/** A new notice as pushed in `notice`: with the receiver's own sound choice (in-app settings). */
export interface PushedNotice extends NoticeMessage {
  backgroundMusic?: boolean;
  backgroundMusicUrl?: string;
}

/** The same notice again, for receivers who want the pop-up panel. */
export interface PanelNotice extends NoticeMessage {
  panel: boolean;
}

export interface MemberFocus {
  moduleName: 'defect' | 'case' | 'report' | null;
  dataId: number | null;
  user: { userId: number; userName?: string; nickName?: string; avatar?: string | null };
}

export interface RealtimePayloads {
  memberOnline: number;
  memberOffline: number;
  memberFocus: MemberFocus;
  aiModelPull: unknown;
  notice: PushedNotice | NoticeReadMark;
  panel_notice: PanelNotice;
  /** The person joined a team (added, or an invitation accepted in another tab). */
  teamsChanged: { teamId: number };
  /** Defects of a project were changed by someone (lists and boards read them again). */
  defectChanged: { projectId: number; defectIds: number[] };
}

export type RealtimeFrame = {
  [A in RealtimeAction]: { action: A; data: RealtimePayloads[A] };
}[RealtimeAction];

export const RECONNECT = { attempts: 5, delayMs: 3000 } as const;

const isAction = (value: unknown): value is RealtimeAction =>
  typeof value === 'string' && (REALTIME_ACTIONS as readonly string[]).includes(value);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A read mark carries only the id and the flag; a new notice carries its title too. */
export function isReadMark(data: RealtimePayloads['notice']): data is NoticeReadMark {
  return data.isRead === true && !('noticeTitle' in data);
}

/**
 * Reads one text frame. Only `code == 200` frames with a known action count (as in the original);
 * anything else, malformed JSON included, is dropped.
 */
export function parseFrame(text: unknown): RealtimeFrame | undefined {
  if (typeof text !== 'string') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(body) || body.code !== 200 || !isAction(body.action)) return undefined;
  const { action, data } = body;
  if (action === 'memberOnline' || action === 'memberOffline') {
    const userId = Number(data);
    return Number.isInteger(userId) && userId > 0 ? { action, data: userId } : undefined;
  }
  if (action === 'notice' || action === 'panel_notice' || action === 'memberFocus') {
    if (!isObject(data)) return undefined;
    if (action !== 'memberFocus' && typeof data.noticeId !== 'number') return undefined;
  }
  return { action, data } as RealtimeFrame;
}

type Handler<A extends RealtimeAction> = (data: RealtimePayloads[A]) => void;

/** A tiny pub/sub: handlers by action; one failing handler does not stop the others. */
export function createRealtimeBus() {
  const handlers = new Map<RealtimeAction, Set<(data: never) => void>>();
  return {
    subscribe<A extends RealtimeAction>(action: A, handler: Handler<A>): () => void {
      const set = handlers.get(action) ?? new Set();
      handlers.set(action, set);
      set.add(handler as (data: never) => void);
      return () => set.delete(handler as (data: never) => void);
    },
    publish(frame: RealtimeFrame): void {
      for (const handler of handlers.get(frame.action) ?? []) {
        try {
          (handler as (data: unknown) => void)(frame.data);
        } catch (error) {
          console.warn(`realtime: a ${frame.action} handler failed`, error);
        }
      }
    },
  };
}

/** What the connection needs of a WebSocket; tests pass a fake. */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

export interface ConnectionOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  onFrame: (frame: RealtimeFrame) => void;
  /** Every successful open, the first and each reconnect (frames may have been missed in between). */
  onOpen?: () => void;
  attempts?: number;
  delayMs?: number;
}

/**
 * Opens the socket and keeps it open: after an unexpected close it tries again up to `attempts` times,
 * `delayMs` apart; a successful open resets the count. Errors are only logged, never shown.
 */
export function openConnection(options: ConnectionOptions): { close: () => void } {
  const { attempts = RECONNECT.attempts, delayMs = RECONNECT.delayMs } = options;
  let socket: SocketLike | undefined;
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isClosed = false;

  const retry = () => {
    if (isClosed) return;
    if (retries >= attempts) {
      console.warn(`realtime: giving up after ${attempts} reconnection attempts`);
      return;
    }
    retries += 1;
    timer = setTimeout(connect, delayMs);
  };

  function connect() {
    timer = undefined;
    if (isClosed) return;
    try {
      socket = options.createSocket(options.url);
    } catch (error) {
      console.warn('realtime: cannot open the socket', error);
      retry();
      return;
    }
    socket.onopen = () => {
      retries = 0;
      options.onOpen?.();
    };
    socket.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (frame) options.onFrame(frame);
    };
    socket.onerror = () => console.warn('realtime: socket error');
    socket.onclose = (event) => {
      socket = undefined;
      if (event.code === SESSION_ENDED_CODE) return;
      retry();
    };
  }

  connect();
  return {
    close() {
      isClosed = true;
      if (timer) clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.close();
        socket = undefined;
      }
    },
  };
}

export function socketUrl(userId: number, location: Pick<Location, 'protocol' | 'host'>): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/ws/websocket/${userId}/message`;
}

const bus = createRealtimeBus();
const reconnectListeners = new Set<() => void>();
let current: { userId: number; close: () => void } | undefined;

export const subscribe = bus.subscribe;

/** Runs after each reconnection (not the first open): what was pushed meanwhile is lost. */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Connects as this user; a second call for the same user keeps the existing connection. */
export function connectRealtime(userId: number): void {
  if (current?.userId === userId) return;
  disconnectRealtime();
  let hasOpened = false;
  const connection = openConnection({
    url: socketUrl(userId, window.location),
    createSocket: (url) => new WebSocket(url),
    onFrame: bus.publish,
    onOpen: () => {
      if (hasOpened) for (const listener of reconnectListeners) listener();
      hasOpened = true;
    },
  });
  current = { userId, close: connection.close };
}

export function disconnectRealtime(): void {
  current?.close();
  current = undefined;
}

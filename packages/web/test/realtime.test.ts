import { SESSION_ENDED_CODE } from '@buglet/contracts/result-code';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectRealtime,
  createRealtimeBus,
  disconnectRealtime,
  isReadMark,
  onRealtimeReconnect,
  openConnection,
  parseFrame,
  type RealtimeFrame,
  type SocketLike,
  socketUrl,
  subscribe,
} from '../src/lib/realtime.ts';
import { usePresence } from '../src/stores/presence.store.ts';

const frame = (body: unknown) => JSON.stringify(body);

describe('parseFrame', () => {
  it('reads the server frames by action', () => {
    expect(parseFrame(frame({ code: 200, msg: 'ok', action: 'memberOnline', data: 7 }))).toEqual({
      action: 'memberOnline',
      data: 7,
    });
    const notice = {
      noticeId: 3,
      noticeTitle: '[Processing] Defect #1',
      noticeContent: '## #1',
      groupName: 'defect',
      projectId: 2,
      src: '/project/defect?defectId=1&projectId=2',
      createTime: '2026-01-01 10:00:00',
      isRead: false,
    };
    expect(parseFrame(frame({ code: 200, action: 'notice', data: notice }))).toEqual({
      action: 'notice',
      data: notice,
    });
    const focus = { moduleName: null, dataId: null, user: { userId: 4 } };
    expect(parseFrame(frame({ code: 200, action: 'memberFocus', data: focus }))?.data).toEqual(focus);
  });

  it('takes a user id sent as text, as the original sends Long ids', () => {
    expect(parseFrame(frame({ code: 200, action: 'memberOffline', data: '12' }))).toEqual({
      action: 'memberOffline',
      data: 12,
    });
  });

  it('drops frames that are not code 200, not JSON, of unknown action or with unusable data', () => {
    expect(parseFrame(frame({ code: 500, action: 'notice', data: { noticeId: 1 } }))).toBeUndefined();
    expect(parseFrame('{not json')).toBeUndefined();
    expect(parseFrame(new ArrayBuffer(4))).toBeUndefined();
    expect(parseFrame(frame({ code: 200, action: 'shutdown', data: {} }))).toBeUndefined();
    expect(parseFrame(frame({ code: 200, action: 'memberOnline', data: 'someone' }))).toBeUndefined();
    expect(parseFrame(frame({ code: 200, action: 'memberOnline', data: 0 }))).toBeUndefined();
    expect(parseFrame(frame({ code: 200, action: 'notice', data: 'hello' }))).toBeUndefined();
    expect(parseFrame(frame({ code: 200, action: 'panel_notice', data: { title: 'x' } }))).toBeUndefined();
    expect(parseFrame(frame([1, 2]))).toBeUndefined();
  });

  it('tells a read mark from a new notice', () => {
    expect(isReadMark({ noticeId: 1, isRead: true })).toBe(true);
    expect(
      isReadMark({
        noticeId: 1,
        isRead: false,
        noticeTitle: 't',
        noticeContent: '',
        groupName: 'defect',
        projectId: 1,
        src: null,
        createTime: '',
      }),
    ).toBe(false);
  });
});

describe('realtime bus', () => {
  it('dispatches a frame to the handlers of its action only, until they unsubscribe', () => {
    const bus = createRealtimeBus();
    const online: number[] = [];
    const notices: unknown[] = [];
    const off = bus.subscribe('memberOnline', (id) => online.push(id));
    bus.subscribe('notice', (data) => notices.push(data));
    bus.publish({ action: 'memberOnline', data: 5 });
    bus.publish({ action: 'memberOffline', data: 5 });
    off();
    bus.publish({ action: 'memberOnline', data: 6 });
    expect(online).toEqual([5]);
    expect(notices).toEqual([]);
  });

  it('keeps delivering when one handler throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bus = createRealtimeBus();
    const seen: number[] = [];
    bus.subscribe('memberOnline', () => {
      throw new Error('boom');
    });
    bus.subscribe('memberOnline', (id) => seen.push(id));
    bus.publish({ action: 'memberOnline', data: 9 });
    expect(seen).toEqual([9]);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  isClosed = false;
  constructor(readonly url: string) {}
  open() {
    this.onopen?.(new Event('open'));
  }
  /** A refused handshake: an error, then the close. */
  fail() {
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
  receive(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  close() {
    this.isClosed = true;
  }
}

describe('openConnection (reconnect policy)', () => {
  let sockets: FakeSocket[];
  let frames: RealtimeFrame[];
  let warn: ReturnType<typeof vi.spyOn>;
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  const connect = (onOpen?: () => void) =>
    openConnection({
      url: 'ws://host/ws/websocket/3/message',
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      onFrame: (f) => frames.push(f),
      onOpen,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    frames = [];
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    warn.mockRestore();
  });

  it('connects at once and hands on the parsed frames', () => {
    const opened = vi.fn();
    connect(opened);
    expect(sockets).toHaveLength(1);
    last().open();
    expect(opened).toHaveBeenCalledOnce();
    last().receive(frame({ code: 200, action: 'memberOnline', data: 8 }));
    last().receive('garbage');
    expect(frames).toEqual([{ action: 'memberOnline', data: 8 }]);
  });

  it('tries again 3 s after a close, 5 times at most, then gives up (logging only)', () => {
    connect();
    last().fail();
    for (let attempt = 1; attempt <= 5; attempt++) {
      vi.advanceTimersByTime(2999);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
      last().fail();
    }
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(6);
    expect(warn.mock.calls.some((call: unknown[]) => String(call[0]).includes('giving up'))).toBe(true);
  });

  it('does not try again when the server closed it because the session ended', () => {
    connect();
    last().open();
    last().onclose?.(new CloseEvent('close', { code: SESSION_ENDED_CODE }));
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('starts counting again after a successful open', () => {
    connect();
    for (let i = 0; i < 4; i++) {
      last().fail();
      vi.advanceTimersByTime(3000);
    }
    expect(sockets).toHaveLength(5);
    last().open();
    // The server restarts: the connection drops, and five new attempts are allowed.
    last().fail();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(3000);
      last().fail();
    }
    vi.advanceTimersByTime(30_000);
    expect(sockets).toHaveLength(10);
  });

  it('closes for good on close(): no reconnection, even with a retry pending', () => {
    const connection = connect();
    last().open();
    connection.close();
    expect(last().isClosed).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(sockets).toHaveLength(1);

    const other = connect();
    last().fail();
    other.close();
    vi.advanceTimersByTime(30_000);
    expect(sockets).toHaveLength(2);
  });

  it('counts a socket that cannot even be created as a failed attempt', () => {
    let calls = 0;
    openConnection({
      url: 'ws://bad',
      createSocket: () => {
        calls += 1;
        throw new Error('SyntaxError');
      },
      onFrame: () => {},
    });
    vi.advanceTimersByTime(60_000);
    expect(calls).toBe(6);
  });
});

describe('the app connection', () => {
  const created: FakeSocket[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    created.length = 0;
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          created.push(this);
        }
      },
    );
  });
  afterEach(() => {
    disconnectRealtime();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('connects once per user, publishes frames to subscribers and closes on logout', () => {
    const seen: number[] = [];
    const off = subscribe('memberOnline', (id) => seen.push(id));
    connectRealtime(5);
    connectRealtime(5);
    expect(created.map((s) => s.url)).toEqual([`ws://${window.location.host}/ws/websocket/5/message`]);
    const socket = created[0] as FakeSocket;
    socket.open();
    socket.receive(frame({ code: 200, action: 'memberOnline', data: 6 }));
    expect(seen).toEqual([6]);
    disconnectRealtime();
    expect(socket.isClosed).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(created).toHaveLength(1);
    off();
  });

  it('tells the app about reconnections, not about the first open', () => {
    const reconnected = vi.fn();
    const off = onRealtimeReconnect(reconnected);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    connectRealtime(5);
    created[0]?.open();
    expect(reconnected).not.toHaveBeenCalled();
    created[0]?.fail();
    vi.advanceTimersByTime(3000);
    created[1]?.open();
    expect(reconnected).toHaveBeenCalledOnce();
    off();
    warn.mockRestore();
  });

  it('switches the connection when another user logs in', () => {
    connectRealtime(5);
    connectRealtime(8);
    expect(created[0]?.isClosed).toBe(true);
    expect(created[1]?.url).toContain('/ws/websocket/8/message');
  });
});

describe('socketUrl', () => {
  it('follows the page protocol and host', () => {
    expect(socketUrl(4, { protocol: 'http:', host: 'localhost:2020' })).toBe(
      'ws://localhost:2020/ws/websocket/4/message',
    );
    expect(socketUrl(4, { protocol: 'https:', host: 'bugs.example.com' })).toBe(
      'wss://bugs.example.com/ws/websocket/4/message',
    );
  });
});

describe('presence store', () => {
  it('takes the server list, then follows online and offline frames', () => {
    const store = usePresence.getState();
    store.seed([1, 2]);
    store.setOnline(3, true);
    store.setOnline(1, false);
    expect([...usePresence.getState().online].sort()).toEqual([2, 3]);
    const before = usePresence.getState().online;
    store.setOnline(2, true);
    expect(usePresence.getState().online).toBe(before);
    store.clear();
    expect(usePresence.getState().online.size).toBe(0);
  });
});

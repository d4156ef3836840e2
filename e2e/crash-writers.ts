/**
 * Concurrent writers for the crash-safety test: each walks defects through their life (create,
 * assign, comment, submit for review, pass or reject) and records every write in a ledger, with
 * what the server answered, so what survives a kill can be judged against what was acknowledged.
 */

export type Step = 'create' | 'assign' | 'comment' | 'repair' | 'pass' | 'reject';

/** acked: HTTP 200 with code 200; refused: any other answer; inflight: no answer before the kill. */
export type Outcome = 'acked' | 'refused' | 'inflight';

export interface Write {
  step: Step;
  outcome: Outcome;
  /** The refusal's message, or the transport error of an unanswered write. */
  msg?: string;
  actorId: number;
  /** A comment's content, a rejection's reason. */
  text?: string;
  /** What the server answered: the new history entry (actions), comment (comment). */
  logId?: number;
  commentId?: number;
  /** The history entry a comment was written on. */
  correlationId?: number;
}

/** One defect's life as one writer drove it; `token` is in its title, unique in the run. */
export interface Chain {
  token: string;
  /** The comment's unique word (in its content, so a keyword search finds the defect by it). */
  commentToken: string;
  defectName: string;
  defectDescribe: string;
  defectLevel: 'urgent' | 'height' | 'middle' | 'low';
  defectType: 'BUG' | 'TASK' | 'DEMAND';
  /** From the acknowledged create. */
  defectId?: number;
  projectNum?: number;
  writes: Write[];
}

export interface Person {
  token: string;
  userId: number;
}

export interface Scene {
  projectId: number;
  lead: Person;
  tester: Person;
  developer: Person;
}

interface Envelope {
  code: number;
  msg: string;
  data?: Record<string, unknown>;
}

/** The state and handlers a defect has after each step (comments change neither). */
export function stateAfter(step: Step, scene: Scene): { state: number; handlers: number[] } | undefined {
  const { lead, tester, developer } = scene;
  switch (step) {
    case 'create':
      return { state: 0, handlers: [lead.userId] };
    case 'assign':
      return { state: 0, handlers: [developer.userId] };
    case 'repair':
      return { state: 1, handlers: [tester.userId] };
    case 'pass':
      return { state: 4, handlers: [tester.userId] };
    case 'reject':
      return { state: 3, handlers: [developer.userId] };
    case 'comment':
      return undefined;
  }
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const LEVELS = ['urgent', 'height', 'middle', 'low'] as const;
const TYPES = ['BUG', 'TASK', 'DEMAND'] as const;

export interface WriterRun {
  chains: Chain[];
  /** Writes acknowledged so far (all writers). */
  acked(): number;
  /** No writer starts another write; resolves when every writer has stopped. */
  stop(): Promise<void>;
  /** Set just before the server is signalled: an unanswered write is then in flight, not a failure. */
  markStopping(): void;
}

/**
 * Starts `count` writers against `baseUrl`; each runs until stopped. `tag` (one character) keeps
 * the words of one run apart from another's on the same data. `diesOnItsOwn`: the server is set to
 * kill itself mid-stream, so from the start an unanswered write is in flight, not a failure.
 */
export function startWriters(
  baseUrl: string,
  scene: Scene,
  count: number,
  tag: string,
  diesOnItsOwn = false,
): WriterRun {
  const chains: Chain[] = [];
  let ackedCount = 0;
  let isStopping = false;
  let isSignalled = diesOnItsOwn;

  async function send(by: Person, method: string, path: string, body: unknown, write: Write) {
    try {
      const res = await fetch(`${baseUrl}/prod-api${path}`, {
        method,
        headers: { authorization: `Bearer ${by.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Envelope;
      if (res.status === 200 && json.code === 200) {
        write.outcome = 'acked';
        ackedCount++;
        return json.data ?? {};
      }
      write.outcome = 'refused';
      write.msg = `${res.status} ${json.code} ${json.msg}`;
    } catch (error) {
      // Before the signal, a transport error is a failure of the server, recorded as a refusal.
      write.outcome = isSignalled ? 'inflight' : 'refused';
      write.msg = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
    }
    return undefined;
  }

  async function step(chain: Chain, by: Person, write: Omit<Write, 'outcome' | 'actorId'>) {
    const entry: Write = { ...write, actorId: by.userId, outcome: 'inflight' };
    chain.writes.push(entry);
    const path =
      entry.step === 'comment' ? '/system/comment' : `/system/defect/${chain.defectId}/${entry.step}`;
    const body =
      entry.step === 'comment'
        ? { correlationId: entry.correlationId, commentContent: entry.text }
        : {
            receiveBy:
              entry.step === 'assign'
                ? [scene.developer.userId]
                : entry.step === 'repair'
                  ? [scene.tester.userId]
                  : [],
            defectLogDescribe: entry.text ?? null,
          };
    const data = await send(by, 'POST', path, body, entry);
    if (!data) return false;
    if (entry.step === 'comment') entry.commentId = Number(data.commentId);
    else entry.logId = Number(data.defectLogId);
    return true;
  }

  async function live(chain: Chain, k: number): Promise<void> {
    const { tester, developer } = scene;
    const create: Write = { step: 'create', outcome: 'inflight', actorId: tester.userId };
    chain.writes.push(create);
    const created = await send(
      tester,
      'POST',
      '/system/defect',
      {
        projectId: scene.projectId,
        defectType: chain.defectType,
        defectName: chain.defectName,
        defectDescribe: chain.defectDescribe,
        defectLevel: chain.defectLevel,
        handleBy: [scene.lead.userId],
      },
      create,
    );
    if (!created) return;
    chain.defectId = Number(created.defectId);
    chain.projectNum = Number(created.projectNum);
    if (isStopping) return;
    if (!(await step(chain, tester, { step: 'assign' })) || isStopping) return;
    const assignLog = chain.writes.at(-1)?.logId;
    const comment = {
      step: 'comment' as const,
      correlationId: assignLog,
      text: `On it: ${chain.commentToken}`,
    };
    if (!(await step(chain, developer, comment)) || isStopping) return;
    if (!(await step(chain, developer, { step: 'repair' })) || isStopping) return;
    const verdict =
      k % 2 === 0
        ? ({ step: 'pass' } as const)
        : ({ step: 'reject', text: `Still broken (${chain.token})` } as const);
    await step(chain, tester, verdict);
  }

  async function writer(w: number): Promise<void> {
    for (let k = 0; !isStopping; k++) {
      const word = `${tag}${pad(w, 3)}${pad(k, 4)}x`;
      const token = `d${word}`;
      const chain: Chain = {
        token,
        commentToken: `c${word}`,
        defectName: `Crash ${token}`,
        defectDescribe: `Written by writer ${w} as its defect ${k}: ${token}`,
        defectLevel: LEVELS[(w + k) % LEVELS.length] ?? 'middle',
        defectType: TYPES[k % TYPES.length] ?? 'BUG',
        writes: [],
      };
      chains.push(chain);
      await live(chain, k);
      if (chain.writes.some((x) => x.outcome !== 'acked')) return;
    }
  }

  const running = Promise.all(Array.from({ length: count }, (_, w) => writer(w)));
  return {
    chains,
    acked: () => ackedCount,
    markStopping: () => {
      isSignalled = true;
      isStopping = true;
    },
    stop: async () => {
      isStopping = true;
      await running;
    },
  };
}

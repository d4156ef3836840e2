import { DEFECT_ACTIONS, type DefectAction, DefectLogType, DefectState } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import {
  type Actor,
  availableActions,
  type DefectFacts,
  decide,
  type ProjectPeople,
} from './defect-workflow.ts';

const CREATOR = 1;
const DEV = 2;
const TESTER = 3;
const MANAGER = 4;
const BYSTANDER = 5;
const OUTSIDER = 99;

const ALL = new Set(['*:*:*']);
const people: ProjectPeople = {
  members: new Set([CREATOR, DEV, TESTER, MANAGER, BYSTANDER]),
};
const actor = (userId: number, over: Partial<Actor> = {}): Actor => ({
  userId,
  permissions: ALL,
  isManager: false,
  ...over,
});
const defect = (state: DefectState, over: Partial<DefectFacts> = {}): DefectFacts => ({
  state,
  handleBy: [DEV],
  createById: CREATOR,
  lastFixerId: null,
  ...over,
});
const request = (receiveBy: number[] = [], reason = 'because') => ({ receiveBy, reason });

const STATES = [
  DefectState.PROCESSING,
  DefectState.AUDIT,
  DefectState.RESOLVED,
  DefectState.REJECTED,
  DefectState.CLOSED,
];
const ALLOWED_FROM: Record<DefectAction, DefectState[]> = {
  assign: [DefectState.PROCESSING, DefectState.AUDIT, DefectState.REJECTED],
  repair: [DefectState.PROCESSING, DefectState.REJECTED],
  pass: [DefectState.AUDIT],
  reject: [DefectState.AUDIT],
  close: [DefectState.PROCESSING, DefectState.AUDIT, DefectState.REJECTED, DefectState.RESOLVED],
  open: [DefectState.CLOSED, DefectState.RESOLVED],
};
/** A request that satisfies every rule but the one under test. */
const GOOD: Record<DefectAction, ReturnType<typeof request>> = {
  assign: request([BYSTANDER]),
  repair: request([TESTER]),
  pass: request(),
  reject: request([], 'still broken'),
  close: request([], 'duplicate'),
  open: request([], 'came back'),
};

describe('the states each action starts from', () => {
  for (const action of DEFECT_ACTIONS) {
    for (const state of STATES) {
      const isAllowed = ALLOWED_FROM[action].includes(state);
      it(`${action} from ${state} is ${isAllowed ? 'allowed' : 'refused'}`, () => {
        const outcome = decide(action, defect(state), actor(DEV), people, GOOD[action]);
        if (isAllowed) expect(outcome.ok).toBe(true);
        else expect(outcome).toEqual({ ok: false, refusal: { kind: 'state', action, state } });
      });
    }
  }
});

describe('who may act', () => {
  const from = (action: DefectAction) => defect(ALLOWED_FROM[action][0] ?? DefectState.PROCESSING);
  it('needs the action permission first of all', () => {
    for (const action of DEFECT_ACTIONS) {
      const noPermission = actor(DEV, { permissions: new Set(['system:defect:list']) });
      expect(decide(action, from(action), noPermission, people, GOOD[action])).toEqual({
        ok: false,
        refusal: { kind: 'forbidden' },
      });
      const exact = actor(DEV, { permissions: new Set([`system:defect:${action}`]) });
      expect(decide(action, from(action), exact, people, GOOD[action]).ok).toBe(true);
    }
  });

  it.each(['repair', 'pass', 'reject'] as const)('only a handler may %s', (action) => {
    for (const who of [CREATOR, MANAGER, BYSTANDER]) {
      const outcome = decide(
        action,
        from(action),
        actor(who, { isManager: who === MANAGER }),
        people,
        GOOD[action],
      );
      expect(outcome).toEqual({ ok: false, refusal: { kind: 'not-handler', action } });
    }
  });

  it.each(['assign', 'close', 'open'] as const)(
    'a handler, the creator or a manager may %s; a bystander may not',
    (action) => {
      for (const who of [DEV, CREATOR, MANAGER]) {
        expect(
          decide(action, from(action), actor(who, { isManager: who === MANAGER }), people, GOOD[action]).ok,
        ).toBe(true);
      }
      expect(decide(action, from(action), actor(BYSTANDER), people, GOOD[action])).toEqual({
        ok: false,
        refusal: { kind: 'not-involved', action },
      });
    },
  );
});

describe('required input', () => {
  it.each(['reject', 'close', 'open'] as const)('%s needs a reason (blank does not count)', (action) => {
    const state = ALLOWED_FROM[action][0] ?? DefectState.PROCESSING;
    for (const reason of ['', '   ']) {
      expect(decide(action, defect(state), actor(DEV), people, request([], reason))).toEqual({
        ok: false,
        refusal: { kind: 'reason-required', action },
      });
    }
  });

  it('assign needs at least one project member', () => {
    expect(decide('assign', defect(DefectState.PROCESSING), actor(DEV), people, request([]))).toEqual({
      ok: false,
      refusal: { kind: 'receivers-required' },
    });
    expect(
      decide('assign', defect(DefectState.PROCESSING), actor(DEV), people, request([BYSTANDER, OUTSIDER])),
    ).toEqual({
      ok: false,
      refusal: { kind: 'not-member', userId: OUTSIDER },
    });
  });

  it('repair needs exactly one reviewer, any member of the project (the original refuses no one)', () => {
    for (const receiveBy of [[], [TESTER, BYSTANDER]]) {
      expect(
        decide('repair', defect(DefectState.PROCESSING), actor(DEV), people, request(receiveBy)),
      ).toEqual({ ok: false, refusal: { kind: 'reviewer-required' } });
    }
    expect(decide('repair', defect(DefectState.PROCESSING), actor(DEV), people, request([OUTSIDER]))).toEqual(
      {
        ok: false,
        refusal: { kind: 'not-member', userId: OUTSIDER },
      },
    );
    // A tester, a member who is no tester, or the fixer themselves.
    for (const reviewer of [TESTER, BYSTANDER, DEV]) {
      const outcome = decide(
        'repair',
        defect(DefectState.PROCESSING),
        actor(DEV),
        people,
        request([reviewer]),
      );
      expect(outcome).toMatchObject({ ok: true, change: { state: DefectState.AUDIT, handleBy: [reviewer] } });
    }
  });

  it('reopen may hand the defect to members only', () => {
    expect(
      decide('open', defect(DefectState.CLOSED), actor(DEV), people, request([OUTSIDER], 'again')),
    ).toEqual({
      ok: false,
      refusal: { kind: 'not-member', userId: OUTSIDER },
    });
  });
});

describe('the full review cycle', () => {
  it('moves handlers and states as the team expects, logging each step', () => {
    let d = defect(DefectState.PROCESSING, { handleBy: [DEV] });
    const step = (action: DefectAction, who: number, req: ReturnType<typeof request>) => {
      const outcome = decide(action, d, actor(who), people, req);
      if (!outcome.ok) throw new Error(`${action} refused: ${JSON.stringify(outcome.refusal)}`);
      d = {
        ...d,
        state: outcome.change.state,
        handleBy: outcome.change.handleBy,
        lastFixerId: outcome.change.lastFixerId,
      };
      return outcome.change;
    };
    expect(step('repair', DEV, request([TESTER]))).toMatchObject({
      state: DefectState.AUDIT,
      handleBy: [TESTER],
      logType: DefectLogType.REPAIR,
      logReceiveBy: [TESTER],
    });
    expect(d.lastFixerId).toBe(DEV);
    // Rejection returns the defect to whoever submitted the fix, not to the creator.
    expect(step('reject', TESTER, request([], 'still crashes'))).toMatchObject({
      state: DefectState.REJECTED,
      handleBy: [DEV],
      logType: DefectLogType.REJECTED,
      logReceiveBy: [DEV],
    });
    expect(step('repair', DEV, request([TESTER]))).toMatchObject({
      state: DefectState.AUDIT,
      handleBy: [TESTER],
    });
    expect(step('pass', TESTER, request())).toMatchObject({
      state: DefectState.CLOSED,
      logType: DefectLogType.PASS,
      logReceiveBy: [],
    });
    expect(step('open', CREATOR, request([], 'seen again'))).toMatchObject({
      state: DefectState.PROCESSING,
      handleBy: [TESTER],
      lastFixerId: null,
      logType: DefectLogType.OPEN,
    });
    expect(step('assign', CREATOR, request([DEV, DEV]))).toMatchObject({
      handleBy: [DEV],
      logReceiveBy: [DEV],
    });
    expect(step('close', DEV, request([], "won't fix"))).toMatchObject({
      state: DefectState.CLOSED,
      logType: DefectLogType.CLOSED,
      logReceiveBy: [],
    });
    // Reopened to someone named: they handle it now, and the history says so.
    expect(step('open', CREATOR, request([BYSTANDER], 'again'))).toMatchObject({
      state: DefectState.PROCESSING,
      handleBy: [BYSTANDER],
      logReceiveBy: [BYSTANDER],
    });
  });

  it('rejects back to the creator when no fix was recorded (imported defects)', () => {
    const outcome = decide(
      'reject',
      defect(DefectState.AUDIT, { handleBy: [TESTER] }),
      actor(TESTER),
      people,
      request([], 'no'),
    );
    expect(outcome).toMatchObject({ ok: true, change: { handleBy: [CREATOR] } });
  });
});

describe('a project API key (the Open API)', () => {
  const key = actor(OUTSIDER, { isManager: true, isAutomation: true });

  it('acts in the handler’s place, and the handler is the fixer a rejection goes back to', () => {
    const repaired = decide('repair', defect(DefectState.PROCESSING), key, people, request([TESTER]));
    expect(repaired).toMatchObject({ ok: true, change: { handleBy: [TESTER], lastFixerId: DEV } });
    const passed = decide('pass', defect(DefectState.AUDIT, { handleBy: [TESTER] }), key, people, request());
    expect(passed).toMatchObject({ ok: true, change: { state: DefectState.CLOSED } });
    // The same person without the key is no handler.
    const asPerson = decide(
      'pass',
      defect(DefectState.AUDIT),
      actor(OUTSIDER, { isManager: true }),
      people,
      request(),
    );
    expect(asPerson).toEqual({ ok: false, refusal: { kind: 'not-handler', action: 'pass' } });
  });

  it('records the creator as the fixer of a defect nobody handles', () => {
    const outcome = decide(
      'repair',
      defect(DefectState.PROCESSING, { handleBy: [] }),
      key,
      people,
      request([TESTER]),
    );
    expect(outcome).toMatchObject({ ok: true, change: { lastFixerId: CREATOR } });
  });
});

describe('available actions', () => {
  it('offers what the rules allow this actor now', () => {
    expect(availableActions(defect(DefectState.PROCESSING), actor(DEV)).sort()).toEqual([
      'assign',
      'close',
      'repair',
    ]);
    expect(availableActions(defect(DefectState.AUDIT, { handleBy: [TESTER] }), actor(TESTER)).sort()).toEqual(
      ['assign', 'close', 'pass', 'reject'],
    );
    expect(availableActions(defect(DefectState.CLOSED), actor(CREATOR))).toEqual(['open']);
    expect(availableActions(defect(DefectState.PROCESSING), actor(BYSTANDER))).toEqual([]);
    expect(
      availableActions(
        defect(DefectState.PROCESSING),
        actor(DEV, { permissions: new Set(['system:defect:repair']) }),
      ),
    ).toEqual(['repair']);
  });
});

import {
  DEFECT_ACTION_FROM,
  DEFECT_ACTION_PERMISSION,
  type DefectAction,
  DefectLogType,
  DefectState,
} from '@buglet/contracts';
import { hasPermi } from '../../http/permission.ts';

/**
 * The defect workflow as a pure function: from a defect, an actor and a request, either the
 * change to make or the reason it is refused. The service loads the facts and writes the result;
 * every rule lives here.
 */

export interface DefectFacts {
  state: DefectState;
  handleBy: readonly number[];
  createById: number;
  /** Who submitted the latest fix: a rejection returns the defect to them. */
  lastFixerId: number | null;
}

export interface Actor {
  userId: number;
  permissions: ReadonlySet<string>;
  /** Holds the project creator or project admin role: may assign, close and reopen any defect. */
  isManager: boolean;
  /**
   * A project API key (the Open API): acts for the project's tooling, as a manager and in the
   * handler's place; the state, receiver and reason rules still apply.
   */
  isAutomation?: boolean;
}

export interface ProjectPeople {
  members: ReadonlySet<number>;
}

export interface ActionRequest {
  receiveBy: readonly number[];
  reason: string;
}

export interface Transition {
  state: DefectState;
  handleBy: number[];
  lastFixerId: number | null;
  logType: DefectLogType;
  logReceiveBy: number[];
}

export type Refusal =
  | { kind: 'forbidden' }
  | { kind: 'state'; action: DefectAction; state: DefectState }
  | { kind: 'not-handler'; action: DefectAction }
  | { kind: 'not-involved'; action: DefectAction }
  | { kind: 'reason-required'; action: DefectAction }
  | { kind: 'receivers-required' }
  | { kind: 'not-member'; userId: number }
  | { kind: 'reviewer-required' };

export type Outcome = { ok: true; change: Transition } | { ok: false; refusal: Refusal };

const PERMISSION = DEFECT_ACTION_PERMISSION;

/** The states each action may start from (contracts: the board greys out the rest by it). */
const FROM = DEFECT_ACTION_FROM;

const refuse = (refusal: Refusal): Outcome => ({ ok: false, refusal });
const unique = (ids: readonly number[]) => [...new Set(ids)];

/** Checks in a fixed order, so the message names the first thing that is wrong. */
export function decide(
  action: DefectAction,
  defect: DefectFacts,
  actor: Actor,
  people: ProjectPeople,
  request: ActionRequest,
): Outcome {
  if (!hasPermi(actor.permissions, PERMISSION[action])) return refuse({ kind: 'forbidden' });
  if (!FROM[action].includes(defect.state)) return refuse({ kind: 'state', action, state: defect.state });

  const isHandler = actor.isAutomation === true || defect.handleBy.includes(actor.userId);
  const isInvolved = isHandler || defect.createById === actor.userId || actor.isManager;
  const reason = request.reason.trim();
  const receivers = unique(request.receiveBy);

  switch (action) {
    case 'assign': {
      if (!isInvolved) return refuse({ kind: 'not-involved', action });
      if (receivers.length === 0) return refuse({ kind: 'receivers-required' });
      const stranger = receivers.find((id) => !people.members.has(id));
      if (stranger !== undefined) return refuse({ kind: 'not-member', userId: stranger });
      return ok(defect.state, receivers, defect.lastFixerId, DefectLogType.ASSIGN, receivers);
    }
    case 'repair': {
      if (!isHandler) return refuse({ kind: 'not-handler', action });
      const [reviewer, ...others] = receivers;
      // Tooling reports a handler's fix: the handler is the fixer a rejection goes back to.
      const fixer = actor.isAutomation ? (defect.handleBy[0] ?? defect.createById) : actor.userId;
      // One reviewer, any member: forms suggest the project's testers first (as the original's
      // does), but the original refuses no one, and neither do we.
      if (reviewer === undefined || others.length > 0) return refuse({ kind: 'reviewer-required' });
      if (!people.members.has(reviewer)) return refuse({ kind: 'not-member', userId: reviewer });
      return ok(DefectState.AUDIT, [reviewer], fixer, DefectLogType.REPAIR, [reviewer]);
    }
    case 'pass': {
      if (!isHandler) return refuse({ kind: 'not-handler', action });
      return ok(DefectState.CLOSED, [...defect.handleBy], defect.lastFixerId, DefectLogType.PASS, []);
    }
    case 'reject': {
      if (!isHandler) return refuse({ kind: 'not-handler', action });
      if (!reason) return refuse({ kind: 'reason-required', action });
      const back = [defect.lastFixerId ?? defect.createById];
      return ok(DefectState.REJECTED, back, defect.lastFixerId, DefectLogType.REJECTED, back);
    }
    case 'close': {
      if (!isInvolved) return refuse({ kind: 'not-involved', action });
      if (!reason) return refuse({ kind: 'reason-required', action });
      return ok(DefectState.CLOSED, [...defect.handleBy], defect.lastFixerId, DefectLogType.CLOSED, []);
    }
    case 'open': {
      if (!isInvolved) return refuse({ kind: 'not-involved', action });
      if (!reason) return refuse({ kind: 'reason-required', action });
      const stranger = receivers.find((id) => !people.members.has(id));
      if (stranger !== undefined) return refuse({ kind: 'not-member', userId: stranger });
      const handlers = receivers.length > 0 ? receivers : [...defect.handleBy];
      return ok(DefectState.PROCESSING, handlers, null, DefectLogType.OPEN, receivers);
    }
  }
}

function ok(
  state: DefectState,
  handleBy: number[],
  lastFixerId: number | null,
  logType: DefectLogType,
  logReceiveBy: number[],
): Outcome {
  return { ok: true, change: { state, handleBy, lastFixerId, logType, logReceiveBy } };
}

/** The actions an actor may take now, for the defect view's buttons (same rules, no request yet). */
export function availableActions(defect: DefectFacts, actor: Actor): DefectAction[] {
  // A request every input rule accepts: the actor as receiver and reviewer, and a reason.
  const probe: ActionRequest = { receiveBy: [actor.userId], reason: 'x' };
  const everyone: ProjectPeople = { members: new Set([actor.userId]) };
  return (Object.keys(PERMISSION) as DefectAction[]).filter(
    (action) => decide(action, defect, actor, everyone, probe).ok,
  );
}

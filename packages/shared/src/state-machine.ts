/**
 * One declarative state machine per document (order, after-sales, invoice, credit request, recharge, enquiry,
 * quotation, tender, merchant application): a table of actions, each with the states it may start from, the
 * state it leads to, who may take it, the permission it needs, the clocks it starts and stops and the label
 * its button and history row carry. The server's commands guard with the table (apps/server/src/lib/transition.ts
 * runs a transition), the detail answers derive their `actions` from it, and the web labels buttons and history
 * from it — so a status rule is written once. See docs/decisions/0194-state-machines.md.
 */

/** Who takes an action: a user of one side of the document, the platform's staff, or the system (a timed rule). */
export type Actor = 'buyer' | 'seller' | 'platform' | 'system';

export interface ActionSpec<S extends number, C> {
  /** The states the action may start from. */
  readonly from: readonly S[];
  /** The state the action leads to; omitted when the status stays (a reprice, a note). */
  readonly to?: S;
  /** Who may take it. */
  readonly by: readonly Actor[];
  /**
   * Permission codes of which a user needs any one (platform and system actors are not checked here: the console
   * routes check their own menus). Omitted: no permission beyond being a party of the document.
   */
  readonly permissions?: readonly string[];
  /** The verb on the button and in refusals: 确认, 取消, 发货 … */
  readonly label: string;
  /**
   * A further condition besides the state (a payment waiting for confirmation, a return window still open),
   * evaluated on the same context for the button and for the command.
   */
  readonly when?: (ctx: C) => boolean;
  /** The refusal when the state is wrong; default 「<document>当前状态为<status>，不能<label>」. */
  readonly refusal?: string | ((status: S) => string);
  /** The refusal when `when` fails; default the state refusal. */
  readonly whenRefusal?: string;
  /** Timed rules (job kinds) the action starts. */
  readonly starts?: readonly string[];
  /** Timed rules (job kinds) the action stops. */
  readonly stops?: readonly string[];
  /** The label of the history row, when it differs from `label` (e.g. 供应商确认订单). */
  readonly history?: string;
}

export interface MachineSpec<S extends number, A extends string, C> {
  /** The document's name in refusals: 订单, 售后申请, 发票申请 … */
  readonly document: string;
  /** Every state of the document with its Chinese label (the status tag). */
  readonly states: Readonly<Record<S, string>>;
  /** The actions, keyed by their wire name (the `actions` values of detail answers). */
  readonly actions: { readonly [K in A]: ActionSpec<S, C> };
}

/** What a viewer brings: its side of the document and its permission codes. */
export interface Viewer {
  readonly side: Actor;
  readonly permissions?: ReadonlySet<string> | readonly string[];
}

const hasAny = (have: Viewer['permissions'], need: readonly string[] | undefined) => {
  if (!need || need.length === 0) return true;
  if (!have) return false;
  const set = have instanceof Set ? have : new Set(have as readonly string[]);
  return need.some((p) => set.has(p));
};

export interface Machine<S extends number, A extends string, C> extends MachineSpec<S, A, C> {
  /** The Chinese label of a state (the status tag), or the number when unknown. */
  label(state: S | number): string;
  /** Whether the action may start from this state (and its `when` holds for ctx). */
  can(action: A, state: S | number, ctx?: C): boolean;
  /** Null when the action may start from this state, else the Chinese refusal. */
  refusal(action: A, state: S | number, ctx?: C): string | null;
  /** Whether this viewer may take the action at all (side and permission), whatever the state. */
  allows(action: A, viewer: Viewer): boolean;
  /** The actions this viewer may take now, in table order: the buttons of a detail page. */
  available(state: S | number, viewer: Viewer, ctx?: C): A[];
  /** The state an action leads to from `state` (the same state when it has no `to`). */
  next(action: A, state: S): S;
  /**
   * The label of a history row's action: the action's `history` text, else its label; `create` (a new document,
   * written outside the table) is 「创建<document>」; an unknown action is shown as it is.
   */
  historyLabel(action: string): string;
  /** Every action name, in table order. */
  readonly actionNames: readonly A[];
  /** Every state, in table order. */
  readonly stateValues: readonly S[];
}

/** Builds a machine from its table. The table is the single statement of the document's status rules. */
export function defineMachine<S extends number, A extends string, C = undefined>(
  spec: MachineSpec<S, A, C>,
): Machine<S, A, C> {
  const actionNames = Object.keys(spec.actions) as A[];
  const stateValues = Object.keys(spec.states).map(Number) as S[];
  for (const a of actionNames) {
    const act = spec.actions[a];
    for (const s of [...act.from, ...(act.to === undefined ? [] : [act.to])])
      if (!(s in spec.states)) throw new Error(`${spec.document}: action ${a} names unknown state ${s}`);
  }
  const label = (state: S | number) => spec.states[state as S] ?? String(state);
  const stateRefusal = (a: A, state: S | number) => {
    const r = spec.actions[a].refusal;
    if (typeof r === 'function') return r(state as S);
    return r ?? `${spec.document}当前状态为${label(state)}，不能${spec.actions[a].label}`;
  };
  const refusal = (a: A, state: S | number, ctx?: C): string | null => {
    const act = spec.actions[a];
    if (!act.from.includes(state as S)) return stateRefusal(a, state);
    if (act.when && !act.when(ctx as C)) return act.whenRefusal ?? stateRefusal(a, state);
    return null;
  };
  const allows = (a: A, viewer: Viewer) => {
    const act = spec.actions[a];
    if (!act.by.includes(viewer.side)) return false;
    if (viewer.side === 'platform' || viewer.side === 'system') return true;
    return hasAny(viewer.permissions, act.permissions);
  };
  return {
    ...spec,
    actionNames,
    stateValues,
    label,
    can: (a, state, ctx) => refusal(a, state, ctx) === null,
    refusal,
    allows,
    available: (state, viewer, ctx) => actionNames.filter((a) => allows(a, viewer) && refusal(a, state, ctx) === null),
    next: (a, state) => spec.actions[a].to ?? state,
    historyLabel: (action) => {
      if (action === 'create') return `创建${spec.document}`;
      const act = (spec.actions as Record<string, ActionSpec<S, C> | undefined>)[action];
      return act ? (act.history ?? act.label) : action;
    },
  };
}

/**
 * Every (action, state) pair of a machine with whether the state admits the action — for the test that walks a
 * table and proves each command refuses every other state.
 */
export function stateMatrix<S extends number, A extends string, C>(
  machine: Machine<S, A, C>,
): { action: A; state: S; allowed: boolean }[] {
  return machine.actionNames.flatMap((action) =>
    machine.stateValues.map((state) => ({ action, state, allowed: machine.actions[action].from.includes(state) })),
  );
}

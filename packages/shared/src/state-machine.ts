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
  /**
   * States per actor where they differ from `from` (a purchaser cancels before paying, a supplier until it ships);
   * `from` is then the union, an actor not named here uses `from`.
   */
  readonly fromBy?: Partial<Record<Actor, readonly S[]>>;
  /** The state the action leads to; omitted when the status stays (a reprice, a note). */
  readonly to?: S;
  /**
   * Other states the action may lead to, chosen by the command (a partial shipment, a payment by transfer that
   * waits for the supplier): the runner accepts `to`, or the current state when `to` is omitted, or one of these.
   */
  readonly alsoTo?: readonly S[];
  /** Who may take it. */
  readonly by: readonly Actor[];
  /**
   * Permission codes of which a user needs any one (platform and system actors are not checked here: the console
   * routes check their own menus). Omitted: no permission beyond being a party of the document.
   */
  readonly permissions?: readonly string[];
  /** Permissions per actor where a side needs other codes than `permissions`. */
  readonly permissionsBy?: Partial<Record<Actor, readonly string[]>>;
  /** The verb on the button and in refusals: 确认, 取消, 发货 … */
  readonly label: string;
  /** The button's text when it differs from `label` (确认订单, 去付款 …). */
  readonly button?: string;
  /**
   * A further condition besides the state (a payment waiting for confirmation, a return window still open),
   * evaluated on the same context for the button and for the command; `by` is the acting side when known.
   */
  readonly when?: (ctx: C, by?: Actor) => boolean;
  /**
   * The refusal when the state is wrong; default 「<document>当前状态为<status>，不能<label>」. A function also gets
   * the context (a text that depends on the document's kind, e.g. 仅退款无需寄回商品).
   */
  readonly refusal?: string | ((status: S, ctx: C) => string);
  /** The refusal when `when` fails; default the state refusal. */
  readonly whenRefusal?: string | ((ctx: C) => string);
  /** Timed rules (job kinds) the action starts. */
  readonly starts?: readonly string[];
  /** Timed rules (job kinds) the action stops. */
  readonly stops?: readonly string[];
  /** The label of the history row, when it differs from `label` (e.g. 供应商确认订单). */
  readonly history?: string;
  /** The action's name in history rows when it differs from its key (rows kept from before the table). */
  readonly historyAction?: string;
}

export interface MachineSpec<S extends number, A extends string, C> {
  /** The document's name in refusals: 订单, 售后申请, 发票申请 … */
  readonly document: string;
  /** Every state of the document with its Chinese label (the status tag). */
  readonly states: Readonly<Record<S, string>>;
  /** The actions, keyed by their wire name (the `actions` values of detail answers). */
  readonly actions: { readonly [K in A]: ActionSpec<S, C> };
  /** Labels of history rows written outside the table (`create`, a note), by their action name. */
  readonly historyLabels?: Readonly<Record<string, string>>;
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
  /** Whether the action may start from this state (and its `when` holds for ctx); `by` picks `fromBy`. */
  can(action: A, state: S | number, ctx?: C, by?: Actor): boolean;
  /** Null when the action may start from this state, else the Chinese refusal; `by` picks `fromBy`. */
  refusal(action: A, state: S | number, ctx?: C, by?: Actor): string | null;
  /** The states the action may start from for an actor (`fromBy`, else `from`). */
  fromOf(action: A, by?: Actor): readonly S[];
  /** Whether this viewer may take the action at all (side and permission), whatever the state. */
  allows(action: A, viewer: Viewer): boolean;
  /** The actions this viewer may take now, in table order: the buttons of a detail page. */
  available(state: S | number, viewer: Viewer, ctx?: C): A[];
  /** The state an action leads to from `state` (the same state when it has no `to`). */
  next(action: A, state: S): S;
  /**
   * The label of a history row's action: the action's `history` text, else its label; an action outside the table
   * from `historyLabels`; `create` (a new document) else 「创建<document>」; an unknown action is shown as it is.
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
  const stateRefusal = (a: A, state: S | number, ctx?: C) => {
    const r = spec.actions[a].refusal;
    if (typeof r === 'function') return r(state as S, ctx as C);
    return r ?? `${spec.document}当前状态为${label(state)}，不能${spec.actions[a].label}`;
  };
  const fromOf = (a: A, by?: Actor): readonly S[] => {
    const act = spec.actions[a];
    return (by && act.fromBy?.[by]) || act.from;
  };
  const refusal = (a: A, state: S | number, ctx?: C, by?: Actor): string | null => {
    const act = spec.actions[a];
    if (!fromOf(a, by).includes(state as S)) return stateRefusal(a, state, ctx);
    if (act.when && !act.when(ctx as C, by)) {
      const w = act.whenRefusal;
      return (typeof w === 'function' ? w(ctx as C) : w) ?? stateRefusal(a, state, ctx);
    }
    return null;
  };
  const allows = (a: A, viewer: Viewer) => {
    const act = spec.actions[a];
    if (!act.by.includes(viewer.side)) return false;
    if (viewer.side === 'platform' || viewer.side === 'system') return true;
    return hasAny(viewer.permissions, act.permissionsBy?.[viewer.side] ?? act.permissions);
  };
  const historyLabel = (action: string): string => {
    const key = actionNames.find((a) => (spec.actions[a].historyAction ?? a) === action);
    if (key) return spec.actions[key].history ?? spec.actions[key].label;
    return spec.historyLabels?.[action] ?? (action === 'create' ? `创建${spec.document}` : action);
  };
  return {
    ...spec,
    actionNames,
    stateValues,
    label,
    can: (a, state, ctx, by) => refusal(a, state, ctx, by) === null,
    refusal,
    fromOf,
    historyLabel,
    allows,
    available: (state, viewer, ctx) =>
      actionNames.filter((a) => allows(a, viewer) && refusal(a, state, ctx, viewer.side) === null),
    next: (a, state) => spec.actions[a].to ?? state,
  };
}

/**
 * Every (action, state) pair of a machine with whether the state admits the action — for the test that walks a
 * table and proves each command refuses every other state. With `by`, the states of that actor (`fromBy`) and
 * only the actions it may take.
 */
export function stateMatrix<S extends number, A extends string, C>(
  machine: Machine<S, A, C>,
  by?: Actor,
): { action: A; state: S; allowed: boolean }[] {
  return machine.actionNames
    .filter((action) => !by || machine.actions[action].by.includes(by))
    .flatMap((action) =>
      machine.stateValues.map((state) => ({ action, state, allowed: machine.fromOf(action, by).includes(state) })),
    );
}

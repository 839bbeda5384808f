import type { FastifyRequest } from 'fastify';
import type { Channel } from '../../db/changes';
import { Memo, type MemoKey, type Scope } from './stores';

/**
 * How a module declares what it keeps in memory between requests (in its own `kept.ts`): rendered views, which a
 * route names in `config.kept`, and memos, typed values its services keep in `ctx.memos`. Each says which channels
 * (server/db/changes.ts) empty it and how many bytes it may hold; a scoped one loses only the entries a change names.
 */

export const MB = 1024 * 1024;

interface KeptSpec {
  /** The channels whose notices empty it. */
  clearedBy: readonly Channel[];
  /**
   * Of those, the channels whose notices empty a scoped one whole: what it keeps depends on more than its key names
   * (a student's entry built from their questions' tags, which a notice names by question).
   */
  clearedWholeBy?: readonly Channel[];
  maxBytes: number;
}

/** A rendered view: its name (unique among views) tells it in the metrics and the kept-routes test. */
export interface KeptView extends KeptSpec {
  name: string;
  /** Whether its keys are `Scope`s, so that a notice empties only the entries it names; else it is emptied whole. */
  scoped: boolean;
}

/** The request as a key function sees it: after validation, so params, query and body have their schema's shape. */
export type KeyRequest = FastifyRequest<{
  Params: Record<string, string>;
  Querystring: Record<string, unknown>;
  Body: unknown;
}>;

/**
 * A route's kept view and the key of a request's answer within it, which holds everything the answer depends on
 * (the caller's id too when answers differ by caller): a `Scope` for a scoped view, else a list.
 */
export type KeptRoute =
  | { view: KeptView & { scoped: true }; key: (request: KeyRequest) => Scope }
  | {
      view: KeptView & { scoped: false };
      key: (request: KeyRequest) => ReadonlyArray<string | number | boolean | null | undefined>;
    };

/** A memo: `scoped` when its keys are `Scope`s (see `KeptView`). */
export interface KeptMemo<V, K extends MemoKey> extends KeptSpec {
  scoped: K extends string ? false : true;
  /** A fresh, empty store of it. */
  create(): Memo<V, K>;
}

/** Declares a memo of values `V` by keys `K` (a text, or a `Scope` for a scoped memo). */
export function keptMemo<V, K extends MemoKey = string>(spec: Omit<KeptMemo<V, K>, 'create'>): KeptMemo<V, K> {
  return { ...spec, create: () => new Memo<V, K>(spec.maxBytes) };
}

/** Any memo's declaration, whatever its values and keys. */
export type SomeKeptMemo = KeptSpec & { scoped: boolean; create(): { clear(): void } };

/** The stores of a set of memo declarations, by the same names: what services find in `ctx.memos`. */
export type MemosOf<D extends Record<string, SomeKeptMemo>> = {
  readonly [M in keyof D]: ReturnType<D[M]['create']>;
};

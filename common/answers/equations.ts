/**
 * Equations equivalent up to a non-constant factor or a rearrangement with division:
 * `y=2x-5` and `(y+5)/x=2`, `w(12.5-w)=25` and `2w+50/w=25`. Two equations are the same when,
 * along random lines, every solution of either one solves the other: solutions are found by
 * scanning each variable while the others hold random values, so a factor that can vanish on its
 * own (`x(x-3)=0` against `x=3`, `ax=ay` against `x=y`, where a may be 0) is caught, and one that
 * only removes isolated points (dividing by x) is accepted.
 */
import type { Expr } from './expressions';
import { mulberry32, realFunction, samplePoints } from './expressions';
import { checkBudget, type Env } from './numbers';

const SEED = 0x51ab7e3;
/** Points of the scan along each line: t = tan(u) for u evenly spaced, so it reaches far out thinly. */
const SCAN_POINTS = 32;
const LINES_PER_VARIABLE = 2;
const MAX_ROOTS_PER_LINE = 6;
const REFINE_STEPS = 60;
/** A root is real when the function there is this much smaller than around it. */
const VANISHING_RATIO = 1e-7;
/** A touching zero (x² at 0) is located less precisely, so the other side is held to less. */
const TOUCHING_RATIO = 1e-4;

/** The difference of an equation's or inequality's sides, as a function of its variables. */
export type Side = (env: Env) => number;

/** Letters the blank says are never zero: an equation may be divided by them (`ax = ay` is then `x = y`). */
let neverZero: ReadonlySet<string> = new Set();

/** Runs a check in which the letters named are never zero. */
export function withNeverZero<T>(names: readonly string[], check: () => T): T {
  const before = neverZero;
  neverZero = new Set(names);
  try {
    return check();
  } finally {
    neverZero = before;
  }
}

/** Whether two equations `aL = aR` and `bL = bR` have the same solutions, sampled as above. */
export function sameSolutions(a: [Expr, Expr], b: [Expr, Expr]): boolean {
  const shared = a
    .flatMap((e) => e.vars)
    .filter((v, i, all) => all.indexOf(v) === i && b.some((e) => e.vars.includes(v)));
  if (shared.length === 0) return false;
  const f = difference(a);
  const g = difference(b);
  const vars = [...new Set([...a, ...b].flatMap((e) => e.vars))];
  const lines = samplePoints(vars);
  const random = mulberry32(SEED);
  let line = 0;
  for (const [h, other] of [
    [f, g],
    [g, f],
  ]) {
    let roots = 0;
    // Along every variable, those only one equation mentions too: a factor that can vanish on its own is a
    // solution of its own (`ax = ay` holds for every x and y where a = 0, which `x = y` does not).
    for (const v of vars) {
      // A letter never zero that only one equation mentions is a parameter of it, with a generic value.
      if (neverZero.has(v) && !shared.includes(v)) continue;
      for (let k = 0; k < LINES_PER_VARIABLE; k++) {
        const env = new Map(lines[line++ % lines.length]);
        for (const { t, touching } of rootsAlong(h, env, v, random() - 0.5)) {
          env.set(v, t);
          if (!vanishesAt(other, env, v, t, touching ? TOUCHING_RATIO : VANISHING_RATIO)) return false;
          roots++;
        }
      }
    }
    // Nothing to compare along any line: no evidence that they agree.
    if (roots === 0) return false;
  }
  return true;
}

export function difference([left, right]: [Expr, Expr]): Side {
  const cost = left.size + right.size;
  const [l, r] = [realFunction(left), realFunction(right)];
  return (env) => {
    checkBudget(cost);
    return l(env) - r(env);
  };
}

/** Points past the scan, where a solution set may still have an end (`x < 1000`): sign changes only. */
const FAR_POINTS = [200, 1000, 5000, 20000];

/**
 * Real roots of h along variable v (others fixed in env), scanning around center out to about 20 scales on either
 * side: sign changes and touching zeros. With `far`, also sign changes out to the last of FAR_POINTS.
 */
export function rootsAlong(
  h: Side,
  env: Map<string, number>,
  v: string,
  center: number,
  far = false,
): { t: number; touching: boolean }[] {
  const at = (t: number) => {
    env.set(v, t);
    return h(env);
  };
  const ts = Array.from(
    { length: SCAN_POINTS },
    (_, i) => center + Math.tan(-Math.PI / 2 + (Math.PI * (i + 0.5)) / SCAN_POINTS) * 4,
  );
  const hs = ts.map(at);
  const roots: { t: number; touching: boolean }[] = [];
  for (let i = 0; i < ts.length && roots.length < MAX_ROOTS_PER_LINE; i++) {
    if (!Number.isFinite(hs[i])) continue;
    if (hs[i] === 0) {
      roots.push({ t: ts[i], touching: false });
      continue;
    }
    const next = hs[i + 1];
    if (Number.isFinite(next) && next !== 0 && Math.sign(next) !== Math.sign(hs[i])) {
      const root = refine(at, ts[i], ts[i + 1], hs[i], next);
      if (isRoot(at, root, ts[i], ts[i + 1])) roots.push({ t: root, touching: false });
    } else if (
      i > 0 &&
      Number.isFinite(next) &&
      Math.abs(hs[i]) < Math.abs(hs[i - 1]) &&
      Math.abs(hs[i]) < Math.abs(next)
    ) {
      // A touching zero such as x² at 0 changes no sign: look for it at the bottom of |h|.
      const bottom = minimise((t) => Math.abs(at(t)), ts[i - 1], ts[i + 1]);
      if (isRoot(at, bottom, ts[i - 1], ts[i + 1])) roots.push({ t: bottom, touching: true });
    }
  }
  if (!far) return roots;
  for (const [side, end] of [
    [-1, 0],
    [1, ts.length - 1],
  ]) {
    let [low, atLow] = [ts[end], hs[end]];
    for (const distance of FAR_POINTS) {
      if (roots.length >= MAX_ROOTS_PER_LINE) break;
      const t = center + side * distance;
      const value = at(t);
      if (value === 0) roots.push({ t, touching: false });
      else if (
        Number.isFinite(value) &&
        Number.isFinite(atLow) &&
        atLow !== 0 &&
        Math.sign(value) !== Math.sign(atLow)
      ) {
        const root = refine(at, low, t, atLow, value);
        if (isRoot(at, root, low, t)) roots.push({ t: root, touching: false });
      }
      [low, atLow] = [t, value];
    }
  }
  return roots;
}

/** A root inside a sign change, by the Illinois variant of regula falsi (a few steps where bisection needs fifty). */
function refine(at: (t: number) => number, low: number, high: number, atLow: number, atHigh: number): number {
  let [a, b, fa, fb] = [low, high, atLow, atHigh];
  let side = 0;
  let previous = NaN;
  for (let i = 0; i < REFINE_STEPS; i++) {
    const c = (a * fb - b * fa) / (fb - fa);
    const fc = at(c);
    if (fc === 0 || !Number.isFinite(fc) || Math.abs(c - previous) <= 1e-15 * Math.max(1, Math.abs(c))) return c;
    previous = c;
    if (Math.sign(fc) === Math.sign(fb)) {
      [b, fb] = [c, fc];
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      [a, fa] = [c, fc];
      if (side === 1) fb /= 2;
      side = 1;
    }
  }
  return previous;
}

/** Golden-section search for the minimum of a unimodal function on [low, high]. */
function minimise(f: (t: number) => number, low: number, high: number): number {
  const ratio = (Math.sqrt(5) - 1) / 2;
  let [a, b] = [low, high];
  for (let i = 0; i < REFINE_STEPS; i++) {
    const c = b - ratio * (b - a);
    const d = a + ratio * (b - a);
    if (f(c) < f(d)) b = d;
    else a = c;
  }
  return (a + b) / 2;
}

/** A zero, not a pole or a near miss: h at t is tiny against h at the ends of its bracket. */
function isRoot(at: (t: number) => number, t: number, low: number, high: number): boolean {
  const value = Math.abs(at(t));
  const around = Math.max(Math.abs(at(low)), Math.abs(at(high)));
  return Number.isFinite(value) && value <= VANISHING_RATIO * around;
}

/** Whether `other` vanishes at t (v = t in env): tiny against its values a little way off. */
function vanishesAt(other: Side, env: Map<string, number>, v: string, t: number, ratio: number): boolean {
  const step = 1e-3 * Math.max(1, Math.abs(t));
  const value = Math.abs(other(env));
  env.set(v, t - step);
  const below = Math.abs(other(env));
  env.set(v, t + step);
  const above = Math.abs(other(env));
  env.set(v, t);
  if (!Number.isFinite(value)) return false;
  return value <= ratio * Math.max(Number.isFinite(below) ? below : 0, Number.isFinite(above) ? above : 0);
}

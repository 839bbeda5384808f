/**
 * Units of measure: enough of them for K-12 answers, with exact conversion
 * factors so `50 mm` = `5 cm` is decided without rounding.
 */
import Fraction from 'fraction.js';
import { exactValue, type Value } from './numbers';

/** A unit as powers of base dimensions and a factor to the SI-ish base unit. */
export interface Unit {
  dims: ReadonlyMap<string, number>;
  factor: Value;
}

const F = (n: number, d = 1): Value => exactValue(new Fraction(n, d));
const DEGREE_PER_RADIAN: Value = { exact: null, approx: 180 / Math.PI };

/** name → [dimension, factor, power of the dimension] */
const UNITS: Record<string, [string, Value, number?]> = {
  mm: ['length', F(1, 1000)],
  cm: ['length', F(1, 100)],
  m: ['length', F(1)],
  km: ['length', F(1000)],
  in: ['length', F(254, 10000)],
  inch: ['length', F(254, 10000)],
  inches: ['length', F(254, 10000)],
  ft: ['length', F(3048, 10000)],
  foot: ['length', F(3048, 10000)],
  feet: ['length', F(3048, 10000)],
  yd: ['length', F(9144, 10000)],
  yard: ['length', F(9144, 10000)],
  yards: ['length', F(9144, 10000)],
  mi: ['length', F(1609344, 1000)],
  mile: ['length', F(1609344, 1000)],
  miles: ['length', F(1609344, 1000)],
  meter: ['length', F(1)],
  meters: ['length', F(1)],
  metre: ['length', F(1)],
  metres: ['length', F(1)],
  mg: ['mass', F(1, 1000)],
  g: ['mass', F(1)],
  kg: ['mass', F(1000)],
  gram: ['mass', F(1)],
  grams: ['mass', F(1)],
  lb: ['mass', F(45359237, 100000)],
  lbs: ['mass', F(45359237, 100000)],
  oz: ['mass', F(45359237, 1600000)],
  mL: ['length', F(1, 1000000), 3],
  ml: ['length', F(1, 1000000), 3],
  L: ['length', F(1, 1000), 3],
  s: ['time', F(1)],
  sec: ['time', F(1)],
  seconds: ['time', F(1)],
  min: ['time', F(60)],
  minutes: ['time', F(60)],
  h: ['time', F(3600)],
  hr: ['time', F(3600)],
  hours: ['time', F(3600)],
  days: ['time', F(86400)],
  deg: ['angle', F(1)],
  degrees: ['angle', F(1)],
  rad: ['angle', DEGREE_PER_RADIAN],
  degC: ['celsius', F(1)],
  degF: ['fahrenheit', F(1)],
  // A percent is a dimensionless hundredth.
  '%': ['', F(1, 100)],
};

/** Unit names, so word splitting leaves `cm` or `inches` whole. */
export const UNIT_NAMES = new Set(Object.keys(UNITS));

const NAME = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const FACTOR = `(?:${NAME})(?:\\s*\\^\\s*\\(?-?\\d\\)?)?`;
/**
 * At most six unit factors (`kg*m^2/s^2` has three): the pattern tries a chain from every symbol of the input, and an
 * unbounded chain made that quadratic (`1*m*m*...!` of 2,000 characters: 20 ms per accepted answer).
 */
const QUANTITY = new RegExp(`^(.*?[^\\p{L}\\s_])\\s*(${FACTOR}(?:\\s*[*/]\\s*${FACTOR}){0,5})$`, 'u');
const UNIT_FACTOR = new RegExp(`([*/]?)\\s*(${NAME})(?:\\s*\\^\\s*\\(?(-?\\d)\\)?)?`, 'gu');

/** Splits `5 cm`, `3.5 km/h`, `12 cm^2`, `50%` into magnitude text and unit; null if not a quantity. */
export function splitQuantity(plain: string): { magnitude: string; unit: Unit } | null {
  const match = QUANTITY.exec(plain);
  if (!match) return null;
  const dims = new Map<string, number>();
  let factor = F(1);
  for (const [, op, name, exp] of match[2].matchAll(UNIT_FACTOR)) {
    const [dim, f, power = 1] = UNITS[name];
    const sign = op === '/' ? -1 : 1;
    const n = sign * Number(exp ?? 1);
    if (dim !== '') dims.set(dim, (dims.get(dim) ?? 0) + n * power);
    factor = multiplyPower(factor, f, n);
  }
  return { magnitude: match[1], unit: { dims, factor } };
}

function multiplyPower(acc: Value, f: Value, n: number): Value {
  if (acc.exact && f.exact) return exactValue(acc.exact.mul(f.exact.pow(n)));
  return { exact: null, approx: acc.approx * f.approx ** n };
}

/** Whether two units measure the same kind of thing (so they convert). */
export function sameDimension(a: Unit, b: Unit): boolean {
  const keys = new Set([...a.dims.keys(), ...b.dims.keys()]);
  return [...keys].every((k) => (a.dims.get(k) ?? 0) === (b.dims.get(k) ?? 0));
}

/** The magnitude expressed in base units. */
export function toBase(magnitude: Value, unit: Unit): Value {
  return multiplyPower(magnitude, unit.factor, 1);
}

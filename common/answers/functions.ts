/**
 * The named functions of school math, each as a real function (NaN outside its domain) and as
 * its principal complex branch, the second used only where the first is undefined.
 */
import Complex from 'complex.js';

export interface MathFunction {
  real: (x: number) => number;
  complex: (z: Complex) => Complex;
}

const fn = (real: MathFunction['real'], complex: MathFunction['complex']): MathFunction => ({ real, complex });

const sin = fn(Math.sin, (z) => z.sin());
const cos = fn(Math.cos, (z) => z.cos());
const tan = fn(Math.tan, (z) => z.tan());
const arcsin = fn(Math.asin, (z) => z.asin());
const arccos = fn(Math.acos, (z) => z.acos());
const arctan = fn(Math.atan, (z) => z.atan());
// The reciprocal inverses follow arccot x = arctan(1/x), as sympy, Mathematica and complex.js do.
const arcsec = fn(
  (x) => Math.acos(1 / x),
  (z) => z.asec(),
);
const arccsc = fn(
  (x) => Math.asin(1 / x),
  (z) => z.acsc(),
);
const arccot = fn(
  (x) => Math.atan(1 / x),
  (z) => z.acot(),
);
const csc = fn(
  (x) => 1 / Math.sin(x),
  (z) => z.csc(),
);
const csch = fn(
  (x) => 1 / Math.sinh(x),
  (z) => z.csch(),
);
const arsinh = fn(Math.asinh, (z) => z.asinh());
const arcosh = fn(Math.acosh, (z) => z.acosh());
const artanh = fn(Math.atanh, (z) => z.atanh());

/** By every name a student may type; `log` alone is the common logarithm. */
export const MATH_FUNCTIONS: Record<string, MathFunction> = {
  sin,
  cos,
  tan,
  sec: fn(
    (x) => 1 / Math.cos(x),
    (z) => z.sec(),
  ),
  csc,
  // The British and Indian name of the cosecant.
  cosec: csc,
  cot: fn(
    (x) => Math.cos(x) / Math.sin(x),
    (z) => z.cot(),
  ),
  arcsin,
  arccos,
  arctan,
  arcsec,
  arccsc,
  arccot,
  asin: arcsin,
  acos: arccos,
  atan: arctan,
  asec: arcsec,
  acsc: arccsc,
  acot: arccot,
  sinh: fn(Math.sinh, (z) => z.sinh()),
  cosh: fn(Math.cosh, (z) => z.cosh()),
  tanh: fn(Math.tanh, (z) => z.tanh()),
  sech: fn(
    (x) => 1 / Math.cosh(x),
    (z) => z.sech(),
  ),
  csch,
  cosech: csch,
  coth: fn(
    (x) => 1 / Math.tanh(x),
    (z) => z.coth(),
  ),
  arsinh,
  arcosh,
  artanh,
  arcsinh: arsinh,
  arccosh: arcosh,
  arctanh: artanh,
  asinh: arsinh,
  acosh: arcosh,
  atanh: artanh,
  arsech: fn(
    (x) => Math.acosh(1 / x),
    (z) => z.asech(),
  ),
  arcsch: fn(
    (x) => Math.asinh(1 / x),
    (z) => z.acsch(),
  ),
  arcoth: fn(
    (x) => Math.atanh(1 / x),
    (z) => z.acoth(),
  ),
  ln: fn(Math.log, (z) => z.log()),
  log: fn(Math.log10, (z) => z.log().div(Math.LN10)),
  exp: fn(Math.exp, (z) => z.exp()),
};

/**
 * The imaginary unit, where a blank is marked for complex numbers: the letter `i` is read as this name (a letter
 * nobody types), which has no real value.
 */
export const IMAGINARY_UNIT = 'ⅈ';

/** Named constants; every other letter is a variable. */
export const CONSTANTS: ReadonlyMap<string, number> = new Map([
  ['pi', Math.PI],
  ['e', Math.E],
]);

import Big from 'big.js';

// Money and quantities never pass through binary floats (modules/README.md, "Money and
// quantities"): they arrive as decimal strings and are computed with big.js. A constructor of our
// own keeps the settings below from leaking into, or being changed by, any other user of big.js.
const Decimal = Big();
// Strict: a JavaScript number given to big.js throws, so a float cannot slip in by accident; the
// helpers below accept numbers only when they are safe integers (days, `tipoIva`, units).
Decimal.strict = true;
// Divisions are only ever by powers of ten (percentages): exact well within 40 places.
Decimal.DP = 40;
Decimal.RM = Decimal.roundHalfUp;
// Never exponential notation in strings, whatever the magnitude.
Decimal.NE = -1_000_000;
Decimal.PE = 1_000_000;

/** What the money helpers accept: a decimal string ("1234.50", "-0.025") or a safe integer. */
export type DecimalInput = string | number;

const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

/**
 * Parses a decimal string or a safe integer. Anything else (a float such as 0.1, "1e3", "1,5",
 * "") throws a RangeError: it is a programming error, since schemas validate user input first.
 */
export const toDecimal = (value: DecimalInput | Big): Big => {
  if (value instanceof Decimal) return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(`Not an exact decimal (use a decimal string): ${value}`);
    }
    return Decimal(String(value));
  }
  if (!DECIMAL_STRING.test(value)) throw new RangeError(`Not a decimal string: "${value}"`);
  return Decimal(value);
};

/** The integer 10^exponent, exact. */
export const powerOfTen = (exponent: number): Big => Decimal(`1${'0'.repeat(exponent)}`);

/** Drops the sign of a zero, so "-0.00" never reaches a document. */
const unsignedZero = (text: string): string => (/^-[0.]+$/.test(text) ? text.slice(1) : text);

/**
 * Rounds half away from zero to `decimals` places and writes exactly that many decimals
 * (modules/README.md: "Rounding is half away from zero"; 0.125 → "0.13", −0.025 → "-0.03").
 */
export const roundDecimal = (value: DecimalInput | Big, decimals: number): string =>
  unsignedZero(toDecimal(value).round(decimals, Decimal.roundHalfUp).toFixed(decimals));

/** Rounds to cents, half away from zero: the rule of every line base, cuota and retención. */
export const round2 = (value: DecimalInput | Big): string => roundDecimal(value, 2);

/**
 * The exact value as a plain decimal string with at least `minDecimals` decimals and no trailing
 * zeros beyond them ("1.9500" → "1.95", 665 → "665.00" with 2, "0.125" stays "0.125").
 */
export const exactDecimal = (value: DecimalInput | Big, minDecimals = 0): string => {
  const [integer = '0', fraction = ''] = toDecimal(value).toFixed().split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(minDecimals, '0');
  return unsignedZero(kept ? `${integer}.${kept}` : integer);
};

/** Σ values, exact. */
export const sumBig = (values: readonly (DecimalInput | Big)[]): Big =>
  values.reduce<Big>((sum, value) => sum.plus(toDecimal(value)), Decimal('0'));

/** Σ values, exact (sums of rounded amounts need no rounding), with at least 2 decimals. */
export const sumDecimals = (values: readonly DecimalInput[]): string =>
  exactDecimal(sumBig(values), 2);

/** a + b, exact, with at least 2 decimals. */
export const addDecimals = (a: DecimalInput, b: DecimalInput): string =>
  exactDecimal(toDecimal(a).plus(toDecimal(b)), 2);

/** a − b, exact, with at least 2 decimals (pendiente = total − cobros). */
export const subtractDecimals = (a: DecimalInput, b: DecimalInput): string =>
  exactDecimal(toDecimal(a).minus(toDecimal(b)), 2);

/** a × b, exact, with at least 2 decimals; round it with `round2` where a rule says so. */
export const multiplyDecimals = (a: DecimalInput, b: DecimalInput): string =>
  exactDecimal(toDecimal(a).times(toDecimal(b)), 2);

/** -1, 0 or 1 as a < b, a = b, a > b, compared exactly ("1000.00" equals "1000"). */
export const compareDecimals = (a: DecimalInput, b: DecimalInput): -1 | 0 | 1 =>
  toDecimal(a).cmp(toDecimal(b));

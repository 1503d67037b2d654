// Money: decimal strings on the wire, big.js inside, half away from zero to cents.
// Big itself stays inside this folder: callers pass and get strings.
export {
  addDecimals,
  compareDecimals,
  exactDecimal,
  multiplyDecimals,
  round2,
  roundDecimal,
  subtractDecimals,
  sumDecimals,
  type DecimalInput,
} from './decimal.js';
export * from './decimal-schemas.js';
export * from './importes.js';

export * from './spanish-id.js';
export * from './iban.js';
export * from './matricula.js';
export * from './vin.js';

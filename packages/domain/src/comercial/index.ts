// Comercial's pure rules that other modules share (inventario's previews price with them too).
export * from './importe-alquiler.js';

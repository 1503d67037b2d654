export * from './display.js';

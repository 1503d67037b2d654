import type { ApiModule, FuentesFacturables } from '../module.js';
import * as archivos from './archivos/index.js';
import * as comercial from './comercial/index.js';
import * as finanzas from './finanzas/index.js';
import * as flota from './flota/index.js';
import * as health from './health/index.js';
import * as historial from './historial/index.js';
import * as inventario from './inventario/index.js';
import * as localizacion from './localizacion/index.js';
import * as logistica from './logistica/index.js';
import * as numeracion from './numeracion/index.js';
import * as obras from './obras/index.js';
import * as partes from './partes/index.js';
import * as preferencias from './preferencias/index.js';
import * as session from './session/index.js';

/**
 * Every API module, in registration order: buildApp registers each `routes` under its `prefix`
 * after the platform, and db/schema.ts gathers their `tables`. A new module is one line here.
 */
export const API_MODULES = [
  { name: 'health', prefix: '/api', routes: health.routes, tables: health.tables },
  { name: 'session', prefix: '/api', routes: session.routes, tables: session.tables },
  {
    name: 'localizacion',
    prefix: '/api/localizacion',
    routes: localizacion.routes,
    tables: localizacion.tables,
  },
  { name: 'numeracion', prefix: '/api', routes: numeracion.routes, tables: numeracion.tables },
  { name: 'historial', prefix: '/api', routes: historial.routes, tables: historial.tables },
  { name: 'archivos', prefix: '/api', routes: archivos.routes, tables: archivos.tables },
  {
    name: 'partes',
    prefix: '/api',
    routes: partes.routes,
    tables: partes.tables,
    demo: partes.demo,
  },
  {
    name: 'inventario',
    prefix: '/api',
    routes: inventario.routes,
    tables: inventario.tables,
    demo: inventario.demo,
  },
  // After inventario: quotes and rentals name its machines, components and templates.
  {
    name: 'comercial',
    prefix: '/api',
    routes: comercial.routes,
    tables: comercial.tables,
    demo: comercial.demo,
    demoFinal: comercial.demoFinal,
  },
  // After partes: the demo world seeds parties, then emisores (modules/README.md "Demo world").
  {
    name: 'finanzas',
    prefix: '/api',
    routes: finanzas.routes,
    tables: finanzas.tables,
    demo: finanzas.demo,
    // Its invoices after logística's albaranes, which they bill.
    demoFinal: finanzas.demoFinal,
  },
  // flota-obras.md part A; its demo after the parties (workshops) and emisores.
  { name: 'flota', prefix: '/api', routes: flota.routes, tables: flota.tables, demo: flota.demo },
  // After inventario and finanzas: the demo world seeds works after the parties and emisores.
  { name: 'obras', prefix: '/api', routes: obras.routes, tables: obras.tables, demo: obras.demo },
  // logistica.md: after comercial, inventario and flota (albaranes move their stock and rentals).
  {
    name: 'logistica',
    prefix: '/api',
    routes: logistica.routes,
    tables: logistica.tables,
    demo: logistica.demo,
  },
  // Each user's own preferences (issue 14, decision 0044); its demo gives Olga Operaciones hers.
  {
    name: 'preferencias',
    prefix: '/api',
    routes: preferencias.routes,
    tables: preferencias.tables,
    demo: preferencias.demo,
  },
] as const satisfies readonly ApiModule[];

/**
 * The billing sources of finanzas (finanzas.md §2 "Contracts with other modules"): one per
 * origenTipo: comercial's rentals and logística's transport albaranes.
 */
export const FUENTES_FACTURABLES: FuentesFacturables = [
  {
    origenTipo: 'alquiler',
    pendientes: comercial.pendientes,
    lineas: (tx, q, hoy) => comercial.lineas(tx, { ...q, origenTipo: 'alquiler' }, hoy),
  },
  logistica.fuenteAlbaran,
];

import { preferenciasInputSchema } from '@tvsistema/domain/preferencias';
import type { DemoContext } from '../../module.js';
import { upsertPreferencias } from './preferencias.repository.js';

/**
 * The development provider's subject of Olga Operaciones (DESIGN.md demo accounts, `demo|` and
 * the e-mail's local part): she works in both alquileres and transportes, so her saved
 * preferences show what the screen does.
 */
export const OLGA_OPERACIONES = 'demo|operaciones';

/** Preferencias' part of the demo world: Olga starts in transportes, on compact tables of 50. */
export const demo = async ({ database }: DemoContext) => {
  const olga = preferenciasInputSchema.parse({
    sistemaPorDefecto: 'transportes',
    vistaListas: 'list',
    tamanoPagina: 50,
    densidad: 'compacta',
  });
  await upsertPreferencias(database.db, OLGA_OPERACIONES, olga);
};

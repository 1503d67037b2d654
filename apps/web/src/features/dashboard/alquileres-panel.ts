import type { ReactNode } from 'react';
import {
  can,
  formatFecha,
  formatNumero,
  textoCaducidad,
  type InventarioResumen,
} from '@tvsistema/domain';
import { paths } from '../../config/paths.js';
import { useAuthContext } from '../../lib/auth-context.js';
import { useInventarioResumen } from '../maquinaria/index.js';
import type { DashboardContent } from './dashboard-content.js';
import type { PanelAviso, PanelEventos } from './dashboard-sections.js';

// What the alquileres dashboard shows from the inventory (SPEC 2.9, inventario.md §6.4): live
// descriptions on the Maquinaria and Andamios cards, the next 7 days of maintenance among the
// upcoming events, and document expiries among the alerts.

export type PanelDatos = {
  content: DashboardContent;
  eventos?: PanelEventos;
  avisos?: readonly PanelAviso[];
  /** A system's own alerts card in place of the generic one (transportes: the fleet's due dates). */
  alertas?: ReactNode;
};

const plural = (n: number, uno: string, varios: string) =>
  `${formatNumero(n)} ${n === 1 ? uno : varios}`;

/** "5 disponibles · 2 alquiladas · 1 en taller": the machines out of baja, by state. */
export const resumenMaquinas = ({ maquinasPorEstado: e }: InventarioResumen): string =>
  [
    plural(e.disponible ?? 0, 'disponible', 'disponibles'),
    plural(e.alquilada ?? 0, 'alquilada', 'alquiladas'),
    plural(e.en_taller ?? 0, 'en taller', 'en taller'),
  ].join(' · ');

export const resumenAndamios = ({ piezasFuera }: InventarioResumen): string =>
  `${plural(piezasFuera, 'pieza', 'piezas')} en obra`;

const fichaDe = (maquinaId: string) => paths.maquinaria.detail.getHref({ maquinariaId: maquinaId });

/** The static content with the inventory's figures where the roles may read them. */
export const panelAlquileres = (
  content: DashboardContent,
  resumen: InventarioResumen | undefined,
): PanelDatos => {
  if (!resumen) return { content };
  const detalle: Record<string, string> = {
    Maquinaria: resumenMaquinas(resumen),
    Andamios: resumenAndamios(resumen),
  };
  return {
    content: {
      ...content,
      summary: content.summary.map((card) => ({
        ...card,
        description: detalle[card.title] ?? card.description,
      })),
    },
    eventos: {
      Mantenimiento: resumen.mantenimientosProximos.map((m) => ({
        texto: `${formatFecha(m.fecha)} · ${m.codigo}: ${m.descripcion}`,
        to: fichaDe(m.maquinaId),
      })),
    },
    avisos: resumen.caducidadesProximas.map((c) => ({
      texto: textoCaducidad(c),
      to: fichaDe(c.maquinaId),
    })),
  };
};

export const useAlquileresPanel = (content: DashboardContent): PanelDatos => {
  const { roles } = useAuthContext();
  const { data } = useInventarioResumen(can(roles, 'inventario.consultar'));
  return panelAlquileres(content, data);
};

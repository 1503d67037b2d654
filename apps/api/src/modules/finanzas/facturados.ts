import type { OrigenFacturado, OrigenTipo } from '@tvsistema/domain/finanzas';
import { sumDecimals } from '@tvsistema/domain/money';
import type { Executor } from '../../db/executor.js';
import { leerFacturacionOrigenes, lineasDeFacturas } from './facturas.repository.js';

/**
 * What is invoiced of some origins (finanzas.md §2: the rows of `facturacion_origenes_v`), by
 * origenId, for comercial ("Facturado en …", the billed periods) and logística (an albarán's
 * "Facturado"): every active reservation, drafts included (a draft reserves its origins).
 */
export const facturacionDeOrigenes = async (
  tx: Executor,
  { origenTipo, origenIds }: { origenTipo: OrigenTipo; origenIds: readonly string[] },
): Promise<Map<string, OrigenFacturado[]>> => {
  const filas = await leerFacturacionOrigenes(tx, origenTipo, origenIds);
  const mapa = new Map<string, OrigenFacturado[]>(origenIds.map((id) => [id, []]));
  for (const fila of filas) mapa.get(fila.origenId)?.push(fila);
  return mapa;
};

export type PeriodoFacturado = {
  facturaId: string;
  facturaNumero: string | null;
  facturaEstado: string;
  desde: string | null;
  hasta: string | null;
  /** The sum of the invoice's lines that bill this origin. */
  base: string;
};

/**
 * comercial.md §5 "Facturación" tab: each active invoice of an origin with the period it bills
 * (its lines' first and last day) and the base of those lines, oldest first.
 */
export const periodosFacturados = async (
  tx: Executor,
  origenTipo: OrigenTipo,
  origenId: string,
): Promise<PeriodoFacturado[]> => {
  const filas =
    (await facturacionDeOrigenes(tx, { origenTipo, origenIds: [origenId] })).get(origenId) ?? [];
  const porFactura = new Map<string, OrigenFacturado[]>();
  for (const f of filas) porFactura.set(f.facturaId, [...(porFactura.get(f.facturaId) ?? []), f]);
  const lineas = new Map(
    (await lineasDeFacturas(tx, [...porFactura.keys()])).map((f) => [f.id, f.lineas]),
  );
  const periodos = [...porFactura.entries()].map(([facturaId, propias]) => {
    const fechas = (k: 'desde' | 'hasta') =>
      propias
        .map((p) => p[k])
        .filter((d): d is string => Boolean(d))
        .sort();
    const primera = propias[0] as OrigenFacturado;
    return {
      facturaId,
      facturaNumero: primera.facturaNumero,
      facturaEstado: primera.facturaEstado,
      desde: fechas('desde')[0] ?? null,
      hasta: fechas('hasta').at(-1) ?? null,
      base: sumDecimals(
        (lineas.get(facturaId) ?? []).filter((l) => l.origen?.id === origenId).map((l) => l.base),
      ),
    };
  });
  return periodos.sort((a, b) => (a.desde ?? '').localeCompare(b.desde ?? ''));
};

/**
 * The base billed to each origin by its issued invoices (a draft reserves its origins but bills
 * nothing yet): comercial's "Facturado" in the rentals' CSV. Two queries whatever the count.
 */
export const basesFacturadas = async (
  tx: Executor,
  origenTipo: OrigenTipo,
  origenIds: readonly string[],
): Promise<Map<string, string>> => {
  const porOrigen = new Map<string, string[]>(origenIds.map((id) => [id, []]));
  // In slices: one bind parameter per id, and a whole list's CSV may name tens of thousands.
  for (let i = 0; i < origenIds.length; i += LOTE) {
    const lote = origenIds.slice(i, i + LOTE);
    const enLote = new Set(lote);
    const filas = await leerFacturacionOrigenes(tx, origenTipo, lote);
    const emitidas = [
      ...new Set(filas.filter((f) => f.facturaNumero !== null).map((f) => f.facturaId)),
    ];
    for (const factura of await lineasDeFacturas(tx, emitidas))
      for (const linea of factura.lineas)
        // An invoice billing origins of two slices is read twice: each slice counts its own.
        if (linea.origen && enLote.has(linea.origen.id))
          porOrigen.get(linea.origen.id)?.push(linea.base);
  }
  return new Map([...porOrigen].map(([id, bases]) => [id, sumDecimals(bases)]));
};

const LOTE = 1000;

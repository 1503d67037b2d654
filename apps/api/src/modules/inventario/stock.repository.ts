import { sql } from 'drizzle-orm';
import type { CuentaStock } from '@tvsistema/domain/inventario';
import { rowsOf, type Executor } from '../../db/executor.js';

// §2.7: the counts of a component and its movement ledger, always changed together.

const COLUMNA: Readonly<Record<CuentaStock, string>> = {
  disponible: 'disponible',
  alquilado: 'alquilado',
  enReparacion: 'en_reparacion',
  baja: 'baja',
  vendido: 'vendido',
};

export type StockFila = Record<CuentaStock, number> & { codigo: string };

/** Locks a component's counts for the rest of the transaction and reads them. */
export const bloquearStock = async (tx: Executor, componenteId: string) => {
  const [fila] = await rowsOf<StockFila>(
    tx,
    sql`select c.codigo, s.disponible, s.alquilado, s.en_reparacion as "enReparacion", s.baja,
          s.vendido
        from andamio_stock s join andamio_componentes c on c.id = s.componente_id
        where s.componente_id = ${componenteId} for update of s`,
  );
  return fila;
};

export type Apunte = {
  componenteId: string;
  tipo: string;
  /** Signed: an adjustment or an annulment may be negative. */
  cantidad: number;
  /** The counts it takes from and adds to (null: none). */
  resta: CuentaStock | null;
  suma: CuentaStock | null;
  /** What the ledger row says (an annulment swaps them). */
  de: CuentaStock | null;
  a: CuentaStock | null;
  fecha: string;
  referencia?: { tipo: string; id?: string | null | undefined; numero: string } | undefined;
  albaranId?: string | null | undefined;
  motivo?: string | null | undefined;
  usuario: string | null;
};

/** Moves the counts and appends the ledger row; the CHECKs refuse a count below zero. */
export const aplicarApunte = async (tx: Executor, apunte: Apunte) => {
  const magnitud = Math.abs(apunte.cantidad);
  const cambios = [
    apunte.resta
      ? sql`${sql.raw(COLUMNA[apunte.resta])} = ${sql.raw(COLUMNA[apunte.resta])} - ${magnitud}`
      : undefined,
    apunte.suma
      ? sql`${sql.raw(COLUMNA[apunte.suma])} = ${sql.raw(COLUMNA[apunte.suma])} + ${apunte.resta ? magnitud : apunte.cantidad}`
      : undefined,
  ].filter((c) => c !== undefined);
  await rowsOf(
    tx,
    sql`update andamio_stock set ${sql.join(cambios, sql`, `)}
        where componente_id = ${apunte.componenteId}`,
  );
  const [fila] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into andamio_movimientos (componente_id, tipo, cantidad, de, a, fecha,
          referencia_tipo, referencia_id, referencia_numero, albaran_id, motivo, usuario)
        values (${apunte.componenteId}, ${apunte.tipo}, ${apunte.cantidad}, ${apunte.de}, ${apunte.a},
          ${apunte.fecha}, ${apunte.referencia?.tipo ?? null}, ${apunte.referencia?.id ?? null},
          ${apunte.referencia?.numero ?? null}, ${apunte.albaranId ?? null}, ${apunte.motivo ?? null},
          ${apunte.usuario})
        returning id::text`,
  );
  return fila?.id ?? '';
};

/** The movements an albarán made (annulment reverses them, oldest first). */
export const movimientosDeAlbaran = (tx: Executor, albaranId: string) =>
  rowsOf<{
    componenteId: string;
    tipo: string;
    cantidad: number;
    de: CuentaStock | null;
    a: CuentaStock | null;
  }>(
    tx,
    sql`select componente_id::text as "componenteId", tipo, cantidad, de, a from andamio_movimientos
        where albaran_id = ${albaranId} and cantidad > 0 order by orden`,
  );

export const codigoYReposicion = async (tx: Executor, componenteId: string) => {
  const [row] = await rowsOf<{ codigo: string; reposicion: string | null }>(
    tx,
    sql`select codigo, precio_reposicion::text as reposicion from andamio_componentes
        where id = ${componenteId}`,
  );
  return row ?? { codigo: '', reposicion: null };
};

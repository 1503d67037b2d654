import { sql } from 'drizzle-orm';
import {
  INVENTARIO_MESSAGES as M,
  TIPO_MOVIMIENTO,
  type CuentaStock,
  type TipoMovimiento,
} from '@tvsistema/domain/inventario';
import { rowsOf, type Executor } from '../../db/executor.js';
import { conflicto, nombreUsuario, type Usuario } from './inventario-comun.js';

// §2.7, §3.3: the only way a component's counts change — one movement row and the counts it
// moves, in the caller's transaction, never below zero (409 naming the source count).

const COLUMNA: Readonly<Record<CuentaStock, string>> = {
  disponible: 'disponible',
  alquilado: 'alquilado',
  enReparacion: 'en_reparacion',
  baja: 'baja',
  vendido: 'vendido',
};

/** How the 409 names the source count (§3.3). */
const ETIQUETA_ORIGEN: Readonly<Record<CuentaStock, string>> = {
  disponible: 'disponibles',
  alquilado: 'en obra',
  enReparacion: 'en reparación',
  baja: 'de baja',
  vendido: 'vendidas',
};

export type Referencia = { tipo: string; id?: string | null | undefined; numero: string };

export type NuevoMovimiento = {
  componenteId: string;
  tipo: TipoMovimiento;
  cantidad: number;
  /** Overrides the tipo's source (a baja from enReparacion). */
  de?: CuentaStock | null;
  fecha: string;
  referencia?: Referencia | undefined;
  motivo?: string | null | undefined;
  albaranId?: string | null;
  /** For returns: at most the pieces out on this origin (§3.3 "en obra"). */
  maximo?: number;
};

export type StockFila = Record<CuentaStock, number> & { codigo: string };

/** Locks a component's counts for the rest of the transaction. */
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

/** Records one movement and moves its counts; 409 "Stock insuficiente…" when the source lacks. */
export const moverStock = async (tx: Executor, movimiento: NuevoMovimiento, user: Usuario) => {
  const stock = await bloquearStock(tx, movimiento.componenteId);
  if (!stock) throw new Error(`no stock row for ${movimiento.componenteId}`);
  const definicion = TIPO_MOVIMIENTO[movimiento.tipo];
  const de = movimiento.de === undefined ? definicion.de : movimiento.de;
  const a: CuentaStock | null = movimiento.tipo === 'ajuste' ? 'disponible' : definicion.a;
  const { cantidad } = movimiento;
  if (movimiento.tipo === 'ajuste') {
    if (stock.disponible + cantidad < 0)
      throw conflicto(
        M.stockInsuficiente(stock.codigo, 'disponibles', stock.disponible, -cantidad),
      );
  } else if (de) {
    const enOrigen = Math.min(stock[de], movimiento.maximo ?? Number.POSITIVE_INFINITY);
    if (enOrigen < cantidad)
      throw conflicto(
        M.stockInsuficiente(
          stock.codigo,
          movimiento.maximo !== undefined ? 'en obra' : ETIQUETA_ORIGEN[de],
          enOrigen,
          cantidad,
        ),
      );
  }
  const cambios = [
    de && movimiento.tipo !== 'ajuste'
      ? sql`${sql.raw(COLUMNA[de])} = ${sql.raw(COLUMNA[de])} - ${cantidad}`
      : undefined,
    a ? sql`${sql.raw(COLUMNA[a])} = ${sql.raw(COLUMNA[a])} + ${cantidad}` : undefined,
  ].filter((c) => c !== undefined);
  await rowsOf(
    tx,
    sql`update andamio_stock set ${sql.join(cambios, sql`, `)}
        where componente_id = ${movimiento.componenteId}`,
  );
  const [fila] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into andamio_movimientos (componente_id, tipo, cantidad, de, a, fecha,
          referencia_tipo, referencia_id, referencia_numero, albaran_id, motivo, usuario)
        values (${movimiento.componenteId}, ${movimiento.tipo}, ${cantidad},
          ${movimiento.tipo === 'ajuste' ? null : de}, ${a}, ${movimiento.fecha},
          ${movimiento.referencia?.tipo ?? null}, ${movimiento.referencia?.id ?? null},
          ${movimiento.referencia?.numero ?? null}, ${movimiento.albaranId ?? null},
          ${movimiento.motivo ?? null}, ${nombreUsuario(user)})
        returning id::text`,
  );
  return fila?.id ?? '';
};

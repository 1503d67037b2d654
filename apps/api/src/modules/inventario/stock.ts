import {
  INVENTARIO_MESSAGES as M,
  TIPO_MOVIMIENTO,
  type CuentaStock,
  type TipoMovimiento,
} from '@tvsistema/domain/inventario';
import type { Executor } from '../../db/executor.js';
import { conflicto, nombreUsuario, type Usuario } from './inventario-comun.js';
import { aplicarApunte, bloquearStock, type Apunte } from './stock.repository.js';

// §2.7, §3.3: the only way a component's counts change — one movement row and the counts it
// moves, in the caller's transaction, never below zero (409 naming the source count).

export { bloquearStock };

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

/** Records one movement and moves its counts; 409 "Stock insuficiente…" when the source lacks. */
export const moverStock = async (tx: Executor, movimiento: NuevoMovimiento, user: Usuario) => {
  const stock = await bloquearStock(tx, movimiento.componenteId);
  if (!stock) throw new Error(`no stock row for ${movimiento.componenteId}`);
  const definicion = TIPO_MOVIMIENTO[movimiento.tipo];
  const ajuste = movimiento.tipo === 'ajuste';
  const de = ajuste ? null : movimiento.de === undefined ? definicion.de : movimiento.de;
  const a: CuentaStock | null = ajuste ? 'disponible' : definicion.a;
  const { cantidad } = movimiento;
  if (ajuste) {
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
  const apunte: Apunte = {
    componenteId: movimiento.componenteId,
    tipo: movimiento.tipo,
    cantidad,
    resta: de,
    suma: a,
    de,
    a,
    fecha: movimiento.fecha,
    referencia: movimiento.referencia,
    albaranId: movimiento.albaranId ?? null,
    motivo: movimiento.motivo ?? null,
    usuario: nombreUsuario(user),
  };
  return aplicarApunte(tx, apunte);
};

/** An annulment's opposite movement: the same tipo, negative, counts back from `a` to `de`. */
export const anularMovimiento = async (
  tx: Executor,
  original: {
    componenteId: string;
    tipo: string;
    cantidad: number;
    de: CuentaStock;
    a: CuentaStock;
  },
  contexto: { fecha: string; albaran: { _id: string; numero: string }; user: Usuario },
) => {
  const stock = await bloquearStock(tx, original.componenteId);
  const disponibles = stock ? stock[original.a] : 0;
  if (disponibles < original.cantidad)
    throw conflicto(
      M.stockInsuficiente(
        stock?.codigo ?? '',
        ETIQUETA_ORIGEN[original.a],
        disponibles,
        original.cantidad,
      ),
    );
  return aplicarApunte(tx, {
    componenteId: original.componenteId,
    tipo: original.tipo,
    cantidad: -original.cantidad,
    resta: original.a,
    suma: original.de,
    de: original.a,
    a: original.de,
    fecha: contexto.fecha,
    referencia: { tipo: 'albaran', id: contexto.albaran._id, numero: contexto.albaran.numero },
    albaranId: contexto.albaran._id,
    motivo: `Anulación de ${contexto.albaran.numero}`,
    usuario: nombreUsuario(contexto.user),
  });
};

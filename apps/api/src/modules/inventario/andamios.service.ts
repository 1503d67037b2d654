import {
  INVENTARIO_MESSAGES as M,
  type Componente,
  type ComponenteCreate,
  type ComponenteListQuery,
  type ComponenteUpdate,
  type MovimientoManual,
  type Recuento,
  type Reparacion,
} from '@tvsistema/domain/inventario';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import {
  deleteComponente,
  findComponente,
  findMovimiento,
  insertComponente,
  listComponentes,
  lockComponente,
  pageOfMovimientos,
  resumenAndamios,
  updateComponente,
  usoComponente,
} from './andamios.repository.js';
import { autoria, columnaBusqueda, conflicto, idValido, type Usuario } from './inventario-comun.js';
import { bloquearStock, moverStock } from './stock.js';

// §2.6, §2.7, §3.3: the scaffolding catalogue; its counts move only through the ledger (stock.ts).

const RECURSO = 'componente';
const CAMPOS = [
  'codigo',
  'nombre',
  'categoria',
  'sistema',
  'fabricante',
  'referenciaFabricante',
  'norma',
  'dimensiones',
  'pesoKg',
  'precios',
  'stockMinimo',
  'activo',
  'observaciones',
] as const;

const valores = (input: Omit<ComponenteCreate, 'stockInicial'>) => ({
  codigo: input.codigo,
  nombre: input.nombre,
  categoria: input.categoria,
  sistema: input.sistema ?? null,
  fabricante: input.fabricante ?? null,
  referenciaFabricante: input.referenciaFabricante ?? null,
  norma: input.norma ?? null,
  dimensiones: input.dimensiones ?? null,
  pesoKg: input.pesoKg,
  precioDia: input.precios.dia,
  precioSemana: input.precios.semana ?? null,
  precioMes: input.precios.mes ?? null,
  precioReposicion: input.precios.reposicion ?? null,
  precioVenta: input.precios.venta ?? null,
  stockMinimo: input.stockMinimo,
  activo: input.activo,
  observaciones: input.observaciones,
  busqueda: columnaBusqueda(input.codigo, input.nombre, input.sistema),
});

const duplicado = (error: unknown, codigo: string) => {
  const pg = pgErrorOf(error);
  if (pg?.code === UNIQUE_VIOLATION && pg.constraint === 'andamio_componentes_codigo_key') {
    const message = M.codigoComponenteDuplicado(codigo);
    return conflicto(message, [`codigo: ${message}`]);
  }
  return error;
};

export const createAndamiosService = (database: Database, today: Today) => {
  const db = database.db;

  const leer = async (tx: Executor, id: string) => {
    const componente = await findComponente(tx, id, today());
    if (!componente) throw notFound(M.componenteNoEncontrado);
    return componente;
  };

  const bloquear = async (tx: Executor, id: string) => {
    if (!idValido(id)) throw notFound(M.componenteNoEncontrado);
    await lockComponente(tx, id);
    return leer(tx, id);
  };

  const historial = (
    tx: Executor,
    user: Usuario,
    accion: 'crear' | 'modificar' | 'eliminar',
    antes: Componente | undefined,
    despues: Componente | undefined,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO,
      registroId: (despues ?? antes)?._id ?? '',
      empresa: 'alquileres',
      accion,
      antes,
      despues,
      campos: CAMPOS,
      usuario: user,
    });

  const noFutura = (fecha: string) => {
    if (fecha > today()) throw invalidData([`fecha: ${M.fechaFutura}`]);
  };

  /** A stock change: lock, move, answer the movement and the new counts. */
  const mover = (
    user: Usuario,
    id: string,
    fn: (tx: Executor, componente: Componente) => Promise<string | undefined>,
  ) =>
    db.transaction(async (tx) => {
      const componente = await leer(tx, id);
      const movimientoId = await fn(tx, componente);
      const despues = await leer(tx, id);
      const movimiento = movimientoId ? await findMovimiento(tx, movimientoId) : null;
      return { movimiento, stock: despues.stock };
    });

  return {
    list: (query: ComponenteListQuery) => listComponentes(db, query, today()),
    exportar: async (query: Omit<ComponenteListQuery, 'page' | 'limit'>) =>
      (await listComponentes(db, query, today())).data,
    resumen: () => resumenAndamios(db),
    get: (id: string) => leer(db, id),
    history: async (id: string, query: HistorialQuery) => {
      await leer(db, id);
      return leerHistorial(database, RECURSO, id, query);
    },

    create: async (user: Usuario, input: ComponenteCreate) => {
      try {
        return await db.transaction(async (tx) => {
          const id = await insertComponente(tx, {
            ...valores(input),
            ...autoria(user, { crear: true }),
          });
          if (input.stockInicial > 0)
            await moverStock(
              tx,
              {
                componenteId: id,
                tipo: 'alta',
                cantidad: input.stockInicial,
                fecha: today(),
                motivo: 'Stock inicial',
              },
              user,
            );
          const despues = await leer(tx, id);
          await historial(tx, user, 'crear', undefined, despues);
          return despues;
        });
      } catch (error) {
        throw duplicado(error, input.codigo);
      }
    },

    update: async (
      user: Usuario,
      id: string,
      input: Omit<ComponenteUpdate, 'version'>,
      version: number | undefined,
    ) => {
      try {
        return await db.transaction(async (tx) => {
          const antes = await bloquear(tx, id);
          checkVersion(antes.version, version);
          await updateComponente(tx, id, { ...valores(input), ...autoria(user, { crear: false }) });
          const despues = await leer(tx, id);
          await historial(tx, user, 'modificar', antes, despues);
          return despues;
        });
      } catch (error) {
        throw duplicado(error, input.codigo);
      }
    },

    /** R15: only with no booking and no movement but its initial alta. */
    remove: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const antes = await bloquear(tx, id);
        if (version !== undefined) checkVersion(antes.version, version);
        const uso = await usoComponente(tx, id);
        if (uso.reservas > 0 || uso.movimientos > 0)
          throw conflicto(M.noEliminable(antes.codigo, uso.reservas, uso.movimientos));
        await deleteComponente(tx, id);
        await historial(tx, user, 'eliminar', antes, undefined);
      }),

    movimientos: async (
      id: string,
      query: {
        page: number;
        limit: number;
        tipo?: string | undefined;
        desde?: string | undefined;
        hasta?: string | undefined;
      },
    ) => {
      // No read of the component itself (its R6 sweep reads a year of bookings): the page's
      // statement says whether it exists.
      const pagina = idValido(id) ? await pageOfMovimientos(db, id, query) : undefined;
      if (!pagina) throw notFound(M.componenteNoEncontrado);
      return pagina;
    },

    /** Altas, bajas and sales by hand (andamios.edit). */
    registrarMovimiento: (user: Usuario, id: string, input: MovimientoManual) =>
      mover(user, id, async (tx) => {
        noFutura(input.fecha);
        return moverStock(
          tx,
          {
            componenteId: id,
            tipo: input.tipo,
            cantidad: input.cantidad,
            ...(input.tipo === 'baja' ? { de: input.desde } : {}),
            fecha: input.fecha,
            referencia: input.referencia
              ? {
                  tipo: input.referencia.tipo,
                  id: input.referencia.id ?? null,
                  numero: input.referencia.numero,
                }
              : undefined,
            motivo: input.motivo ?? null,
          },
          user,
        );
      }),

    /** Yard work (andamios.stock): to and from repair. */
    reparacion: (user: Usuario, id: string, input: Reparacion) =>
      mover(user, id, async (tx) => {
        noFutura(input.fecha);
        return moverStock(
          tx,
          {
            componenteId: id,
            tipo: input.tipo === 'enviar' ? 'reparacion' : 'reparado',
            cantidad: input.cantidad,
            fecha: input.fecha,
            motivo: input.motivo ?? null,
          },
          user,
        );
      }),

    /** R8: refused when the count moved since it was read; one ajuste, none when equal. */
    recuento: (user: Usuario, id: string, input: Recuento) =>
      mover(user, id, async (tx) => {
        noFutura(input.fecha);
        const stock = await bloquearStock(tx, id);
        if (!stock) throw notFound(M.componenteNoEncontrado);
        if (stock.disponible !== input.disponibleLeido)
          throw conflicto(M.recuentoCambiado(stock.disponible));
        const diferencia = input.contado - stock.disponible;
        if (diferencia === 0) return undefined;
        return moverStock(
          tx,
          {
            componenteId: id,
            tipo: 'ajuste',
            cantidad: diferencia,
            fecha: input.fecha,
            motivo: input.motivo,
          },
          user,
        );
      }),
  };
};

export type AndamiosService = ReturnType<typeof createAndamiosService>;

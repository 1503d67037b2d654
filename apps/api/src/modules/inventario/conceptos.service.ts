import { eq, sql } from 'drizzle-orm';
import {
  INVENTARIO_MESSAGES as M,
  parseConceptoSort,
  type Concepto,
  type ConceptoCreate,
  type ConceptoListQuery,
  type ConceptoSortField,
  type ConceptoUpdate,
} from '@tvsistema/domain/inventario';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import type { Database } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';
import { FOREIGN_KEY_VIOLATION, pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import {
  auditoriaJson,
  autoria,
  columnaBusqueda,
  conflicto,
  dondeTodos,
  filtroBusqueda,
  idValido,
  ordenPor,
  paginaDe,
  type Usuario,
} from './inventario-comun.js';
import { conceptos } from './inventario.table.js';

// §2.8 price templates: CRUD with version and history; deletion refused while a comercial line
// uses one (FK RESTRICT → R15).

const RECURSO = 'concepto';
const CAMPOS = [
  'codigo',
  'nombre',
  'descripcion',
  'tipo',
  'aplicaA',
  'unidad',
  'precio',
  'tipoIva',
  'motivoIva0',
  'activo',
] as const;

export const conceptoJson = sql.raw(`jsonb_build_object(${auditoriaJson('c')},
  'codigo', c.codigo, 'nombre', c.nombre, 'descripcion', c.descripcion, 'tipo', c.tipo,
  'aplicaA', c.aplica_a, 'unidad', c.unidad, 'precio', c.precio::text, 'tipoIva', c.tipo_iva,
  'motivoIva0', c.motivo_iva0, 'activo', c.activo)`);

const ORDEN: Readonly<Record<ConceptoSortField, string>> = {
  codigo: 'c.codigo',
  nombre: 'lower(c.nombre)',
  tipo: 'c.tipo',
  precio: 'c.precio',
  updatedAt: 'c.updated_at',
};

const filtros = (query: Omit<ConceptoListQuery, 'page' | 'limit'>) =>
  dondeTodos([
    filtroBusqueda(sql.raw('c.busqueda'), query.searchTerm),
    query.tipo ? sql`c.tipo = ${query.tipo}` : undefined,
    query.aplicaA ? sql`c.aplica_a = ${query.aplicaA}` : undefined,
    query.activo === undefined ? undefined : sql`c.activo = ${query.activo}`,
  ]);

const orden = (sort: string | undefined) => {
  const { field, direction } = parseConceptoSort(sort) ?? { field: 'codigo', direction: 'asc' };
  return ordenPor(sql.raw(ORDEN[field]), direction, sql.raw('c.id'));
};

export const findConcepto = async (executor: Executor, id: string) => {
  if (!idValido(id)) return undefined;
  const [row] = await rowsOf<{ r: Concepto }>(
    executor,
    sql`select ${conceptoJson} as r from conceptos c where c.id = ${id}`,
  );
  return row?.r;
};

const valores = (input: ConceptoCreate) => ({
  codigo: input.codigo,
  nombre: input.nombre,
  descripcion: input.descripcion ?? null,
  tipo: input.tipo,
  aplicaA: input.aplicaA,
  unidad: input.unidad,
  precio: input.precio,
  tipoIva: input.tipoIva,
  motivoIva0: input.motivoIva0 ?? null,
  activo: input.activo,
  busqueda: columnaBusqueda(input.codigo, input.nombre),
});

const duplicado = (error: unknown, codigo: string) => {
  const pg = pgErrorOf(error);
  if (pg?.code === UNIQUE_VIOLATION && pg.constraint === 'conceptos_codigo_key') {
    const message = M.codigoPlantillaDuplicado(codigo);
    return conflicto(message, [`codigo: ${message}`]);
  }
  return error;
};

export const createConceptosService = (database: Database) => {
  const db = database.db;
  const get = async (id: string) => {
    const record = await findConcepto(db, id);
    if (!record) throw notFound(M.plantillaNoEncontrada);
    return record;
  };

  return {
    list: (query: ConceptoListQuery) =>
      paginaDe<Concepto>(db, {
        json: conceptoJson,
        from: sql`conceptos c`,
        where: filtros(query),
        orderBy: orden(query.sort),
        page: query.page,
        limit: query.limit,
      }),

    exportar: async (query: Omit<ConceptoListQuery, 'page' | 'limit'>) =>
      (
        await rowsOf<{ r: Concepto }>(
          db,
          sql`select ${conceptoJson} as r from conceptos c where ${filtros(query)}
              order by ${orden(query.sort)}`,
        )
      ).map((row) => row.r),

    get,

    history: async (id: string, query: HistorialQuery) => {
      await get(id);
      return leerHistorial(database, RECURSO, id, query);
    },

    create: async (user: Usuario, input: ConceptoCreate) => {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(conceptos)
            .values({ ...valores(input), ...autoria(user, { crear: true }) })
            .returning({ id: conceptos.id });
          const despues = await findConcepto(tx, row?.id ?? '');
          if (!despues) throw new Error('insert returned no row');
          await registrarHistorial(tx, {
            recurso: RECURSO,
            registroId: despues._id,
            empresa: 'alquileres',
            accion: 'crear',
            despues,
            campos: CAMPOS,
            usuario: user,
          });
          return despues;
        });
      } catch (error) {
        throw duplicado(error, input.codigo);
      }
    },

    update: async (
      user: Usuario,
      id: string,
      input: Omit<ConceptoUpdate, 'version'>,
      version: number | undefined,
    ) => {
      try {
        return await db.transaction(async (tx) => {
          const antes = await bloquear(tx, id);
          checkVersion(antes.version, version);
          await tx
            .update(conceptos)
            .set({
              ...valores(input),
              ...autoria(user, { crear: false }),
              updatedAt: sql`now()`,
              version: sql`${conceptos.version} + 1`,
            })
            .where(eq(conceptos.id, id));
          const despues = await findConcepto(tx, id);
          if (!despues) throw new Error('update lost the row');
          await registrarHistorial(tx, {
            recurso: RECURSO,
            registroId: id,
            empresa: 'alquileres',
            accion: 'modificar',
            antes,
            despues,
            campos: CAMPOS,
            usuario: user,
          });
          return despues;
        });
      } catch (error) {
        throw duplicado(error, input.codigo);
      }
    },

    remove: async (user: Usuario, id: string, version: number | undefined) => {
      const antes = await get(id);
      try {
        await db.transaction(async (tx) => {
          const actual = await bloquear(tx, id);
          if (version !== undefined) checkVersion(actual.version, version);
          await tx.delete(conceptos).where(eq(conceptos.id, id));
          await registrarHistorial(tx, {
            recurso: RECURSO,
            registroId: id,
            empresa: 'alquileres',
            accion: 'eliminar',
            antes: actual,
            campos: CAMPOS,
            usuario: user,
          });
        });
      } catch (error) {
        // R15: a comercial line references it (FK RESTRICT).
        if (pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION)
          throw conflicto(M.plantillaEnUso(antes.codigo));
        throw error;
      }
    },
  };

  async function bloquear(tx: Executor, id: string) {
    if (!idValido(id)) throw notFound(M.plantillaNoEncontrada);
    const [locked] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from conceptos where id = ${id} for update`,
    );
    const record = locked ? await findConcepto(tx, id) : undefined;
    if (!record) throw notFound(M.plantillaNoEncontrada);
    return record;
  }
};

export type ConceptosService = ReturnType<typeof createConceptosService>;

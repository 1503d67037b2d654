import {
  INVENTARIO_MESSAGES as M,
  type ConceptoCreate,
  type ConceptoListQuery,
  type ConceptoUpdate,
} from '@tvsistema/domain/inventario';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { FOREIGN_KEY_VIOLATION, pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import {
  allConceptos,
  deleteConcepto,
  findConcepto,
  insertConcepto,
  lockConcepto,
  pageOfConceptos,
  updateConcepto,
} from './conceptos.repository.js';
import { autoria, columnaBusqueda, conflicto, type Usuario } from './inventario-comun.js';

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
    list: (query: ConceptoListQuery) => pageOfConceptos(db, query),
    exportar: (query: Omit<ConceptoListQuery, 'page' | 'limit'>) => allConceptos(db, query),

    get,

    history: async (id: string, query: HistorialQuery) => {
      await get(id);
      return leerHistorial(database, RECURSO, id, query);
    },

    create: async (user: Usuario, input: ConceptoCreate) => {
      try {
        return await db.transaction(async (tx) => {
          const id = await insertConcepto(tx, {
            ...valores(input),
            ...autoria(user, { crear: true }),
          });
          const despues = await findConcepto(tx, id);
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
          await updateConcepto(tx, id, { ...valores(input), ...autoria(user, { crear: false }) });
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
          await deleteConcepto(tx, id);
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
    const record = (await lockConcepto(tx, id)) ? await findConcepto(tx, id) : undefined;
    if (!record) throw notFound(M.plantillaNoEncontrada);
    return record;
  }
};

export type ConceptosService = ReturnType<typeof createConceptosService>;

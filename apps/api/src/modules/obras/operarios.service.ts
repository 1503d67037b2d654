import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import {
  aptitudEn,
  estadoAptitud,
  nombreCompleto,
  OBRAS_MESSAGES as M,
  type Operario,
  type OperarioCreate,
  type OperarioListQuery,
} from '@tvsistema/domain/obras';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import { autoria, comprobarAlcance, conflicto, type Usuario } from './obras-comun.js';
import {
  findOperario,
  insertOperario,
  lockOperario,
  pageOfOperarios,
  replaceCertificaciones,
  updateOperario,
  type OperarioBase,
} from './operarios.repository.js';

// §2.4 operarios: never deleted (deactivated); every change leaves a history row.

export const RECURSO_OPERARIO = 'operario';
const CAMPOS = [
  'nombre',
  'apellidos',
  'documento',
  'telefono',
  'correo',
  'activo',
  'observaciones',
  'certificaciones',
  'formacionesPrl',
  'reconocimientoMedico',
  'tpc',
] as const;

export const completarOperario = (base: OperarioBase, hoy: string): Operario => {
  const aptitud = aptitudEn(base, hoy);
  return {
    ...base,
    nombreCompleto: nombreCompleto(base),
    aptitud: { ...aptitud, estado: estadoAptitud(aptitud, hoy) },
  };
};

const valores = (input: OperarioCreate) => ({
  nombre: input.nombre,
  apellidos: input.apellidos,
  documento: input.documento,
  telefono: input.telefono ?? null,
  correo: input.correo ?? null,
  activo: input.activo,
  observaciones: input.observaciones,
  formacionesPrl: input.formacionesPrl.map((f) => ({
    curso: f.curso,
    horas: Number(f.horas).toFixed(1),
    fecha: f.fecha,
    vencimiento: f.vencimiento ?? null,
  })),
  reconocimientoMedico: input.reconocimientoMedico ?? null,
  tpc: input.tpc ?? null,
  busqueda: [input.nombre, input.apellidos, input.documento]
    .map(normalizeSearchText)
    .join('\u001f'),
});

export const createOperariosService = (database: Database, today: Today) => {
  const db = database.db;

  const leer = async (tx: Executor, id: string) => {
    const base = await findOperario(tx, id);
    if (!base) throw notFound(M.operarioNoEncontrado);
    return completarOperario(base, today());
  };

  const historial = (
    tx: Executor,
    user: Usuario,
    accion: 'crear' | 'modificar',
    antes: Operario | undefined,
    despues: Operario,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_OPERARIO,
      registroId: despues._id,
      empresa: 'verticales',
      accion,
      antes,
      despues,
      campos: CAMPOS,
      usuario: user,
    });

  const duplicado = (error: unknown, documento: string) => {
    if (pgErrorOf(error)?.code !== UNIQUE_VIOLATION) return error;
    const message = M.operarioDuplicado(documento);
    return conflicto(message, [`documento: ${message}`]);
  };

  return {
    list: async (user: Usuario, query: OperarioListQuery) => {
      comprobarAlcance(user);
      const hoy = today();
      const { aptoEn } = query;
      if (!aptoEn) {
        const page = await pageOfOperarios(db, query);
        return { data: page.data.map((o) => completarOperario(o, hoy)), meta: page.meta };
      }
      // "Aptos ese día" is the domain's rule, not SQL: a company has a few hundred operarios, so
      // they are filtered whole and paged here, and the total counts only the apto ones.
      const todos = await pageOfOperarios(db, { ...query, page: 1, limit: 10_000 });
      const aptos = todos.data.filter((o) => aptitudEn(o, aptoEn).apto);
      const desde = (query.page - 1) * query.limit;
      return {
        data: aptos.slice(desde, desde + query.limit).map((o) => completarOperario(o, hoy)),
        meta: pageMetaOf(query.page, query.limit, aptos.length),
      };
    },
    get: (id: string) => leer(db, id),
    history: async (id: string, query: HistorialQuery) => {
      await leer(db, id);
      return leerHistorial(database, RECURSO_OPERARIO, id, query);
    },

    create: async (user: Usuario, input: OperarioCreate) => {
      comprobarAlcance(user);
      try {
        return await db.transaction(async (tx) => {
          const id = await insertOperario(tx, {
            ...valores(input),
            ...autoria(user, { crear: true }),
          });
          await replaceCertificaciones(tx, id, input.certificaciones);
          const despues = await leer(tx, id);
          await historial(tx, user, 'crear', undefined, despues);
          return despues;
        });
      } catch (error) {
        throw duplicado(error, input.documento);
      }
    },

    update: async (
      user: Usuario,
      id: string,
      input: OperarioCreate,
      version: number | undefined,
    ) => {
      try {
        return await db.transaction(async (tx) => {
          if (!(await lockOperario(tx, id))) throw notFound(M.operarioNoEncontrado);
          const antes = await leer(tx, id);
          checkVersion(antes.version, version);
          await updateOperario(tx, id, { ...valores(input), ...autoria(user, { crear: false }) });
          await replaceCertificaciones(tx, id, input.certificaciones);
          const despues = await leer(tx, id);
          await historial(tx, user, 'modificar', antes, despues);
          return despues;
        });
      } catch (error) {
        throw duplicado(error, input.documento);
      }
    },
  };
};

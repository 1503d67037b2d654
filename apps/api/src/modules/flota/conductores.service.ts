import {
  enVentana,
  FLOTA_MESSAGES as M,
  ordenarVencimientos,
  vencimientosConductor,
  type Conductor,
  type ConductorCreate,
  type ConductorListQuery,
} from '@tvsistema/domain/flota';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import { camionesDeConductor, cerrarAsignacion, updateCamion } from './camiones.repository.js';
import { matriculaTexto } from './camiones.service.js';
import {
  conductoresPagina,
  findConductorRow,
  insertConductor,
  lockConductor,
  updateConductor,
  vehiculosHabituales,
  type ConductorRow,
} from './conductores.repository.js';
import {
  auditoriaDe,
  autoria,
  columnaBusqueda,
  conflicto,
  idValido,
  type Usuario,
} from './flota-comun.js';

// §2.2, §4.6: drivers. Never deleted: deactivating one unassigns them from their vehicle.

export const RECURSO_CONDUCTOR = 'conductor';
const CAMPOS = [
  'nombre',
  'apellidos',
  'documento',
  'telefono',
  'correo',
  'clasesPermiso',
  'permisoVencimiento',
  'capVencimiento',
  'tarjetaTacografo',
  'activo',
  'observaciones',
] as const;

const valores = (input: ConductorCreate) => ({
  nombre: input.nombre,
  apellidos: input.apellidos,
  documento: input.documento,
  telefono: input.telefono ?? null,
  correo: input.correo ?? null,
  clasesPermiso: input.clasesPermiso,
  permisoVencimiento: input.permisoVencimiento,
  capVencimiento: input.capVencimiento ?? null,
  tarjetaTacografo: input.tarjetaTacografo ?? null,
  activo: input.activo,
  observaciones: input.observaciones,
  busqueda: columnaBusqueda(input.nombre, input.apellidos, input.documento),
});

const duplicado = (error: unknown, documento: string) => {
  const pg = pgErrorOf(error);
  if (pg?.code === UNIQUE_VIOLATION && pg.constraint === 'conductores_documento_key') {
    const message = M.documentoDuplicado(documento);
    return conflicto(message, [`documento: ${message}`]);
  }
  return error;
};

export const createConductoresService = (database: Database, today: Today) => {
  const db = database.db;

  const completar = async (executor: Executor, rows: readonly ConductorRow[]) => {
    const hoy = today();
    const habituales = await vehiculosHabituales(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((row): Conductor => {
      const nombreCompleto = `${row.nombre} ${row.apellidos}`;
      const tarjeta = row.tarjetaTacografo as { numero: string; vencimiento: string } | null;
      const vehiculo = habituales.get(row.id);
      const auditoria = auditoriaDe(row);
      // Keys written out, none spread (as a vehicle's answer: camiones.service.ts, respuesta).
      return {
        _id: auditoria._id,
        empresa: auditoria.empresa,
        version: auditoria.version,
        createdAt: auditoria.createdAt,
        createdBy: auditoria.createdBy,
        updatedAt: auditoria.updatedAt,
        updatedBy: auditoria.updatedBy,
        nombre: row.nombre,
        apellidos: row.apellidos,
        nombreCompleto,
        documento: row.documento,
        telefono: row.telefono,
        correo: row.correo,
        clasesPermiso: row.clasesPermiso as Conductor['clasesPermiso'],
        permisoVencimiento: row.permisoVencimiento,
        capVencimiento: row.capVencimiento,
        tarjetaTacografo: tarjeta,
        activo: row.activo,
        observaciones: row.observaciones,
        vehiculoHabitual: vehiculo
          ? { _id: vehiculo._id, matriculaTexto: matriculaTexto(vehiculo.matricula) }
          : null,
        vencimientos: ordenarVencimientos(
          vencimientosConductor(
            {
              _id: row.id,
              etiqueta: nombreCompleto,
              activo: row.activo,
              permisoVencimiento: row.permisoVencimiento,
              capVencimiento: row.capVencimiento,
              tarjetaTacografo: tarjeta,
            },
            hoy,
          ).filter(enVentana),
        ),
      };
    });
  };

  const leer = async (executor: Executor, id: string) => {
    const row = idValido(id) ? await findConductorRow(executor, id) : undefined;
    if (!row) throw notFound(M.conductorNoEncontrado);
    const [conductor] = await completar(executor, [row]);
    return conductor as Conductor;
  };

  const historial = (
    tx: Executor,
    user: Usuario,
    accion: 'crear' | 'modificar',
    antes: Conductor | undefined,
    despues: Conductor,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_CONDUCTOR,
      registroId: despues._id,
      empresa: 'transporte',
      accion,
      antes,
      despues,
      campos: CAMPOS,
      usuario: user,
    });

  return {
    list: async (query: ConductorListQuery) => {
      const { data, total } = await conductoresPagina(db, query);
      return { data: await completar(db, data), meta: pageMetaOf(query.page, query.limit, total) };
    },
    get: (id: string) => leer(db, id),
    history: async (id: string, query: HistorialQuery) => {
      await leer(db, id);
      return leerHistorial(database, RECURSO_CONDUCTOR, id, query);
    },
    create: async (user: Usuario, input: ConductorCreate) => {
      try {
        return await db.transaction(async (tx) => {
          const id = await insertConductor(tx, {
            ...valores(input),
            ...autoria(user, { crear: true }),
          });
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
      input: ConductorCreate,
      version: number | undefined,
    ) => {
      try {
        return await db.transaction(async (tx) => {
          if (!idValido(id)) throw notFound(M.conductorNoEncontrado);
          await lockConductor(tx, id);
          const row = await findConductorRow(tx, id);
          if (!row) throw notFound(M.conductorNoEncontrado);
          checkVersion(row.version, version);
          const antes = await leer(tx, id);
          await updateConductor(tx, id, { ...valores(input), ...autoria(user, { crear: false }) });
          // §4.6 "Deactivation unassigns."
          if (row.activo && !input.activo)
            for (const camion of await camionesDeConductor(tx, id)) {
              await cerrarAsignacion(tx, camion._id, today());
              await updateCamion(tx, camion._id, {
                conductorHabitualId: null,
                ...autoria(user, { crear: false }),
              });
            }
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

import { setImmediate } from 'node:timers/promises';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import {
  ACCION_OBRA,
  ALERTAS_OBRA,
  aptitudEn,
  cuantasVencenPronto,
  cumpleReglaEquipo,
  estadoAptitud,
  ESQUEMA_CERTIFICACION_LABEL,
  nombreCompleto,
  OBRAS_MESSAGES as M,
  OBRAS_TEXTOS as T,
  reglaEquipo,
  type AccionObra,
  type Obra,
  type ObraResumen,
  type ObraCreate,
  type ObraEquipoInput,
  type ObraEstadoInput,
  type ObraListQuery,
  type ObraUpdate,
} from '@tvsistema/domain/obras';
import { formatFecha } from '@tvsistema/domain/format';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import { direccionValuesOf, validateDireccion } from '../localizacion/index.js';
import { asignarNumero } from '../numeracion/index.js';
import {
  equiposDe,
  esClienteVerticales,
  existeObra,
  findObra,
  idsDeObras,
  insertObra,
  lockObra,
  nombresParaBusqueda,
  obrasCsvPorIds,
  pageOfObras,
  replaceEquipo,
  updateObra,
  type MiembroFila,
  type ObraBase,
  type ObraResumenBase,
  type ObraCsv,
} from './obras.repository.js';
import { operariosPorIds, type OperarioAptitud } from './operarios.repository.js';
import {
  autoria,
  comprobarAlcance,
  conflicto,
  nombreUsuario,
  type Usuario,
} from './obras-comun.js';

// §2.3, §3, §4.8: works — create with a code (OB{YYYY}-{NNNNN}), edit under a version, the state
// machine with its preconditions, the team. Every change leaves one history row.

export const RECURSO_OBRA = 'obra';
/** Obras read per statement by the CSV export. */
const LOTE_EXPORTACION = 500;
const CAMPOS = [
  'nombre',
  'clienteId',
  'direccion',
  'descripcion',
  'tipoTrabajo',
  'fechaInicioPrevista',
  'fechaFinPrevista',
  'fechaInicioReal',
  'fechaFinReal',
  'estado',
  'motivoEstado',
  'importePresupuesto',
  'progreso',
  'responsable',
  'coordinadorSeguridad',
  'comunicacionApertura',
  'observaciones',
  'equipo',
] as const;

/** "IRATA N3 · vence 14/05/2027": the member's best certification. */
export const certificacionTexto = (operario: OperarioAptitud) => {
  const mejor = [...operario.certificaciones].sort(
    (a, b) => b.nivel - a.nivel || b.fechaVencimiento.localeCompare(a.fechaVencimiento),
  )[0];
  return mejor
    ? `${ESQUEMA_CERTIFICACION_LABEL[mejor.esquema]} N${mejor.nivel} · vence ${formatFecha(mejor.fechaVencimiento)}`
    : null;
};

/** The alerts of an obra on `hoy`, from its team's rule and its members about to expire. */
const alertasObra = (
  base: Pick<ObraBase, 'estado' | 'fechaFinPrevista'>,
  equipoCumple: boolean,
  porVencer: number,
  hoy: string,
): string[] => {
  const alertas: string[] = [];
  if (base.estado === 'en_curso' && !equipoCumple) alertas.push(ALERTAS_OBRA.equipoNoApto);
  if (porVencer > 0 && (base.estado === 'en_curso' || base.estado === 'planificada'))
    alertas.push(T.certificacionesPorVencer(porVencer));
  if (
    (base.estado === 'en_curso' || base.estado === 'pausada') &&
    base.fechaFinPrevista &&
    base.fechaFinPrevista < hoy
  )
    alertas.push(ALERTAS_OBRA.finSuperado);
  return alertas;
};

/** The record as the API answers it: team with aptitude on `hoy`, team rule and alerts. */
export const completarObra = (
  base: ObraBase,
  miembros: readonly MiembroFila[],
  operarios: ReadonlyMap<string, OperarioAptitud>,
  hoy: string,
): Obra => {
  const equipo = miembros.flatMap((m) => {
    const operario = operarios.get(m.operarioId);
    if (!operario) return [];
    const aptitud = aptitudEn(operario, hoy);
    return [
      {
        operarioId: m.operarioId,
        rol: m.rol as 'supervisor' | 'tecnico',
        nombre: nombreCompleto(operario),
        documento: operario.documento,
        certificacion: certificacionTexto(operario),
        aptitud: { ...aptitud, estado: estadoAptitud(aptitud, hoy) },
      },
    ];
  });
  const regla = reglaEquipo(
    miembros.flatMap((m, indice) => {
      const operario = operarios.get(m.operarioId);
      return operario ? [{ operario, indice }] : [];
    }),
    hoy,
  );
  const porVencer = equipo.filter((m) => m.aptitud.estado === 'vence_pronto').length;
  return {
    ...(base as unknown as Omit<Obra, 'equipo' | 'aptitud' | 'alertas'>),
    equipo,
    aptitud: regla,
    alertas: alertasObra(base, regla.cumple, porVencer, hoy),
  };
};

/**
 * A list row: the record's alerts without the rest of the team (`equipo`: the members' aptitude
 * data in team order, read only for a planned or running obra, the only ones it can warn about).
 */
export const resumirObra = (
  base: ObraResumenBase,
  equipo: readonly OperarioAptitud[],
  hoy: string,
): ObraResumen => {
  // Only the verdicts: the record's messages (dates written out) cost a list more than its reads.
  const aptitudes = equipo.map((operario) => aptitudEn(operario, hoy));
  return {
    ...(base as Omit<ObraResumen, 'alertas'>),
    alertas: alertasObra(
      base,
      cumpleReglaEquipo(aptitudes),
      cuantasVencenPronto(aptitudes, hoy),
      hoy,
    ),
  };
};

const valores = (input: Omit<ObraCreate, 'equipo' | 'estado' | 'codigo'>) => ({
  nombre: input.nombre,
  clienteId: input.clienteId,
  ...direccionValuesOf('direccion', input.direccion),
  descripcion: input.descripcion ?? null,
  tipoTrabajo: input.tipoTrabajo,
  fechaInicioPrevista: input.fechaInicioPrevista ?? null,
  fechaFinPrevista: input.fechaFinPrevista ?? null,
  importePresupuesto: input.importePresupuesto ?? null,
  progreso: input.progreso,
  responsable: input.responsable ?? null,
  coordinadorSeguridad: input.coordinadorSeguridad ?? null,
  aperturaFecha: input.comunicacionApertura?.fecha ?? null,
  aperturaReferencia: input.comunicacionApertura?.referencia ?? null,
  observaciones: input.observaciones,
});

const busqueda = async (tx: Executor, codigo: string, input: ObraCreate) => {
  const nombres = await nombresParaBusqueda(tx, input.direccion.ciudadId, input.direccion.calleId);
  return [codigo, input.nombre, nombres.calle, nombres.ciudad, nombres.municipio]
    .filter((parte): parte is string => Boolean(parte))
    .map(normalizeSearchText)
    .join('\u001f');
};

export const createObrasService = (database: Database, today: Today) => {
  const db = database.db;

  const completarVarias = async (tx: Executor, bases: readonly ObraBase[]) => {
    const miembros = await equiposDe(
      tx,
      bases.map((b) => b._id),
    );
    const operarios = await operariosPorIds(
      tx,
      miembros.map((m) => m.operarioId),
    );
    return bases.map((base) =>
      completarObra(
        base,
        miembros.filter((m) => m.obraId === base._id),
        operarios,
        today(),
      ),
    );
  };

  const leer = async (tx: Executor, id: string): Promise<Obra> => {
    const base = await findObra(tx, id);
    if (!base) throw notFound(M.obraNoEncontrada);
    const [obra] = await completarVarias(tx, [base]);
    if (!obra) throw notFound(M.obraNoEncontrada);
    return obra;
  };

  /** Locks the obra for the rest of the transaction and reads it (for history and rules). */
  const bloquear = async (tx: Executor, id: string): Promise<Obra> => {
    if (!(await lockObra(tx, id))) throw notFound(M.obraNoEncontrada);
    return leer(tx, id);
  };

  const historial = (
    tx: Executor,
    user: Usuario | undefined,
    accion: 'crear' | 'modificar',
    antes: Obra | undefined,
    despues: Obra,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_OBRA,
      registroId: despues._id,
      empresa: 'verticales',
      accion,
      antes: antes && { ...antes, equipo: antes.equipo.map((m) => `${m.nombre} (${m.rol})`) },
      despues: { ...despues, equipo: despues.equipo.map((m) => `${m.nombre} (${m.rol})`) },
      campos: CAMPOS,
      usuario: user,
    });

  const comprobarEntrada = async (
    tx: Executor,
    input: ObraCreate,
    clienteActual: string | undefined,
  ) => {
    const errores: string[] = [];
    const activo = clienteActual !== input.clienteId;
    if (!(await esClienteVerticales(tx, input.clienteId, activo)))
      errores.push(`clienteId: ${M.clienteObra}`);
    const { errors } = await validateDireccion(tx, input.direccion);
    errores.push(...errors);
    if (errores.length > 0) throw invalidData(errores);
  };

  /** Applies a change under the row lock: version, history, answer. */
  const cambiar = (
    user: Usuario | undefined,
    id: string,
    version: number | undefined,
    cambio: (tx: Executor, antes: Obra) => Promise<void>,
  ) =>
    db.transaction(async (tx) => {
      const antes = await bloquear(tx, id);
      checkVersion(antes.version, version);
      await cambio(tx, antes);
      const despues = await leer(tx, id);
      await historial(tx, user, 'modificar', antes, despues);
      return despues;
    });

  const operariosDe = async (tx: Executor, obra: Obra) =>
    operariosPorIds(
      tx,
      obra.equipo.map((m) => m.operarioId),
    );

  /** §4.8 team rule on `fecha` over the stored team. */
  const reglaEn = async (tx: Executor, obra: Obra, fecha: string) => {
    const operarios = await operariosDe(tx, obra);
    return reglaEquipo(
      obra.equipo.flatMap((m, indice) => {
        const operario = operarios.get(m.operarioId);
        return operario ? [{ operario, indice }] : [];
      }),
      fecha,
    );
  };

  /** §3: the preconditions of each action, all failures at once. */
  const precondiciones = async (
    tx: Executor,
    obra: Obra,
    accion: AccionObra,
    fecha: string,
  ): Promise<string[]> => {
    const errores: string[] = [];
    if (accion === 'planificar' && (!obra.fechaInicioPrevista || !obra.fechaFinPrevista))
      errores.push(`fechaInicioPrevista: ${M.fechasPrevistas}`);
    if (accion === 'iniciar') {
      errores.push(...(await reglaEn(tx, obra, fecha)).errores);
      if (!obra.documentosSeguridad) errores.push(`documentos: ${M.documentosSeguridad}`);
      if (!obra.comunicacionApertura)
        errores.push(`comunicacionApertura: ${M.comunicacionApertura}`);
      else if (obra.comunicacionApertura.fecha > fecha)
        errores.push(`comunicacionApertura.fecha: ${T.aperturaPosterior(fecha)}`);
    }
    if (accion === 'reanudar') errores.push(...(await reglaEn(tx, obra, today())).errores);
    if (accion === 'finalizar') {
      if (obra.partesBorrador > 0)
        errores.push(`partesTrabajo: ${T.partesBorrador(obra.partesBorrador)}`);
      if (obra.fechaInicioReal && fecha < obra.fechaInicioReal)
        errores.push(`fecha: ${T.finAntesDeInicioReal(obra.fechaInicioReal)}`);
    }
    return errores;
  };

  const VERBO: Readonly<Record<AccionObra, string>> = {
    planificar: 'planificar',
    iniciar: 'iniciar',
    pausar: 'pausar',
    reanudar: 'reanudar',
    finalizar: 'finalizar',
    cancelar: 'cancelar',
    reabrir: 'reabrir',
    recuperar: 'recuperar',
  };

  return {
    leer,
    bloquear,
    reglaEn,

    list: async (user: Usuario, query: ObraListQuery) => {
      comprobarAlcance(user);
      const page = await pageOfObras(database, query);
      const hoy = today();
      return {
        data: page.data.map(({ base, equipo }) => resumirObra(base, equipo, hoy)),
        meta: page.meta,
      };
    },

    /**
     * Every obra of the filter, in list order (§6 CSV): the ids at once, the records in batches
     * as the response is read. PGlite answers in this thread, so between batches the event loop
     * serves whoever is waiting (as the suppliers' export).
     */
    exportRows: async (
      user: Usuario,
      query: Omit<ObraListQuery, 'page' | 'limit'>,
    ): Promise<AsyncIterable<ObraCsv>> => {
      comprobarAlcance(user);
      const ids = await idsDeObras(db, query);
      return (async function* lotes() {
        for (let inicio = 0; inicio < ids.length; inicio += LOTE_EXPORTACION) {
          yield* await obrasCsvPorIds(db, ids.slice(inicio, inicio + LOTE_EXPORTACION));
          await setImmediate();
        }
      })();
    },

    get: (id: string) => leer(db, id),

    /** Locks the obra for the rest of the transaction, without reading it (404 if missing). */
    bloquearSinLeer: async (tx: Executor, id: string) => {
      if (!(await lockObra(tx, id))) throw notFound(M.obraNoEncontrada);
    },

    /** 404 unless the obra exists (its partes' reads need no more of it). */
    comprobarQueExiste: async (id: string) => {
      if (!(await existeObra(db, id))) throw notFound(M.obraNoEncontrada);
    },

    history: async (id: string, query: HistorialQuery) => {
      await leer(db, id);
      return leerHistorial(database, RECURSO_OBRA, id, query);
    },

    create: async (user: Usuario, input: ObraCreate) => {
      comprobarAlcance(user);
      return db.transaction(async (tx) => {
        await comprobarEntrada(tx, input, undefined);
        const hoy = today();
        const { numero } = await asignarNumero(tx, {
          empresa: 'verticales',
          tipo: 'obra',
          anio: Number(hoy.slice(0, 4)),
        });
        const id = await insertObra(tx, {
          ...valores(input),
          codigo: numero,
          responsable: input.responsable ?? nombreUsuario(user),
          busqueda: await busqueda(tx, numero, input),
          ...autoria(user, { crear: true }),
        });
        const despues = await leer(tx, id);
        await historial(tx, user, 'crear', undefined, despues);
        return despues;
      });
    },

    update: (
      user: Usuario,
      id: string,
      input: Omit<ObraUpdate, 'version'>,
      version: number | undefined,
    ) =>
      cambiar(user, id, version, async (tx, antes) => {
        await comprobarEntrada(tx, input, antes.clienteId);
        const errores: string[] = [];
        if (
          antes.estado !== 'presupuestada' &&
          antes.estado !== 'cancelada' &&
          (!input.fechaInicioPrevista || !input.fechaFinPrevista)
        )
          errores.push(`fechaInicioPrevista: ${M.fechasPrevistas}`);
        const hoy = today();
        const inicioReal = antes.fechaInicioReal
          ? (input.fechaInicioReal ?? antes.fechaInicioReal)
          : null;
        const finReal = antes.fechaFinReal ? (input.fechaFinReal ?? antes.fechaFinReal) : null;
        if (inicioReal && inicioReal > hoy) errores.push(`fechaInicioReal: ${M.fechaFutura}`);
        if (finReal && finReal > hoy) errores.push(`fechaFinReal: ${M.fechaFutura}`);
        if (inicioReal && finReal && finReal < inicioReal)
          errores.push(`fechaFinReal: ${M.finAntesDeInicio}`);
        if (errores.length > 0) throw invalidData(errores);
        await updateObra(tx, id, {
          ...valores(input),
          fechaInicioReal: inicioReal,
          fechaFinReal: finReal,
          busqueda: await busqueda(tx, antes.codigo, input),
          ...autoria(user, { crear: false }),
        });
      }),

    /** POST /api/obras/{id}/estado (§3). */
    estado: (user: Usuario, id: string, input: ObraEstadoInput) =>
      cambiar(user, id, input.version, async (tx, antes) => {
        const regla = ACCION_OBRA[input.accion];
        if (!regla.desde.includes(antes.estado)) throw conflicto(T.estadoNoAdmite(antes.estado));
        const hoy = today();
        const errores: string[] = [];
        if (regla.motivo && !input.motivo) errores.push(`motivo: ${M.motivo}`);
        if (input.fecha && input.fecha > hoy) errores.push(`fecha: ${M.fechaFutura}`);
        if (errores.length > 0) throw invalidData(errores);
        const fecha = input.fecha ?? hoy;
        const fallos = await precondiciones(tx, antes, input.accion, fecha);
        if (fallos.length > 0) throw conflicto(T.noSePuede(VERBO[input.accion]), fallos);
        const cambios: Parameters<typeof updateObra>[2] = {
          estado: regla.a,
          ...autoria(user, { crear: false }),
        };
        if (input.accion === 'iniciar') cambios.fechaInicioReal = fecha;
        if (input.accion === 'finalizar')
          Object.assign(cambios, { fechaFinReal: fecha, progreso: 100 });
        if (input.accion === 'reabrir') cambios.fechaFinReal = null;
        cambios.motivoEstado = regla.motivo ? (input.motivo ?? null) : null;
        await updateObra(tx, id, cambios);
      }),

    /** PUT /api/obras/{id}/equipo (§2.3, §4.8): the only way to set the team. */
    equipo: (user: Usuario, id: string, input: ObraEquipoInput) =>
      cambiar(user, id, input.version, async (tx) => {
        const operarios = await operariosPorIds(
          tx,
          input.miembros.map((m) => m.operarioId),
        );
        const errores: string[] = [];
        const vistos = new Set<string>();
        input.miembros.forEach((m, i) => {
          const operario = operarios.get(m.operarioId);
          if (!operario || !operario.activo)
            errores.push(`equipo[${i}].operarioId: ${M.operarioActivo}`);
          else if (vistos.has(m.operarioId))
            errores.push(`equipo[${i}].operarioId: ${M.operarioRepetido}`);
          vistos.add(m.operarioId);
        });
        if (errores.length > 0) throw invalidData(errores);
        const hoy = today();
        const supervisores = input.miembros.flatMap((m, i) => {
          const operario = operarios.get(m.operarioId);
          if (m.rol !== 'supervisor' || !operario) return [];
          const aptitud = aptitudEn(operario, hoy);
          return aptitud.apto && aptitud.nivel === 3
            ? []
            : [`equipo[${i}].rol: ${T.supervisorNivel3(nombreCompleto(operario))}`];
        });
        if (supervisores.length > 0) throw conflicto(M.guardarEquipo, supervisores);
        await replaceEquipo(tx, id, input.miembros);
        await updateObra(tx, id, autoria(user, { crear: false }));
      }),

    /** A document change bumps the obra's version and leaves a history row (§4.10). */
    tocar: (tx: Executor, user: Usuario, id: string) =>
      updateObra(tx, id, autoria(user, { crear: false })),
  };
};

export type ObrasService = ReturnType<typeof createObrasService>;

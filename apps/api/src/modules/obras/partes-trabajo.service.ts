import { formatFecha, formatNumero } from '@tvsistema/domain/format';
import {
  aptitudEn,
  ESTADO_PARTE_TRABAJO_LABEL,
  MAX_FOTOS_PARTE,
  nombreCompleto,
  OBRAS_MESSAGES as M,
  OBRAS_TEXTOS as T,
  reglaEquipoParte,
  HORAS_MAX_DIA,
  type Obra,
  type ParteTrabajoCreate,
} from '@tvsistema/domain/obras';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { addDecimals, compareDecimals } from '@tvsistema/domain/money';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import type { Today } from '../../module.js';
import { registrarHistorial } from '../historial/index.js';
import { asignarNumero } from '../numeracion/index.js';
import { autoria, conflicto, nombreUsuario, type Usuario } from './obras-comun.js';
import { RECURSO_OBRA, type ObrasService } from './obras.service.js';
import {
  cerrarParteTrabajo,
  deleteParteTrabajo,
  findParteTrabajo,
  leerParaCerrar,
  horasDelDia,
  insertParteTrabajo,
  lockParteTrabajo,
  numerarParteTrabajo,
  pageOfPartesTrabajo,
  replaceParteOperarios,
  updateParteTrabajo,
  type ParteTrabajoBase,
} from './partes-trabajo.repository.js';

// §2.5, §3, §4.9: daily work reports. Drafts are edited freely within the rules; closing checks
// every operario's aptitude and the rope team rule, then takes the PT number.

const CAMPOS = ['partesTrabajo'] as const;

/** "PT2026-00001 del 12/03/2026: Cerrado, 16,00 h": a parte as the obra's Historial reads it. */
const resumen = (p: ParteTrabajoBase) =>
  `${p.numero ?? 'Parte'} del ${formatFecha(p.fecha)}: ${ESTADO_PARTE_TRABAJO_LABEL[p.estado]}, ${formatNumero(p.horasTotales, 2)} h`;

const valores = (input: ParteTrabajoCreate) => ({
  fecha: input.fecha,
  trabajoEnCuerda: input.trabajoEnCuerda,
  tareas: input.tareas,
  incidencias: input.incidencias,
  vientoKmh: input.meteorologia?.vientoKmh ?? null,
  lluvia: input.meteorologia ? input.meteorologia.lluvia : null,
  avance: input.avance ?? null,
  observaciones: input.observaciones ?? null,
});

export const createPartesTrabajoService = (
  database: Database,
  today: Today,
  obras: ObrasService,
) => {
  const db = database.db;

  const leer = async (tx: Executor, obraId: string, id: string) => {
    const parte = await findParteTrabajo(tx, obraId, id);
    if (!parte) throw notFound(M.parteNoEncontrado);
    return parte;
  };

  /** §4.10: a parte's change is one history row of its obra ("Partes de trabajo"). */
  const historial = (
    tx: Executor,
    user: Usuario,
    antes: ParteTrabajoBase | undefined,
    despues: ParteTrabajoBase | undefined,
    motivo?: string,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_OBRA,
      registroId: (despues ?? antes)?.obraId ?? '',
      empresa: 'verticales',
      accion: 'modificar',
      antes: { partesTrabajo: antes ? resumen(antes) : null },
      despues: {
        partesTrabajo: despues
          ? `${resumen(despues)}${motivo ? ` (motivo: ${motivo})` : ''}`
          : `${resumen(antes as ParteTrabajoBase)}: eliminado`,
      },
      campos: CAMPOS,
      usuario: user,
    });

  /** §2.5 and §4.9 rules of a draft's content: dates, team membership, 12 h a day. */
  const comprobar = async (
    tx: Executor,
    obra: Obra,
    input: ParteTrabajoCreate,
    excepto: string | undefined,
  ) => {
    const hoy = today();
    const errores: string[] = [];
    if (input.fecha > hoy) errores.push(`fecha: ${M.fechaFutura}`);
    if (obra.fechaInicioReal && input.fecha < obra.fechaInicioReal)
      errores.push(`fecha: ${M.fechaParteAntesDeInicio(obra.fechaInicioReal)}`);
    const equipo = new Set(obra.equipo.map((m) => m.operarioId));
    const vistos = new Set<string>();
    input.operarios.forEach((o, i) => {
      if (!equipo.has(o.operarioId))
        errores.push(`operarios[${i}].operarioId: ${M.operarioFueraDeEquipo}`);
      else if (vistos.has(o.operarioId))
        errores.push(`operarios[${i}].operarioId: ${M.operarioRepetidoParte}`);
      vistos.add(o.operarioId);
    });
    if (errores.length > 0) throw invalidData(errores);
    const yaTiene = await horasDelDia(
      tx,
      input.operarios.map((o) => o.operarioId),
      input.fecha,
      excepto,
    );
    const nombres = new Map(obra.equipo.map((m) => [m.operarioId, m.nombre]));
    const exceso = input.operarios.flatMap((o, i) => {
      const previas = yaTiene.get(o.operarioId) ?? '0';
      const suma = addDecimals(previas, o.horas);
      return compareDecimals(suma, HORAS_MAX_DIA) > 0
        ? [
            `operarios[${i}].horas: ${T.horasDia(nombres.get(o.operarioId) ?? '', input.fecha, previas, suma)}`,
          ]
        : [];
    });
    if (exceso.length > 0) throw conflicto('No se puede guardar el parte de trabajo', exceso);
  };

  const obraDe = async (tx: Executor, obraId: string) => obras.leer(tx, obraId);

  return {
    /** One prepared statement: the page, its total and whether the obra exists (§10). */
    list: async (obraId: string, page: number, limit: number) => {
      const pagina = await pageOfPartesTrabajo(database, obraId, page, limit);
      if (!pagina.existe) throw notFound(M.obraNoEncontrada);
      return { data: pagina.data, meta: pageMetaOf(page, limit, pagina.total) };
    },
    get: async (obraId: string, id: string) => {
      await obras.comprobarQueExiste(obraId);
      return leer(db, obraId, id);
    },
    leer,

    /** §4.10: a photo added to or removed from a parte is a history row of its obra too. */
    fotoEnHistorial: (
      user: Usuario,
      parte: ParteTrabajoBase,
      nombre: string,
      cambio: 'añadida' | 'eliminada',
    ) =>
      registrarHistorial(db, {
        recurso: RECURSO_OBRA,
        registroId: parte.obraId,
        empresa: 'verticales',
        accion: 'modificar',
        antes: { partesTrabajo: resumen(parte) },
        despues: { partesTrabajo: `${resumen(parte)}: foto «${nombre}» ${cambio}` },
        campos: CAMPOS,
        usuario: user,
      }),

    create: (user: Usuario, obraId: string, input: ParteTrabajoCreate) =>
      db.transaction(async (tx) => {
        const obra = await obras.bloquear(tx, obraId);
        if (obra.estado !== 'en_curso') throw conflicto(M.partesSoloEnCurso);
        await comprobar(tx, obra, input, undefined);
        const id = await insertParteTrabajo(tx, {
          obraId,
          ...valores(input),
          ...autoria(user, { crear: true }),
        });
        await replaceParteOperarios(tx, id, obraId, input.fecha, input.operarios);
        const despues = await leer(tx, obraId, id);
        await historial(tx, user, undefined, despues);
        return despues;
      }),

    update: (
      user: Usuario,
      obraId: string,
      id: string,
      input: ParteTrabajoCreate,
      version: number | undefined,
    ) =>
      db.transaction(async (tx) => {
        const obra = await obraDe(tx, obraId);
        if (!(await lockParteTrabajo(tx, id))) throw notFound(M.parteNoEncontrado);
        const antes = await leer(tx, obraId, id);
        checkVersion(antes.version, version);
        if (antes.estado !== 'borrador') throw conflicto(M.parteCerrado);
        await comprobar(tx, obra, input, id);
        await updateParteTrabajo(tx, id, { ...valores(input), ...autoria(user, { crear: false }) });
        await replaceParteOperarios(tx, id, obraId, input.fecha, input.operarios);
        const despues = await leer(tx, obraId, id);
        await historial(tx, user, antes, despues);
        return despues;
      }),

    /** Only a draft; it consumed no number (§4.10). */
    remove: (user: Usuario, obraId: string, id: string) =>
      db.transaction(async (tx) => {
        await obraDe(tx, obraId);
        if (!(await lockParteTrabajo(tx, id))) throw notFound(M.parteNoEncontrado);
        const antes = await leer(tx, obraId, id);
        if (antes.estado !== 'borrador') throw conflicto(M.parteCerrado);
        await deleteParteTrabajo(tx, id);
        await historial(tx, user, antes, undefined);
        return antes;
      }),

    /** §4.9 "Cerrar parte". */
    cerrar: (user: Usuario, obraId: string, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        // §10 (≤ 80 ms): the obra is locked, not read; then one statement reads and locks the
        // parte with the previous avance and its operarios' aptitude data.
        await obras.bloquearSinLeer(tx, obraId);
        const lectura = await leerParaCerrar(tx, obraId, id);
        if (!lectura) throw notFound(M.parteNoEncontrado);
        const { parte: antes, progreso, operarios } = lectura;
        checkVersion(antes.version, version);
        if (antes.estado !== 'borrador') throw conflicto(M.parteYaCerrado);
        const previo = progreso.previo;
        if (antes.avance !== null && previo !== null && antes.avance < previo)
          throw invalidData([`avance: ${M.avanceInferior(previo)}`]);
        const errores: string[] = [];
        const datos = antes.operarios.flatMap((o, i) => {
          const operario = operarios.get(o.operarioId);
          if (!operario) return [];
          const aptitud = aptitudEn(operario, antes.fecha);
          if (!aptitud.apto)
            errores.push(
              `operarios[${i}]: ${T.noCumple(nombreCompleto(operario), antes.fecha, aptitud.motivos)}`,
            );
          return [operario];
        });
        if (antes.trabajoEnCuerda) errores.push(...reglaEquipoParte(datos, antes.fecha));
        if (errores.length > 0) throw conflicto(M.cerrarParte, errores);
        // The latest parte's avance becomes the obra's progress, in the closing statement.
        const cerrado = await cerrarParteTrabajo(
          tx,
          id,
          {
            cerradoPor: nombreUsuario(user),
            cerradoAt: new Date(),
            ...autoria(user, { crear: false }),
          },
          antes.avance !== null && progreso.ultimo ? { obraId, progreso: antes.avance } : undefined,
        );
        if (!cerrado) throw notFound(M.parteNoEncontrado);
        // §10: the shared counter's row stays locked until the commit, so every close of the year
        // waits for it: the number is taken after the other writes, and only the number and the
        // history row are written while it is held.
        let despues = cerrado;
        if (antes.numero === null) {
          const { numero } = await asignarNumero(tx, {
            empresa: 'verticales',
            tipo: 'parte_trabajo',
            anio: Number(antes.fecha.slice(0, 4)),
          });
          await numerarParteTrabajo(tx, id, numero);
          despues = { ...cerrado, numero };
        }
        await historial(tx, user, antes, despues);
        return despues;
      }),

    /** "Reabrir parte": back to draft, keeping its number; the reason goes to Historial. */
    reabrir: (
      user: Usuario,
      obraId: string,
      id: string,
      motivo: string,
      version: number | undefined,
    ) =>
      db.transaction(async (tx) => {
        const obra = await obras.bloquear(tx, obraId);
        if (obra.estado !== 'en_curso' && obra.estado !== 'pausada')
          throw conflicto(T.estadoNoAdmite(obra.estado));
        if (!(await lockParteTrabajo(tx, id))) throw notFound(M.parteNoEncontrado);
        const antes = await leer(tx, obraId, id);
        checkVersion(antes.version, version);
        if (antes.estado !== 'cerrado') throw conflicto(M.parteNoCerrado);
        await updateParteTrabajo(tx, id, {
          estado: 'borrador',
          cerradoPor: null,
          cerradoAt: null,
          ...autoria(user, { crear: false }),
        });
        const despues = await leer(tx, obraId, id);
        await historial(tx, user, antes, despues, motivo);
        return despues;
      }),

    /** §4.9: photos only on drafts, at most 20. */
    puedeAnadirFoto: async (tx: Executor, parte: ParteTrabajoBase) => {
      if (parte.estado !== 'borrador') throw conflicto(M.parteCerrado);
      if (parte.fotos >= MAX_FOTOS_PARTE) throw conflicto(M.maxFotos);
    },
  };
};

export type PartesTrabajoService = ReturnType<typeof createPartesTrabajoService>;

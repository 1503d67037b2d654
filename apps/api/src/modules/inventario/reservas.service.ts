import { z } from 'zod';
import { diaEnMadrid } from '@tvsistema/domain/format';
import {
  avisosMaquina,
  conflictosMaquina,
  disponibilidadPorDia,
  libresMinimos,
  faltanPiezas,
  situacionRevision,
  type Aviso,
  type BloqueoActivo,
  type Conflicto,
  type DisponibilidadRespuesta,
  type TipoConflicto,
} from '@tvsistema/domain/inventario';
import { addDecimals, multiplyDecimals } from '@tvsistema/domain/money';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pgErrorOf } from '../../db/pg-errors.js';
import { HttpError } from '../../http/errors.js';
import type { Today } from '../../module.js';
import {
  bloqueosActivos,
  bloqueosEnPeriodo,
  insertBloqueos,
  leerComponentesReserva,
  leerMaquinasReserva,
  liberarDeOrigen,
  paginaComponentesOcupacion,
  paginaMaquinasOcupacion,
} from './bloqueos.repository.js';

// §6.5 for comercial: reserve, re-reserve, release and check availability, each inside the
// caller's transaction. R6: machines and stock rows are locked in id order, R4/R5 re-checked,
// then the bloqueos inserted; the exclusion constraint backs it (23P01 is the same 409).

export type OrigenReserva = { tipo: 'alquiler'; id: string; numero: string; etiqueta: string };
export type RecursoReserva = {
  lineaId: string;
  maquinaId?: string | undefined;
  componenteId?: string | undefined;
  cantidad: number;
  desde: string;
  hasta: string;
};

export type ConflictoLinea = {
  indice: number;
  lineaId: string;
  mensaje: string;
  tipo: TipoConflicto | 'stock';
};

/** 409 with the §4 texts: `errors` per line (`lineas[i].maquinaId: …`), `conflictos` per lineaId. */
export class ConflictoError extends HttpError {
  readonly conflictos: ConflictoLinea[];
  constructor(conflictos: ConflictoLinea[], errors: string[]) {
    super(409, conflictos[0]?.mensaje ?? 'Conflicto de disponibilidad', { errors });
    this.name = 'ConflictoError';
    this.conflictos = conflictos;
  }
}

const EXCLUSION_VIOLATION = '23P01';

type LineaRespuesta = DisponibilidadRespuesta['lineas'][number];

export const ocupacionSchema = z.object({
  _id: z.string(),
  origenTipo: z.enum(['alquiler', 'mantenimiento']),
  origenId: z.string(),
  numero: z.string(),
  etiqueta: z.string(),
  cantidad: z.number().int(),
  desde: z.string(),
  hasta: z.string().nullable(),
  preparacionHasta: z.string().nullable(),
  estado: z.enum(['activo', 'liberado']),
  enCurso: z.boolean(),
  /** Past work whatever its dates: a finished maintenance, or a rental booking its return ended. */
  finalizado: z.boolean(),
  vencido: z.boolean(),
});

const unicos = (ids: (string | undefined)[]) =>
  [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();

/** A line of this request already checked, as a bloqueo the next lines must respect. */
const virtual = (recurso: RecursoReserva, preparacion: number): BloqueoActivo => ({
  origenTipo: 'alquiler',
  origenId: '',
  lineaId: recurso.lineaId,
  numero: 'esta reserva',
  etiqueta: '',
  cantidad: recurso.cantidad,
  desde: recurso.desde,
  hasta: recurso.hasta,
  preparacion,
  exclusivo: true,
  enCurso: false,
});

const sinConflictos = (c: Conflicto) => ({
  tipo: c.tipo,
  numero: c.numero,
  etiqueta: c.etiqueta,
  desde: c.desde,
  hasta: c.hasta,
});

/**
 * R4/R5 over every line, each with its own dates; lines of one resource see each other. It informs
 * (never throws for conflicts); `bloquear` locks the rows first (reservar).
 */
export const comprobarDisponibilidad = async (
  tx: Executor,
  {
    recursos,
    excluirOrigenId,
    hoy = diaEnMadrid(),
    bloquear = false,
  }: {
    recursos: readonly RecursoReserva[];
    excluirOrigenId?: string | undefined;
    hoy?: string;
    bloquear?: boolean;
  },
): Promise<DisponibilidadRespuesta> => {
  const maquinaIds = unicos(recursos.map((r) => r.maquinaId));
  const componenteIds = unicos(recursos.map((r) => r.componenteId));
  const maquinas = new Map(
    (await leerMaquinasReserva(tx, maquinaIds, bloquear)).map((m) => [m.id, m]),
  );
  const componentes = new Map(
    (await leerComponentesReserva(tx, componenteIds, bloquear)).map((c) => [c.id, c]),
  );
  const desde = recursos.map((r) => r.desde).sort()[0] ?? hoy;
  const hasta =
    recursos
      .map((r) => r.hasta)
      .sort()
      .at(-1) ?? hoy;
  const rango = { desde, hasta, hoy, excluirOrigenId };
  const deMaquinas = await bloqueosActivos(tx, { clase: 'maquina', ids: maquinaIds, ...rango });
  const deComponentes = await bloqueosActivos(tx, {
    clase: 'componente',
    ids: componenteIds,
    ...rango,
  });
  const previas = new Map<string, BloqueoActivo[]>();
  let pesoTotalKg = '0';
  const lineas: LineaRespuesta[] = [];
  for (const [indice, recurso] of recursos.entries()) {
    const id = recurso.maquinaId ?? recurso.componenteId ?? '';
    const propias = previas.get(id) ?? [];
    if (recurso.maquinaId) {
      const maquina = maquinas.get(recurso.maquinaId);
      if (!maquina) {
        lineas.push(noEncontrada(indice, recurso, 'Máquina no encontrada'));
        continue;
      }
      const conflictos = conflictosMaquina({
        codigo: maquina.codigo,
        estado: maquina.estado,
        diasPreparacion: maquina.diasPreparacion,
        desde: recurso.desde,
        hasta: recurso.hasta,
        hoy,
        bloqueos: [...(deMaquinas.get(maquina.id) ?? []), ...propias],
      });
      const avisos: Aviso[] = avisosMaquina({
        anio: maquina.anio,
        tieneMatricula: maquina.matricula !== null,
        requiereItv: maquina.requiereItv,
        documentos: maquina.documentos,
        revisiones: maquina.revisiones.map((r) => ({
          nombre: r.nombre,
          ...situacionRevision(r, maquina.horasAcumuladas, hoy),
        })),
        hoy,
        rango: { desde: recurso.desde, hasta: recurso.hasta },
      });
      pesoTotalKg = addDecimals(pesoTotalKg, maquina.pesoKg);
      lineas.push({
        indice,
        codigo: maquina.codigo,
        solicitadas: 1,
        libresMin: conflictos.length === 0 ? 1 : 0,
        fechaLimitante:
          conflictos[0]?.desde && conflictos[0].desde > recurso.desde
            ? conflictos[0].desde
            : recurso.desde,
        ok: conflictos.length === 0,
        mensaje: conflictos[0]?.mensaje ?? null,
        conflictos: conflictos.map(sinConflictos),
        avisos,
      });
      previas.set(id, [...propias, virtual(recurso, maquina.diasPreparacion)]);
    } else {
      const componente = componentes.get(recurso.componenteId ?? '');
      if (!componente) {
        lineas.push(noEncontrada(indice, recurso, 'Componente no encontrado'));
        continue;
      }
      const disponibilidad = libresMinimos({
        capacidad: componente.capacidad,
        desde: recurso.desde,
        hasta: recurso.hasta,
        hoy,
        bloqueos: [...(deComponentes.get(componente.id) ?? []), ...propias],
      });
      const mensaje = faltanPiezas(componente.codigo, disponibilidad, recurso.cantidad);
      const vencidos = (deComponentes.get(componente.id) ?? []).filter(
        (b) => b.enCurso && b.hasta !== null && b.hasta < hoy,
      );
      pesoTotalKg = addDecimals(pesoTotalKg, multiplyDecimals(componente.pesoKg, recurso.cantidad));
      lineas.push({
        indice,
        codigo: componente.codigo,
        solicitadas: recurso.cantidad,
        libresMin: disponibilidad.libresMin,
        fechaLimitante: disponibilidad.fechaLimitante,
        ok: mensaje === null,
        mensaje,
        conflictos: vencidos.map((b) => ({
          tipo: 'vencido' as const,
          numero: b.numero,
          etiqueta: b.etiqueta,
          desde: b.desde,
          hasta: b.hasta,
        })),
        avisos: [],
      });
      previas.set(id, [...propias, virtual(recurso, 0)]);
    }
  }
  return {
    ok: lineas.every((linea) => linea.ok),
    pesoTotalKg: Number(pesoTotalKg).toFixed(1),
    lineas,
  };
};

const noEncontrada = (
  indice: number,
  recurso: RecursoReserva,
  mensaje: string,
): LineaRespuesta => ({
  indice,
  codigo: '',
  solicitadas: recurso.cantidad,
  libresMin: 0,
  fechaLimitante: recurso.desde,
  ok: false,
  mensaje,
  conflictos: [],
  avisos: [],
});

const campoDe = (recurso: RecursoReserva) => (recurso.maquinaId ? 'maquinaId' : 'cantidad');

const lanzarSiConflictos = (
  recursos: readonly RecursoReserva[],
  respuesta: DisponibilidadRespuesta,
) => {
  const fallidas = respuesta.lineas.filter((linea) => !linea.ok);
  if (fallidas.length === 0) return;
  const conflictos = fallidas.map((linea) => {
    const recurso = recursos[linea.indice] as RecursoReserva;
    return {
      indice: linea.indice,
      lineaId: recurso.lineaId,
      mensaje: linea.mensaje ?? '',
      tipo: linea.conflictos[0]?.tipo ?? ('stock' as const),
    };
  });
  throw new ConflictoError(
    conflictos,
    conflictos.map(
      (c) => `lineas[${c.indice}].${campoDe(recursos[c.indice] as RecursoReserva)}: ${c.mensaje}`,
    ),
  );
};

const insertarBloqueos = async (
  tx: Executor,
  origen: OrigenReserva,
  recursos: readonly RecursoReserva[],
  enCurso: ReadonlySet<string> = new Set(),
) => {
  await insertBloqueos(
    tx,
    recursos.map((recurso) => ({
      maquinaId: recurso.maquinaId,
      componenteId: recurso.componenteId,
      cantidad: recurso.cantidad,
      desde: recurso.desde,
      hasta: recurso.hasta,
      origenTipo: origen.tipo,
      origenId: origen.id,
      lineaId: recurso.lineaId,
      numero: origen.numero,
      etiqueta: origen.etiqueta,
      exclusivo: true,
      enCurso: enCurso.has(`${recurso.lineaId}:${recurso.maquinaId ?? recurso.componenteId}`),
      conPreparacion: true,
    })),
  );
};

/** The constraint's refusal as R6's 409 (two lines of one request on one machine). */
const traducirExclusion = (error: unknown) => {
  if (pgErrorOf(error)?.code === EXCLUSION_VIOLATION)
    return new ConflictoError(
      [
        {
          indice: 0,
          lineaId: '',
          mensaje: 'La máquina ya está reservada en esas fechas',
          tipo: 'alquiler',
        },
      ],
      ['lineas[0].maquinaId: La máquina ya está reservada en esas fechas'],
    );
  return error;
};

/** Runs `fn` in a savepoint so a refused insert leaves the caller's transaction usable. */
const enSavepoint = async <T>(tx: Executor, fn: (tx: Executor) => Promise<T>): Promise<T> => {
  try {
    return await (tx as Extract<Executor, { transaction: unknown }>).transaction(fn as never);
  } catch (error) {
    throw traducirExclusion(error);
  }
};

export const reservar = (
  tx: Executor,
  {
    origen,
    recursos,
    hoy = diaEnMadrid(),
  }: { origen: OrigenReserva; recursos: readonly RecursoReserva[]; hoy?: string },
) =>
  enSavepoint(tx, async (inner) => {
    const respuesta = await comprobarDisponibilidad(inner, { recursos, hoy, bloquear: true });
    lanzarSiConflictos(recursos, respuesta);
    await insertarBloqueos(inner, origen, recursos);
    return respuesta;
  });

/** Replaces the origin's active bloqueos (its own excluded from the check); delivered lines stay delivered. */
export const sustituirReservas = (
  tx: Executor,
  {
    origen,
    recursos,
    hoy = diaEnMadrid(),
  }: { origen: OrigenReserva; recursos: readonly RecursoReserva[]; hoy?: string },
) =>
  enSavepoint(tx, async (inner) => {
    const respuesta = await comprobarDisponibilidad(inner, {
      recursos,
      hoy,
      bloquear: true,
      excluirOrigenId: origen.id,
    });
    lanzarSiConflictos(recursos, respuesta);
    const enCurso = new Set(
      await liberarDeOrigen(inner, origen.tipo, origen.id, { soloNoEntregados: false }),
    );
    await insertarBloqueos(inner, origen, recursos, enCurso);
    return respuesta;
  });

/** Cancels the origin's bookings that were not delivered (those must come back first). */
export const liberarReservas = async (
  tx: Executor,
  { origen }: { origen: Pick<OrigenReserva, 'tipo' | 'id'> },
) => {
  await liberarDeOrigen(tx, origen.tipo, origen.id, { soloNoEntregados: true });
};

const conVencido = <B extends { enCurso: boolean; hasta: string | null }>(b: B, hoy: string) => ({
  ...b,
  vencido: b.enCurso && b.hasta !== null && b.hasta < hoy,
});

export type OcupacionConsulta = {
  clase: 'maquina' | 'andamio';
  desde: string;
  hasta: string;
  tipo?: string | undefined;
  categoria?: string | undefined;
  q?: string | undefined;
  page: number;
  limit: number;
};

/** §6.5 `ocupacion`: comercial's calendar feed, per machine or per component. */
export const ocupacion = async (
  tx: Executor,
  { hoy = diaEnMadrid(), ...consulta }: OcupacionConsulta & { hoy?: string },
) => {
  if (consulta.clase === 'maquina') {
    const { filas, total } = await paginaMaquinasOcupacion(tx, consulta);
    const bloqueos = await bloqueosEnPeriodo(
      tx,
      'maquina',
      filas.map((f) => f._id),
      consulta.desde,
      consulta.hasta,
      hoy,
    );
    return {
      data: filas.map((maquina) => ({
        maquina,
        bloqueos: bloqueos
          .filter((b) => b.recursoId === maquina._id)
          .map(({ recursoId: _r, _id: _i, estado: _e, cantidad: _c, finalizado: _f, ...b }) =>
            conVencido(b, hoy),
          ),
      })),
      meta: {
        page: consulta.page,
        limit: consulta.limit,
        total,
        totalPages: Math.ceil(total / consulta.limit),
      },
    };
  }
  const { filas, total } = await paginaComponentesOcupacion(tx, consulta);
  const activos = await bloqueosActivos(tx, {
    clase: 'componente',
    ids: filas.map((f) => f._id),
    desde: consulta.desde,
    hasta: consulta.hasta,
    hoy,
  });
  const enPeriodo = await bloqueosEnPeriodo(
    tx,
    'componente',
    filas.map((f) => f._id),
    consulta.desde,
    consulta.hasta,
    hoy,
  );
  return {
    data: filas.map(({ capacidad, ...componente }) => ({
      componente,
      capacidad,
      dias: disponibilidadPorDia({
        capacidad,
        desde: consulta.desde,
        hasta: consulta.hasta,
        hoy,
        bloqueos: activos.get(componente._id) ?? [],
      }).dias,
      bloqueos: enPeriodo
        .filter((b) => b.recursoId === componente._id)
        .map(({ recursoId: _r, _id: _i, estado: _e, finalizado: _f, ...b }) => conVencido(b, hoy)),
    })),
    meta: {
      page: consulta.page,
      limit: consulta.limit,
      total,
      totalPages: Math.ceil(total / consulta.limit),
    },
  };
};

/** The service as the routes use it (with the app's database and clock). */
export const createReservasService = (database: Database, today: Today) => ({
  ocupacionMaquina: async (maquinaId: string, desde: string, hasta: string) =>
    (await bloqueosEnPeriodo(database.db, 'maquina', [maquinaId], desde, hasta, today())).map(
      ({ recursoId: _r, ...b }) => conVencido(b, today()),
    ),
  disponibilidad: (recursos: readonly RecursoReserva[], excluirOrigenId: string | undefined) =>
    comprobarDisponibilidad(database.db, { recursos, excluirOrigenId, hoy: today() }),
  disponibilidadComponente: async (componenteId: string, desde: string, hasta: string) => {
    const hoy = today();
    const [componente] = await leerComponentesReserva(database.db, [componenteId], false);
    if (!componente) return undefined;
    const activos = await bloqueosActivos(database.db, {
      clase: 'componente',
      ids: [componenteId],
      desde,
      hasta,
      hoy,
    });
    const { dias, libresMin, fechaLimitante } = disponibilidadPorDia({
      capacidad: componente.capacidad,
      desde,
      hasta,
      hoy,
      bloqueos: activos.get(componenteId) ?? [],
    });
    const reservas = (
      await bloqueosEnPeriodo(database.db, 'componente', [componenteId], desde, hasta, hoy)
    ).map(({ recursoId: _r, ...b }) => conVencido(b, hoy));
    return { capacidad: componente.capacidad, libresMin, fechaLimitante, dias, reservas };
  },
});

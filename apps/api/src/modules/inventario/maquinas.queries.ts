import { sql, type SQL } from 'drizzle-orm';
import { checkSpanishPlate } from '@tvsistema/domain/documento';
import {
  avisosMaquina,
  parseMaquinaSort,
  situacionRevision,
  type Aviso,
  type Maquina,
  type MaquinaListQuery,
  type MaquinaSortField,
  type TipoDocumentoMaquina,
} from '@tvsistema/domain/inventario';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { rowsOf, type Executor } from '../../db/executor.js';
import {
  auditoriaJson,
  dondeTodos,
  filtroBusqueda,
  idValido,
  ordenPor,
} from './inventario-comun.js';

// How a machine is read (§2.1): one statement builds the stored part as JSON, with its documents'
// expiries, plan items, open maintenance and next booking; `completarMaquina` adds what depends
// on "hoy" (plan situation R10, avisos R11) through the domain's functions.

type RevisionGuardada = {
  _id: string;
  nombre: string;
  cadaHoras: number | null;
  cadaMeses: number | null;
  avisoHoras: number;
  avisoDias: number;
  ultimaFecha: string;
  ultimasHoras: string;
};

/** The stored record before "hoy" is applied. */
export type MaquinaGuardada = Omit<Maquina, 'avisos' | 'planRevisiones' | 'matricula'> & {
  matricula: string | null;
  revisiones: RevisionGuardada[];
  documentos: { tipo: TipoDocumentoMaquina; fechaCaducidad: string | null }[];
};

const json = (hoy: string) =>
  sql`jsonb_build_object(${sql.raw(auditoriaJson('m'))},
    'codigoInterno', m.codigo_interno, 'tipo', m.tipo, 'marca', m.marca, 'modelo', m.modelo,
    'anio', m.anio, 'numeroSerie', m.numero_serie, 'matricula', m.matricula,
    'fechaMatriculacion', m.fecha_matriculacion, 'requiereItv', m.requiere_itv,
    'horometro', m.horometro::text, 'horasAcumuladas', m.horas_acumuladas::text, 'estado', m.estado,
    'tarifas', jsonb_build_object('dia', m.tarifa_dia::text, 'semana', m.tarifa_semana::text,
      'mes', m.tarifa_mes::text, 'horasIncluidasDia', m.horas_incluidas_dia,
      'horaExtra', m.hora_extra::text, 'fianza', m.fianza::text),
    'diasPreparacion', m.dias_preparacion, 'pesoKg', m.peso_kg::text,
    'dimensiones', jsonb_build_object('largoMm', (m.dimensiones->>'largoMm')::int,
      'anchoMm', (m.dimensiones->>'anchoMm')::int, 'altoMm', (m.dimensiones->>'altoMm')::int),
    'combustible', m.combustible, 'caracteristicas', m.caracteristicas,
    'fechaAdquisicion', m.fecha_adquisicion, 'precioAdquisicion', m.precio_adquisicion::text,
    'proveedor', (select jsonb_build_object('_id', p.id, 'nombre', p.nombre)
                    from partes p where p.id = m.proveedor_id),
    'observaciones', m.observaciones, 'baja', m.baja,
    'revisiones', coalesce((select jsonb_agg(jsonb_build_object('_id', r.id, 'nombre', r.nombre,
        'cadaHoras', r.cada_horas, 'cadaMeses', r.cada_meses, 'avisoHoras', r.aviso_horas,
        'avisoDias', r.aviso_dias, 'ultimaFecha', r.ultima_fecha,
        'ultimasHoras', r.ultimas_horas::text) order by r.posicion)
      from maquina_revisiones r where r.maquina_id = m.id), '[]'::jsonb),
    'documentos', coalesce((select jsonb_agg(jsonb_build_object('tipo', d.tipo,
        'fechaCaducidad', d.fecha_caducidad))
      from maquina_documentos d where d.maquina_id = m.id), '[]'::jsonb),
    'mantenimientoAbierto', (select jsonb_build_object('_id', x.id, 'tipo', x.tipo,
        'descripcion', x.descripcion, 'fechaInicio', x.fecha_inicio)
      from maquina_mantenimientos x where x.maquina_id = m.id and x.estado = 'en_curso'
      order by x.fecha_inicio limit 1),
    'proximaReserva', (select jsonb_build_object('origenId', b.origen_id, 'numero', b.numero,
        'etiqueta', b.etiqueta, 'desde', b.desde, 'hasta', b.hasta)
      from inventario_bloqueos b
      where b.maquina_id = m.id and b.estado = 'activo' and b.origen_tipo = 'alquiler'
        and (b.hasta >= ${hoy}::date or b.en_curso) and b.albaran_devolucion_id is null
      order by b.desde limit 1))`;

/** Adds "hoy"'s part: the plan's situation, the avisos; the price only for maquinaria.edit. */
export const completarMaquina = (
  guardada: MaquinaGuardada,
  hoy: string,
  { verPrecio }: { verPrecio: boolean },
): Maquina => {
  const { revisiones, documentos, matricula, ...resto } = guardada;
  const planRevisiones = revisiones.map((item) => ({
    ...item,
    ...situacionRevision(item, guardada.horasAcumuladas, hoy),
  }));
  const avisos: Aviso[] = avisosMaquina({
    anio: guardada.anio,
    tieneMatricula: matricula !== null,
    requiereItv: guardada.requiereItv,
    documentos,
    revisiones: planRevisiones,
    hoy,
  });
  const plate = matricula ? checkSpanishPlate(matricula) : null;
  return {
    ...resto,
    matricula: matricula ? { normalizada: matricula, texto: plate?.texto ?? matricula } : null,
    precioAdquisicion: verPrecio ? guardada.precioAdquisicion : null,
    planRevisiones,
    avisos,
  };
};

export const findMaquinaGuardada = async (executor: Executor, id: string, hoy: string) => {
  if (!idValido(id)) return undefined;
  const [row] = await rowsOf<{ r: MaquinaGuardada }>(
    executor,
    sql`select ${json(hoy)} as r from maquinas m where m.id = ${id}`,
  );
  return row?.r;
};

/** Several machines in one statement, by id (availability answers read their avisos). */
export const findMaquinasGuardadas = async (
  executor: Executor,
  ids: readonly string[],
  hoy: string,
) => {
  const validos = ids.filter(idValido);
  if (validos.length === 0) return new Map<string, MaquinaGuardada>();
  const rows = await rowsOf<{ r: MaquinaGuardada }>(
    executor,
    sql`select ${json(hoy)} as r from maquinas m
        where m.id in (${sql.join(
          validos.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((row) => [row.r._id, row.r]));
};

const ORDEN: Readonly<Record<MaquinaSortField, string>> = {
  codigoInterno: 'm.codigo_interno',
  marca: 'lower(m.marca)',
  anio: 'm.anio',
  horometro: 'm.horometro',
  tarifaDia: 'm.tarifa_dia',
  updatedAt: 'm.updated_at',
};

/** Machines free over [d1, d2] plus their preparation days (R4), not in baja. */
const libreEntre = (d1: string, d2: string, hoy: string): SQL => sql`m.estado <> 'baja'
  and not exists (select 1 from inventario_bloqueos b
    where b.maquina_id = m.id and b.estado = 'activo'
      and b.periodo && daterange(${d1}::date, (${d2}::date + 1 + m.dias_preparacion), '[)'))
  and not exists (select 1 from inventario_bloqueos b
    where b.maquina_id = m.id and b.estado = 'activo'
      and b.en_curso and b.hasta < ${hoy}::date and b.desde <= ${d2}::date)`;

const filtros = (query: Omit<MaquinaListQuery, 'page' | 'limit'>, hoy: string) =>
  dondeTodos([
    filtroBusqueda(sql.raw('m.busqueda'), query.searchTerm),
    query.tipo ? sql`m.tipo = ${query.tipo}` : undefined,
    query.estado === 'activas'
      ? sql`m.estado <> 'baja'`
      : query.estado === 'todas'
        ? undefined
        : sql`m.estado = ${query.estado}`,
    query.libreDesde && query.libreHasta
      ? libreEntre(query.libreDesde, query.libreHasta, hoy)
      : undefined,
  ]);

const PASA_AVISO: Readonly<Record<string, (avisos: Aviso[]) => boolean>> = {
  con_avisos: (avisos) => avisos.length > 0,
  revision_vencida: (avisos) => avisos.some((a) => a.codigo === 'revision_vencida'),
  documentacion: (avisos) =>
    avisos.some((a) => a.nivel === 'error' && a.codigo !== 'revision_vencida'),
};

/**
 * A page of machines. The avisos filter depends on "hoy" and the domain's rules, so with it the
 * matching rows are read whole (a fleet is at most a few thousand) and paged here.
 */
export const listMaquinas = async (
  executor: Executor,
  query: MaquinaListQuery,
  hoy: string,
  opciones: { verPrecio: boolean },
) => {
  const { field, direction } = parseMaquinaSort(query.sort) ?? {
    field: 'codigoInterno' as const,
    direction: 'asc' as const,
  };
  const where = filtros(query, hoy);
  const orderBy = ordenPor(sql.raw(ORDEN[field]), direction, sql.raw('m.id'));
  const leer = async (limite?: { limit: number; offset: number }) =>
    (
      await rowsOf<{ r: MaquinaGuardada }>(
        executor,
        sql`select ${json(hoy)} as r from maquinas m where ${where} order by ${orderBy}
            ${limite ? sql`limit ${limite.limit} offset ${limite.offset}` : sql``}`,
      )
    ).map((row) => completarMaquina(row.r, hoy, opciones));
  const offset = (query.page - 1) * query.limit;
  if (query.aviso) {
    const pasa = PASA_AVISO[query.aviso] ?? (() => true);
    const todas = (await leer()).filter((maquina) => pasa(maquina.avisos));
    return {
      data: todas.slice(offset, offset + query.limit),
      meta: pageMetaOf(query.page, query.limit, todas.length),
    };
  }
  const [total] = await rowsOf<{ total: number }>(
    executor,
    sql`select count(*)::int as total from maquinas m where ${where}`,
  );
  return {
    data: await leer({ limit: query.limit, offset }),
    meta: pageMetaOf(query.page, query.limit, total?.total ?? 0),
  };
};

/** Every machine of the filter, with its latest ITV expiry (the export's column). */
export const exportMaquinas = async (
  executor: Executor,
  query: Omit<MaquinaListQuery, 'page' | 'limit'>,
  hoy: string,
) => {
  const { field, direction } = parseMaquinaSort(query.sort) ?? {
    field: 'codigoInterno' as const,
    direction: 'asc' as const,
  };
  const rows = await rowsOf<{ r: MaquinaGuardada }>(
    executor,
    sql`select ${json(hoy)} as r from maquinas m where ${filtros(query, hoy)}
        order by ${ordenPor(sql.raw(ORDEN[field]), direction, sql.raw('m.id'))}`,
  );
  const pasa = query.aviso ? (PASA_AVISO[query.aviso] ?? (() => true)) : () => true;
  return rows
    .map(({ r }) => ({
      maquina: completarMaquina(r, hoy, { verPrecio: false }),
      caducidadItv:
        r.documentos
          .filter((d) => d.tipo === 'itv' && d.fechaCaducidad)
          .map((d) => d.fechaCaducidad as string)
          .sort()
          .at(-1) ?? null,
    }))
    .filter(({ maquina }) => pasa(maquina.avisos));
};

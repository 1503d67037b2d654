import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Cambio } from '@tvsistema/domain/historial';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/executor.js';
import { tables as comercialTables } from '../comercial/index.js';
import { tables as flotaTables } from '../flota/index.js';
import { tables as inventarioTables } from '../inventario/index.js';
import { tables as historialTables } from '../historial/index.js';
import { tables as localizacionTables } from '../localizacion/index.js';
import { tables as numeracionTables } from '../numeracion/index.js';
import { tables as partesTables } from '../partes/index.js';
import { albaranes } from './logistica.table.js';
import {
  albaranImportaciones,
  albaranImportacionFilas,
  albaranMapeos,
} from './importacion.table.js';

// The SQL of the albarán import (logistica.md §2.5, R19): the import and its rows, the mappings,
// one batched query per kind of reference, the numbers of a whole import and its chunked inserts.

const { partes } = partesTables;
const { camiones } = flotaTables;
const { municipios, provincias, paises, ciudades, calles, codigosPostales } = localizacionTables;
const { contadoresDocumentos } = numeracionTables;
const { historial } = historialTables;

export type ImportacionRow = typeof albaranImportaciones.$inferSelect;
export type ImportacionInsert = typeof albaranImportaciones.$inferInsert;
export type FilaRow = typeof albaranImportacionFilas.$inferSelect;
export type MapeoRow = typeof albaranMapeos.$inferSelect;

/** Everything but the file and the rows as read (lists and details). */
const columnasLigeras = {
  id: albaranImportaciones.id,
  empresa: albaranImportaciones.empresa,
  destino: albaranImportaciones.destino,
  archivo: albaranImportaciones.archivo,
  cabeceras: albaranImportaciones.cabeceras,
  totalFilas: albaranImportaciones.totalFilas,
  mapeo: albaranImportaciones.mapeo,
  opciones: albaranImportaciones.opciones,
  estado: albaranImportaciones.estado,
  resumen: albaranImportaciones.resumen,
  resultado: albaranImportaciones.resultado,
  motivoFallo: albaranImportaciones.motivoFallo,
  createdAt: albaranImportaciones.createdAt,
  createdByEmail: albaranImportaciones.createdByEmail,
  version: albaranImportaciones.version,
};
export type ImportacionLigera = {
  [K in keyof typeof columnasLigeras]: ImportacionRow[K];
};

export const insertImportacion = async (tx: Executor, values: ImportacionInsert) => {
  const [row] = await tx.insert(albaranImportaciones).values(values).returning(columnasLigeras);
  return row as ImportacionLigera;
};

export const findImportacion = async (tx: Executor, id: string, { lock = false } = {}) => {
  const q = tx.select().from(albaranImportaciones).where(eq(albaranImportaciones.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
};

export const findImportacionLigera = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select(columnasLigeras)
    .from(albaranImportaciones)
    .where(eq(albaranImportaciones.id, id));
  return row;
};

export const erroresDe = async (tx: Executor, id: string) => {
  const [row] = await tx
    .select({ errores: albaranImportaciones.errores })
    .from(albaranImportaciones)
    .where(eq(albaranImportaciones.id, id));
  return row?.errores ?? [];
};

export const recientes = (tx: Executor, empresa: string, destino: string, limit = 10) =>
  tx
    .select(columnasLigeras)
    .from(albaranImportaciones)
    .where(
      and(eq(albaranImportaciones.empresa, empresa), eq(albaranImportaciones.destino, destino)),
    )
    .orderBy(desc(albaranImportaciones.createdAt), desc(albaranImportaciones.id))
    .limit(limit);

export const updateImportacion = async (
  tx: Executor,
  id: string,
  values: Partial<ImportacionInsert>,
) => {
  const [row] = await tx
    .update(albaranImportaciones)
    .set({ ...values, updatedAt: new Date(), version: sql`${albaranImportaciones.version} + 1` })
    .where(eq(albaranImportaciones.id, id))
    .returning(columnasLigeras);
  return row as ImportacionLigera;
};

/** §2.5: imports left unconfirmed for 7 days are discarded (their file goes). */
export const descartarAntiguas = (tx: Executor, empresa: string, destino: string) =>
  tx
    .update(albaranImportaciones)
    .set({ estado: 'descartada', contenido: null, filasLeidas: [] })
    .where(
      and(
        eq(albaranImportaciones.empresa, empresa),
        eq(albaranImportaciones.destino, destino),
        inArray(albaranImportaciones.estado, ['subida', 'validada', 'fallida']),
        sql`${albaranImportaciones.createdAt} < now() - interval '7 days'`,
      ),
    );

// ---- rows as judged ---------------------------------------------------------------------------

export type FilaGuardada = Omit<FilaRow, 'importacionId'>;
const LOTE_FILAS = 2_000;

export const reemplazarFilas = async (tx: Executor, id: string, filas: FilaGuardada[]) => {
  await tx.delete(albaranImportacionFilas).where(eq(albaranImportacionFilas.importacionId, id));
  for (let i = 0; i < filas.length; i += LOTE_FILAS) {
    const lote = JSON.stringify(filas.slice(i, i + LOTE_FILAS));
    await tx.execute(
      sql`insert into ${albaranImportacionFilas} (importacion_id, fila, estado, valores, errores, avisos)
          select ${id}::uuid, x.fila, x.estado, x.valores, x.errores, x.avisos
          from jsonb_to_recordset(${lote}::jsonb)
            as x(fila int, estado text, valores jsonb, errores jsonb, avisos jsonb)`,
    );
  }
};

export const pageOfFilas = async (
  tx: Executor,
  id: string,
  estado: string | undefined,
  { limit, offset }: { limit: number; offset: number },
) => {
  const where = and(
    eq(albaranImportacionFilas.importacionId, id),
    estado ? eq(albaranImportacionFilas.estado, estado) : undefined,
  );
  const rows = await tx
    .select()
    .from(albaranImportacionFilas)
    .where(where)
    .orderBy(asc(albaranImportacionFilas.fila))
    .limit(limit)
    .offset(offset);
  const [total] = await tx.select({ n: count() }).from(albaranImportacionFilas).where(where);
  return { rows, total: Number(total?.n ?? 0) };
};

export const filasValidas = async (tx: Executor, id: string) =>
  (
    await tx
      .select({ fila: albaranImportacionFilas.fila })
      .from(albaranImportacionFilas)
      .where(
        and(
          eq(albaranImportacionFilas.importacionId, id),
          eq(albaranImportacionFilas.estado, 'valida'),
        ),
      )
  ).map((r) => r.fila);

export const todasLasFilas = (tx: Executor, id: string) =>
  tx
    .select()
    .from(albaranImportacionFilas)
    .where(eq(albaranImportacionFilas.importacionId, id))
    .orderBy(asc(albaranImportacionFilas.fila));

/** What a confirmed import created, for `informe.csv` (matched by client NIF and reference). */
export const numerosDeImportacion = (tx: Executor, id: string) =>
  tx
    .select({
      numero: albaranes.numero,
      referencia: albaranes.referenciaExterna,
      documento: sql<string | null>`${albaranes.cliente}->>'documento'`,
    })
    .from(albaranes)
    .where(eq(albaranes.importacionId, id));

// ---- mappings ---------------------------------------------------------------------------------

export const mapeoRecordado = async (
  tx: Executor,
  empresa: string,
  destino: string,
  firma: string,
) => {
  const [row] = await tx
    .select()
    .from(albaranMapeos)
    .where(
      and(
        eq(albaranMapeos.empresa, empresa),
        eq(albaranMapeos.destino, destino),
        eq(albaranMapeos.firmaCabeceras, firma),
        isNull(albaranMapeos.nombre),
      ),
    );
  return row;
};

export const recordarMapeo = (
  tx: Executor,
  v: Pick<MapeoRow, 'empresa' | 'destino' | 'firmaCabeceras' | 'mapeo' | 'opciones'>,
) =>
  tx.execute(
    sql`insert into ${albaranMapeos} (empresa, destino, nombre, firma_cabeceras, mapeo, opciones, usado_at)
        values (${v.empresa}, ${v.destino}, null, ${v.firmaCabeceras},
                ${JSON.stringify(v.mapeo)}::jsonb, ${JSON.stringify(v.opciones)}::jsonb, now())
        on conflict (empresa, destino, firma_cabeceras) where nombre is null
        do update set mapeo = excluded.mapeo, opciones = excluded.opciones, usado_at = now()`,
  );

export const plantillas = (tx: Executor, empresa: string, destino: string) =>
  tx
    .select()
    .from(albaranMapeos)
    .where(
      and(
        eq(albaranMapeos.empresa, empresa),
        eq(albaranMapeos.destino, destino),
        sql`${albaranMapeos.nombre} IS NOT NULL`,
      ),
    )
    .orderBy(asc(albaranMapeos.nombre));

export const insertPlantilla = async (
  tx: Executor,
  v: Pick<MapeoRow, 'empresa' | 'destino' | 'nombre' | 'mapeo' | 'opciones'>,
) => {
  const [row] = await tx
    .insert(albaranMapeos)
    .values({ ...v, firmaCabeceras: null })
    .onConflictDoNothing()
    .returning();
  return row;
};

export const deletePlantilla = async (
  tx: Executor,
  empresa: string,
  destino: string,
  id: string,
) => {
  const rows = await tx
    .delete(albaranMapeos)
    .where(
      and(
        eq(albaranMapeos.id, id),
        eq(albaranMapeos.empresa, empresa),
        eq(albaranMapeos.destino, destino),
        sql`${albaranMapeos.nombre} IS NOT NULL`,
      ),
    )
    .returning({ id: albaranMapeos.id });
  return rows.length > 0;
};

// ---- references, one query per kind (R19) -----------------------------------------------------

export const clientesPorNif = (
  tx: Executor,
  empresa: 'alquileres' | 'transporte',
  nifs: string[],
) =>
  nifs.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          _id: partes.id,
          nombre: partes.nombre,
          documento: partes.documento,
          activo: partes.activo,
        })
        .from(partes)
        .where(
          and(
            eq(partes.tipo, 'cliente'),
            eq(partes.empresa, empresa),
            inArray(sql<string>`upper(${partes.documento})`, nifs),
          ),
        );

export const camionesPorMatricula = (tx: Executor, matriculas: string[]) =>
  matriculas.length === 0
    ? Promise.resolve([])
    : tx
        .select({ _id: camiones.id, matricula: camiones.matricula, estado: camiones.estado })
        .from(camiones)
        .where(inArray(camiones.matricula, matriculas));

export type LugarEncontrado = {
  clave: string;
  paisId: string;
  pais: string;
  provinciaId: string;
  provincia: string;
  municipioId: string;
  municipio: string;
  ciudadId: string | null;
  ciudad: string | null;
};

/** Municipios, then ciudades (with their municipio), whose normalised name is one of `claves`. */
export const lugaresPorNombre = async (tx: Executor, claves: string[]) => {
  if (claves.length === 0) return { municipios: [], ciudades: [] };
  const lista = sql.join(
    claves.map((c) => sql`${c}`),
    sql`, `,
  );
  const porMunicipio = await rowsOf<LugarEncontrado>(
    tx,
    sql`select m.nombre_busqueda as clave, pa.id as "paisId", pa.nombre as pais,
               pr.id as "provinciaId", pr.nombre as provincia, m.id as "municipioId",
               m.nombre as municipio, null as "ciudadId", null as ciudad
        from ${municipios} m
        join ${provincias} pr on pr.id = m.provincia_id
        join ${paises} pa on pa.id = pr.pais_id
        where m.nombre_busqueda in (${lista})`,
  );
  const porCiudad = await rowsOf<LugarEncontrado>(
    tx,
    sql`select c.nombre_busqueda as clave, pa.id as "paisId", pa.nombre as pais,
               pr.id as "provinciaId", pr.nombre as provincia, m.id as "municipioId",
               m.nombre as municipio, c.id as "ciudadId", c.nombre as ciudad
        from ${ciudades} c
        join ${municipios} m on m.id = c.municipio_id
        join ${provincias} pr on pr.id = m.provincia_id
        join ${paises} pa on pa.id = pr.pais_id
        where c.nombre_busqueda in (${lista})`,
  );
  return { municipios: porMunicipio, ciudades: porCiudad };
};

export type CpEncontrado = {
  id: string;
  valor: string;
  ciudadId: string;
  ciudad: string;
  municipioId: string;
};
export const codigosPostalesPorValor = (tx: Executor, valores: string[]) =>
  valores.length === 0
    ? Promise.resolve([] as CpEncontrado[])
    : rowsOf<CpEncontrado>(
        tx,
        sql`select cp.id, cp.valor, c.id as "ciudadId", c.nombre as ciudad, c.municipio_id as "municipioId"
            from ${codigosPostales} cp join ${ciudades} c on c.id = cp.ciudad_id
            where cp.activo and cp.valor in (${sql.join(
              valores.map((v) => sql`${v}`),
              sql`, `,
            )})`,
      );

export type CalleEncontrada = { id: string; nombre: string; clave: string; ciudadId: string };
export const callesPorNombre = (tx: Executor, claves: string[], ciudadIds: string[]) =>
  claves.length === 0 || ciudadIds.length === 0
    ? Promise.resolve([] as CalleEncontrada[])
    : tx
        .select({
          id: calles.id,
          nombre: calles.nombre,
          clave: calles.nombreBusqueda,
          ciudadId: calles.ciudadId,
        })
        .from(calles)
        .where(and(inArray(calles.nombreBusqueda, claves), inArray(calles.ciudadId, ciudadIds)));

/** R15: live albaranes of the empresa holding one of these references (for the clients given). */
export const referenciasVivas = (
  tx: Executor,
  empresa: string,
  clienteIds: string[],
  referencias: string[],
) =>
  clienteIds.length === 0 || referencias.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          clienteId: albaranes.clienteId,
          referencia: albaranes.referenciaExterna,
          numero: albaranes.numero,
        })
        .from(albaranes)
        .where(
          and(
            eq(albaranes.empresa, empresa),
            inArray(albaranes.clienteId, clienteIds),
            inArray(albaranes.referenciaExterna, referencias),
            sql`${albaranes.estado} <> 'anulado'`,
          ),
        );

/** Rental: alquileres of the empresa by number. */
export const alquileresPorNumero = (tx: Executor, numeros: string[]) =>
  numeros.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          _id: comercialTables.alquileres.id,
          numero: comercialTables.alquileres.numero,
          clienteId: comercialTables.alquileres.clienteId,
        })
        .from(comercialTables.alquileres)
        .where(
          and(
            eq(comercialTables.alquileres.empresa, 'alquileres'),
            inArray(sql<string>`upper(${comercialTables.alquileres.numero})`, numeros),
          ),
        );

export type ArticuloPorCodigo = {
  clase: 'maquina' | 'andamio' | 'concepto';
  id: string;
  codigo: string;
};
/** Rental: machines, scaffolding components and conceptos of the empresa by code (one query). */
export const articulosPorCodigo = (tx: Executor, codigos: string[]) => {
  if (codigos.length === 0) return Promise.resolve([] as ArticuloPorCodigo[]);
  const { maquinas, andamioComponentes, conceptos } = inventarioTables;
  const lista = sql.join(
    codigos.map((c) => sql`${c}`),
    sql`, `,
  );
  return rowsOf<ArticuloPorCodigo>(
    tx,
    sql`select 'maquina' as clase, id, codigo_interno as codigo from ${maquinas}
          where empresa = 'alquileres' and upper(codigo_interno) in (${lista})
        union all
        select 'andamio', id, codigo from ${andamioComponentes}
          where empresa = 'alquileres' and upper(codigo) in (${lista})
        union all
        select 'concepto', id, codigo from ${conceptos}
          where empresa = 'alquileres' and upper(codigo) in (${lista})`,
  );
};

// ---- confirm ----------------------------------------------------------------------------------

/** R19: `n` numbers of a series in one counter update; returns the last one taken. */
export const reservarSecuencias = async (
  tx: Executor,
  serie: { empresa: string; tipo: string; anio: number },
  n: number,
) => {
  const [row] = await rowsOf<{ ultimo: number }>(
    tx,
    sql`insert into ${contadoresDocumentos} (empresa, tipo, anio, ultimo)
        values (${serie.empresa}, ${serie.tipo}, ${serie.anio}, ${n})
        on conflict (empresa, tipo, anio)
        do update set ultimo = ${contadoresDocumentos}.ultimo + ${n}
        returning ultimo`,
  );
  if (!row) throw new Error('El contador de documentos no devolvió ningún número');
  return Number(row.ultimo);
};

export type AlbaranTransporteImportado = {
  id: string;
  numero: string;
  estado: string;
  cliente_id: string;
  cliente: { _id: string; nombre: string; documento: string | null };
  fecha_hora: string;
  fecha: string;
  matricula: string | null;
  conductor: string | null;
  referencia_externa: string | null;
  observaciones: string | null;
  avisos: string[];
  datos: unknown;
  camion_id: string | null;
  peso_kg: number | null;
  precio: string | null;
  tipo_iva: number;
  salida_at: string | null;
  entregado_at: string | null;
  sin_firma_motivo: string | null;
  firma: unknown;
  busqueda: string;
};

/** A whole import's trigram entries wait in GIN's pending list (merged once, not per row). */
export const prepararInsercionMasiva = (tx: Executor) =>
  tx.execute(sql`set local gin_pending_list_limit = '64MB'`);

/** One chunk of transport albaranes in one statement (`jsonb_to_recordset`). */
export const insertAlbaranesTransporte = (
  tx: Executor,
  importacionId: string,
  autor: { sub: string | null; email: string | null },
  filas: AlbaranTransporteImportado[],
) =>
  tx.execute(
    sql`insert into ${albaranes} (id, empresa, clase, tipo, numero, estado, cliente_id, cliente,
          fecha_hora, fecha, matricula, conductor, referencia_externa, observaciones, importacion_id,
          avisos, datos, camion_id, peso_kg, precio, tipo_iva, salida_at, entregado_at,
          sin_firma_motivo, firma, busqueda, created_by_sub, created_by_email, updated_by_sub,
          updated_by_email)
        select x.id, 'transporte', 'transporte', null, x.numero, x.estado, x.cliente_id, x.cliente,
          x.fecha_hora, x.fecha, x.matricula, x.conductor, x.referencia_externa, x.observaciones,
          ${importacionId}::uuid, x.avisos, x.datos, x.camion_id, x.peso_kg, x.precio, x.tipo_iva,
          x.salida_at, x.entregado_at, x.sin_firma_motivo, x.firma, x.busqueda,
          ${autor.sub}, ${autor.email}, ${autor.sub}, ${autor.email}
        from jsonb_to_recordset(${JSON.stringify(filas)}::jsonb) as x(
          id uuid, numero text, estado text, cliente_id uuid, cliente jsonb, fecha_hora timestamptz,
          fecha date, matricula text, conductor text, referencia_externa text, observaciones text,
          avisos jsonb, datos jsonb, camion_id uuid, peso_kg int, precio numeric, tipo_iva int,
          salida_at timestamptz, entregado_at timestamptz, sin_firma_motivo text, firma jsonb,
          busqueda text)`,
  );

export type EntradaHistorial = { registro_id: string; cambios: Cambio[] };

/** One history row per created albarán, for a whole chunk in one statement. */
export const insertHistorialLote = (
  tx: Executor,
  v: {
    recurso: string;
    empresa: string;
    usuario: { sub: string | null; email: string | null };
    requestId: string | null;
  },
  entradas: EntradaHistorial[],
) =>
  tx.execute(
    sql`insert into ${historial} (recurso, registro_id, empresa, accion, cambios, usuario_sub,
          usuario_email, request_id)
        select ${v.recurso}, x.registro_id, ${v.empresa}, 'crear', x.cambios, ${v.usuario.sub},
          ${v.usuario.email}, ${v.requestId}
        from jsonb_to_recordset(${JSON.stringify(entradas)}::jsonb)
          as x(registro_id text, cambios jsonb)`,
  );

import { sql } from 'drizzle-orm';
import { sumarDias } from '@tvsistema/domain/fechas';
import { diaEnMadrid } from '@tvsistema/domain/format';
import {
  INVENTARIO_MESSAGES as M,
  ESTADO_MAQUINA_LABELS,
  type EstadoMaquina,
} from '@tvsistema/domain/inventario';
import { multiplyDecimals, round2 } from '@tvsistema/domain/money';
import { rowsOf, type Executor } from '../../db/executor.js';
import { invalidData } from '../../http/errors.js';
import { conflicto, type Usuario } from './inventario-comun.js';
import { registrarLectura, restaurarHorometro } from './horometro.service.js';
import { filtroBusqueda } from './inventario-comun.js';
import type { OrigenReserva } from './reservas.service.js';
import { moverStock } from './stock.js';

// §6.5 for logística: what leaves and comes back on an albarán moves machines and stock here,
// inside logística's transaction (R7, R9, R12); annulling the albarán undoes exactly its part.

export type AlbaranRef = { _id: string; numero: string };
type Origen = Pick<OrigenReserva, 'tipo' | 'id' | 'numero'>;

type MaquinaFila = {
  id: string;
  codigo: string;
  estado: EstadoMaquina;
  matricula: string | null;
  requiereItv: boolean;
  itv: string | null;
  seguro: string | null;
};

const leerMaquina = async (tx: Executor, maquinaId: string) => {
  const [fila] = await rowsOf<MaquinaFila>(
    tx,
    sql`select m.id::text, m.codigo_interno as codigo, m.estado, m.matricula,
          m.requiere_itv as "requiereItv",
          (select max(fecha_caducidad)::text from maquina_documentos d
            where d.maquina_id = m.id and d.tipo = 'itv') as itv,
          (select max(fecha_caducidad)::text from maquina_documentos d
            where d.maquina_id = m.id and d.tipo = 'seguro') as seguro
        from maquinas m where m.id = ${maquinaId} for update`,
  );
  if (!fila) throw invalidData(['maquinaId: Máquina no encontrada']);
  return fila;
};

const noFutura = (fecha: string, hoy: string) => {
  if (fecha > hoy) throw invalidData([`fecha: ${M.fechaFutura}`]);
};

type BloqueoFila = {
  id: string;
  cantidad: number;
  desde: string;
  hasta: string | null;
  enCurso: boolean;
};

/** The origin's active bloqueos of one resource, oldest first. */
const bloqueosDe = async (
  tx: Executor,
  origen: Origen,
  recurso: { maquinaId?: string; componenteId?: string },
  { enCurso }: { enCurso?: boolean } = {},
) =>
  rowsOf<BloqueoFila>(
    tx,
    sql`select id::text, cantidad, desde::text, hasta::text, en_curso as "enCurso"
        from inventario_bloqueos
        where origen_tipo = ${origen.tipo} and origen_id = ${origen.id} and estado = 'activo'
          and ${recurso.maquinaId ? sql`maquina_id = ${recurso.maquinaId}` : sql`componente_id = ${recurso.componenteId ?? null}`}
          ${enCurso === undefined ? sql`` : sql`and en_curso = ${enCurso}`}
        order by desde, id for update`,
  );

const cubre = (b: BloqueoFila, fecha: string) =>
  b.desde <= fecha && (b.hasta === null || b.hasta >= fecha);

const sinReserva = (codigo: string, origen: Origen, fecha: string) =>
  conflicto(
    `${codigo} no tiene una reserva de ${origen.numero} que cubra el ${fecha.split('-').reverse().join('/')}`,
  );

/** R12: what leaves on an albarán de entrega. */
export const registrarEntrega = async (
  tx: Executor,
  {
    origen,
    fecha,
    albaran,
    maquinas = [],
    componentes = [],
    usuario,
    hoy = diaEnMadrid(),
  }: {
    origen: Origen;
    fecha: string;
    albaran: AlbaranRef;
    maquinas?: { maquinaId: string; horometro?: string | undefined }[];
    componentes?: { componenteId: string; cantidad: number }[];
    usuario?: Usuario;
    hoy?: string;
  },
) => {
  noFutura(fecha, hoy);
  for (const { maquinaId, horometro } of maquinas) {
    const maquina = await leerMaquina(tx, maquinaId);
    if (maquina.estado !== 'disponible')
      throw conflicto(
        M.noDisponibleCodigo(maquina.codigo, ESTADO_MAQUINA_LABELS[maquina.estado].toLowerCase()),
      );
    if (maquina.matricula && maquina.requiereItv && maquina.itv && maquina.itv < fecha)
      throw conflicto(M.itvCaducadaEntrega(maquina.codigo, maquina.itv));
    if (maquina.matricula && maquina.seguro && maquina.seguro < fecha)
      throw conflicto(M.seguroCaducadoEntrega(maquina.codigo, maquina.seguro));
    const bloqueo = (await bloqueosDe(tx, origen, { maquinaId }, { enCurso: false })).find((b) =>
      cubre(b, fecha),
    );
    if (!bloqueo) throw sinReserva(maquina.codigo, origen, fecha);
    await rowsOf(
      tx,
      sql`update inventario_bloqueos set en_curso = true, albaran_entrega_id = ${albaran._id}
          where id = ${bloqueo.id}`,
    );
    await rowsOf(tx, sql`update maquinas set estado = 'alquilada' where id = ${maquinaId}`);
    if (horometro !== undefined)
      await registrarLectura(
        tx,
        maquinaId,
        {
          fecha,
          lectura: horometro,
          origen: 'entrega',
          referencia: albaran.numero,
          albaranId: albaran._id,
        },
        usuario,
        'horometro',
      );
  }
  for (const { componenteId, cantidad } of componentes) {
    const bloqueo = (await bloqueosDe(tx, origen, { componenteId }, { enCurso: false })).find((b) =>
      cubre(b, fecha),
    );
    const [{ codigo } = { codigo: '' }] = await rowsOf<{ codigo: string }>(
      tx,
      sql`select codigo from andamio_componentes where id = ${componenteId}`,
    );
    if (!bloqueo) throw sinReserva(codigo, origen, fecha);
    await moverStock(
      tx,
      {
        componenteId,
        tipo: 'entrega',
        cantidad,
        fecha,
        referencia: { tipo: 'albaran', id: albaran._id, numero: albaran.numero },
        albaranId: albaran._id,
      },
      usuario,
    );
    await rowsOf(
      tx,
      sql`update inventario_bloqueos set en_curso = true, albaran_entrega_id = ${albaran._id}
          where id = ${bloqueo.id}`,
    );
  }
};

/** R7: k pieces back on day t split the bloqueo — full quantity to t, the rest from t + 1. */
const recortar = async (
  tx: Executor,
  bloqueo: BloqueoFila,
  devueltas: number,
  fecha: string,
  albaranId: string,
) => {
  await rowsOf(
    tx,
    sql`update inventario_bloqueos set hasta = ${fecha}, en_curso = false,
          albaran_devolucion_id = ${albaranId}
        where id = ${bloqueo.id}`,
  );
  const quedan = bloqueo.cantidad - devueltas;
  if (quedan <= 0) return;
  const desde = sumarDias(fecha, 1);
  const hasta = bloqueo.hasta !== null && bloqueo.hasta > desde ? bloqueo.hasta : desde;
  await rowsOf(
    tx,
    sql`insert into inventario_bloqueos (componente_id, maquina_id, cantidad, desde, hasta,
          dias_preparacion, origen_tipo, origen_id, linea_id, numero, etiqueta, exclusivo, en_curso,
          hasta_prevista, albaran_entrega_id, albaran_creacion_id)
        select componente_id, maquina_id, ${quedan}, ${desde}, ${hasta}, dias_preparacion,
          origen_tipo, origen_id, linea_id, numero, etiqueta, exclusivo, true, hasta_prevista,
          albaran_entrega_id, ${albaranId}
        from inventario_bloqueos where id = ${bloqueo.id}`,
  );
};

/** What comes back on an albarán de recogida: readings (required), counts, losses (R7, R9). */
export const registrarDevolucion = async (
  tx: Executor,
  {
    origen,
    fecha,
    albaran,
    maquinas = [],
    componentes = [],
    usuario,
    hoy = diaEnMadrid(),
  }: {
    origen: Origen;
    fecha: string;
    albaran: AlbaranRef;
    maquinas?: { maquinaId: string; horometro: string; incidencia?: string | undefined }[];
    componentes?: { componenteId: string; correcto: number; danado: number; falta: number }[];
    usuario?: Usuario;
    hoy?: string;
  },
) => {
  noFutura(fecha, hoy);
  const horas: { maquinaId: string; entrega: string | null; devolucion: string }[] = [];
  for (const { maquinaId, horometro, incidencia } of maquinas) {
    const maquina = await leerMaquina(tx, maquinaId);
    const [bloqueo] = await bloqueosDe(tx, origen, { maquinaId }, { enCurso: true });
    if (!bloqueo || maquina.estado !== 'alquilada')
      throw conflicto(`${maquina.codigo} no está entregada en ${origen.numero}`);
    const [entrega] = await rowsOf<{ lectura: string }>(
      tx,
      sql`select lectura::text from maquina_horometros
          where maquina_id = ${maquinaId} and origen = 'entrega' order by orden desc limit 1`,
    );
    await registrarLectura(
      tx,
      maquinaId,
      {
        fecha,
        lectura: horometro,
        origen: 'devolucion',
        referencia: albaran.numero,
        albaranId: albaran._id,
      },
      usuario,
      'horometro',
    );
    horas.push({
      maquinaId,
      entrega: entrega?.lectura ?? null,
      devolucion: Number(horometro).toFixed(1),
    });
    await recortar(tx, bloqueo, 1, fecha, albaran._id);
    if (incidencia) {
      await rowsOf(tx, sql`update maquinas set estado = 'en_taller' where id = ${maquinaId}`);
      const [mantenimiento] = await rowsOf<{ id: string }>(
        tx,
        sql`insert into maquina_mantenimientos (maquina_id, tipo, descripcion, fecha_inicio, urgente,
              estado, albaran_id, created_by_email, updated_by_email)
            values (${maquinaId}, 'reparacion', ${incidencia}, ${fecha}, true, 'en_curso',
              ${albaran._id}, ${usuario?.email ?? null}, ${usuario?.email ?? null})
            returning id::text`,
      );
      await rowsOf(
        tx,
        sql`insert into inventario_bloqueos (maquina_id, cantidad, desde, hasta, origen_tipo, origen_id,
              numero, etiqueta, exclusivo, en_curso)
            values (${maquinaId}, 1, ${fecha}, null, 'mantenimiento', ${mantenimiento?.id ?? ''},
              'Mantenimiento', ${incidencia}, false, true)`,
      );
    } else await rowsOf(tx, sql`update maquinas set estado = 'disponible' where id = ${maquinaId}`);
  }
  const faltas: { componenteId: string; cantidad: number; importe: string }[] = [];
  for (const { componenteId, correcto, danado, falta } of componentes) {
    const total = correcto + danado + falta;
    if (total === 0) continue;
    const fuera = await bloqueosDe(tx, origen, { componenteId }, { enCurso: true });
    const enObra = fuera.reduce((suma, b) => suma + b.cantidad, 0);
    const [{ codigo, reposicion } = { codigo: '', reposicion: null }] = await rowsOf<{
      codigo: string;
      reposicion: string | null;
    }>(
      tx,
      sql`select codigo, precio_reposicion::text as reposicion from andamio_componentes where id = ${componenteId}`,
    );
    if (total > enObra) throw conflicto(M.stockInsuficiente(codigo, 'en obra', enObra, total));
    const referencia = { tipo: 'albaran', id: albaran._id, numero: albaran.numero };
    const comun = { componenteId, fecha, referencia, albaranId: albaran._id, maximo: enObra };
    if (correcto > 0)
      await moverStock(tx, { ...comun, tipo: 'devolucion', cantidad: correcto }, usuario);
    if (danado > 0)
      await moverStock(tx, { ...comun, tipo: 'devolucion_danada', cantidad: danado }, usuario);
    if (falta > 0) {
      await moverStock(tx, { ...comun, tipo: 'perdida', cantidad: falta }, usuario);
      faltas.push({
        componenteId,
        cantidad: falta,
        importe: round2(multiplyDecimals(reposicion ?? '0', falta)),
      });
    }
    // The oldest delivered bloqueos come back first.
    let pendientes = total;
    for (const bloqueo of fuera) {
      if (pendientes === 0) break;
      const devueltas = Math.min(pendientes, bloqueo.cantidad);
      await recortar(tx, bloqueo, devueltas, fecha, albaran._id);
      pendientes -= devueltas;
    }
  }
  return { faltas, horas };
};

/** Annulment: the opposite movements and readings of that albarán; its bloqueos as they were. */
export const revertirAlbaran = async (
  tx: Executor,
  { albaran, fecha, usuario }: { albaran: AlbaranRef; fecha: string; usuario?: Usuario },
) => {
  const movimientos = await rowsOf<{
    componenteId: string;
    tipo: string;
    cantidad: number;
    de: string | null;
    a: string | null;
  }>(
    tx,
    sql`select componente_id::text as "componenteId", tipo, cantidad, de, a from andamio_movimientos
        where albaran_id = ${albaran._id} and cantidad > 0 order by orden`,
  );
  const columna: Record<string, string> = {
    disponible: 'disponible',
    alquilado: 'alquilado',
    enReparacion: 'en_reparacion',
    baja: 'baja',
    vendido: 'vendido',
  };
  for (const m of movimientos) {
    if (!m.de || !m.a) continue;
    const [stock] = await rowsOf<{ n: number; codigo: string }>(
      tx,
      sql`select s.${sql.raw(columna[m.a] ?? 'disponible')} as n, c.codigo
          from andamio_stock s join andamio_componentes c on c.id = s.componente_id
          where s.componente_id = ${m.componenteId} for update of s`,
    );
    if (!stock || stock.n < m.cantidad)
      throw conflicto(
        M.stockInsuficiente(stock?.codigo ?? '', 'disponibles', stock?.n ?? 0, m.cantidad),
      );
    await rowsOf(
      tx,
      sql`update andamio_stock set ${sql.raw(columna[m.a] ?? '')} = ${sql.raw(columna[m.a] ?? '')} - ${m.cantidad},
            ${sql.raw(columna[m.de] ?? '')} = ${sql.raw(columna[m.de] ?? '')} + ${m.cantidad}
          where componente_id = ${m.componenteId}`,
    );
    await rowsOf(
      tx,
      sql`insert into andamio_movimientos (componente_id, tipo, cantidad, de, a, fecha, referencia_tipo,
            referencia_id, referencia_numero, albaran_id, motivo, usuario)
          values (${m.componenteId}, ${m.tipo}, ${-m.cantidad}, ${m.a}, ${m.de}, ${fecha}, 'albaran',
            ${albaran._id}, ${albaran.numero}, ${albaran._id}, ${`Anulación de ${albaran.numero}`},
            ${usuario?.email ?? usuario?.sub ?? null})`,
    );
  }
  // Readings this albarán recorded go; each machine's meter is its latest remaining reading.
  const lecturas = await rowsOf<{ maquinaId: string }>(
    tx,
    sql`delete from maquina_horometros where albaran_id = ${albaran._id} returning maquina_id::text as "maquinaId"`,
  );
  for (const maquinaId of new Set(lecturas.map((l) => l.maquinaId)))
    await restaurarHorometro(tx, maquinaId);
  // A return: its split-off bloqueos go, the trimmed ones hold to their booked day again.
  await rowsOf(
    tx,
    sql`update inventario_bloqueos set estado = 'liberado' where albaran_creacion_id = ${albaran._id}`,
  );
  const devueltas = await rowsOf<{ maquinaId: string | null }>(
    tx,
    sql`update inventario_bloqueos set hasta = hasta_prevista, en_curso = true, albaran_devolucion_id = null
        where albaran_devolucion_id = ${albaran._id} returning maquina_id::text as "maquinaId"`,
  );
  const abiertos = await rowsOf<{ id: string }>(
    tx,
    sql`update maquina_mantenimientos set estado = 'cancelado' where albaran_id = ${albaran._id}
        returning id::text`,
  );
  for (const { id } of abiertos)
    await rowsOf(
      tx,
      sql`update inventario_bloqueos set estado = 'liberado' where origen_tipo = 'mantenimiento' and origen_id = ${id}`,
    );
  for (const { maquinaId } of devueltas)
    if (maquinaId)
      await rowsOf(tx, sql`update maquinas set estado = 'alquilada' where id = ${maquinaId}`);
  // A delivery: its bloqueos are not delivered any more.
  const entregadas = await rowsOf<{ maquinaId: string | null }>(
    tx,
    sql`update inventario_bloqueos set en_curso = false, albaran_entrega_id = null
        where albaran_entrega_id = ${albaran._id} and estado = 'activo' and en_curso
        returning maquina_id::text as "maquinaId"`,
  );
  for (const { maquinaId } of entregadas)
    if (maquinaId)
      await rowsOf(tx, sql`update maquinas set estado = 'disponible' where id = ${maquinaId}`);
};

export type Articulo = {
  clase: 'maquina' | 'andamio' | 'concepto';
  _id: string;
  codigo: string;
  descripcion: string;
  activo: boolean;
  estado?: string;
  stock?: {
    disponible: number;
    alquilado: number;
    enReparacion: number;
    baja: number;
    vendido: number;
  };
  precios?: { reposicion: string | null };
  pesoKg: string | null;
  precio?: string;
  tipoIva?: number;
};

/** Logística's article search: machines, components and templates by code or text, or by id. */
export const articulos = async (
  tx: Executor,
  {
    q,
    ids,
    clases = ['maquina', 'andamio', 'concepto'],
    limit = 20,
  }: { q?: string; ids?: string[]; clases?: Articulo['clase'][]; limit?: number },
): Promise<Articulo[]> => {
  const porId =
    ids && ids.length > 0
      ? sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : undefined;
  const donde = (alias: string) => {
    const busqueda = filtroBusqueda(sql.raw(`${alias}.busqueda`), q);
    return sql`${porId ? sql`${sql.raw(alias)}.id::text in (${porId})` : sql`true`}
      ${busqueda ? sql`and ${busqueda}` : sql``}`;
  };
  const resultado: Articulo[] = [];
  if (clases.includes('maquina'))
    resultado.push(
      ...(await rowsOf<Articulo>(
        tx,
        sql`select 'maquina' as clase, m.id::text as "_id", m.codigo_interno as codigo,
              m.marca || ' ' || m.modelo as descripcion, m.estado <> 'baja' as activo, m.estado,
              m.peso_kg::text as "pesoKg"
            from maquinas m where ${donde('m')} order by m.codigo_interno limit ${limit}`,
      )),
    );
  if (clases.includes('andamio'))
    resultado.push(
      ...(
        await rowsOf<Articulo & { s: Articulo['stock']; reposicion: string | null }>(
          tx,
          sql`select 'andamio' as clase, c.id::text as "_id", c.codigo, c.nombre as descripcion,
                c.activo, c.peso_kg::text as "pesoKg", c.precio_reposicion::text as reposicion,
                jsonb_build_object('disponible', s.disponible, 'alquilado', s.alquilado,
                  'enReparacion', s.en_reparacion, 'baja', s.baja, 'vendido', s.vendido) as s
              from andamio_componentes c join andamio_stock s on s.componente_id = c.id
              where ${donde('c')} order by c.codigo limit ${limit}`,
        )
      ).map(({ s, reposicion, ...a }) => ({ ...a, stock: s, precios: { reposicion } })),
    );
  if (clases.includes('concepto'))
    resultado.push(
      ...(await rowsOf<Articulo>(
        tx,
        sql`select 'concepto' as clase, c.id::text as "_id", c.codigo, c.nombre as descripcion,
              c.activo, null as "pesoKg", c.precio::text as precio, c.tipo_iva as "tipoIva"
            from conceptos c where ${donde('c')} order by c.codigo limit ${limit}`,
      )),
    );
  return resultado;
};

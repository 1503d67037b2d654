import { sql } from 'drizzle-orm';
import type {
  DocumentoMaquina,
  EstadoMaquina,
  TipoDocumentoMaquina,
} from '@tvsistema/domain/inventario';
import { rowsOf, type Executor } from '../../db/executor.js';
import { isoSql } from './comun.repository.js';
import { idValido } from './inventario-comun.js';

// §2.5: a machine's documents (metadata; the file on the shared files service) and its photo.

const documentoJson = sql.raw(`jsonb_build_object('_id', d.id, 'tipo', d.tipo,
  'descripcion', d.descripcion, 'fechaEmision', d.fecha_emision, 'fechaCaducidad', d.fecha_caducidad,
  'archivo', (select jsonb_build_object('_id', a.id, 'nombre', a.nombre, 'mime', a.mime, 'tamano', a.tamano)
    from archivos a where a.id = d.archivo_id),
  'createdAt', ${isoSql('d.created_at')}, 'createdBy', coalesce(d.created_by_email, d.created_by_sub))`);

export const documentosDe = async (executor: Executor, maquinaId: string) =>
  (
    await rowsOf<{ r: DocumentoMaquina }>(
      executor,
      sql`select ${documentoJson} as r from maquina_documentos d where d.maquina_id = ${maquinaId}
          order by d.tipo, d.fecha_caducidad desc nulls last`,
    )
  ).map((row) => row.r);

export type NuevoDocumento = {
  maquinaId: string;
  tipo: TipoDocumentoMaquina;
  descripcion?: string | null | undefined;
  fechaEmision?: string | null | undefined;
  fechaCaducidad?: string | null | undefined;
  archivoId?: string | null | undefined;
  createdBySub?: string | null | undefined;
  createdByEmail?: string | null | undefined;
};

export const insertDocumento = async (executor: Executor, d: NuevoDocumento) => {
  const [row] = await rowsOf<{ id: string }>(
    executor,
    sql`insert into maquina_documentos (maquina_id, tipo, descripcion, fecha_emision, fecha_caducidad,
          archivo_id, created_by_sub, created_by_email)
        values (${d.maquinaId}, ${d.tipo}, ${d.descripcion ?? null}, ${d.fechaEmision ?? null},
          ${d.fechaCaducidad ?? null}, ${d.archivoId ?? null}, ${d.createdBySub ?? null},
          ${d.createdByEmail ?? null})
        returning id::text`,
  );
  const [documento] = await rowsOf<{ r: DocumentoMaquina }>(
    executor,
    sql`select ${documentoJson} as r from maquina_documentos d where d.id = ${row?.id ?? ''}`,
  );
  if (!documento) throw new Error('document insert returned no row');
  return documento.r;
};

/** The document's file id, or undefined when the machine has no such document. */
export const archivoDeDocumento = async (executor: Executor, maquinaId: string, id: string) => {
  if (!idValido(id)) return undefined;
  const [row] = await rowsOf<{ archivoId: string | null }>(
    executor,
    sql`select archivo_id::text as "archivoId" from maquina_documentos
        where id = ${id} and maquina_id = ${maquinaId}`,
  );
  return row;
};

export const deleteDocumento = (executor: Executor, id: string) =>
  rowsOf(executor, sql`delete from maquina_documentos where id = ${id}`);

export const fotoDe = async (executor: Executor, maquinaId: string) => {
  const [row] = await rowsOf<{ id: string | null }>(
    executor,
    sql`select foto_archivo_id::text as id from maquinas where id = ${maquinaId}`,
  );
  return row?.id ?? null;
};

export const setFoto = (executor: Executor, maquinaId: string, archivoId: string) =>
  rowsOf(executor, sql`update maquinas set foto_archivo_id = ${archivoId} where id = ${maquinaId}`);

/** The dashboard feed (§6.4 resumen): machines per state, pieces out, the next days' work. */
export const resumenInventario = async (executor: Executor, hoy: string, hasta: string) => {
  const estados = await rowsOf<{ estado: string; n: number }>(
    executor,
    sql`select estado, count(*)::int as n from maquinas group by estado`,
  );
  const [fuera] = await rowsOf<{ n: number }>(
    executor,
    sql`select coalesce(sum(alquilado), 0)::int as n from andamio_stock`,
  );
  const mantenimientosProximos = await rowsOf<{
    maquinaId: string;
    codigo: string;
    fecha: string;
    descripcion: string;
  }>(
    executor,
    sql`select x.maquina_id::text as "maquinaId", m.codigo_interno as codigo, x.fecha_inicio::text as fecha,
          x.descripcion
        from maquina_mantenimientos x join maquinas m on m.id = x.maquina_id
        where x.estado = 'programado' and x.fecha_inicio between ${hoy} and ${hasta}
        order by x.fecha_inicio`,
  );
  const caducidadesProximas = await rowsOf<{
    maquinaId: string;
    codigo: string;
    tipo: TipoDocumentoMaquina;
    fecha: string;
  }>(
    executor,
    sql`select d.maquina_id::text as "maquinaId", m.codigo_interno as codigo, d.tipo,
          d.fecha_caducidad::text as fecha
        from maquina_documentos d join maquinas m on m.id = d.maquina_id
        where m.estado <> 'baja' and d.fecha_caducidad between ${hoy} and ${hasta}
        order by d.fecha_caducidad`,
  );
  return {
    maquinasPorEstado: Object.fromEntries(estados.map((e) => [e.estado, e.n])) as Record<
      EstadoMaquina,
      number
    >,
    piezasFuera: fuera?.n ?? 0,
    mantenimientosProximos,
    caducidadesProximas,
  };
};

/** The demo world's workshop: a supplier of alquileres by its NIF. */
export const proveedorAlquileresPorDocumento = async (executor: Executor, documento: string) => {
  const [row] = await rowsOf<{ id: string }>(
    executor,
    sql`select id::text from partes where documento = ${documento} and tipo = 'proveedor'
        and empresa = 'alquileres'`,
  );
  return row?.id;
};

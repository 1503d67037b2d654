import { sql } from 'drizzle-orm';
import type { BloqueoActivo } from '@tvsistema/domain/inventario';
import { rowsOf, type Executor } from '../../db/executor.js';

// The ledger's reads (§2.9): one indexed query per resource set, then the domain's rules decide.

/** The widest preparation a machine can have (§2.1: 0–7 days). */
const MAX_PREPARACION = 7;

type FilaBloqueo = BloqueoActivo & { recursoId: string; id: string };

const columnas = sql.raw(`b.id, coalesce(b.maquina_id, b.componente_id)::text as "recursoId",
  b.origen_tipo as "origenTipo", b.origen_id as "origenId", b.linea_id as "lineaId",
  coalesce(b.numero, '') as numero, coalesce(b.etiqueta, '') as etiqueta, b.cantidad,
  b.desde::text as desde, b.hasta::text as hasta, b.dias_preparacion as preparacion,
  b.exclusivo, b.en_curso as "enCurso"`);

/**
 * Active bloqueos of these machines or components that may touch [desde, hasta] (with any
 * preparation), plus delivered ones already overdue (they hold until returned). Grouped by resource.
 */
export const bloqueosActivos = async (
  tx: Executor,
  {
    clase,
    ids,
    desde,
    hasta,
    hoy,
    excluirOrigenId,
  }: {
    clase: 'maquina' | 'componente';
    ids: readonly string[];
    desde: string;
    hasta: string;
    hoy: string;
    excluirOrigenId?: string | undefined;
  },
): Promise<Map<string, FilaBloqueo[]>> => {
  const porRecurso = new Map<string, FilaBloqueo[]>();
  if (ids.length === 0) return porRecurso;
  const columna = sql.raw(clase === 'maquina' ? 'b.maquina_id' : 'b.componente_id');
  const lista = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const excluir = excluirOrigenId ? sql`and b.origen_id <> ${excluirOrigenId}` : sql``;
  // Two index walks rather than one OR (which no index serves): the bookings whose days meet the
  // range (GiST on resource + periodo), and the delivered ones already overdue.
  const filas = await rowsOf<FilaBloqueo>(
    tx,
    sql`select ${columnas} from inventario_bloqueos b
        where ${columna} in (${lista}) and b.estado = 'activo'
          and b.periodo && daterange(${desde}::date - ${MAX_PREPARACION + 1}::int,
                 ${hasta}::date + ${MAX_PREPARACION + 2}::int, '[)') ${excluir}
        union
        select ${columnas} from inventario_bloqueos b
        where ${columna} in (${lista}) and b.estado = 'activo'
          and b.en_curso and b.hasta < ${hoy}::date ${excluir}
        order by desde, id`,
  );
  for (const fila of filas) {
    const lista = porRecurso.get(fila.recursoId) ?? [];
    lista.push(fila);
    porRecurso.set(fila.recursoId, lista);
  }
  return porRecurso;
};

export type BloqueoOcupacion = {
  _id: string;
  recursoId: string;
  origenTipo: 'alquiler' | 'mantenimiento';
  origenId: string;
  numero: string;
  etiqueta: string;
  cantidad: number;
  desde: string;
  hasta: string | null;
  preparacionHasta: string | null;
  estado: 'activo' | 'liberado';
  enCurso: boolean;
};

/** Non-cancelled bloqueos of these resources meeting [desde, hasta] (the ocupación views). */
export const bloqueosEnPeriodo = async (
  tx: Executor,
  clase: 'maquina' | 'componente',
  ids: readonly string[],
  desde: string,
  hasta: string,
  hoy: string,
): Promise<BloqueoOcupacion[]> => {
  if (ids.length === 0) return [];
  const columna = sql.raw(clase === 'maquina' ? 'b.maquina_id' : 'b.componente_id');
  return rowsOf<BloqueoOcupacion>(
    tx,
    sql`select b.id as "_id", coalesce(b.maquina_id, b.componente_id)::text as "recursoId",
          b.origen_tipo as "origenTipo", b.origen_id as "origenId",
          coalesce(b.numero, '') as numero, coalesce(b.etiqueta, '') as etiqueta, b.cantidad,
          b.desde::text as desde, b.hasta::text as hasta,
          case when b.dias_preparacion > 0 and b.hasta is not null
            then (b.hasta + b.dias_preparacion)::text end as "preparacionHasta",
          b.estado, b.en_curso as "enCurso"
        from inventario_bloqueos b
        where ${columna} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and b.estado = 'activo'
          and (b.periodo && daterange(${desde}::date, ${hasta}::date + 1, '[)')
               or (b.en_curso and b.hasta < ${hoy}::date))
        order by b.desde, b.id`,
  );
};

import { eq, sql } from 'drizzle-orm';
import type { Emisor } from '@tvsistema/domain/finanzas';
import type { Empresa } from '@tvsistema/domain/systems';
import { rowsOf } from '../../db/executor.js';
import type { Executor } from '../../db/executor.js';
import { direccionJsonSql } from '../localizacion/index.js';
import { emisores } from './emisores.table.js';

export type EmisorRow = typeof emisores.$inferInsert;

/** The stored record with its address's names, as the API answers it; undefined when none. */
export const findEmisor = async (
  executor: Executor,
  empresa: Empresa,
): Promise<Emisor | undefined> => {
  const json = `jsonb_build_object(
      'empresa', e.empresa, 'razonSocial', e.razon_social, 'nif', e.nif,
      'direccion', ${direccionJsonSql('e')},
      'telefono', e.telefono, 'email', e.email, 'iban', e.iban, 'bic', e.bic,
      'registroMercantil', e.registro_mercantil, 'epigrafeIae', e.epigrafe_iae,
      'descripcionOperacion', e.descripcion_operacion, 'diasVencimiento', e.dias_vencimiento,
      'version', e.version)`;
  const [row] = await rowsOf<{ emisor: Emisor }>(
    executor,
    sql`select ${sql.raw(json)} as emisor from emisores e where e.empresa = ${empresa}`,
  );
  return row?.emisor;
};

/** Inserts the first record of an empresa, or replaces it and counts one more version. */
export const upsertEmisor = async (executor: Executor, values: EmisorRow) => {
  await executor
    .insert(emisores)
    .values(values)
    .onConflictDoUpdate({
      target: emisores.empresa,
      set: { ...values, updatedAt: sql`now()`, version: sql`${emisores.version} + 1` },
    });
};

/** Locks the empresa's row (if any) for the rest of the transaction; tells its version. */
export const lockEmisor = async (executor: Executor, empresa: Empresa) => {
  const [row] = await executor
    .select({ version: emisores.version })
    .from(emisores)
    .where(eq(emisores.empresa, empresa))
    .for('update');
  return row;
};

/** The razón social registered for an NIF (the Cabecera of a VERI*FACTU envío); undefined when none. */
export const razonSocialDeNif = async (executor: Executor, nif: string) => {
  const [row] = await executor
    .select({ razonSocial: emisores.razonSocial })
    .from(emisores)
    .where(eq(emisores.nif, nif))
    .limit(1);
  return row?.razonSocial ?? undefined;
};

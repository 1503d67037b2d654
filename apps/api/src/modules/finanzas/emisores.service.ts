import {
  DESCRIPCION_OPERACION_POR_DEFECTO,
  EMISOR_MESSAGES,
  type Emisor,
  type EmisorValues,
} from '@tvsistema/domain/finanzas';
import { EMPTY_DIRECCION } from '@tvsistema/domain/localizacion';
import { EMPRESA_LABELS, isEmpresa, type Empresa } from '@tvsistema/domain/systems';
import type { AuthUser } from '../../auth/auth.plugin.js';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { HttpError, invalidData } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import { registrarHistorial } from '../historial/index.js';
import { direccionValuesOf, validateDireccion } from '../localizacion/index.js';
import { findEmisor, lockEmisor, upsertEmisor } from './emisores.repository.js';
import { hayRegistrosDeNif } from './facturas.repository.js';

const EMISOR_NIF_BLOQUEADO =
  'No se puede cambiar el NIF del emisor: ya tiene registros VERI*FACTU.';

/** The fields of an emisor the history follows. */
const HISTORY_FIELDS = [
  'razonSocial',
  'nif',
  'direccion',
  'telefono',
  'email',
  'iban',
  'bic',
  'registroMercantil',
  'epigrafeIae',
  'descripcionOperacion',
  'diasVencimiento',
] as const;

const notFound = () => new HttpError(404, EMISOR_MESSAGES.notFound);

/**
 * What the documents print for an empresa with nothing stored yet (a fresh install without the
 * demo world): its name and defaults, version 0 — the first PUT creates the record.
 */
export const emisorPorDefecto = (empresa: Empresa): Emisor => ({
  empresa,
  razonSocial: EMPRESA_LABELS[empresa],
  nif: '',
  direccion: { ...EMPTY_DIRECCION },
  telefono: null,
  email: null,
  iban: '',
  bic: null,
  registroMercantil: null,
  epigrafeIae: null,
  descripcionOperacion: DESCRIPCION_OPERACION_POR_DEFECTO[empresa],
  diasVencimiento: 30,
  version: 0,
});

/**
 * The empresa's legal data for a document (letterheads, invoices), inside the caller's
 * transaction: the stored record, or the defaults when none is stored.
 */
export const datosEmisor = async (tx: Executor, empresa: Empresa): Promise<Emisor> =>
  (await findEmisor(tx, empresa)) ?? emisorPorDefecto(empresa);

export const createEmisoresService = (database: Database) => ({
  get: async (empresa: string): Promise<Emisor> => {
    if (!isEmpresa(empresa)) throw notFound();
    return datosEmisor(database.db, empresa);
  },

  /** Creates or replaces the record; `version` is the one read (0 when none was stored). */
  put: async (
    user: Pick<AuthUser, 'sub' | 'email'> | undefined,
    empresa: string,
    input: EmisorValues,
    version: number | undefined,
  ): Promise<Emisor> => {
    if (!isEmpresa(empresa)) throw notFound();
    return database.db.transaction(async (tx) => {
      const current = await lockEmisor(tx, empresa);
      checkVersion(current?.version ?? 0, version);
      const { errors } = await validateDireccion(tx, input.direccion);
      if (errors.length > 0) throw invalidData(errors);
      const before = current ? await findEmisor(tx, empresa) : undefined;
      // finanzas.md §2: the NIF cannot change once a VERI*FACTU record has it.
      if (before?.nif && before.nif !== input.nif && (await hayRegistrosDeNif(tx, before.nif)))
        throw new HttpError(409, EMISOR_NIF_BLOQUEADO);
      await upsertEmisor(tx, {
        empresa,
        razonSocial: input.razonSocial,
        nif: input.nif,
        ...direccionValuesOf('direccion', input.direccion),
        telefono: input.telefono,
        email: input.email,
        iban: input.iban,
        bic: input.bic,
        registroMercantil: input.registroMercantil,
        epigrafeIae: input.epigrafeIae,
        descripcionOperacion:
          input.descripcionOperacion ?? DESCRIPCION_OPERACION_POR_DEFECTO[empresa],
        diasVencimiento: input.diasVencimiento,
        createdBySub: user?.sub ?? null,
        updatedBySub: user?.sub ?? null,
      });
      const after = await findEmisor(tx, empresa);
      if (!after) throw new Error('emisor upsert returned no row');
      await registrarHistorial(tx, {
        recurso: 'emisor',
        registroId: empresa,
        empresa,
        accion: before ? 'modificar' : 'crear',
        antes: before,
        despues: after,
        campos: HISTORY_FIELDS,
        usuario: user,
      });
      return after;
    });
  },
});

import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { Direccion } from '@tvsistema/domain/localizacion';
import type { AuthUser } from '../../auth/auth.plugin.js';
import { HttpError } from '../../http/errors.js';
import { isUuid } from '../../http/schemas.js';

// What quotes and rentals share: who did it, the 409s with `conflictos`, search columns.

export type Usuario = Pick<AuthUser, 'sub' | 'email'> | undefined;

export const conflicto = (message: string, errors?: string[]) =>
  new HttpError(409, message, errors ? { errors } : {});

export type ConflictoRespuesta = {
  lineaIndex: number;
  lineaId: string;
  recursoTipo: 'maquina' | 'andamio';
  recursoId: string;
  codigo: string;
  mensaje: string;
  alternativas?: { maquinaId: string; codigoInterno: string; descripcion: string }[];
};

/** R9–R12: a 409 whose body also carries `conflictos` (the module's error handler sends it). */
export class ConflictoComercialError extends HttpError {
  readonly conflictos: ConflictoRespuesta[];
  constructor(message: string, errors: string[], conflictos: ConflictoRespuesta[]) {
    super(409, message, { errors });
    this.name = 'ConflictoComercialError';
    this.conflictos = conflictos;
  }
}

const SEPARADOR = '\u001f';
export const columnaBusqueda = (...partes: (string | null | undefined)[]) =>
  partes
    .filter((parte): parte is string => Boolean(parte))
    .map(normalizeSearchText)
    .join(SEPARADOR);

export const autoria = (user: Usuario, { crear }: { crear: boolean }) => ({
  ...(crear ? { createdBySub: user?.sub ?? null, createdByEmail: user?.email ?? null } : {}),
  updatedBySub: user?.sub ?? null,
  updatedByEmail: user?.email ?? null,
});

export const idValido = (id: string) => isUuid(id);

/** An address with nothing chosen reads as none. */
export const direccionONull = (d: Direccion | null | undefined): Direccion | null =>
  d && (d.paisId || d.municipioId || d.provinciaId || d.calleId) ? d : null;

export const sinVacios = <T extends Record<string, unknown>>(o: T | null | undefined) =>
  o
    ? (Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T)
    : null;

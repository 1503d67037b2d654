import { can } from '@tvsistema/domain/auth';
import type { Direccion } from '@tvsistema/domain/localizacion';
import { canAccessEmpresa } from '@tvsistema/domain/systems';
import { fechaHoraMadrid } from '@tvsistema/domain/finanzas';
import { diaEnMadrid, formatFecha } from '@tvsistema/domain/format';
import type { AuthUser } from '../../auth/auth.plugin.js';
import { API_MESSAGES, HttpError } from '../../http/errors.js';
import type { Now, Today } from '../../module.js';

// What invoices, notas and purchases share: who may do what in which empresa, 409s, address lines,
// the clock of VERI*FACTU records.

export type Usuario = Pick<AuthUser, 'sub' | 'email' | 'roles'> | undefined;
export type Reloj = { today: Today; now: Now };

export const conflicto = (message: string, errors?: string[]) =>
  new HttpError(409, message, errors ? { errors } : {});
export const prohibido = () => new HttpError(403, API_MESSAGES.forbidden);

/** Reading an empresa's documents: its system, or its edit key (SPEC 6 literal, open point d). */
export const puedeLeer = (user: Usuario, empresa: string) =>
  !user ||
  canAccessEmpresa(user.roles, empresa as 'alquileres') ||
  can(user.roles, empresa === 'transporte' ? 'facturas.transporte.edit' : 'facturas.edit');

/** §7: the service requires `facturas.edit` (alquileres) or `facturas.transporte.edit`. */
export const puedeEditar = (user: Usuario, empresa: string) =>
  !user || can(user.roles, empresa === 'transporte' ? 'facturas.transporte.edit' : 'facturas.edit');

export const exigirLectura = (user: Usuario, empresa: string) => {
  if (!puedeLeer(user, empresa)) throw prohibido();
};
export const exigirEdicion = (user: Usuario, empresa: string) => {
  if (!puedeEditar(user, empresa)) throw prohibido();
};
export const exigirPermiso = (
  user: Usuario,
  permiso: Parameters<typeof can>[1],
  empresa?: string,
) => {
  if (user && !can(user.roles, permiso)) throw prohibido();
  if (
    user &&
    empresa &&
    !canAccessEmpresa(user.roles, empresa as 'alquileres') &&
    !can(user.roles, 'facturacion.fiscal')
  )
    throw prohibido();
};

export const autoria = (user: Usuario, { crear }: { crear: boolean }) => ({
  ...(crear ? { createdBySub: user?.sub ?? null, createdByEmail: user?.email ?? null } : {}),
  updatedBySub: user?.sub ?? null,
  updatedByEmail: user?.email ?? null,
});

/** "Carrer dels Ferrers 8", "07141 Marratxí", "Illes Balears": the printed address lines. */
export const lineasDireccion = (d: Direccion | null | undefined): string[] => {
  if (!d) return [];
  const calle = [d.calle, d.altura === null || d.altura === undefined ? null : String(d.altura)]
    .filter(Boolean)
    .join(' ');
  const lugar = [d.codigoPostal, d.municipio ?? d.ciudad].filter(Boolean).join(' ');
  return [calle, lugar, d.provincia ?? ''].filter((s) => s && s.trim() !== '') as string[];
};

/**
 * The VERI*FACTU generation instant "2026-03-02T10:15:00+01:00": the API's clock; when a test
 * fixes only "hoy", that day with the clock's time.
 */
export const instanteRegistro = (reloj: Reloj): string => {
  const ahora = reloj.now();
  const texto = fechaHoraMadrid(ahora);
  const hoy = reloj.today();
  return diaEnMadrid(ahora) === hoy ? texto : `${hoy}${texto.slice(10)}`;
};

export const fechaCorta = (fecha: string | null | undefined) => (fecha ? formatFecha(fecha) : '');

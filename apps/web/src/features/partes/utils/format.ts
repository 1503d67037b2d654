import type { Direccion } from '@tvsistema/domain';
import type { ParteContacto, ParteRecord } from '../parte-record.js';

const joinPresent = (parts: readonly (string | null | undefined)[], separator: string): string =>
  parts.filter((part): part is string => Boolean(part && part.trim())).join(separator);

/** The contact a card or row shows: the first one, as "nombre · teléfono · correo". */
export const contactSummary = (contactos: readonly ParteContacto[]): string => {
  const first = contactos[0];
  return first ? joinPresent([first.nombre, first.telefono, first.correo], ' · ') : '';
};

/** Where a party is, briefly: the city (or municipality) and the province. */
export const locationSummary = (direccion: Direccion | null | undefined): string => {
  if (!direccion) return '';
  const place = direccion.ciudad ?? direccion.municipio;
  return joinPresent([place, place === direccion.provincia ? null : direccion.provincia], ', ');
};

/** The whole address on one or two lines, for the detail modal. */
export const addressLines = (direccion: Direccion | null | undefined): string[] => {
  if (!direccion) return [];
  const street = joinPresent(
    [
      joinPresent(
        [direccion.calle, direccion.altura === null ? null : String(direccion.altura)],
        ' ',
      ),
      direccion.planta ? `planta ${direccion.planta}` : null,
      direccion.local ? `local ${direccion.local}` : null,
    ],
    ', ',
  );
  const place = joinPresent(
    [
      joinPresent([direccion.codigoPostal, direccion.ciudad ?? direccion.municipio], ' '),
      direccion.municipio && direccion.ciudad && direccion.municipio !== direccion.ciudad
        ? direccion.municipio
        : null,
      direccion.provincia,
      direccion.pais,
    ],
    ', ',
  );
  return [street, place, direccion.observacion ?? ''].filter((line) => line !== '');
};

export const hasContactData = (record: ParteRecord): boolean =>
  record.contactos.some((contacto) =>
    Boolean(contacto.nombre || contacto.telefono || contacto.correo),
  );

import type { Direccion, DireccionLevel } from '@tvsistema/domain';

/** A chosen level: its id and the name shown for it. */
export type LevelSelection = { id: string; nombre: string };

// SPEC 4.7: what each level's change clears below it.
const CLEARED_BY: Readonly<Record<DireccionLevel, readonly DireccionLevel[]>> = {
  pais: ['provincia', 'municipio', 'ciudad', 'calle', 'codigoPostal'],
  provincia: ['municipio', 'ciudad', 'calle', 'codigoPostal'],
  municipio: ['ciudad', 'calle', 'codigoPostal'],
  ciudad: ['calle', 'codigoPostal'],
  calle: [],
  codigoPostal: [],
};

const idKey = <L extends DireccionLevel>(level: L): `${L}Id` => `${level}Id`;

const setLevel = (
  value: Direccion,
  level: DireccionLevel,
  selection: LevelSelection | null,
): Direccion => ({
  ...value,
  [idKey(level)]: selection?.id ?? null,
  [level]: selection?.nombre ?? null,
});

export const selectionOf = (value: Direccion, level: DireccionLevel): LevelSelection | null => {
  const id = value[idKey(level)];
  return id === null ? null : { id, nombre: value[level] ?? '' };
};

/** SPEC 4.7: altura waits for a street or a postal code. */
export const isAlturaEnabled = (value: Direccion): boolean =>
  value.calleId !== null || value.codigoPostalId !== null;

/**
 * Sets one level and applies the cascade of SPEC 4.7. Choosing the same record again changes
 * nothing below it. Altura is emptied once neither a street nor a postal code is left, because it
 * is disabled then and a hidden number would still be saved.
 */
export const selectLevel = (
  value: Direccion,
  level: DireccionLevel,
  selection: LevelSelection | null,
): Direccion => {
  const changed = value[idKey(level)] !== (selection?.id ?? null);
  let next = setLevel(value, level, selection);
  if (changed) {
    for (const below of CLEARED_BY[level]) next = setLevel(next, below, null);
  }
  return isAlturaEnabled(next) ? next : { ...next, altura: null };
};

/**
 * A city chosen while no municipality is: the city's own municipality fills the gap (a city
 * always belongs to one), without the municipality's cascade clearing the city again.
 */
export const selectCiudad = (
  value: Direccion,
  ciudad: LevelSelection,
  municipio: LevelSelection | null,
): Direccion => {
  const withMunicipio =
    value.municipioId === null && municipio ? setLevel(value, 'municipio', municipio) : value;
  return selectLevel(withMunicipio, 'ciudad', ciudad);
};

/** SPEC 4.7 disabled states, for the six lookups. */
export const isLevelEnabled = (value: Direccion, level: DireccionLevel): boolean => {
  switch (level) {
    case 'pais':
      return true;
    case 'provincia':
      return value.paisId !== null;
    case 'municipio':
    case 'ciudad':
      return value.provinciaId !== null;
    case 'calle':
    case 'codigoPostal':
      return value.ciudadId !== null;
  }
};

/** Nothing chosen or typed: the state in which SPEC 4.6 prefills a new supplier's address. */
export const isEmptyDireccion = (value: Direccion): boolean =>
  Object.values(value).every((field) => field === null);

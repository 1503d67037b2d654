import { normalizeSearchText } from '@tvsistema/domain/localizacion';

/** Separates name and documento in the search column, so a term cannot match across both. */
const SEARCH_SEPARATOR = '\u001f';

/** Search form of a party: its normalised name and lower-cased documento. */
export const parteSearchColumns = (nombre: string, documento: string | null) => {
  const nombreBusqueda = normalizeSearchText(nombre);
  return {
    nombreBusqueda,
    busqueda: documento
      ? `${nombreBusqueda}${SEARCH_SEPARATOR}${documento.toLowerCase()}`
      : nombreBusqueda,
  };
};

import { countLabel } from '../levels.js';
import type { LocationDependencies } from '../api/get-location-dependencies.js';

// The server names child levels by entity or by resource; both spellings are understood.
const CHILD_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  pais: ['país', 'países'],
  paises: ['país', 'países'],
  provincia: ['provincia', 'provincias'],
  provincias: ['provincia', 'provincias'],
  municipio: ['municipio', 'municipios'],
  municipios: ['municipio', 'municipios'],
  ciudad: ['ciudad', 'ciudades'],
  ciudades: ['ciudad', 'ciudades'],
  calle: ['calle', 'calles'],
  calles: ['calle', 'calles'],
  codigoPostal: ['código postal', 'códigos postales'],
  codigosPostales: ['código postal', 'códigos postales'],
  'codigos-postales': ['código postal', 'códigos postales'],
};

/** "52 provincias", "1 dirección que lo usa": one line per thing that blocks a deletion. */
export const blockingLines = ({ hijos, usos }: LocationDependencies): string[] => {
  const lines = hijos
    .filter(({ total }) => total > 0)
    .map(({ entidad, total }) => {
      const [singular, plural] = CHILD_NAMES[entidad] ?? [entidad, entidad];
      return countLabel(total, singular, plural);
    });
  if (usos > 0) lines.push(`Usado en ${countLabel(usos, 'dirección', 'direcciones')}`);
  return lines;
};

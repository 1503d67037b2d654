import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { normalizeName, normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { Database } from '../../db/database.js';
import { createReferenceDataRepository } from './reference-data.repository.js';
import type { LocationSeed, SeedCounts } from './reference-data.repository.js';

/** Spain's locations (INE, CLDR, ISO 3166): see reference-data/locations-es/README.md. */
export const LOCATIONS_ES_DIR = fileURLToPath(
  new URL('../../../reference-data/locations-es/', import.meta.url),
);

/** The app_meta key that records which version of the files has been loaded. */
export const LOCATIONS_ES_META_KEY = 'reference-data.locations-es';

const FILES = ['paises.csv', 'provincias.csv', 'municipios.csv', 'codigos_postales.csv'] as const;

type CsvRow = Record<string, string>;

// The files quote fields that contain a comma (INE names such as "Ballestero, El"), so a real
// CSV parser, not a split on commas.
const parseCsv = (text: string, required: readonly string[], file: string): CsvRow[] => {
  const rows = parse(text, { columns: true, skip_empty_lines: true }) as CsvRow[];
  const missing = required.filter((column) => rows.length > 0 && !(column in rows[0]!));
  if (missing.length > 0) throw new Error(`${file}: faltan las columnas ${missing.join(', ')}`);
  return rows;
};

const column = (rows: readonly CsvRow[], name: string): string[] =>
  rows.map((row) => row[name] ?? '');

const readFiles = (folder: string) =>
  Promise.all(FILES.map((file) => readFile(join(folder, file), 'utf8')));

/** The version of a set of files: the SHA-256 of their contents. */
const versionOf = (texts: readonly string[]): string => {
  const hash = createHash('sha256');
  for (const text of texts) hash.update(text);
  return hash.digest('hex');
};

/** The four files as set-based seed input: names uppercased (SPEC 5) with their search forms. */
export const readLocationReferenceData = async (
  folder: string = LOCATIONS_ES_DIR,
): Promise<{ version: string; seed: LocationSeed }> => {
  const texts = await readFiles(folder);
  return { version: versionOf(texts), seed: seedOf(texts) };
};

const seedOf = (texts: readonly string[]): LocationSeed => {
  const [paisesCsv = '', provinciasCsv = '', municipiosCsv = '', codigosCsv = ''] = texts;

  const paises = parseCsv(paisesCsv, ['codigo', 'nombre'], 'paises.csv');
  const provincias = parseCsv(
    provinciasCsv,
    ['codigo', 'nombre', 'nombre_alternativo'],
    'provincias.csv',
  );
  const municipios = parseCsv(
    municipiosCsv,
    ['codigo', 'nombre', 'provincia_codigo'],
    'municipios.csv',
  );
  const codigos = parseCsv(
    codigosCsv,
    ['codigo_postal', 'municipio_codigo'],
    'codigos_postales.csv',
  );

  const names = (rows: readonly CsvRow[], name = 'nombre') => {
    const display = column(rows, name).map((value) => (value === '' ? '' : normalizeName(value)));
    return { nombre: display, busqueda: display.map(normalizeSearchText) };
  };
  const paisNames = names(paises);
  const provinciaNames = names(provincias);
  const alternativos = names(provincias, 'nombre_alternativo');
  const municipioNames = names(municipios);

  return {
    paises: { codigo: column(paises, 'codigo'), ...paisNames },
    provincias: {
      codigo: column(provincias, 'codigo'),
      ...provinciaNames,
      alternativo: alternativos.nombre,
      alternativoBusqueda: alternativos.busqueda,
    },
    municipios: {
      codigo: column(municipios, 'codigo'),
      ...municipioNames,
      provinciaCodigo: column(municipios, 'provincia_codigo'),
    },
    codigosPostales: {
      valor: column(codigos, 'codigo_postal'),
      municipioCodigo: column(codigos, 'municipio_codigo'),
    },
  };
};

export type SeedResult = { version: string; skipped: boolean; inserted: SeedCounts; ms: number };

/**
 * Loads Spain's reference locations unless this version is already in (app_meta), in one
 * transaction of a few set-based statements. Rows that already exist are left as they are, so
 * running it again, or on several replicas at once, changes nothing.
 */
export const seedLocationReferenceData = async (
  database: Database,
  folder: string = LOCATIONS_ES_DIR,
): Promise<SeedResult> => {
  const started = performance.now();
  const texts = await readFiles(folder);
  const version = versionOf(texts);
  // Parsed only when this version is not in yet: most starts just compare a hash.
  const repository = createReferenceDataRepository(database);
  const done = (await repository.seededVersion(LOCATIONS_ES_META_KEY)) === version;
  const inserted = done
    ? undefined
    : await repository.seedLocations({
        key: LOCATIONS_ES_META_KEY,
        version,
        seed: seedOf(texts),
      });
  return {
    version,
    skipped: inserted === undefined,
    inserted: inserted ?? {
      paises: 0,
      provincias: 0,
      municipios: 0,
      ciudades: 0,
      codigosPostales: 0,
    },
    ms: Math.round(performance.now() - started),
  };
};

// Realistic Spanish suppliers in bulk, for `npm run seed:bulk`, the proveedores benchmark and the
// API tests that need volume. Rows are generated in JavaScript (deterministic: a seeded generator)
// and inserted set-based (partes-seed.repository.ts), so 100,000 rows take seconds.
import { checkSpanishDocument, cifControlDigit, dniLetter } from '@tvsistema/domain/documento';
import type { ParteTipo } from '@tvsistema/domain/partes';
import { EMPRESAS } from '@tvsistema/domain/systems';
import type { Empresa } from '@tvsistema/domain/systems';
import type { Database } from '../../db/database.js';
import { createPartesSeedRepository } from './partes-seed.repository.js';
import type { SeedLocations } from './partes-seed.repository.js';
import { parteSearchColumns } from './partes-search.js';

const SECTORES = [
  'Construcciones',
  'Transportes',
  'Ferretería',
  'Suministros Industriales',
  'Talleres',
  'Hormigones',
  'Excavaciones',
  'Andamios',
  'Maquinaria',
  'Gasóleos',
  'Neumáticos',
  'Electricidad',
  'Fontanería',
  'Carpintería',
  'Cristalería',
  'Pinturas',
  'Áridos',
  'Grúas',
  'Recambios',
  'Asesoría',
  'Limpiezas',
  'Reformas',
  'Aislamientos',
  'Cerrajería',
  'Distribuciones',
  'Materiales de Construcción',
  'Seguridad Laboral',
  'Logística',
  'Hidráulica',
  'Climatización',
] as const;

const APELLIDOS = [
  'Ferrer',
  'Vidal',
  'Pons',
  'Bauzà',
  'Llull',
  'Oliver',
  'Mas',
  'Riera',
  'Serra',
  'Coll',
  'Salvà',
  'Bestard',
  'Ripoll',
  'Sastre',
  'Garau',
  'Rosselló',
  'Amengual',
  'Caldentey',
  'Font',
  'Martorell',
  'Nadal',
  'Pujol',
  'Roig',
  'Cerdà',
  'Pérez',
  'García',
  'Martínez',
  'López',
  'Sánchez',
  'Fernández',
  'Gómez',
  'Jiménez',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Navarro',
  'Torres',
  'Domínguez',
  'Ramírez',
  'Castaño',
  'Ibáñez',
  'Núñez',
  'Peña',
  'Durán',
] as const;

const LUGARES = [
  'Palma',
  'Manacor',
  'Inca',
  'Sóller',
  'Llucmajor',
  'Marratxí',
  'Calvià',
  'Alcúdia',
  'Pollença',
  'Felanitx',
  'Santanyí',
  'Campos',
  'Sa Pobla',
  'Binissalem',
  'Andratx',
  'Artà',
  'Capdepera',
  'Sineu',
  'Porreres',
  'Muro',
  'Mallorca',
  'Baleares',
  'Levante',
  'Mediterráneo',
] as const;

const NOMBRES = [
  'Antoni',
  'Joan',
  'Miquel',
  'Bartomeu',
  'Margalida',
  'Catalina',
  'Francisca',
  'María',
  'José',
  'Carmen',
  'Ana',
  'Javier',
  'Lucía',
  'Pedro',
  'Isabel',
  'Tomeu',
  'Aina',
  'Jaume',
  'Núria',
  'Sergio',
] as const;

const FORMAS = ['S.L.', 'S.A.', 'S.L.U.', 'S.C.', 'e Hijos S.L.', 'y Cía. S.L.', ''] as const;

const OBSERVACIONES = [
  'Pago a 30 días fecha factura',
  'Pago a 60 días',
  'Entrega en obra con grúa propia',
  'Cierra la segunda quincena de agosto',
  'Pedir presupuesto antes de cada compra',
  'Descuento del 5 % por pronto pago',
  'Horario de almacén de 7:00 a 15:00',
  'Factura electrónica obligatoria',
] as const;

/** mulberry32: a small, fast, seeded generator, so every run seeds the same data. */
const randomFrom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
};

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

// Distinct numbers for distinct sequence numbers: multiplying by a number coprime with 10^k is a
// bijection modulo 10^k, so documentos never collide and still look random.
const spread = (sequence: number, modulus: number) => (sequence * 7_919 + 1_234_567) % modulus;

/** A CIF (companies) or a DNI (sole traders), valid unless `broken`; unique per sequence. */
const documentoFor = (sequence: number, company: boolean, broken: boolean): string => {
  if (company) {
    const digits = String(spread(sequence, 10_000_000)).padStart(7, '0');
    const control = (cifControlDigit(digits) + (broken ? 1 : 0)) % 10;
    return `B${digits}${control}`;
  }
  const number = spread(sequence, 100_000_000);
  const letter = dniLetter(number + (broken ? 1 : 0));
  return `${String(number).padStart(8, '0')}${letter}`;
};

type SeedRow = Record<string, unknown>;

const contactoFor = (random: Random) => {
  const nombre = `${pick(random, NOMBRES)} ${pick(random, APELLIDOS)}`;
  const user = nombre
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');
  const mobile = random() < 0.6;
  const digits = String(Math.floor(random() * 100_000_000)).padStart(8, '0');
  return {
    nombre,
    telefono: mobile
      ? `+34 6${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)}`
      : `971 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)}`,
    correo:
      random() < 0.8
        ? `${user}@${pick(random, ['gmail.com', 'empresa.es', 'telefonica.net'])}`
        : null,
  };
};

const DAY_MS = 86_400_000;

const rowFor = (
  sequence: number,
  random: Random,
  tipo: ParteTipo,
  empresa: Empresa,
  locations: SeedLocations,
  now: number,
): SeedRow => {
  const company = random() < 0.8;
  const nombre = company
    ? [
        pick(random, SECTORES),
        random() < 0.5 ? pick(random, LUGARES) : pick(random, APELLIDOS),
        pick(random, FORMAS),
      ]
        .filter(Boolean)
        .join(' ')
    : `${pick(random, NOMBRES)} ${pick(random, APELLIDOS)} ${pick(random, APELLIDOS)}`;
  const documentoKind = random();
  const documento =
    documentoKind < 0.1 ? null : documentoFor(sequence, company, documentoKind > 0.95);
  const contactos = Array.from({ length: 1 + Math.floor(random() * 3) }, () => contactoFor(random));
  const observaciones = random() < 0.4 ? [pick(random, OBSERVACIONES)] : [];

  const municipio = locations.municipios.length ? pick(random, locations.municipios) : undefined;
  const ciudad = municipio?.ciudades.length ? pick(random, municipio.ciudades) : undefined;
  const calle = ciudad?.calles.length ? pick(random, ciudad.calles) : null;
  const codigo = ciudad?.codigos.length ? pick(random, ciudad.codigos) : null;
  const createdAt = now - Math.floor(random() * 3 * 365 * DAY_MS);
  const updatedAt = Math.min(now, createdAt + Math.floor(random() * 200 * DAY_MS));
  const cuenta = (prefix: string) => `${prefix}${String(sequence).padStart(6, '0')}`;

  return {
    tipo,
    empresa,
    activo: random() < 0.9,
    nombre,
    documento,
    ...parteSearchColumns(nombre, documento),
    cuenta_contable_proveedor: tipo === 'proveedor' ? cuenta('400') : null,
    cuenta_contable_compra: tipo === 'proveedor' ? '600000000' : null,
    cuenta_contable_cliente: tipo === 'cliente' ? cuenta('430') : null,
    cuenta_contable_venta: tipo === 'cliente' ? '700000000' : null,
    cuenta_contable_retencion: random() < 0.3 ? '4751000' : null,
    contactos,
    observaciones,
    direccion_pais_id: locations.paisId,
    direccion_provincia_id: locations.provinciaId,
    direccion_municipio_id: municipio?.id ?? null,
    direccion_ciudad_id: ciudad?.id ?? null,
    direccion_calle_id: calle,
    direccion_codigo_postal_id: codigo,
    direccion_altura: calle ? 1 + Math.floor(random() * 150) : null,
    direccion_planta: calle && random() < 0.3 ? `${1 + Math.floor(random() * 5)}º` : null,
    direccion_local: null,
    direccion_observacion: null,
    created_at: new Date(createdAt).toISOString(),
    updated_at: new Date(updatedAt).toISOString(),
  };
};

export type PartesSeedOptions = {
  tipo?: ParteTipo;
  /** Rows per INSERT statement. */
  batch?: number;
  seed?: number;
  onProgress?: (done: number) => void;
};

export type PartesSeedResult = { inserted: number; withAddress: boolean; spanishValid: number };

/**
 * Inserts `count` parties spread evenly over the three empresas. Documento numbering continues
 * after the rows already there, so seeding twice adds rows instead of colliding.
 */
export const seedPartes = async (
  database: Database,
  count: number,
  options: PartesSeedOptions = {},
): Promise<PartesSeedResult> => {
  const tipo = options.tipo ?? 'proveedor';
  const batch = options.batch ?? 5_000;
  const repository = createPartesSeedRepository(database);
  const locations = await repository.loadMallorca();
  const offset = await repository.count(tipo);
  const random = randomFrom(options.seed ?? 20_261_123 + offset);
  const now = Date.now();
  let inserted = 0;
  let spanishValid = 0;

  for (let start = 0; start < count; start += batch) {
    const rows: SeedRow[] = [];
    for (let index = start; index < Math.min(count, start + batch); index += 1) {
      const sequence = offset + index;
      const row = rowFor(
        sequence,
        random,
        tipo,
        EMPRESAS[sequence % EMPRESAS.length] as Empresa,
        locations,
        now,
      );
      if (typeof row.documento === 'string' && checkSpanishDocument(row.documento) === 'valid') {
        spanishValid += 1;
      }
      rows.push(row);
    }
    inserted += await repository.insertBatch(rows);
    options.onProgress?.(inserted);
  }
  await repository.analyze();
  return { inserted, withAddress: locations.paisId !== null, spanishValid };
};

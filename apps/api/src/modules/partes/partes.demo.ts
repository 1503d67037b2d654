import type { ParteCreate, ParteTipo } from '@tvsistema/domain/partes';
import type { Empresa } from '@tvsistema/domain/systems';
import type { AuthUser } from '../../auth/auth.plugin.js';
import type { DemoContext } from '../../module.js';
import { crearDireccionDemo, type DireccionDemo } from '../localizacion/index.js';
import { createPartesRepository } from './partes.repository.js';
import { createParteService } from './partes.service.js';

// Partes' part of the demo world (modules/README.md "Clients" and "Suppliers"): one record per
// empresa listed, the same documento in each, created through the service as a user would.

type DemoParte = {
  tipo: ParteTipo;
  nombre: string;
  documento: string | null;
  direccion: DireccionDemo | null;
  empresas: readonly Empresa[];
  contactos?: ParteCreate['contactos'];
  observaciones?: string[];
};

const PARTES: readonly DemoParte[] = [
  {
    tipo: 'cliente',
    nombre: 'Construcciones Llevant, S.L.',
    documento: 'B07345671',
    direccion: { municipio: 'Palma', calle: "Carrer d'Aragó", altura: 215 },
    empresas: ['alquileres', 'verticales'],
    contactos: [{ nombre: 'Joan Ferrer Mas' }],
    observaciones: ['Jefe de obra: Joan Ferrer Mas (DNI 43111222E)'],
  },
  {
    tipo: 'cliente',
    nombre: 'Reformas Tramuntana, S.L.',
    documento: 'B07567894',
    direccion: { municipio: 'Inca', calle: 'Carrer del General Luque', altura: 40 },
    empresas: ['alquileres'],
  },
  {
    tipo: 'cliente',
    nombre: 'Construcciones Ferrer Pons, S.L.',
    documento: 'B07987654',
    direccion: { municipio: 'Marratxí', calle: 'Carrer dels Ferrers', altura: 8 },
    empresas: ['alquileres', 'verticales'],
    observaciones: ['Contratista de obra: inversión del sujeto pasivo en montaje'],
  },
  {
    tipo: 'cliente',
    nombre: 'Hotel Cala Major, S.A.',
    documento: 'A07334410',
    direccion: { municipio: 'Palma', calle: 'Carrer de Joan Miró', altura: 303 },
    empresas: ['alquileres', 'verticales'],
    observaciones: ['Plazo de pago: 15 días'],
  },
  {
    tipo: 'cliente',
    nombre: 'Miquel Oliver Riera',
    documento: null,
    direccion: null,
    empresas: ['alquileres'],
    observaciones: ['Particular sin NIF ni dirección: solo facturas simplificadas'],
  },
  {
    tipo: 'cliente',
    nombre: 'Àrids Son Ferrer, S.L.',
    documento: 'B07788128',
    direccion: { municipio: 'Calvià', calle: 'Cantera Son Ferrer' },
    empresas: ['transporte'],
  },
  {
    tipo: 'cliente',
    nombre: 'Hormigones Serra Coll, S.L.',
    documento: 'B07556673',
    direccion: { municipio: 'Alcúdia', calle: 'Carrer del Ferro', altura: 12 },
    empresas: ['transporte'],
    observaciones: ['Domiciliación: IBAN ES02 0049 1890 7821 1065 4321'],
  },
  {
    tipo: 'cliente',
    nombre: 'Comunidad de Propietarios Edificio Es Born',
    documento: 'H07281934',
    direccion: { municipio: 'Palma', calle: 'Passeig del Born', altura: 15 },
    empresas: ['verticales'],
  },
  {
    tipo: 'proveedor',
    nombre: 'Talleres Son Castelló, S.L.',
    documento: 'B07451230',
    direccion: { municipio: 'Palma' },
    empresas: ['alquileres', 'transporte'],
    observaciones: ['Taller de maquinaria y camiones'],
  },
  {
    tipo: 'proveedor',
    nombre: 'Neumàtics Llevant, S.L.',
    documento: 'B07123987',
    direccion: { municipio: 'Manacor' },
    empresas: ['transporte'],
    observaciones: ['Neumáticos'],
  },
  {
    tipo: 'proveedor',
    nombre: 'Gasóleos Sastre, S.L.',
    documento: 'B07667785',
    direccion: { municipio: 'Palma' },
    empresas: ['transporte'],
    observaciones: ['Gasóleo'],
  },
  {
    tipo: 'proveedor',
    nombre: 'Tacògrafs Mallorca, S.L.',
    documento: 'B07634199',
    direccion: { municipio: 'Marratxí' },
    empresas: ['transporte'],
    observaciones: ['Revisiones de tacógrafo'],
  },
  {
    tipo: 'proveedor',
    nombre: 'Transports Sóller, S.L.',
    documento: 'B07412588',
    direccion: { municipio: 'Sóller' },
    empresas: ['transporte'],
    observaciones: ['Transportista colaborador: viajes subcontratados'],
  },
  {
    tipo: 'proveedor',
    nombre: 'Joana Rosselló Font',
    documento: '41987654G',
    direccion: { municipio: 'Palma' },
    empresas: ['alquileres'],
    observaciones: ['Asesora fiscal (retención IRPF 15 %)'],
  },
];

/** Who the demo world's records say created them. */
const DEMO_USER: AuthUser = { sub: 'demo', email: null, roles: ['administracion'] };

export const demo = async ({ database }: DemoContext) => {
  const repository = createPartesRepository(database);
  const services = {
    proveedor: createParteService(repository, 'proveedor'),
    cliente: createParteService(repository, 'cliente'),
  };
  // A seed that cannot write says which record and why (the demo data is ours to fix).
  const create = async (parte: DemoParte, empresa: Empresa, input: ParteCreate) => {
    try {
      await services[parte.tipo].create(DEMO_USER, input);
    } catch (error) {
      const details = (error as { errors?: string[] }).errors?.join('; ') ?? String(error);
      throw new Error(`Mundo de demostración: ${parte.nombre} (${empresa}): ${details}`, {
        cause: error,
      });
    }
  };
  for (const parte of PARTES) {
    const direccion = parte.direccion
      ? await crearDireccionDemo(database, parte.direccion)
      : undefined;
    for (const empresa of parte.empresas) {
      await create(parte, empresa, {
        nombre: parte.nombre,
        documento: parte.documento,
        empresa,
        activo: true,
        contactos: parte.contactos ?? [],
        observaciones: parte.observaciones ?? [],
        ...(direccion ? { direccion } : {}),
      } as ParteCreate);
    }
  }
};

import type { Empresa } from '@tvsistema/domain/systems';
import type { DemoContext } from '../../module.js';
import { crearDireccionDemo, type DireccionDemo } from '../localizacion/index.js';
import { createEmisoresService } from './emisores.service.js';

/** The three companies of the demo world (modules/README.md, "Companies"). */
const EMISORES: readonly {
  empresa: Empresa;
  razonSocial: string;
  nif: string;
  direccion: DireccionDemo;
  iban: string;
  epigrafeIae: string | null;
}[] = [
  {
    empresa: 'alquileres',
    razonSocial: 'Alquiler de Maquinaria Mallorca, S.L.',
    nif: 'B07654320',
    direccion: {
      municipio: 'Palma',
      calle: 'Camí Vell de Bunyola',
      altura: 37,
      codigoPostal: '07009',
    },
    iban: 'ES6000810573880001234567',
    epigrafeIae: '852',
  },
  {
    empresa: 'transporte',
    razonSocial: 'Mallorca Transporta, S.L.',
    nif: 'B07123458',
    direccion: {
      municipio: 'Palma',
      calle: 'Carrer del Gremi de Forners',
      altura: 12,
      codigoPostal: '07009',
    },
    iban: 'ES0320386543966000123456',
    epigrafeIae: '722',
  },
  {
    empresa: 'verticales',
    razonSocial: 'Trabajos Verticales Mallorca, S.L.',
    nif: 'B07456783',
    direccion: {
      municipio: 'Palma',
      calle: 'Carrer del Gremi de Fusters',
      altura: 21,
      codigoPostal: '07009',
    },
    iban: 'ES5521000815590200456789',
    epigrafeIae: null,
  },
];

/** Finanzas' part of the demo world: the emisores, each once (a stored one is left as it is). */
export const demo = async ({ database }: DemoContext) => {
  const service = createEmisoresService(database);
  for (const emisor of EMISORES) {
    if ((await service.get(emisor.empresa)).version > 0) continue;
    const direccion = await crearDireccionDemo(database, emisor.direccion);
    await service.put(
      undefined,
      emisor.empresa,
      {
        razonSocial: emisor.razonSocial,
        nif: emisor.nif,
        direccion,
        telefono: null,
        email: null,
        iban: emisor.iban,
        bic: null,
        registroMercantil: null,
        epigrafeIae: emisor.epigrafeIae,
        descripcionOperacion: null,
        diasVencimiento: 30,
      },
      0,
    );
  }
};

import type { DemoContext } from '../../module.js';
import { servicioArchivos } from '../archivos/index.js';
import { createAlquileresService } from './alquileres.service.js';
import { contratoPdf } from './comercial-pdf.js';
import { alquilerIdPorOrden } from './comercial.repository.js';

// The demo world's archive (comercial.md §8): "contrato-firmado.pdf" in A-00003's Contrato folder
// (its contract as the API prints it). It runs after every module's seed, since the contract
// prints finanzas' emisor data.

export const demoArchivos = async ({ database, today, archivos }: DemoContext) => {
  if (!archivos) return;
  const tercero = await alquilerIdPorOrden(database.db, 3);
  if (!tercero) return;
  const alquiler = await createAlquileresService(database, () => today).get(tercero);
  const archivo = servicioArchivos(database, archivos.dataDir, archivos.s3);
  const owner = { recurso: 'alquiler', registroId: alquiler._id, empresa: 'alquileres' };
  await archivo.guardar(owner, {
    nombre: 'contrato-firmado.pdf',
    contenido: await contratoPdf(database.db, alquiler),
    carpeta: 'contrato',
  });
};

import QRCode from 'qrcode';
import type { DemoContext } from '../../module.js';
import { servicioArchivos } from '../archivos/index.js';
import { createAlquileresService } from './alquileres.service.js';
import { contratoPdf } from './comercial-pdf.js';
import { primerAlquilerId } from './comercial.repository.js';

// The demo world's archive (comercial.md §5, §8): the first rental keeps its contract in
// "contrato" and the QR label stuck on its delivered material in "entregas", so the folders, the
// counts and an image's thumbnail show on `npm start`. It runs after every module's seed, since
// the contract prints finanzas' emisor data.

export const demoArchivos = async ({ database, today, archivos }: DemoContext) => {
  if (!archivos) return;
  const primero = await primerAlquilerId(database.db);
  if (!primero) return;
  const alquiler = await createAlquileresService(database, () => today).get(primero);
  const archivo = servicioArchivos(database, archivos.dataDir, archivos.s3);
  const owner = { recurso: 'alquiler', registroId: alquiler._id, empresa: 'alquileres' };
  await archivo.guardar(owner, {
    nombre: `Contrato ${alquiler.numero}.pdf`,
    contenido: await contratoPdf(database.db, alquiler),
    carpeta: 'contrato',
  });
  await archivo.guardar(owner, {
    nombre: `Etiqueta ${alquiler.numero}.png`,
    contenido: await QRCode.toBuffer(`Alquiler ${alquiler.numero}`, { type: 'png', width: 240 }),
    carpeta: 'entregas',
  });
};

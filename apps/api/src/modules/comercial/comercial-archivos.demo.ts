import type { DemoContext } from '../../module.js';
import { servicioArchivos } from '../archivos/index.js';
import { createAlquileresService } from './alquileres.service.js';
import { contratoPdf } from './comercial-pdf.js';
import { alquilerIdPorOrden } from './comercial.repository.js';

// What comercial's demo (comercial.md §8) leaves for after every module's seed: A-00004's fianza
// devolución, once logística's recogida has finalised it, and the archive's "contrato-firmado.pdf"
// in A-00003's Contrato folder (its contract as the API prints it, with finanzas' emisor data).

/**
 * §8: A-00004's fianza (MEX-001's 300,00, cobrada con tarjeta at its delivery) "devuelta when
 * finalizado": on the day of logística's recogida that finalised the rental, in full.
 */
const devolverFianzaA00004 = async ({ database, today }: DemoContext) => {
  const cuarto = await alquilerIdPorOrden(database.db, 4);
  if (!cuarto) return;
  const a4 = await createAlquileresService(database, () => today).get(cuarto);
  if (a4.estado !== 'finalizado' || a4.fianza.estado !== 'cobrada') return;
  const devolucion =
    a4.lineas
      .map((l) => l.fechaUltimaDevolucion)
      .filter((f): f is string => f !== null)
      .sort()
      .at(-1) ?? today;
  await createAlquileresService(database, () => devolucion).fianza(undefined, a4._id, a4.version, {
    estado: 'devuelta',
    fechaDevolucion: devolucion,
    importeDevuelto: a4.fianza.importe,
  });
};

/** Comercial's documents that wait for the other seeds: A-00004's fianza back, A-00003's file. */
export const demoFinal = async (context: DemoContext) => {
  await devolverFianzaA00004(context);
  await demoArchivos(context);
};

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

import { describe, expect, it } from 'vitest';
import {
  IMPORTACION_MESSAGES as M,
  aplicarMapeo,
  cabecerasPlantilla,
  erroresMapeo,
  firmaCabecerasTexto,
  mapeoDesdeColumnas,
  normalizarCabecera,
  sugerirMapeo,
} from './importacion.js';

describe('importación de albaranes: cabeceras y mapeo (logistica.md §5)', () => {
  it('normaliza sin mayúsculas, acentos ni puntuación', () => {
    expect(normalizarCabecera('  Nº Albarán ')).toBe('n albaran');
    expect(normalizarCabecera('Peso (kg)')).toBe('peso kg');
    expect(normalizarCabecera('Población  Origen')).toBe('poblacion origen');
  });

  it('la plantilla de transporte empieza por las columnas obligatorias del diseño', () => {
    const cabeceras = cabecerasPlantilla('transporte');
    expect(cabeceras.slice(0, 4)).toEqual([
      'Referencia',
      'NIF del cliente',
      'Fecha de carga',
      'Hora de carga',
    ]);
    expect(cabeceras).toContain('Población destino');
    expect(cabeceras.at(-1)).toBe('Observaciones');
    expect(cabecerasPlantilla('alquiler')[5]).toBe('Código de artículo');
  });

  it('sugiere por etiqueta antes que por sinónimo y usa cada columna una vez', () => {
    const mapeo = sugerirMapeo('transporte', ['REF', 'CIF', 'Kg', 'Fecha de carga', 'Fecha']);
    expect(mapeo).toMatchObject({
      referenciaExterna: 'REF',
      clienteNif: 'CIF',
      pesoKg: 'Kg',
      fechaCarga: 'Fecha de carga',
    });
    expect(Object.values(mapeo).filter((c) => c === 'Fecha de carga')).toHaveLength(1);
  });

  it('la firma de cabeceras no depende del orden ni de la escritura', () => {
    expect(firmaCabecerasTexto(['Kg', 'Referencia'])).toBe(
      firmaCabecerasTexto(['referencia', 'KG']),
    );
    expect(firmaCabecerasTexto(['Kg'])).not.toBe(firmaCabecerasTexto(['Kg', 'Referencia']));
  });

  it('un mapeo recordado conserva solo las columnas del archivo', () => {
    expect(aplicarMapeo({ pesoKg: 'Kg', precio: 'Precio' }, ['Kg'])).toEqual({ pesoKg: 'Kg' });
  });

  it('las columnas dan el mapeo y los errores del paso 2', () => {
    const { mapeo, errores } = mapeoDesdeColumnas('transporte', {
      Ref: 'referenciaExterna',
      Kg: 'pesoKg',
      Peso: 'pesoKg',
      Otra: '',
    });
    expect(mapeo).toEqual({ referenciaExterna: 'Ref', pesoKg: 'Kg' });
    expect(errores).toContain(M.faltaCampo('NIF del cliente'));
    expect(errores).toContain('El campo «Peso (kg)» está asignado a dos columnas');
    expect(errores).not.toContain(M.faltaCampo('Referencia'));
  });

  it('la API rechaza campos desconocidos y columnas que no están en el archivo', () => {
    const errores = erroresMapeo('alquiler', { inventado: 'A', referenciaExterna: 'Z' }, ['A']);
    expect(errores).toContain(M.campoDesconocido('inventado'));
    expect(errores).toContain(M.columnaDesconocida('Z'));
    expect(errores).toContain(M.faltaCampo('Tipo'));
  });

  it('redacta el resultado con los números del diseño', () => {
    expect(
      M.completada({
        creados: 9950,
        primerNumero: 'AT2026-00002',
        ultimoNumero: 'AT2026-09951',
        omitidas: 50,
        conErrores: 40,
        duplicadas: 10,
      }),
    ).toBe(
      'Importación completada: 9.950 albaranes creados (AT2026-00002 a AT2026-09951). 50 filas omitidas (40 con errores, 10 duplicadas).',
    );
    expect(M.datosCambiados(1)).toBe(
      'Los datos han cambiado desde la validación: 1 fila ya no es válida. Vuelve a validar.',
    );
    expect(M.importarN(1)).toBe('Importar 1 albarán');
  });
});

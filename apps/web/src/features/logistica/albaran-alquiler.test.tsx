import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { renderLogistica } from './testing/render-logistica.js';

import './components/albaran-form-page.js';
import './components/albaran-detail-page.js';

// logistica.md §5 rental form "Obra" and rental detail "Devoluciones" / "Asignación".

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };
const ID = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b31';
const ALQUILER = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b32';
const RECOGIDA = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b33';
const OTRA = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b34';

const obra = {
  pais: 'España',
  paisId: 'p1',
  provincia: 'Illes Balears',
  provinciaId: 'pr1',
  municipio: 'Calvià',
  municipioId: 'm1',
  ciudad: null,
  ciudadId: null,
  calle: null,
  calleId: null,
  codigoPostal: null,
  codigoPostalId: null,
  altura: null,
  planta: null,
  local: null,
  observacion: null,
};

const albaran = (extra: Record<string, unknown>) => ({
  _id: ID,
  version: 3,
  createdAt: '2026-03-04T07:00:00.000Z',
  updatedAt: '2026-03-04T07:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  empresa: 'alquileres',
  tipo: 'entrega',
  numero: 'AE2026-00042',
  estado: 'emitido',
  alquiler: { _id: ALQUILER, numero: 'A2026-00012' },
  cliente: { _id: 'c', nombre: 'Construcciones Llevant, S.L.', documento: 'B07345671' },
  fechaHora: '2026-03-04T07:30:00.000Z',
  fechaFinCobro: null,
  direccionObra: {
    ...obra,
    calle: 'Carrer de Sa Porrassa',
    calleId: 'c1',
    codigoPostal: '07181',
    altura: 12,
  },
  matricula: null,
  matriculaTexto: null,
  conductor: null,
  referenciaExterna: null,
  observaciones: null,
  lineas: [],
  unidades: 100,
  firma: null,
  anulacion: null,
  transporte: null,
  importacionId: null,
  avisos: [],
  devoluciones: [],
  ...extra,
});

describe('rental form: the "Obra" card (logistica.md §5)', () => {
  it("is prefilled with the chosen alquiler's dirección de obra and saved with the albarán", async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/alquileres/${ALQUILER}`, () => ({
      body: { data: { _id: ALQUILER, direccionObra: obra } },
    }));
    fake.on('POST', '/api/albaranes', () => ({ status: 201, body: { data: { _id: ID } } }));
    // An albarán carries at least one line (the browser checks it as the API does).
    fake.on('GET', '/api/albaranes/articulos', () => ({
      body: {
        data: [
          {
            clase: 'concepto',
            _id: '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b35',
            codigo: 'TRA-IDA',
            descripcion: 'Portes de entrega',
            activo: true,
            precio: '85.00',
            tipoIva: 21,
          },
        ],
      },
    }));
    renderLogistica(`/albaranes/crear?tipo=entrega&alquilerId=${ALQUILER}`, {
      fake,
      listaComoDestino: true,
    });
    const card = (await screen.findByRole('heading', { name: 'Obra' }, LAZY)).closest(
      '.card',
    ) as HTMLElement;
    await waitFor(() =>
      expect(within(card).getByRole('combobox', { name: 'Municipio' })).toHaveProperty(
        'value',
        'Calvià',
      ),
    );
    await user.click(screen.getByRole('textbox', { name: 'Buscar concepto por código o nombre…' }));
    await user.paste('TRA');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Concepto' }),
      await screen.findByRole('option', { name: 'TRA-IDA — Portes de entrega' }),
    );
    await user.click(screen.getByRole('button', { name: 'Añadir servicio' }));
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/albaranes')).toHaveLength(1));
    expect(fake.callsTo('POST', '/api/albaranes')[0]?.body).toMatchObject({
      alquilerId: ALQUILER,
      direccionObra: { paisId: 'p1', provinciaId: 'pr1', municipioId: 'm1', calleId: null },
    });
  });
});

describe('rental detail: "Devoluciones" and "Asignación" (logistica.md §5)', () => {
  it('an entrega lists per article Entregadas · Devueltas · En obra · Recogidas; the Obra is printed in Datos', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/albaranes/${ID}`, () => ({
      body: {
        data: albaran({
          devoluciones: [
            {
              articuloId: 'x',
              codigo: 'MAR-200-073',
              descripcion: 'Marco 2,00 × 0,73 m',
              entregadas: 80,
              devueltas: 60,
              enObra: 20,
              recogidas: [
                { _id: RECOGIDA, numero: 'AR2026-00001' },
                { _id: OTRA, numero: 'AR2026-00003' },
              ],
            },
          ],
        }),
      },
    }));
    renderLogistica(`/albaranes/ver/${ID}`, { fake });
    expect(
      await screen.findByText('Carrer de Sa Porrassa 12, 07181, Calvià, Illes Balears', {}, LAZY),
    ).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Devoluciones' }));
    const tabla = await screen.findByRole('table');
    expect(
      within(tabla)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Artículo', 'Entregadas', 'Devueltas', 'En obra', 'Recogidas']);
    const [fila] = within(tabla).getAllByRole('row').slice(1);
    expect(
      within(fila as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['MAR-200-073Marco 2,00 × 0,73 m', '80', '60', '20', 'AR2026-00001, AR2026-00003']);
    expect(screen.getByRole('link', { name: 'AR2026-00003' }).getAttribute('href')).toBe(
      `/albaranes/ver/${OTRA}`,
    );
  });

  it('a recogida shows in Asignación what each lote kept on site after it', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/albaranes/${ID}`, () => ({
      body: {
        data: albaran({
          tipo: 'recogida',
          numero: 'AR2026-00001',
          lineas: [
            {
              _id: 'l1',
              clase: 'andamio',
              articuloId: 'x',
              codigo: 'MAR-200-073',
              descripcion: 'Marco 2,00 × 0,73 m',
              cantidad: '100',
              horometro: null,
              correcto: 100,
              danado: 0,
              falta: 0,
              observacionDano: null,
              precioUnitario: null,
              cargoDano: '0.00',
              tipoIva: 21,
              importe: '0.00',
              asignaciones: [
                {
                  loteId: 'a',
                  entregaId: RECOGIDA,
                  numero: 'AE2026-00001',
                  fecha: '2026-03-02',
                  cantidad: 80,
                  pendienteTras: 0,
                },
                {
                  loteId: 'b',
                  entregaId: OTRA,
                  numero: 'AE2026-00002',
                  fecha: '2026-03-20',
                  cantidad: 20,
                  pendienteTras: 20,
                },
              ],
            },
          ],
        }),
      },
    }));
    renderLogistica(`/albaranes/ver/${ID}`, { fake });
    await user.click(await screen.findByRole('tab', { name: 'Asignación' }, LAZY));
    const tabla = await screen.findByRole('table');
    expect(
      within(tabla)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Artículo',
      'Entrega',
      'Fecha de entrega',
      'Unidades',
      'Pendiente tras la recogida',
    ]);
    expect(
      within(tabla)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['MAR-200-073', 'AE2026-00001', '02/03/2026', '80', '0'],
      ['MAR-200-073', 'AE2026-00002', '20/03/2026', '20', '20'],
    ]);
    expect(screen.queryByRole('tab', { name: 'Devoluciones' })).toBeNull();
  });
});

describe('rental detail: "Facturar" (finanzas.md §5 `?alquilerId=&hasta=`)', () => {
  it('an emitted entrega whose alquiler has days to invoice links to its invoice form', async () => {
    const fake = createFakeApi();
    fake.on('GET', `/api/albaranes/${ID}`, () => ({ body: { data: albaran({}) } }));
    fake.on('GET', '/api/facturas/alquileres-pendientes', () => ({
      body: { data: [{ origenId: ALQUILER }] },
    }));
    renderLogistica(`/albaranes/ver/${ID}`, { fake });
    const enlace = await screen.findByRole('link', { name: 'Facturar' }, LAZY);
    expect(enlace.getAttribute('href')).toMatch(
      new RegExp(`^/facturas/nueva\\?alquilerId=${ALQUILER}&hasta=\\d{4}-\\d{2}-\\d{2}$`),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { aFactura, FACTURA_ID } from './testing/fixtures.js';
import { renderFinanzas } from './testing/render-finanzas.js';

// The lazy screen, loaded before the first test (a busy machine must not time the import out).
import './components/factura-detail-page.js';

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };

const HUELLA = '9D672F477E4C2676500765E84DBF99E240C5CB614DE71A47F78D7DAAFE371189';
const ANTERIOR = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const CADENA = `IDEmisorFactura=B07654320&NumSerieFactura=F2026-00001&FechaExpedicionFactura=02-03-2026&TipoFactura=F1&CuotaTotal=183.75&ImporteTotal=1058.75&Huella=${ANTERIOR}&FechaHoraHusoGenRegistro=2026-03-02T10:15:00+01:00`;
const QR_URL =
  'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B07654320&numserie=F2026-00001&fecha=02-03-2026&importe=1058.75';

const registro = {
  orden: 7,
  tipo: 'alta',
  subsanacion: false,
  fechaHoraHusoGenRegistro: '2026-03-02T10:15:00+01:00',
  huella: HUELLA,
  huellaAnterior: ANTERIOR,
  cadena: CADENA,
  estado: 'rechazado',
  csvAeat: 'A-YDSW8NLFLANWPM',
  codigoError: '1104',
  descripcionError: 'Valor del campo NumSerieFactura incorrecto.',
};

const detalle = (factura = aFactura()) => {
  const fake = createFakeApi();
  fake.on('GET', `/api/facturas/${FACTURA_ID}`, () => ({ body: { data: factura } }));
  fake.on('GET', `/api/facturas/${FACTURA_ID}/verifactu`, () => ({
    body: { data: { registros: [registro], qr: { url: QR_URL, svg: '<svg></svg>' } } },
  }));
  return fake;
};

describe('/facturas/{id} "VERI*FACTU" tab (finanzas.md §5)', () => {
  it('shows each record: Tipo, Generado, Huella 8…8 with copy, Huella anterior, Estado, CSV AEAT, Error, the hashed string and the QR', async () => {
    const fake = detalle();
    renderFinanzas(`/facturas/${FACTURA_ID}`, { fake });
    await user.click(await screen.findByRole('tab', { name: 'VERI*FACTU' }, LAZY));
    const panel = await screen.findByRole('tabpanel', { name: 'VERI*FACTU' });
    const dato = async (termino: string) =>
      (await within(panel).findByText(termino, { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await dato('Tipo')).toBe('Alta');
    expect(await dato('Generado')).toMatch(/^02\/03\/2026,? 10:15$/);
    expect(await dato('Huella')).toContain('9D672F47…FE371189');
    expect(await dato('Huella anterior')).toBe('3C464DAF…38F12F60');
    expect(await dato('Estado')).toBe('Rechazado');
    expect(await dato('CSV AEAT')).toBe('A-YDSW8NLFLANWPM');
    expect(await dato('Error')).toBe('1104: Valor del campo NumSerieFactura incorrecto.');

    // "Cadena de la huella" is collapsed, and holds the exact hashed string.
    const resumen = within(panel).getByText('Cadena de la huella');
    const detalles = resumen.closest('details') as HTMLDetailsElement;
    expect(detalles.open).toBe(false);
    await user.click(resumen);
    expect(detalles.open).toBe(true);
    expect(within(detalles).getByText(CADENA)).toBeTruthy();

    const qr = within(panel).getByRole('img', { name: 'Código QR tributario de F2026-00001' });
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg></svg>')}`,
    );
    expect(within(panel).getByText(QR_URL)).toBeTruthy();

    await user.click(
      within(panel).getByRole('button', { name: 'Copiar la huella del registro 7' }),
    );
    expect(await within(panel).findByText('Huella copiada')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(HUELLA);
    expect(fake.callsTo('GET', `/api/facturas/${FACTURA_ID}/verifactu`)).toHaveLength(1);
  });

  it('a draft has no records yet', async () => {
    const fake = detalle(aFactura({ estado: 'borrador', numero: null }));
    fake.on('GET', `/api/facturas/${FACTURA_ID}/verifactu`, () => ({
      body: { data: { registros: [], qr: null } },
    }));
    renderFinanzas(`/facturas/${FACTURA_ID}`, { fake });
    await user.click(await screen.findByRole('tab', { name: 'VERI*FACTU' }, LAZY));
    expect(await screen.findByText('Sin registros: el documento no está emitido.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('/facturas/{id} "Eliminar cobro" (finanzas.md §3, facturas.anular)', () => {
  const COBRO = '0b5f5d0e-1a2b-4c3d-8e9f-00000000c001';
  const cobrada = () =>
    aFactura({
      estado: 'cobrada',
      cobrado: '1058.75',
      pendiente: '0.00',
      cobros: [
        {
          _id: COBRO,
          fecha: '2026-03-05',
          importe: '1058.75',
          medio: 'transferencia',
          referencia: null,
          contrapartidaId: null,
          createdAt: '2026-03-05T09:00:00.000Z',
          createdBy: 'Ana Admin',
        },
        {
          _id: '0b5f5d0e-1a2b-4c3d-8e9f-00000000c002',
          fecha: '2026-03-06',
          importe: '0.00',
          medio: 'compensacion',
          referencia: null,
          contrapartidaId: null,
          createdAt: '2026-03-06T09:00:00.000Z',
          createdBy: 'Ana Admin',
        },
      ] as never,
    });

  it('asks first, deletes the cobro and reads the invoice again; a compensación offers none', async () => {
    const fake = detalle(cobrada());
    fake.on('DELETE', `/api/facturas/${FACTURA_ID}/cobros/${COBRO}`, () => ({ status: 204 }));
    renderFinanzas(`/facturas/${FACTURA_ID}`, { fake });
    await user.click(await screen.findByRole('tab', { name: 'Cobros' }, LAZY));
    const tabla = await screen.findByRole('table', { name: 'Cobros' });
    expect(within(tabla).getAllByRole('button')).toHaveLength(1);
    expect(
      screen.getByText('Los cobros de compensación no se eliminan: corrige con una nueva factura.'),
    ).toBeTruthy();
    await user.click(
      within(tabla).getByRole('button', { name: 'Eliminar cobro de 1.058,75 € del 05/03/2026' }),
    );
    const dialogo = await screen.findByRole('dialog', { name: 'Eliminar cobro' });
    expect(
      within(dialogo).getByText(
        '¿Eliminar el cobro de 1.058,75 € del 05/03/2026? La factura volverá a quedar pendiente por ese importe.',
      ),
    ).toBeTruthy();
    const lecturas = fake.callsTo('GET', `/api/facturas/${FACTURA_ID}`).length;
    await user.click(within(dialogo).getByRole('button', { name: 'Eliminar cobro' }));
    expect(await screen.findByText('Cobro eliminado')).toBeTruthy();
    expect(fake.callsTo('DELETE', `/api/facturas/${FACTURA_ID}/cobros/${COBRO}`)).toHaveLength(1);
    await waitFor(() =>
      expect(fake.callsTo('GET', `/api/facturas/${FACTURA_ID}`).length).toBeGreaterThan(lecturas),
    );
  });

  it('an empleado, who may record cobros but not delete them, sees no "Eliminar cobro"', async () => {
    renderFinanzas(`/facturas/${FACTURA_ID}`, { fake: detalle(cobrada()), roles: ['empleado'] });
    await user.click(await screen.findByRole('tab', { name: 'Cobros' }, LAZY));
    const tabla = await screen.findByRole('table', { name: 'Cobros' });
    expect(within(tabla).queryByRole('button')).toBeNull();
  });
});

describe('/facturas/{id}: the focus after an action that removes its button (issue 14)', () => {
  it('"Emitir": the button is gone once issued, and the focus goes to the banner announcing it', async () => {
    const fake = detalle();
    let emitida = false;
    fake.on('GET', `/api/facturas/${FACTURA_ID}`, () => ({
      body: { data: emitida ? aFactura() : aFactura({ estado: 'borrador', numero: null }) },
    }));
    fake.on('POST', `/api/facturas/${FACTURA_ID}/emitir`, () => {
      emitida = true;
      return { body: { data: aFactura() } };
    });
    renderFinanzas(`/facturas/${FACTURA_ID}`, { fake });
    await user.click(await screen.findByRole('button', { name: 'Emitir' }, LAZY));
    const dialogo = await screen.findByRole('dialog', { name: 'Emitir factura' });
    await user.click(within(dialogo).getByRole('button', { name: 'Emitir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Emitir' })).toBeNull());
    const banner = screen.getByText('Factura F2026-00001 emitida');
    await waitFor(() => expect(document.activeElement).toBe(banner));
  });
});

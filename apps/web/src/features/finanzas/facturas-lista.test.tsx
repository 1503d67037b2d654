import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { aFactura, aPage } from './testing/fixtures.js';
import { renderFinanzas } from './testing/render-finanzas.js';
import { stubListWidth } from '../../testing/list-width.js';

// The lazy screen, loaded before the first test (a busy machine must not time the import out).
import './components/factura-list-page.js';

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };

const ID_A = '0b5f5d0e-1a2b-4c3d-8e9f-00000000a001';
const ID_B = '0b5f5d0e-1a2b-4c3d-8e9f-00000000a002';
const borrador = (id: string, cliente: string, total: string) =>
  aFactura({
    _id: id,
    estado: 'borrador',
    numero: null,
    fechaExpedicion: null,
    fechaVencimiento: null,
    importeTotal: total,
    cliente: { nombre: cliente, documento: 'B07123456', direccion: [] },
  });

/** The list with an issued invoice and two drafts. */
const lista = () => {
  const fake = createFakeApi();
  fake.on('GET', '/api/facturas', () => ({
    body: aPage([
      aFactura(),
      borrador(ID_A, 'Hotel Cala Major', '54.45'),
      borrador(ID_B, 'Reformas Tramuntana', '121.00'),
    ]),
  }));
  renderFinanzas('/facturas', { fake });
  return fake;
};

const casilla = (nombre: string) => screen.findByRole('checkbox', { name: nombre }, LAZY);

describe('/facturas "Emitir seleccionadas" (finanzas.md §5)', () => {
  it('only draft rows have a checkbox; the button counts the chosen ones and the modal asks first', async () => {
    const fake = lista();
    await casilla('Seleccionar el borrador de Hotel Cala Major (54,45 €)');
    const emitida = screen.getByRole('link', { name: 'Ver F2026-00001' }).closest('tr')!;
    expect(within(emitida as HTMLElement).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Emitir seleccionadas/ })).toBeNull();

    await user.click(await casilla('Seleccionar el borrador de Hotel Cala Major (54,45 €)'));
    expect(screen.getByRole('button', { name: 'Emitir seleccionadas (1)' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /^Seleccionar todos los borradores/ }));
    await user.click(screen.getByRole('button', { name: 'Emitir seleccionadas (2)' }));

    const dialogo = await screen.findByRole('dialog', { name: 'Emitir 2 facturas' });
    expect(
      within(dialogo).getByText(
        'Una vez emitidas no se pueden modificar ni eliminar; se registrarán en VERI*FACTU.',
      ),
    ).toBeTruthy();
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('POST', '/api/facturas/emitir-lote')).toHaveLength(0);
  });

  it('"Emitir" issues the chosen drafts and shows "Emitidas: N · Con errores: M" with each error', async () => {
    const fake = lista();
    const mensaje =
      'Datos inválidos clienteId: El cliente no tiene NIF: emite una factura simplificada (hasta 400,00 €) o completa su ficha';
    fake.on('POST', '/api/facturas/emitir-lote', () => ({
      body: {
        data: [{ id: ID_A, numero: 'F2026-00002' }],
        errores: [{ id: ID_B, message: mensaje }],
      },
    }));
    await user.click(await casilla('Seleccionar el borrador de Hotel Cala Major (54,45 €)'));
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Seleccionar el borrador de Reformas Tramuntana (121,00 €)',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Emitir seleccionadas (2)' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Emitir 2 facturas' });
    const lecturas = fake.callsTo('GET', '/api/facturas').length;
    await user.click(within(dialogo).getByRole('button', { name: 'Emitir' }));

    expect(await within(dialogo).findByText('Emitidas: 1 · Con errores: 1')).toBeTruthy();
    expect(within(dialogo).getByText('F2026-00002')).toBeTruthy();
    const error = within(dialogo).getByText('Borrador de Reformas Tramuntana (121,00 €)');
    expect(error.closest('li')?.textContent).toContain(mensaje);
    expect(fake.callsTo('POST', '/api/facturas/emitir-lote')[0]?.body).toEqual({
      ids: [ID_A, ID_B],
    });
    // The list is read again and the selection forgotten.
    await waitFor(() =>
      expect(fake.callsTo('GET', '/api/facturas').length).toBeGreaterThan(lecturas),
    );
    await user.click(within(dialogo).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: /^Emitir seleccionadas/ })).toBeNull();
  });
});

describe('/facturas on a phone (issue 14)', () => {
  it('each card keeps the row actions: Ver, Editar on a draft, and the PDF', async () => {
    stubListWidth(true);
    try {
      lista();
      const editar = await screen.findAllByRole('link', { name: /^Editar / }, LAZY);
      expect(screen.queryByRole('table')).toBeNull();
      const card = editar[0]?.closest('li') as HTMLElement;
      expect(card.textContent).toContain('Hotel Cala Major');
      within(card).getByRole('link', { name: /^Ver / });
      within(card).getByRole('button', { name: /^PDF de / });
      // The issued invoice's card has no Editar.
      expect(screen.getAllByRole('link', { name: /^Editar / })).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

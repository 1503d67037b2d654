import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { renderLogistica } from './testing/render-logistica.js';
import { transporteDePrueba } from './testing/transporte-de-prueba.js';

import './components/transporte-detail-page.js';

// logistica.md §5 "Signature" for transport: "Firma del receptor — {numero}", its texts, the
// empty canvas refused, and "Entregar sin firma" with its Motivo (R13).

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };
const ID = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b41';

describe('firma del receptor (albarán de transporte)', () => {
  it('shows the transport texts, refuses an empty canvas and delivers without signature with a motivo', async () => {
    const fake = createFakeApi();
    const enRuta = transporteDePrueba(ID, {
      estado: 'en_ruta',
      documentoControl: { completo: true, faltan: [] },
    });
    fake.on('GET', /^\/api\//, () => ({ body: { data: [], meta: { total: 0 } } }));
    fake.on('GET', `/api/albaranes/transporte/${ID}`, () => ({ body: { data: enRuta } }));
    fake.on('POST', `/api/albaranes/transporte/${ID}/entregar`, () => ({
      body: { data: { ...enRuta, estado: 'entregado', version: 3 } },
    }));
    renderLogistica(`/albaranes/transporte/ver/${ID}`, { system: 'transportes', fake });
    await user.click(await screen.findByRole('button', { name: 'Registrar entrega' }, LAZY));
    const dialogo = within(
      await screen.findByRole('dialog', { name: 'Firma del receptor — AT2026-00017' }),
    );
    for (const texto of [
      'Con mi firma confirmo la recepción de la mercancía descrita.',
      'Sus datos se tratan para acreditar la entrega. Responsable: Mallorca Transporta, S.L..',
      'Firme dentro del recuadro',
    ])
      expect(dialogo.getByText(texto)).toBeTruthy();
    expect(dialogo.getByRole('img', { name: 'Recuadro de firma' })).toBeTruthy();
    expect(dialogo.getByLabelText('Nombre y apellidos')).toBeTruthy();
    expect(dialogo.getByLabelText('DNI/NIE')).toBeTruthy();
    expect(dialogo.getByRole('button', { name: 'Borrar firma' })).toBeTruthy();

    await user.click(dialogo.getByRole('button', { name: 'Guardar firma' }));
    expect(dialogo.getByRole('alert').textContent).toBe('Dibuje su firma antes de guardar');
    expect(fake.callsTo('POST', `/api/albaranes/transporte/${ID}/entregar`)).toHaveLength(0);

    await user.click(dialogo.getByLabelText('Motivo'));
    await user.paste('Receptor ausente, se deja en obra');
    await user.click(dialogo.getByRole('button', { name: 'Entregar sin firma' }));
    await waitFor(() =>
      expect(fake.callsTo('POST', `/api/albaranes/transporte/${ID}/entregar`)).toHaveLength(1),
    );
    expect(fake.callsTo('POST', `/api/albaranes/transporte/${ID}/entregar`)[0]?.body).toEqual({
      version: 2,
      sinFirmaMotivo: 'Receptor ausente, se deja en obra',
    });
  });
});

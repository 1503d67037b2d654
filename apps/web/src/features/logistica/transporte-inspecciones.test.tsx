import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Transporte } from '@tvsistema/domain';
import { createFakeApi } from '../../testing/fake-api.js';
import { renderLogistica } from './testing/render-logistica.js';
import { transporteDePrueba } from './testing/transporte-de-prueba.js';

import './components/transporte-detail-page.js';

// logistica.md §5 "Documento de control" → "Inspecciones": Código · Fecha · Notas · Enviado,
// "Registrar requerimiento de inspección" (a modal) and "Marcar como enviado" (§2.3).

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };
const ID = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b41';
const INSPECCION = '5d1e0c7a-2b8f-4e31-9c6d-7a0b3f2e1d49';

describe('inspecciones del documento de control (albarán de transporte)', () => {
  it('registers a requerimiento through the modal and marks it sent', async () => {
    const fake = createFakeApi();
    let actual = transporteDePrueba(ID, {
      estado: 'en_ruta',
      documentoControl: { completo: true, faltan: [] },
    });
    const inspeccion = {
      _id: INSPECCION,
      codigo: '0045210987',
      fecha: '2026-05-04',
      notas: 'Control en la Ma-13, Inca',
      enviadoAt: null as string | null,
      registradoPor: 'transportes@tvsistema.test',
    };
    const con = (enviadoAt: string | null, version: number) =>
      ({ ...actual, version, inspecciones: [{ ...inspeccion, enviadoAt }] }) as Transporte;
    fake.on('GET', /^\/api\//, () => ({ body: { data: [], meta: { total: 0 } } }));
    fake.on('GET', `/api/albaranes/transporte/${ID}`, () => ({ body: { data: actual } }));
    fake.on('POST', `/api/albaranes/transporte/${ID}/inspecciones`, () => {
      actual = con(null, 3);
      return { status: 201, body: { data: actual } };
    });
    fake.on('PUT', `/api/albaranes/transporte/${ID}/inspecciones/${INSPECCION}`, () => {
      actual = con('2026-05-04T09:15:00.000Z', 4);
      return { body: { data: actual } };
    });
    renderLogistica(`/albaranes/transporte/ver/${ID}`, { system: 'transportes', fake });
    await user.click(await screen.findByRole('tab', { name: 'Documento de control' }, LAZY));
    expect(screen.queryByRole('columnheader', { name: 'Código' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Registrar requerimiento de inspección' }));
    const dialogo = within(
      await screen.findByRole('dialog', { name: 'Registrar requerimiento de inspección' }),
    );
    await user.click(dialogo.getByLabelText('Código'));
    await user.paste('0045210987');
    await user.click(dialogo.getByLabelText('Notas'));
    await user.paste('Control en la Ma-13, Inca');
    await user.click(dialogo.getByRole('button', { name: 'Registrar' }));
    await waitFor(() =>
      expect(fake.callsTo('POST', `/api/albaranes/transporte/${ID}/inspecciones`)).toHaveLength(1),
    );
    expect(fake.callsTo('POST', `/api/albaranes/transporte/${ID}/inspecciones`)[0]?.body).toEqual({
      codigo: '0045210987',
      fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      notas: 'Control en la Ma-13, Inca',
    });
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Registrar requerimiento de inspección' }),
      ).toBeNull(),
    );
    expect(await screen.findByText('Requerimiento registrado')).toBeTruthy();
    const tabla = within(
      (await screen.findByRole('columnheader', { name: 'Código' })).closest('table') as HTMLElement,
    );
    expect(tabla.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Código',
      'Fecha',
      'Notas',
      'Enviado',
    ]);
    const fila = within(tabla.getAllByRole('row')[1] as HTMLElement);
    expect(fila.getByText('0045210987')).toBeTruthy();
    expect(fila.getByText('04/05/2026')).toBeTruthy();
    expect(fila.getByText('Control en la Ma-13, Inca')).toBeTruthy();

    await user.click(fila.getByRole('button', { name: 'Marcar como enviado' }));
    await waitFor(() =>
      expect(
        fake.callsTo('PUT', `/api/albaranes/transporte/${ID}/inspecciones/${INSPECCION}`),
      ).toHaveLength(1),
    );
    expect(
      fake.callsTo('PUT', `/api/albaranes/transporte/${ID}/inspecciones/${INSPECCION}`)[0]?.body,
    ).toEqual({ enviado: true });
    expect(await screen.findByText('Marcado como enviado')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Marcar como enviado' })).toBeNull(),
    );
    expect(screen.getByText(/^04\/05\/2026,? 11:15$/)).toBeTruthy();

    // The next requerimiento starts empty, not with the last one's code and notes.
    await user.click(screen.getByRole('button', { name: 'Registrar requerimiento de inspección' }));
    const otro = within(
      await screen.findByRole('dialog', { name: 'Registrar requerimiento de inspección' }),
    );
    expect((otro.getByLabelText('Código') as HTMLInputElement).value).toBe('');
    expect((otro.getByLabelText('Notas') as HTMLInputElement).value).toBe('');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uploadFile } from '../../../lib/upload-file.js';
import { createFakeApi } from '../../../testing/fake-api.js';
import { aCamion } from '../testing/fixtures.js';
import { renderFlota } from '../testing/render-flota.js';
import { DocumentosTab } from './documentos-tab.js';

// §5.3 Documentos: the upload sends Categoría, Fecha and Vence before the file; the list shows them.

vi.mock('../../../lib/upload-file.js', () => ({ uploadFile: vi.fn() }));
afterEach(() => vi.mocked(uploadFile).mockReset());

const user = userEvent.setup({ delay: null });
const ID = '11111111-1111-4111-8111-111111111111';

describe('Documentos del vehículo', () => {
  it('uploads with categoría, fecha and vencimiento, then lists the document with its dates', async () => {
    const fake = createFakeApi();
    let documentos: unknown[] = [];
    fake.on('GET', `/api/camiones/${ID}/archivos`, () => ({ body: { data: documentos } }));
    vi.mocked(uploadFile).mockImplementation(async () => {
      documentos = [
        {
          _id: 'doc-1',
          nombre: 'poliza-2027.pdf',
          categoria: 'poliza',
          mime: 'application/pdf',
          tamano: 2048,
          fechaDocumento: '2026-11-20',
          vencimiento: '2027-11-20',
          subidoEn: '2026-11-23T09:00:00.000Z',
          subidoPor: 'admin@tvsistema.test',
        },
      ];
      return { data: documentos[0] };
    });
    renderFlota(<DocumentosTab camion={aCamion({ _id: ID })} canEdit />, {
      path: `/transporte/camiones/${ID}`,
      routePath: '/transporte/camiones/:camionId',
      fake,
    });
    await user.selectOptions(screen.getByLabelText('Categoría'), 'poliza');
    await user.type(screen.getByLabelText('Fecha'), '2026-11-20');
    await user.type(screen.getByLabelText('Vence'), '2027-11-20');
    await user.upload(
      screen.getByLabelText('Archivo'),
      new File(['%PDF-1.4'], 'poliza-2027.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(uploadFile).mock.calls[0]?.[0]).toMatchObject({
      url: `/api/camiones/${ID}/archivos`,
      fields: { categoria: 'poliza', fechaDocumento: '2026-11-20', vencimiento: '2027-11-20' },
    });
    const fila = await screen.findByRole('row', { name: /poliza-2027\.pdf/ });
    expect(within(fila).getByText('20/11/2026')).toBeTruthy();
    expect(within(fila).getByText('20/11/2027')).toBeTruthy();
    // Issue 14: on a phone each cell shows its column's name and Eliminar stays in the row's block.
    const etiquetas = within(fila)
      .getAllByRole('cell')
      .map((celda) => celda.dataset.label);
    expect(etiquetas).toEqual([
      'Nombre',
      'Categoría',
      'Fecha',
      'Vence',
      'Tamaño',
      'Subido por',
      undefined,
    ]);
    expect(within(fila).getByRole('button', { name: 'Eliminar poliza-2027.pdf' })).toBeTruthy();
  });
});

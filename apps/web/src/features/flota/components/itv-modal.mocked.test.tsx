import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uploadFile } from '../../../lib/upload-file.js';
import { createFakeApi } from '../../../testing/fake-api.js';
import { aCamion } from '../testing/fixtures.js';
import { renderFlota } from '../testing/render-flota.js';
import { ItvModal } from './registro-modals.js';

// §5.3 "Registrar inspección": a new "Informe" is uploaded only when Guardar saves the inspection
// (decision 0029), so cancelling the modal leaves no file in the vehicle's documents, and a refused
// inspection deletes the file it had just uploaded.

vi.mock('../../../lib/upload-file.js', () => ({ uploadFile: vi.fn() }));
afterEach(() => vi.mocked(uploadFile).mockReset());

const user = userEvent.setup({ delay: null });
const ID = '11111111-1111-4111-8111-111111111111';
const SUBIDO = '22222222-2222-4222-8222-222222222222';
const pdf = () => new File(['%PDF-1.4'], 'informe-itv.pdf', { type: 'application/pdf' });

const renderModal = (itv: { status?: number; body?: unknown } = { status: 201 }) => {
  const fake = createFakeApi();
  fake.on('GET', `/api/camiones/${ID}/archivos`, () => ({ body: { data: [] } }));
  fake.on('POST', `/api/camiones/${ID}/itv`, () => ({ body: { data: {} }, ...itv }));
  fake.on('DELETE', `/api/camiones/${ID}/archivos/${SUBIDO}`, () => ({ status: 204 }));
  vi.mocked(uploadFile).mockResolvedValue({
    data: { _id: SUBIDO, nombre: 'informe-itv.pdf', categoria: 'informe_itv' },
  });
  const onClose = vi.fn();
  renderFlota(<ItvModal camion={aCamion({ _id: ID })} onClose={onClose} />, {
    path: `/transporte/camiones/${ID}`,
    routePath: '/transporte/camiones/:camionId',
    fake,
  });
  return { fake, onClose };
};

describe('Registrar inspección: the Informe file', () => {
  it('choosing a file uploads nothing; Cancelar closes and leaves no file behind', async () => {
    const { fake, onClose } = renderModal();
    await user.upload(screen.getByLabelText('Subir informe'), pdf());
    expect(await screen.findByText(/Se subirá al guardar: informe-itv\.pdf/)).toBeTruthy();
    expect((screen.getByLabelText('Informe') as HTMLSelectElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(uploadFile).not.toHaveBeenCalled();
    expect(fake.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('Guardar uploads the file as an Informe ITV, then records the inspection with it', async () => {
    const { fake, onClose } = renderModal();
    await user.upload(screen.getByLabelText('Subir informe'), pdf());
    expect(uploadFile).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(vi.mocked(uploadFile).mock.calls[0]?.[0]).toMatchObject({
      url: `/api/camiones/${ID}/archivos`,
      fields: { categoria: 'informe_itv' },
    });
    expect(fake.callsTo('POST', `/api/camiones/${ID}/itv`)[0]?.body).toMatchObject({
      resultado: 'favorable',
      informeArchivoId: SUBIDO,
    });
    expect(fake.callsTo('DELETE', `/api/camiones/${ID}/archivos/${SUBIDO}`)).toEqual([]);
  });

  it('an inspection the API refuses deletes the file it had just uploaded; the modal stays open', async () => {
    const { fake, onClose } = renderModal({
      status: 400,
      body: { message: 'Datos inválidos', errors: ['fecha: La fecha no puede ser futura'] },
    });
    await user.upload(screen.getByLabelText('Subir informe'), pdf());
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(fake.callsTo('DELETE', `/api/camiones/${ID}/archivos/${SUBIDO}`)).toHaveLength(1),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

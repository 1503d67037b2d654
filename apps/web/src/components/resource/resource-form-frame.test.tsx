import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TIMINGS } from '@tvsistema/domain';
import { useFlash } from '../../lib/flash.js';
import { isDisabled } from '../../testing/disabled.js';
import { ResourceFormFrame, useSaveStatus } from './resource-form-frame.js';

const user = userEvent.setup({ delay: null });

type Values = { nombre: string };

/** A module's form on the frame: saving waits for the test to settle it. */
const MaquinaForm = ({ save }: { save: () => Promise<void> }) => {
  const form = useForm<Values>({ defaultValues: { nombre: '' } });
  const status = useSaveStatus({ listHref: '/maquinaria', flash: 'Máquina creada' });
  const [saving, setSaving] = useState(false);
  return (
    <ResourceFormFrame
      form={form}
      status={status}
      title="Nueva Máquina"
      listHref="/maquinaria"
      readOnly={false}
      saving={saving}
      submitLabel="Crear Máquina"
      onSubmit={async () => {
        setSaving(true);
        try {
          await save();
          status.succeed();
        } catch {
          status.fail('No se pudo guardar', ['precio: El precio no es válido']);
        } finally {
          setSaving(false);
        }
      }}
    >
      <label htmlFor="nombre">Nombre</label>
      <input id="nombre" {...form.register('nombre')} />
    </ResourceFormFrame>
  );
};

const ListProbe = () => {
  const [flash] = useFlash();
  return (
    <div>
      <h1>Listado</h1>
      {flash && <p>{flash}</p>}
    </div>
  );
};

const renderFrame = (save: () => Promise<void>) => {
  const router = createMemoryRouter(
    [
      { path: '/maquinaria/nueva', element: <MaquinaForm save={save} /> },
      { path: '/maquinaria', element: <ListProbe /> },
    ],
    { initialEntries: ['/maquinaria/nueva'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('ResourceFormFrame', () => {
  it('shows "Guardando…" while saving, then the banner, and goes to the list with its message', async () => {
    let finish: () => void = () => {};
    renderFrame(() => new Promise<void>((resolve) => (finish = resolve)));
    await user.type(screen.getByLabelText('Nombre'), 'Grúa');
    await user.click(screen.getByRole('button', { name: 'Crear Máquina' }));

    expect(await screen.findByRole('button', { name: 'Guardando…' })).toBeTruthy();
    finish();
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Guardado. Redirigiendo…',
    );
    // The form locks and waits TIMINGS.saveRedirect before leaving.
    expect(isDisabled(screen.getByLabelText('Nombre'))).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Listado' })).toBeNull();

    expect(
      await screen.findByRole(
        'heading',
        { name: 'Listado' },
        { timeout: TIMINGS.saveRedirect * 4 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Máquina creada')).toBeTruthy();
  });

  it('keeps the user on the form with the failure and its details', async () => {
    renderFrame(() => Promise.reject(new Error('400')));
    await user.click(screen.getByRole('button', { name: 'Crear Máquina' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudo guardar');
    expect(alert.textContent).toContain('precio: El precio no es válido');
    expect(screen.getByRole('button', { name: 'Crear Máquina' })).toHaveProperty('disabled', false);
  });

  it('Volver and Cancelar go back to the list', async () => {
    const router = renderFrame(() => Promise.resolve());
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(router.state.location.pathname).toBe('/maquinaria');
  });
});

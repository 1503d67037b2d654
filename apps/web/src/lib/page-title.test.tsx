import { describe, expect, it } from 'vitest';
import { useRef } from 'react';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { useDocumentTitle, useHeadingTitle, useRecordTitle } from './page-title.js';

const Root = () => {
  useDocumentTitle();
  return <Outlet />;
};
const Cliente = ({ nombre }: { nombre?: string }) => {
  useRecordTitle(nombre);
  return null;
};
/** A form whose h1 is drawn inside a dialog over a list (the obras' "Nuevo Cliente"). */
const FormularioEnDialogo = () => {
  const ref = useRef<HTMLHeadingElement>(null);
  useHeadingTitle('Nuevo Cliente', ref);
  return (
    <div className="modal">
      <h1 ref={ref}>Nuevo Cliente</h1>
    </div>
  );
};
const EditarMaquina = ({ codigo }: { codigo?: string }) => {
  useHeadingTitle(codigo ? `Editar máquina ${codigo}` : null);
  return null;
};

describe('useDocumentTitle and useRecordTitle (issue 14)', () => {
  it('names the screen, leads with the record once loaded, and forgets it on leaving', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: '/clientes', element: null },
            { path: '/clientes/c1', element: <Cliente nombre="Construcciones Axe" /> },
            { path: '/clientes/c2', element: <Cliente /> },
          ],
        },
      ],
      { initialEntries: ['/clientes/c2'] },
    );
    render(<RouterProvider router={router} />);
    // Still loading: the screen's name alone.
    expect(document.title).toBe('Detalles del Cliente · TVSistema');

    await act(() => router.navigate('/clientes/c1'));
    expect(document.title).toBe('Construcciones Axe · Detalles del Cliente · TVSistema');

    await act(() => router.navigate('/clientes'));
    expect(document.title).toBe('Clientes · TVSistema');
  });

  it('a screen whose h1 names its record is titled by that h1 alone (useHeadingTitle)', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: '/maquinaria', element: null },
            { path: '/maquinaria/m1/editar', element: <EditarMaquina codigo="DUM-019" /> },
            { path: '/maquinaria/m2/editar', element: <EditarMaquina /> },
          ],
        },
      ],
      { initialEntries: ['/maquinaria/m2/editar'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Editar máquina · TVSistema');
    await act(() => router.navigate('/maquinaria/m1/editar'));
    expect(document.title).toBe('Editar máquina DUM-019 · TVSistema');
    await act(() => router.navigate('/maquinaria'));
    expect(document.title).toBe('Maquinaria · TVSistema');
  });

  it('a heading inside a dialog leaves the page its own title', () => {
    const router = createMemoryRouter(
      [{ element: <Root />, children: [{ path: '/obras', element: <FormularioEnDialogo /> }] }],
      { initialEntries: ['/obras'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Gestión de Obras · TVSistema');
  });
});

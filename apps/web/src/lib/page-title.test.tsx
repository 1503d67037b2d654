import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { useDocumentTitle, useRecordTitle } from './page-title.js';

const Root = () => {
  useDocumentTitle();
  return <Outlet />;
};
const Cliente = ({ nombre }: { nombre?: string }) => {
  useRecordTitle(nombre);
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
    expect(document.title).toBe('Cliente · TVSistema');

    await act(() => router.navigate('/clientes/c1'));
    expect(document.title).toBe('Construcciones Axe · Cliente · TVSistema');

    await act(() => router.navigate('/clientes'));
    expect(document.title).toBe('Clientes · TVSistema');
  });
});

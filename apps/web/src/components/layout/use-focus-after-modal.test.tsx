import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { modalFocusTarget, useFocusAfterModal } from './use-focus-after-modal.js';

/** A detail screen: "Aceptar" asks first and disappears once done; "Notas" stays. */
const Pantalla = ({ banner = false }: { banner?: boolean }) => {
  const main = useRef<HTMLElement>(null);
  useFocusAfterModal(main);
  const [modal, setModal] = useState<'aceptar' | 'notas' | undefined>();
  const [aceptado, setAceptado] = useState(false);
  const [archivado, setArchivado] = useState(false);
  return (
    <main ref={main} tabIndex={-1}>
      <h1>Presupuesto P2026-00017</h1>
      {banner && aceptado && <Alert {...modalFocusTarget}>Presupuesto aceptado</Alert>}
      {!aceptado && <Button onClick={() => setModal('aceptar')}>Aceptar</Button>}
      <Button onClick={() => setModal('notas')}>Notas</Button>
      {!archivado && <Button onClick={() => setArchivado(true)}>Archivar</Button>}
      <Modal show={modal !== undefined} onHide={() => setModal(undefined)} aria-label="Confirmar">
        <Modal.Body>
          <Button
            onClick={() => {
              if (modal === 'aceptar') setAceptado(true);
              setModal(undefined);
            }}
          >
            Confirmar
          </Button>
        </Modal.Body>
      </Modal>
    </main>
  );
};

const confirmar = async (user: ReturnType<typeof userEvent.setup>, boton: string) => {
  await user.click(screen.getByRole('button', { name: boton }));
  await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};

describe('useFocusAfterModal (issue 14)', () => {
  it('sends the focus to the h1 when the modal’s trigger is gone after its action', async () => {
    const user = userEvent.setup();
    render(<Pantalla />);
    await confirmar(user, 'Aceptar');
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    const h1 = screen.getByRole('heading', { name: 'Presupuesto P2026-00017' });
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(h1.getAttribute('tabindex')).toBe('-1');
  });

  it('prefers the banner that announces the result', async () => {
    const user = userEvent.setup();
    render(<Pantalla banner />);
    await confirmar(user, 'Aceptar');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByText('Presupuesto aceptado')),
    );
  });

  it('leaves the focus on a trigger that still exists', async () => {
    const user = userEvent.setup();
    render(<Pantalla />);
    await confirmar(user, 'Notas');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notas' }));
  });

  it('also when a button without a modal removes itself (an obra’s "Iniciar obra")', async () => {
    const user = userEvent.setup();
    render(<Pantalla />);
    await user.click(screen.getByRole('button', { name: 'Archivar' }));
    const h1 = screen.getByRole('heading', { name: 'Presupuesto P2026-00017' });
    await waitFor(() => expect(document.activeElement).toBe(h1));
  });
});

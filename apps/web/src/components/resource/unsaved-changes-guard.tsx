import { useEffect } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useBlocker } from 'react-router';
import { RESOURCE_TEXTS as T } from './resource-texts.js';

export type UnsavedChangesGuardProps = {
  /** Whether leaving now would lose edits. */
  dirty: boolean;
};

/**
 * Asks before leaving a form with unsaved changes: in-app navigation through the router's
 * blocker and this modal; closing or reloading the tab through the browser's own prompt.
 */
export const UnsavedChangesGuard = ({ dirty }: UnsavedChangesGuardProps) => {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  return (
    // Named by its title: screen readers announce "Cambios sin guardar, diálogo".
    <Modal
      show={blocked}
      onHide={() => blocker.reset?.()}
      centered
      aria-labelledby="cambios-sin-guardar-titulo"
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="cambios-sin-guardar-titulo">{T.unsavedTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{T.unsavedBody}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          {T.unsavedStay}
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          {T.unsavedLeave}
        </Button>
      </Modal.Footer>
    </Modal>
  );
};

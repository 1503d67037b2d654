import type { ReactNode } from 'react';
import { useInsideAppFrame } from '../../lib/app-frame-context.js';
import '../../styles/theme.css';

export type StatusScreenProps = {
  /** Big visual above the title: a code such as 404 or an icon. */
  badge: ReactNode;
  title: string;
  children: ReactNode;
  /** The way-out buttons. */
  actions: ReactNode;
};

/**
 * Centred frame for the status pages of SPEC 2.8 (not found, unauthorized): the whole page when
 * signed out; inside the application frame (its navbar and `<main>`) the card alone, centred in
 * the page's room (components/errors/status-route.tsx).
 */
export const StatusScreen = ({ badge, title, children, actions }: StatusScreenProps) => {
  const insideFrame = useInsideAppFrame();
  const card = (
    <section className="status-screen__card text-center" aria-labelledby="status-screen-title">
      <div className="status-screen__badge mb-3">{badge}</div>
      <h1 id="status-screen-title" className="h3 fw-semibold mb-3">
        {title}
      </h1>
      <div className="text-body-secondary mb-4">{children}</div>
      <div className="d-flex flex-column flex-sm-row justify-content-center gap-2">{actions}</div>
    </section>
  );
  return insideFrame ? (
    <div className="status-screen status-screen--en-marco d-flex justify-content-center py-4">
      {card}
    </div>
  ) : (
    <main className="status-screen d-flex align-items-center justify-content-center min-vh-100 p-3">
      {card}
    </main>
  );
};

import { createContext, useContext } from 'react';

/**
 * True inside the application frame (navbar, `<main>`, footer; components/layout/app-layout.tsx).
 * A status page drawn inside it (a signed-in user's "Página no encontrada") leaves the `<main>`
 * landmark and the full-height centring to the frame instead of drawing its own.
 */
export const AppFrameContext = createContext(false);

export const useInsideAppFrame = () => useContext(AppFrameContext);

import type { ReactElement } from 'react';
import { renderScreen, type RenderScreenOptions } from '../../../testing/render-signed-in.js';

export type RenderObraOptions = RenderScreenOptions;

/** Renders an obras screen (verticales) for a user with the given roles over a scripted API. */
export const renderObra = (element: ReactElement, options: RenderObraOptions) =>
  renderScreen(element, 'verticales', options);

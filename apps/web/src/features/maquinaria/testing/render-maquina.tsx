import type { ReactElement } from 'react';
import { renderScreen, type RenderScreenOptions } from '../../../testing/render-signed-in.js';

export type RenderMaquinaOptions = RenderScreenOptions;

/** Renders a machine screen (alquileres) for a user with the given roles over a scripted API. */
export const renderMaquina = (element: ReactElement, options: RenderMaquinaOptions) =>
  renderScreen(element, 'alquileres', options);

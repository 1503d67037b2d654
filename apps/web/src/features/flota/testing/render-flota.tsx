import type { ReactElement } from 'react';
import { renderScreen, type RenderScreenOptions } from '../../../testing/render-signed-in.js';

export type RenderFlotaOptions = RenderScreenOptions;

/** Renders a fleet screen (transportes) for a user with the given roles over a scripted API. */
export const renderFlota = (element: ReactElement, options: RenderFlotaOptions) =>
  renderScreen(element, 'transportes', options);

import { SYSTEM_IDS, themeClassName, themeCssVariables, type SystemId } from '@tvsistema/domain';

const ALL_VARIABLES = Object.keys(themeCssVariables('alquileres'));

/**
 * SPEC 3: the body carries data-system, the class theme-{system} and the theme's CSS variables,
 * so every stylesheet (navbar, buttons, cards) can follow the current system.
 */
export const applySystemTheme = (system: SystemId | null, body: HTMLElement = document.body) => {
  for (const id of SYSTEM_IDS) body.classList.remove(themeClassName(id));
  if (system === null) {
    delete body.dataset.system;
    for (const name of ALL_VARIABLES) body.style.removeProperty(name);
    return;
  }
  body.dataset.system = system;
  body.classList.add(themeClassName(system));
  for (const [name, value] of Object.entries(themeCssVariables(system))) {
    body.style.setProperty(name, value);
  }
};

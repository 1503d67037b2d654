import { SYSTEMS, type SystemId } from './systems.js';

/** Class put on <body> so stylesheets can target a system (SPEC 3 session data). */
export const themeClassName = (system: SystemId): string => `theme-${system}`;

/** CSS custom properties set on <body> for the current system (SPEC 3 session data). */
export const themeCssVariables = (system: SystemId): Record<string, string> => {
  const theme = SYSTEMS[system].theme;
  return {
    '--accent': theme.accent,
    '--accent-light': theme.accentLight,
    '--accent-medium': theme.accentMedium,
    '--accent-dark': theme.accentDark,
    '--accent-hover': theme.accentHover,
    '--accent-border': theme.accentBorder,
    '--on-accent': theme.onAccent,
  };
};

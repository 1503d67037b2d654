/** Business limits of SPEC 5 and 9. */
export const LIMITS = {
  name: { min: 2, max: 100 },
  postalCode: { min: 3, max: 20 },
  documento: { min: 5, max: 30 },
  /** Most contacts and observation lines one supplier or client keeps (issue 12.4). */
  contactos: { max: 20 },
  observaciones: { max: 50 },
  proveedores: { defaultPageSize: 10, pageSizes: [10, 20, 30, 50] },
  duplicateCheck: { limit: 1, page: 1 },
  typeahead: { perPage: 100, menuMaxHeightPx: 300, newSelectionPrefix: 'Crear nuevo: ' },
  popup: { width: 400, height: 600 },
  breakpoints: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 },
} as const;

/** SPEC 9 default scopes; offline_access is added when refresh tokens are used (SPEC 4.3). */
export const DEFAULT_SCOPES = ['openid', 'profile', 'email'] as const;
export const LOGIN_SCOPES = [...DEFAULT_SCOPES, 'offline_access'] as const;

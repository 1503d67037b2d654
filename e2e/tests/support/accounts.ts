/** The development provider's demo accounts (DESIGN.md), as the specs need them. */
export const DEMO_PASSWORD = 'demo1234';

export const ACCOUNTS = {
  admin: { email: 'admin@tvsistema.test', name: 'Ana Administradora' },
  operaciones: { email: 'operaciones@tvsistema.test', name: 'Olga Operaciones' },
  maquinaria: { email: 'maquinaria@tvsistema.test', name: 'Marcos Maquinaria' },
} as const;

export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

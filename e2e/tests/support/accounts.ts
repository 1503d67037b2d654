/** The development provider's demo accounts (DESIGN.md), as the specs need them. */
export const DEMO_PASSWORD = 'demo1234';

export const ACCOUNTS = {
  admin: { email: 'admin@tvsistema.test', name: 'Ana Administradora' },
  empleado: { email: 'empleado@tvsistema.test', name: 'Esteban Empleado' },
  alquileres: { email: 'alquileres@tvsistema.test', name: 'Alicia Alquileres' },
  transportes: { email: 'transportes@tvsistema.test', name: 'Tomás Transportes' },
  maquinaria: { email: 'maquinaria@tvsistema.test', name: 'Marcos Maquinaria' },
  arquitecto: { email: 'arquitecto@tvsistema.test', name: 'Arturo Arquitecto' },
  operaciones: { email: 'operaciones@tvsistema.test', name: 'Olga Operaciones' },
  verticales: { email: 'verticales@tvsistema.test', name: 'Valentina Verticales' },
  sinroles: { email: 'sinroles@tvsistema.test', name: 'Sergio Sinroles' },
} as const;

export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

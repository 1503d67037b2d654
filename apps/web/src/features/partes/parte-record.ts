import type {
  Cliente,
  ClienteCreate,
  CuentaContable,
  Paginated,
  Proveedor,
  ProveedorCreate,
} from '@tvsistema/domain';

// Derived from the domain's zod schemas (proveedorSchema, clienteSchema and their create
// schemas): a field added there reaches these types without a second declaration.

/** A supplier or client as the API answers it; the accounting set depends on the type. */
export type ParteRecord = Omit<Proveedor, CuentaContable> &
  Partial<Pick<Proveedor & Cliente, CuentaContable>>;

export type ParteContacto = ParteRecord['contactos'][number];

/** POST body (with empresa) or PUT body (without): what the domain create schema outputs. */
export type PartePayload = Omit<ProveedorCreate, CuentaContable | 'empresa'> &
  Partial<Pick<ProveedorCreate & ClienteCreate, CuentaContable | 'empresa'>>;

export type ParteListResponse = Paginated<ParteRecord>;

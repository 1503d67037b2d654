import type {
  CuentaContable,
  DireccionInput,
  Empresa,
  Paginated,
  Proveedor,
} from '@tvsistema/domain';

type ProveedorCuenta =
  'cuentaContableProveedor' | 'cuentaContableCompra' | 'cuentaContableRetencion';

/** A supplier or client as the API answers it; the accounting set depends on the type. */
export type ParteRecord = Omit<Proveedor, ProveedorCuenta> &
  Partial<Record<CuentaContable, string | null>>;

export type ParteContacto = ParteRecord['contactos'][number];

/** POST body (with empresa) or PUT body (without), as the domain schemas accept it. */
export type PartePayload = {
  nombre: string;
  documento?: string;
  empresa?: Empresa;
  activo: boolean;
  contactos: { nombre: string; telefono?: string; correo?: string }[];
  observaciones: string[];
  direccion: DireccionInput;
} & Partial<Record<CuentaContable, string>>;

export type ParteListResponse = Paginated<ParteRecord>;

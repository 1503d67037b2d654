import { describe, expect, it } from 'vitest';
import { documentTitle, screenTitleFor } from './page-titles.js';

const titleAt = (pathname: string) => documentTitle(screenTitleFor(pathname));

describe('document titles (issue 14)', () => {
  it('names each screen "{Pantalla} · TVSistema", the list, its create form and the record', () => {
    expect(titleAt('/proveedores')).toBe('Proveedores · TVSistema');
    expect(titleAt('/proveedores/new')).toBe('Nuevo Proveedor · TVSistema');
    expect(titleAt('/transporte/proveedores/p1/edit')).toBe('Editar Proveedor · TVSistema');
    expect(titleAt('/clientes/c1')).toBe('Detalles del Cliente · TVSistema');
    expect(titleAt('/alquileres/a1/archivos/fotos/a.jpg')).toBe(
      'Archivos del alquiler · TVSistema',
    );
    expect(titleAt('/settings')).toBe('Configuración · TVSistema');
    expect(titleAt('/callback')).toBe('Iniciando sesión · TVSistema');
  });

  it('a list whose h1 names the system chosen is named so (issue 14)', () => {
    expect(documentTitle(screenTitleFor('/proveedores', 'alquileres'))).toBe(
      'Gestión de Proveedores - Alquileres · TVSistema',
    );
    expect(documentTitle(screenTitleFor('/transporte/clientes', 'transportes'))).toBe(
      'Gestión de Clientes - Transportes · TVSistema',
    );
  });

  it('asked again for the last path, follows the system and the path (the match is remembered)', () => {
    expect(screenTitleFor('/clientes', 'alquileres')).toBe('Gestión de Clientes - Alquileres');
    expect(screenTitleFor('/clientes', 'transportes')).toBe('Gestión de Clientes - Transportes');
    expect(screenTitleFor('/clientes', null)).toBe('Clientes');
    expect(screenTitleFor('/clientes/c1')).toBe('Detalles del Cliente');
    expect(screenTitleFor('/clientes', 'alquileres')).toBe('Gestión de Clientes - Alquileres');
  });

  it('a fixed path outranks a parameter: /facturas/informes is not an invoice', () => {
    expect(titleAt('/facturas/informes')).toBe('Informes fiscales · TVSistema');
    expect(titleAt('/facturas/F-1')).toBe('Factura · TVSistema');
    expect(titleAt('/transporte/facturas/notas/n1')).toBe('Nota de abono · TVSistema');
  });

  it('puts a loaded record first, and leaves a path of no screen as the bare product name', () => {
    expect(documentTitle('Cliente', ' Construcciones Axe ')).toBe(
      'Construcciones Axe · Cliente · TVSistema',
    );
    expect(documentTitle('Cliente', null)).toBe('Cliente · TVSistema');
    expect(screenTitleFor('/')).toBeUndefined();
    expect(titleAt('/no-existe')).toBe('TVSistema');
  });
});

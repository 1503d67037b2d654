import { describe, expect, it } from 'vitest';
import {
  alquilerPayload,
  contactoPayload,
  nuevaClave,
  previsualizar,
  vacio,
  type LineaForm,
} from './documento-form.js';

// The form's preview prices with the domain's rules (comercial.md R1–R6) before the server does.

const mex = (over: Partial<LineaForm> = {}): LineaForm => ({
  key: nuevaClave(),
  clase: 'maquina',
  articuloId: 'm1',
  descripcion: '',
  cantidad: '1',
  fechaInicio: '2026-03-03',
  fechaFin: '2026-03-12',
  modoTarifa: 'optimo',
  diasMinimos: 1,
  descuentoPct: '0',
  precioDia: '95.00',
  precioSemana: '380.00',
  precioMes: '1100.00',
  precio: null,
  unidad: 'ud.',
  tipoIva: 21,
  ...over,
});

describe('previsualizar', () => {
  it('scenario 1: 10 días → "1 semana + 3 días", 665,00 + 139,65 = 804,65', () => {
    const r = previsualizar([mex()]);
    expect(r?.lineas[0]).toMatchObject({ desglose: '1 semana + 3 días', base: '665.00' });
    expect(r?.totales).toMatchObject({ base: '665.00', iva: '139.65', total: '804.65' });
  });

  it('a half-typed quantity or discount prices as 0, never throws', () => {
    expect(previsualizar([mex({ cantidad: '', descuentoPct: '7,' })])?.lineas[0]?.base).toBe(
      '0.00',
    );
  });
});

describe('alquilerPayload', () => {
  it('sends a machine line without quantity and keeps the fianza with its forma de pago', () => {
    const body = alquilerPayload({
      ...vacio('2026-03-01'),
      clienteId: 'c1',
      fianzaImporte: '300,00',
      fianzaFormaPago: 'tarjeta',
      lineas: [mex({ _id: 'l1' })],
    });
    expect(body.fianza).toEqual({ importe: '300.00', formaPago: 'tarjeta' });
    expect(body.lineas[0]).toMatchObject({
      _id: 'l1',
      clase: 'maquina',
      maquinaId: 'm1',
      cantidad: undefined,
    });
  });
});

describe('contactoPayload (§2.2, §2.4)', () => {
  it('nothing typed is no contact; anything typed goes to the server, which asks for the nombre', () => {
    expect(contactoPayload({ nombre: ' ', telefono: '', correo: '' })).toBeUndefined();
    expect(contactoPayload({ nombre: '', telefono: '600 123 456', correo: '' })).toEqual({
      nombre: '',
      telefono: '600 123 456',
      correo: undefined,
    });
    const f = { ...vacio('2026-03-01'), contacto: { nombre: 'Pep', telefono: '', correo: '' } };
    expect(alquilerPayload(f)).toMatchObject({
      contacto: { nombre: 'Pep' },
      contactoObra: undefined,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../testing/fake-api.js';
import { expectCampoInvalido } from '../../testing/invalid-field.js';
import { renderLogistica } from './testing/render-logistica.js';
import { transporteDePrueba } from './testing/transporte-de-prueba.js';

import './components/transporte-form-page.js';

// logistica.md §5 "Transport form": "Cliente y destinatario" (remitente), "Vehículo y conductor"
// (own truck searched by plate, or a subcontracted carrier's typed plate) and the live R10
// checklist of "Documento de control".

const user = userEvent.setup({ delay: null });
const LAZY = { timeout: 5_000 };
const ID = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b21';
const PROVEEDOR = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b22';
const CAMION = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b23';

const renderEdicion = () => {
  const fake = createFakeApi();
  fake.on('GET', `/api/albaranes/transporte/${ID}`, () => ({
    body: { data: transporteDePrueba(ID) },
  }));
  fake.on('GET', '/api/albaranes/transporte/transportista-propio', () => ({
    body: { data: { nombre: 'Mallorca Transporta, S.L.', nif: 'B07123458' } },
  }));
  fake.on('GET', '/api/clientes', () => ({ body: { data: [], meta: { total: 0 } } }));
  fake.on('GET', '/api/camiones', (r) => ({
    body: {
      data: [
        { _id: CAMION, matriculaTexto: '8862 LDS', descripcion: 'Mercedes-Benz Actros' },
      ].filter((c) => c.matriculaTexto.includes((r.query.get('searchTerm') ?? '').toUpperCase())),
      meta: { total: 1 },
    },
  }));
  fake.on('GET', '/api/proveedores', () => ({
    body: {
      data: [{ _id: PROVEEDOR, nombre: 'Transports Llevant, S.L.', documento: 'B07660012' }],
      meta: { total: 1 },
    },
  }));
  fake.on('PUT', `/api/albaranes/transporte/${ID}`, () => ({
    body: { data: transporteDePrueba(ID) },
  }));
  renderLogistica(`/albaranes/transporte/editar/${ID}`, { fake, system: 'transportes' });
  return fake;
};

/** One paste instead of a keystroke a character: the walk stays fast on a busy machine. */
const escribir = async (campo: HTMLElement, texto: string) => {
  await user.click(campo);
  await user.paste(texto);
};

const checklist = () =>
  within(screen.getByRole('list', { name: /Orden FOM\/2861\/2012, art\. 6/ }));
const item = (nombre: string) => checklist().getByText(nombre).closest('li');

describe('formulario de transporte (logistica.md §5)', () => {
  it('the R10 checklist follows the fields: own truck searched by plate, driver, weight', async () => {
    const fake = renderEdicion();
    await screen.findByRole('heading', { name: 'Editar albarán de transporte AT2026-00017' }, LAZY);
    await waitFor(() => expect(item('NIF del transportista')?.textContent).toContain('✓'));
    expect(screen.getByText('Datos de la Orden FOM/2861/2012, art. 6: faltan 3.')).toBeTruthy();
    for (const ok of [
      'NIF del cliente',
      'Municipio de origen',
      'Municipio de destino',
      'Mercancía',
    ])
      expect(item(ok)?.textContent).toBe(`✓${ok}: completo`);
    for (const falta of ['Peso', 'Matrícula', 'Conductor'])
      expect(item(falta)?.textContent).toBe(`✗${falta}: falta`);

    await escribir(screen.getByLabelText('Peso (kg)'), '18500');
    expect(item('Peso')?.textContent).toBe('✓Peso: completo');
    await escribir(screen.getByRole('textbox', { name: 'Buscar por matrícula…' }), '8862');
    await waitFor(() =>
      expect(
        fake.calls.some((c) => c.path === '/api/camiones' && c.query.get('searchTerm') === '8862'),
      ).toBe(true),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Camión' }),
      await screen.findByRole('option', { name: '8862 LDS — Mercedes-Benz Actros' }),
    );
    expect(item('Matrícula')?.textContent).toBe('✓Matrícula: completo');
    await escribir(screen.getByLabelText('Conductor', { exact: true }), 'Antoni Bauzà Mas');
    expect(screen.getByText('Datos de la Orden FOM/2861/2012, art. 6: completos.')).toBeTruthy();
    // An exempt carriage needs none of it: the checklist gives way to the motivo.
    await user.click(screen.getByLabelText('Transporte exento'));
    expect(screen.queryByRole('list', { name: /Orden FOM/ })).toBeNull();
    expect(
      within(screen.getByRole('combobox', { name: 'Motivo' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      '— Elige el motivo —',
      'No requiere autorización',
      'Mudanza',
      'Vehículo accidentado o averiado',
      'Paquetería',
    ]);
  });

  it('a subcontracted carrier: its NIF and a typed plate; a remitente other than the client; all sent', async () => {
    const fake = renderEdicion();
    await screen.findByRole('heading', { name: 'Editar albarán de transporte AT2026-00017' }, LAZY);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Transportista' }),
      'Subcontratado',
    );
    // Until a carrier is chosen its NIF is missing; the fleet's search gives way to a typed plate.
    expect(item('NIF del transportista')?.textContent).toBe('✗NIF del transportista: falta');
    expect(screen.queryByRole('combobox', { name: 'Camión' })).toBeNull();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Proveedor' }),
      await screen.findByRole('option', { name: 'Transports Llevant, S.L. (B07660012)' }),
    );
    expect(item('NIF del transportista')?.textContent).toBe('✓NIF del transportista: completo');
    await escribir(screen.getByRole('textbox', { name: 'Matrícula' }), '5123 JKL');
    expect(item('Matrícula')?.textContent).toBe('✓Matrícula: completo');
    await escribir(screen.getByLabelText('Matrícula remolque'), 'R 7731 BCF');
    await escribir(screen.getByLabelText('DNI del conductor'), '43098765P');

    const remitenteEsCliente = screen.getByLabelText('El remitente es el cliente');
    expect((remitenteEsCliente as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Remitente')).toBeNull();
    await user.click(remitenteEsCliente);
    await escribir(screen.getByLabelText('Remitente'), 'Cantera Son Ferrer, S.A.');
    await escribir(screen.getByLabelText('NIF del remitente'), 'A07123458');

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(
      () => expect(fake.callsTo('PUT', `/api/albaranes/transporte/${ID}`)).toHaveLength(1),
      LAZY,
    );
    expect(fake.callsTo('PUT', `/api/albaranes/transporte/${ID}`)[0]?.body).toMatchObject({
      version: 2,
      remitente: { nombre: 'Cantera Son Ferrer, S.A.', documento: 'A07123458' },
      transportista: { tipo: 'subcontratado', proveedorId: PROVEEDOR },
      camionId: null,
      matricula: '5123 JKL',
      matriculaRemolque: 'R 7731 BCF',
      conductor: { nombre: '', dni: '43098765P' },
    });
  });
  // Issue 14: a refused save said "clienteId: El cliente es obligatorio" in a list, and no
  // field was marked.
  it('sent empty, nothing goes to the API: Cliente, Destinatario and Descripción say why, the focus on Cliente, and a corrected field loses its message', async () => {
    const fake = createFakeApi();
    fake.on('GET', '/api/albaranes/transporte/transportista-propio', () => ({
      body: { data: { nombre: 'Mallorca Transporta, S.L.', nif: 'B07123458' } },
    }));
    fake.on('GET', '/api/clientes', () => ({ body: { data: [], meta: { total: 0 } } }));
    fake.on('GET', '/api/camiones', () => ({ body: { data: [], meta: { total: 0 } } }));
    renderLogistica('/albaranes/transporte/crear', { fake, system: 'transportes' });
    await screen.findByRole('heading', { name: 'Nuevo albarán de transporte' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Crear albarán' }));

    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toBe('Datos inválidos. Revisa los campos marcados.');
    const cliente = screen.getByRole('combobox', { name: 'Cliente' });
    expectCampoInvalido(cliente, 'El cliente es obligatorio');
    await waitFor(() => expect(document.activeElement).toBe(cliente));
    const destinatario = screen.getByLabelText('Destinatario');
    expectCampoInvalido(
      destinatario,
      'El nombre del destinatario debe tener entre 1 y 200 caracteres',
    );
    expectCampoInvalido(
      screen.getByLabelText('Descripción'),
      'Describe la mercancía (1 a 500 caracteres)',
    );
    expect(fake.callsTo('POST', '/api/albaranes/transporte')).toHaveLength(0);

    await escribir(destinatario, 'Pere Amengual Roig');
    expect(destinatario.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/destinatario debe tener/)).toBeNull();
  });

  it("the server's refusal lands on its field, and what names no field stays in the alert", async () => {
    const fake = renderEdicion();
    fake.on('PUT', `/api/albaranes/transporte/${ID}`, () => ({
      status: 400,
      body: {
        message: 'Datos inválidos',
        errors: [
          'conductor.dni: El DNI del conductor no es válido',
          'origen.direccion.altura: El número debe estar entre 0 y 99999',
        ],
      },
    }));
    await screen.findByRole('heading', { name: 'Editar albarán de transporte AT2026-00017' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toBe(
      'Datos inválidos. Revisa los campos marcados.origen.direccion.altura: El número debe estar entre 0 y 99999',
    );
    expectCampoInvalido(
      screen.getByLabelText('DNI del conductor'),
      'El DNI del conductor no es válido',
    );
  });
});

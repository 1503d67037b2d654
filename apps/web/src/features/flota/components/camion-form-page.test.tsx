import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '../../../testing/fake-api.js';
import { expectCampoInvalido } from '../../../testing/invalid-field.js';
import { aCamion, aPage } from '../testing/fixtures.js';
import { renderFlota } from '../testing/render-flota.js';
import { CamionFormPage } from './camion-form-page.js';

const user = userEvent.setup({ delay: null });

const lucas = {
  _id: '44444444-4444-4444-8444-444444444444',
  nombreCompleto: 'Lucas Martín Rosselló',
  clasesPermiso: ['B', 'C1'],
};

const renderForm = () => {
  const fake = createFakeApi();
  fake.on('GET', '/api/conductores', () => ({ body: aPage([lucas]) }));
  fake.on('GET', '/api/facturas/emisores/transporte', () => ({
    body: { data: { nif: 'B07123458' } },
  }));
  fake.on('POST', '/api/camiones', () => ({
    status: 409,
    body: {
      message: 'Ya existe un vehículo con la matrícula 4417 KTM',
      errors: ['matricula: Ya existe un vehículo con la matrícula 4417 KTM'],
    },
  }));
  return renderFlota(<CamionFormPage mode="create" />, {
    path: '/transporte/camiones/nuevo',
    fake,
  });
};

describe('CamionFormPage (flota-obras.md §5.2)', () => {
  it('derives the category, rules out a driver without the class and maps a duplicate plate', async () => {
    const { fake } = renderForm();
    expect(screen.getByRole('heading', { name: 'Nuevo Vehículo' })).toBeTruthy();
    await user.type(screen.getByLabelText('Matrícula'), '4417 KTM');
    await user.type(screen.getByLabelText('Bastidor (VIN)'), '1M8GDM9AXKP042788');
    await user.selectOptions(document.getElementById('camion-tipo') as HTMLSelectElement, 'rigido');
    await user.type(screen.getByLabelText('Marca'), 'Mercedes-Benz');
    await user.type(screen.getByLabelText('Modelo'), 'Actros 3243');
    await user.type(screen.getByLabelText('Fecha de primera matriculación'), '2021-11-22');
    await user.type(screen.getByLabelText('MMA (kg)'), '32000');
    await user.type(screen.getByLabelText('Tara (kg)'), '12000');
    await user.type(screen.getByLabelText('Próxima ITV según la tarjeta'), '2027-11-22');
    expect((screen.getByLabelText('Categoría') as HTMLInputElement).value).toBe('N3');
    expect((screen.getByLabelText('Carga útil (kg)') as HTMLInputElement).value).toBe('20.000');
    // §5.2 Tacógrafo: its next revision (2 years) and download (90 days), computed as typed.
    await user.selectOptions(
      document.getElementById('camion-tacografo-tipo') as HTMLSelectElement,
      'digital',
    );
    await user.type(screen.getByLabelText('Última revisión'), '2025-06-01');
    await user.type(screen.getByLabelText('Última descarga'), '2026-11-01');
    expect(
      screen.getByText('Próxima revisión: 01/06/2027 · Próxima descarga: 30/01/2027'),
    ).toBeTruthy();

    // §5.2: a typeahead of active drivers with their classes; the one the class rules out is
    // offered disabled, saying why.
    await user.type(screen.getByLabelText('Conductor habitual'), 'lucas');
    const opcion = await screen.findByRole('option', {
      name: 'Lucas Martín Rosselló (B, C1) — no tiene el permiso C',
    });
    expect(opcion.classList.contains('disabled')).toBe(true);
    expect(opcion.getAttribute('aria-disabled')).toBe('true');
    await user.click(opcion);
    expect((screen.getByLabelText('Conductor habitual') as HTMLInputElement).value).toBe('lucas');

    await user.click(await screen.findByRole('button', { name: 'Sugerir' }));
    expect((screen.getByLabelText('Visado hasta') as HTMLInputElement).value).toMatch(
      /^\d{4}-09-30$/,
    );

    // §2.1: a motor vehicle's autorización is required: the domain schema says so on its field,
    // and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Crear Vehículo' }));
    expect(
      await screen.findByText(
        'Elige el tipo de autorización de transporte («No requiere» si el vehículo no la necesita)',
      ),
    ).toBeTruthy();
    expect(fake.callsTo('POST', '/api/camiones')).toHaveLength(0);
    await user.selectOptions(
      document.getElementById('camion-autorizacion-tipo') as HTMLSelectElement,
      'MDP',
    );
    await user.click(screen.getByRole('button', { name: 'Crear Vehículo' }));
    expect(
      await screen.findByText('Indica el número de autorización (hasta 30 caracteres)'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Nº de autorización'), '99001122');

    await user.click(screen.getByRole('button', { name: 'Crear Vehículo' }));
    expect(
      await screen.findAllByText('Ya existe un vehículo con la matrícula 4417 KTM'),
    ).not.toHaveLength(0);
    const [post] = fake.callsTo('POST', '/api/camiones');
    expect(post?.body).toMatchObject({
      matricula: '4417 KTM',
      tipo: 'rigido',
      mmaKg: 32_000,
      taraKg: 12_000,
      autorizacion: { tipo: 'MDP', numero: '99001122' },
      tacografo: { tipo: 'digital', ultimaRevision: '2025-06-01' },
    });
  });

  it('editing a vehicle written without autorización and tacógrafo opens with both marked (§2.1)', async () => {
    const ID = '11111111-1111-4111-8111-111111111111';
    const fake = createFakeApi();
    fake.on('GET', `/api/camiones/${ID}`, () => ({
      body: { data: aCamion({ _id: ID, autorizacion: null, tacografo: null }) },
    }));
    fake.on('GET', '/api/conductores', () => ({ body: aPage([]) }));
    fake.on('GET', '/api/facturas/emisores/transporte', () => ({
      body: { data: { nif: 'B07123458' } },
    }));
    renderFlota(<CamionFormPage mode="edit" />, {
      path: `/transporte/camiones/${ID}/editar`,
      routePath: '/transporte/camiones/:camionId/editar',
      fake,
    });
    expect(
      await screen.findByText(
        'Faltan datos obligatorios: autorización de transporte y tacógrafo. Complétalos para guardar los cambios.',
      ),
    ).toBeTruthy();
    const autorizacion = document.getElementById('camion-autorizacion-tipo') as HTMLSelectElement;
    const tacografo = document.getElementById('camion-tacografo-tipo') as HTMLSelectElement;
    await waitFor(() => expect(autorizacion.getAttribute('aria-invalid')).toBe('true'));
    expect(tacografo.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(
        'Elige el tipo de autorización de transporte («No requiere» si el vehículo no la necesita)',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Elige el tipo de tacógrafo («No lleva» si el vehículo no tiene)'),
    ).toBeTruthy();
    // Each field is described by its message, as a screen reader reads it (issue 14).
    expectCampoInvalido(
      autorizacion,
      'Elige el tipo de autorización de transporte («No requiere» si el vehículo no la necesita)',
    );
    expectCampoInvalido(
      tacografo,
      'Elige el tipo de tacógrafo («No lleva» si el vehículo no tiene)',
    );
    expect(fake.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

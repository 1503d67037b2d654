import { describe, expect, test } from 'vitest';
import { proveedorSchema } from '@tvsistema/domain/partes';
import { fullDireccion, useAppWithLocations } from './partes-helpers.js';

const app = useAppWithLocations();

const URL = '/api/proveedores';

const complete = () => ({
  nombre: '  Ferretería Sóller S.L. ',
  documento: ' b12345674 ',
  empresa: 'alquileres',
  activo: true,
  cuentaContableProveedor: '400000123',
  cuentaContableCompra: '600000001',
  cuentaContableRetencion: '4751000',
  contactos: [
    { nombre: 'Marta Ripoll', telefono: '+34 971 123 456', correo: 'Marta@Ferreteria.es' },
    { nombre: 'Joan Mas', telefono: '', correo: '' },
  ],
  observaciones: ['Paga a 30 días', '   ', 'Cierra en agosto'],
  direccion: fullDireccion(app.tree),
});

describe('POST /api/proveedores', () => {
  test('creates a supplier and answers 201 { data } with ids, names and audit fields', async () => {
    const before = Date.now();
    const response = await app.api.post(URL, complete(), 'operaciones');
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      nombre: 'Ferretería Sóller S.L.',
      documento: 'B12345674',
      empresa: 'alquileres',
      activo: true,
      archivos: [],
      cuentaContableProveedor: '400000123',
      cuentaContableCompra: '600000001',
      cuentaContableRetencion: '4751000',
      contactos: [
        { nombre: 'Marta Ripoll', telefono: '+34 971 123 456', correo: 'marta@ferreteria.es' },
        { nombre: 'Joan Mas', telefono: null, correo: null },
      ],
      observaciones: ['Paga a 30 días', 'Cierra en agosto'],
      direccion: {
        paisId: app.tree.paisId,
        pais: 'PAÍS DE PRUEBA CRM',
        provinciaId: app.tree.provinciaId,
        provincia: 'ILLES BALEARS CRM',
        municipioId: app.tree.municipioId,
        municipio: 'PALMA CRM',
        ciudadId: app.tree.ciudadId,
        ciudad: 'PALMA DE MALLORCA CRM',
        calleId: app.tree.calleId,
        calle: 'CALLE DE SANT MIQUEL',
        codigoPostalId: app.tree.codigoPostalId,
        codigoPostal: '07002',
        altura: 12,
        planta: '2º',
        local: 'B',
        observacion: 'Entrada por la plaza',
      },
      createdBy: 'operaciones@tvsistema.test',
      updatedBy: 'operaciones@tvsistema.test',
    });
    expect(data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data).not.toHaveProperty('cuentaContableCliente');
    expect(Date.parse(data.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(data.updatedAt).toBe(data.createdAt);

    const read = await app.api.get(`${URL}/${data._id}`, 'empleado');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data });
  });

  test('a minimal supplier gets the defaults and an empty address', async () => {
    const response = await app.api.post(URL, { nombre: 'Mínimo', empresa: 'alquileres' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      documento: null,
      activo: true,
      contactos: [],
      observaciones: [],
      cuentaContableProveedor: null,
    });
    expect(Object.values(data.direccion).every((value) => value === null)).toBe(true);
  });

  test('an empty documento is stored as none, so many suppliers may lack one', async () => {
    for (const documento of ['', '   ']) {
      const response = await app.api.post(URL, {
        nombre: 'Sin documento',
        documento,
        empresa: 'alquileres',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.documento).toBeNull();
    }
  });

  test.each([
    [{}, ['nombre: El nombre es obligatorio', 'empresa: La empresa es obligatoria']],
    [{ nombre: '   ', empresa: 'alquileres' }, ['nombre: El nombre es obligatorio']],
    [{ nombre: 'X', empresa: 'marte' }, ['empresa: La empresa es obligatoria']],
    [
      { nombre: 'X', empresa: 'alquileres', documento: 'ab' },
      ['documento: Documento inválido (5-30, A-Z, 0-9, -, .)'],
    ],
    [
      { nombre: 'X', empresa: 'alquileres', documento: 'B 1234567' },
      ['documento: Documento inválido (5-30, A-Z, 0-9, -, .)'],
    ],
    [
      { nombre: 'X', empresa: 'alquileres', contactos: [{ nombre: 'A' }, { nombre: '' }] },
      ['contactos[1].nombre: El nombre del contacto es obligatorio'],
    ],
    [
      {
        nombre: 'X',
        empresa: 'alquileres',
        contactos: [{ nombre: 'A', correo: 'a@', telefono: 'x' }],
      },
      [
        'contactos[0].telefono: El teléfono solo puede incluir números, espacios, paréntesis, guiones y +',
        'contactos[0].correo: El correo electrónico no es válido',
      ],
    ],
    [
      { nombre: 'X', empresa: 'alquileres', cuentaContableProveedor: '12' },
      ['cuentaContableProveedor: La cuenta contable debe tener entre 3 y 12 dígitos'],
    ],
    [
      { nombre: 'X', empresa: 'alquileres', direccion: { altura: 1.5 } },
      ['direccion.altura: La altura debe ser un número entero entre 0 y 99999'],
    ],
    [
      { nombre: 'X'.repeat(201), empresa: 'alquileres' },
      ['nombre: El nombre no puede exceder los 200 caracteres'],
    ],
  ])('400 for %j with field-named messages', async (payload, errors) => {
    const response = await app.api.post(URL, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Datos inválidos', errors });
  });

  test('a supplier with a documento of another empresa is fine', async () => {
    const first = await app.api.post(URL, {
      nombre: 'A',
      documento: 'X1234567L',
      empresa: 'alquileres',
    });
    const second = await app.api.post(URL, {
      nombre: 'B',
      documento: 'x1234567l',
      empresa: 'transporte',
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
  });

  test('the same documento twice in one empresa is 409, whatever the case and spacing', async () => {
    expect(
      (await app.api.post(URL, { nombre: 'Uno', documento: 'A58818501', empresa: 'verticales' }))
        .statusCode,
    ).toBe(201);
    const response = await app.api.post(URL, {
      nombre: 'Dos',
      documento: ' a58818501 ',
      empresa: 'verticales',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Ya existe un proveedor con este documento en esta empresa',
      errors: ['documento: Ya existe un proveedor con este documento en esta empresa'],
    });
  });

  test('two concurrent creates with one documento: exactly one 201 and one 409', async () => {
    const payload = { nombre: 'Carrera', documento: 'RACE-0001', empresa: 'alquileres' };
    const responses = await Promise.all([app.api.post(URL, payload), app.api.post(URL, payload)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const list = await app.api.get(`${URL}?empresa=alquileres&documentoExact=RACE-0001`);
    expect(list.json().meta.total).toBe(1);
  });
});

describe('address consistency on write', () => {
  const withDireccion = (direccion: Record<string, unknown>) => ({
    nombre: 'Con dirección',
    empresa: 'alquileres',
    direccion,
  });

  test('a partial address down to the city is accepted', async () => {
    const { paisId, provinciaId, municipioId, ciudadId } = app.tree;
    const response = await app.api.post(
      URL,
      withDireccion({ paisId, provinciaId, municipioId, ciudadId }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.direccion).toMatchObject({
      ciudad: 'PALMA DE MALLORCA CRM',
      calleId: null,
    });
  });

  test('a level of another branch is refused on its own field', async () => {
    const response = await app.api.post(
      URL,
      withDireccion({
        ...fullDireccion(app.tree),
        calleId: app.tree.otraCalleId,
        codigoPostalId: app.tree.otroCodigoPostalId,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Datos inválidos',
      errors: [
        'direccion.calleId: La calle no pertenece a la ciudad seleccionada',
        'direccion.codigoPostalId: El código postal no pertenece a la ciudad seleccionada',
      ],
    });
  });

  test.each([
    ['provinciaId', 'otraProvinciaId', 'La provincia no pertenece al país seleccionado'],
    ['municipioId', 'otroMunicipioId', null],
    ['ciudadId', 'otraCiudadId', 'La ciudad no pertenece al municipio seleccionado'],
  ] as const)('%s from elsewhere is refused', async (field, other, message) => {
    const direccion = {
      ...fullDireccion(app.tree),
      calleId: null,
      codigoPostalId: null,
      [field]: app.tree[other],
    };
    const response = await app.api.post(URL, withDireccion(direccion));
    expect(response.statusCode).toBe(400);
    const errors: string[] = response.json().errors;
    // SÓLLER is in the same province, so the city (of PALMA) is what no longer fits.
    expect(errors).toContain(
      message
        ? `direccion.${field}: ${message}`
        : 'direccion.ciudadId: La ciudad no pertenece al municipio seleccionado',
    );
  });

  test('a level without its parent asks for the parent first', async () => {
    const response = await app.api.post(URL, withDireccion({ provinciaId: app.tree.provinciaId }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      'direccion.provinciaId: Debe seleccionar un país primero',
    ]);
    const calle = await app.api.post(URL, withDireccion({ calleId: app.tree.calleId }));
    expect(calle.json().errors).toEqual(['direccion.calleId: Debe seleccionar una ciudad primero']);
  });

  test('unknown and malformed ids do not exist (400, never 500)', async () => {
    const response = await app.api.post(
      URL,
      withDireccion({ paisId: '00000000-0000-4000-8000-000000000000', provinciaId: 'no-es-un-id' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      'direccion.paisId: El país seleccionado no existe',
      'direccion.provinciaId: La provincia seleccionada no existe',
    ]);
  });

  test('a location used by a supplier cannot be deleted', async () => {
    await app.t.database.withSession(async (session) => {
      await expect(
        session.query('delete from calles where id = $1', [app.tree.calleId]),
      ).rejects.toThrow();
    });
  });
});

describe('GET /api/proveedores/:id', () => {
  test('the list, the record by id and the create answer carry the same record, exactly the schema', async () => {
    const created = await app.api.post(URL, { ...complete(), documento: 'Z-REC-0001' });
    expect(created.statusCode).toBe(201);
    const { data } = created.json();
    // Every key of the record schema and no other: the JSON is built by the database.
    expect(proveedorSchema.strict().parse(data)).toEqual(data);
    expect(Object.keys(data.direccion).sort()).toEqual(
      Object.keys(proveedorSchema.shape.direccion.shape).sort(),
    );
    expect(data.createdAt).toBe(new Date(data.createdAt).toISOString());

    const byId = await app.api.get(`${URL}/${data._id}`);
    expect(byId.json()).toEqual({ data });

    const listed = await app.api.get(`${URL}?empresa=alquileres&documentoExact=Z-REC-0001`);
    expect(listed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(listed.json()).toEqual({
      data: [data],
      meta: { page: 1, limit: 10, total: 1, totalPages: 1 },
    });
  });

  test.each(['00000000-0000-4000-8000-000000000000', 'no-es-un-id', '1'])(
    '404 { message: "Proveedor no encontrado" } for %s',
    async (id) => {
      const response = await app.api.get(`${URL}/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Proveedor no encontrado' });
    },
  );

  test('a client id is not a supplier', async () => {
    const cliente = await app.api.post('/api/clientes', {
      nombre: 'Cliente',
      empresa: 'alquileres',
    });
    const response = await app.api.get(`${URL}/${cliente.json().data._id}`);
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/proveedores/:id', () => {
  test('replaces the editable fields, keeps empresa and creation, records the editor', async () => {
    const created = (
      await app.api.post(URL, { ...complete(), documento: 'A58818501' }, 'admin')
    ).json().data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { empresa: _empresa, ...body } = complete();
    const response = await app.api.put(
      `${URL}/${created._id}`,
      {
        ...body,
        nombre: 'Ferretería Sóller Renovada',
        documento: 'a58818501',
        activo: false,
        contactos: [{ nombre: 'Nuevo contacto' }],
        observaciones: [''],
        direccion: { ...fullDireccion(app.tree), calleId: null, altura: null },
      },
      'operaciones',
    );
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      _id: created._id,
      nombre: 'Ferretería Sóller Renovada',
      documento: 'A58818501',
      empresa: 'alquileres',
      activo: false,
      contactos: [{ nombre: 'Nuevo contacto', telefono: null, correo: null }],
      observaciones: [],
      createdAt: created.createdAt,
      createdBy: 'admin@tvsistema.test',
      updatedBy: 'operaciones@tvsistema.test',
    });
    expect(data.direccion).toMatchObject({
      calleId: null,
      calle: null,
      altura: null,
      ciudadId: app.tree.ciudadId,
    });
    expect(Date.parse(data.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
  });

  test('refuses empresa, even the same one, with the SPEC 4.6 note on the empresa field', async () => {
    const created = (await app.api.post(URL, { nombre: 'Fija', empresa: 'alquileres' })).json()
      .data;
    for (const empresa of ['transporte', 'alquileres']) {
      const response = await app.api.put(`${URL}/${created._id}`, { nombre: 'Fija', empresa });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Datos inválidos',
        errors: ['empresa: La empresa no puede modificarse después de la creación.'],
      });
    }
    expect((await app.api.get(`${URL}/${created._id}`)).json().data.empresa).toBe('alquileres');
  });

  test('other unknown fields get a generic message', async () => {
    const created = (await app.api.post(URL, { nombre: 'Fija', empresa: 'alquileres' })).json()
      .data;
    const response = await app.api.put(`${URL}/${created._id}`, { nombre: 'Fija', color: 'rojo' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['cuerpo: Campos no admitidos: color']);
  });

  test('validates like a create', async () => {
    const created = (await app.api.post(URL, { nombre: 'Valida', empresa: 'alquileres' })).json()
      .data;
    const response = await app.api.put(`${URL}/${created._id}`, { nombre: '', documento: '12' });
    expect(response.json()).toEqual({
      message: 'Datos inválidos',
      errors: [
        'nombre: El nombre es obligatorio',
        'documento: Documento inválido (5-30, A-Z, 0-9, -, .)',
      ],
    });
  });

  test('taking the documento of another supplier of the empresa is 409; its own is fine', async () => {
    const a = (
      await app.api.post(URL, { nombre: 'A', documento: 'DUP-PUT-A', empresa: 'transporte' })
    ).json().data;
    const b = (
      await app.api.post(URL, { nombre: 'B', documento: 'DUP-PUT-B', empresa: 'transporte' })
    ).json().data;
    const clash = await app.api.put(`${URL}/${b._id}`, { nombre: 'B', documento: 'dup-put-a' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Ya existe un proveedor con este documento en esta empresa');
    const own = await app.api.put(`${URL}/${a._id}`, { nombre: 'A2', documento: 'DUP-PUT-A' });
    expect(own.statusCode).toBe(200);
  });

  test.each(['00000000-0000-4000-8000-000000000000', 'nada'])('404 for %s', async (id) => {
    const response = await app.api.put(`${URL}/${id}`, { nombre: 'X' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Proveedor no encontrado' });
  });

  test('a refused address leaves the record as it was (one transaction)', async () => {
    const created = (await app.api.post(URL, { nombre: 'Intacto', empresa: 'alquileres' })).json()
      .data;
    const response = await app.api.put(`${URL}/${created._id}`, {
      nombre: 'Cambiado',
      direccion: { calleId: app.tree.calleId },
    });
    expect(response.statusCode).toBe(400);
    expect((await app.api.get(`${URL}/${created._id}`)).json().data.nombre).toBe('Intacto');
  });
});

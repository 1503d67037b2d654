import type { Page } from '@playwright/test';
import { authFile } from '../support/auth-state.js';
import { expectAccessibleScreen } from '../support/axe.js';
import { uniqueLetters } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// logistica.md §5 and §9 (scenarios 1, 3, 5 and 16 in the browser): a rental's entrega of two
// machines and 100 frames, signed on a phone-sized screen, then a partial recogida.

const dia = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const firmar = async (page: Page) => {
  const lienzo = page.getByRole('img', { name: 'Recuadro de firma' });
  const caja = await lienzo.boundingBox();
  if (!caja) throw new Error('sin recuadro de firma');
  await page.mouse.move(caja.x + caja.width * 0.1, caja.y + caja.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1)
    await page.mouse.move(
      caja.x + caja.width * (0.1 + i * 0.06),
      caja.y + caja.height * (0.5 + (i % 2 ? -0.2 : 0.2)),
    );
  await page.mouse.up();
};

test.describe('albaranes de alquiler como administración', () => {
  test.use({ storageState: authFile('admin'), system: 'alquileres' });

  test('escenarios 1, 3 y 5: entrega de 2 máquinas y 100 marcos, firma táctil, recogida parcial', async ({
    page,
    api,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tag = uniqueLetters().slice(-8);
    const post = async (url: string, body: Record<string, unknown>) => {
      const r = await api.post(url, body);
      expect(r.status(), await r.text()).toBe(201);
      return ((await r.json()) as { data: Record<string, string> }).data;
    };
    const maquina = (n: number) =>
      post('/api/maquinaria', {
        tipo: 'miniexcavadora',
        marca: 'Kubota',
        modelo: `U17 ${tag}${n}`,
        anio: 2021,
        numeroSerie: `ALB-${tag}-${n}`,
        tarifas: { dia: '95.00', semana: '380.00', mes: '1100.00' },
        pesoKg: '1680.0',
      });
    const m1 = await maquina(1);
    const m2 = await maquina(2);
    const marco = await post('/api/andamios', {
      codigo: `MA-${tag}`,
      nombre: 'Marco 2,00 × 0,73 m',
      categoria: 'marco',
      pesoKg: '18.500',
      precios: { dia: '0.0500', mes: '1.2000', reposicion: '62.0000' },
      stockInicial: 500,
    });
    const cliente = await post('/api/clientes', {
      nombre: `Construcciones ${tag}`,
      empresa: 'alquileres',
    });
    const ciudades = (await (await api.get('/api/localizacion/ciudades?nombre=PALMA')).json()) as {
      data: { nombre: string; provinciaId: string; municipioId: string }[];
    };
    const palma = ciudades.data.find((c) => c.nombre === 'PALMA');
    const provincia = (await (
      await api.get(`/api/localizacion/provincias/${palma?.provinciaId ?? ''}`)
    ).json()) as { data: { paisId: string } };
    const periodo = { fechaInicio: dia(0), fechaFin: dia(30) };
    const alquiler = await post('/api/alquileres', {
      clienteId: cliente['_id'],
      obraNombre: `Obra ${tag}`,
      direccionObra: {
        paisId: provincia.data.paisId,
        provinciaId: palma?.provinciaId,
        municipioId: palma?.municipioId,
      },
      lineas: [
        { clase: 'maquina', maquinaId: m1['_id'], ...periodo },
        { clase: 'maquina', maquinaId: m2['_id'], ...periodo },
        { clase: 'andamio', componenteId: marco['_id'], cantidad: '100', ...periodo },
      ],
    });

    // Entrega from the rental's "Albaranes" tab.
    await page.goto(`/alquileres/${alquiler['_id']}`);
    await page.getByRole('tab', { name: 'Albaranes' }).click();
    await page.getByRole('link', { name: 'Nueva entrega' }).click();
    await expect(page.getByRole('heading', { name: 'Nuevo albarán de entrega' })).toBeVisible();
    // §5 "Obra": prefilled with the rental's dirección de obra.
    await expect(page.getByRole('combobox', { name: 'Municipio' })).toHaveValue('PALMA');
    await page.getByLabel('Matrícula').fill('2345 KPF');
    await page.getByLabel('Conductor').fill('Toni Vidal Sbert');
    const buscar = page.getByRole('textbox', { name: 'Buscar artículo por código o descripción…' });
    const articulo = page.getByRole('combobox', { name: 'Artículo' });
    for (const codigo of [m1['codigoInterno'] ?? '', m2['codigoInterno'] ?? '', `MA-${tag}`]) {
      await buscar.fill(codigo);
      await expect(articulo.getByRole('option', { name: new RegExp(codigo) })).toHaveCount(1);
      await articulo.selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Añadir', exact: true }).click();
    }
    await page.getByRole('textbox', { name: `Cantidad de MA-${tag}` }).fill('100');
    await expect(page.getByText('Total unidades: 102')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar y emitir' }).click();
    await expect(
      page.getByRole('heading', { name: /^Albarán de entrega AE\d{4}-\d{5}$/ }),
    ).toBeVisible();
    await expect(page.getByText(/Albarán emitido: AE/)).toBeVisible();

    // Signature on a phone-sized screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Firmar' }).click();
    const dialogo = page.getByRole('dialog', { name: /^Firma del cliente — AE/ });
    await expect(dialogo).toBeVisible();
    await dialogo.getByRole('button', { name: 'Guardar firma' }).click();
    await expect(dialogo.getByText('Dibuje su firma antes de guardar')).toBeVisible();
    await dialogo.getByLabel('Nombre y apellidos').fill('Joan Ferrer Mas');
    await dialogo.getByLabel('DNI/NIE').fill('43111222e');
    await firmar(page);
    await dialogo.getByRole('button', { name: 'Guardar firma' }).click();
    await expect(page.getByText('Firma guardada')).toBeVisible();
    await expect(page.getByText('Firmado', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Firma' }).click();
    await expect(page.getByText('43111222E')).toBeVisible();
    await page.getByRole('button', { name: 'Verificar integridad' }).click();
    await expect(page.getByText('Contenido íntegro')).toBeVisible();
    await page.setViewportSize({ width: 1366, height: 768 });

    // Recogida of one machine and 60 frames, 2 of them damaged.
    await page.goto(`/alquileres/${alquiler['_id']}`);
    await page.getByRole('tab', { name: 'Albaranes' }).click();
    await page.getByRole('link', { name: 'Nueva recogida' }).click();
    await expect(page.getByRole('heading', { name: 'Nuevo albarán de recogida' })).toBeVisible();
    const m1c = m1['codigoInterno'] ?? '';
    await page.getByRole('textbox', { name: `Correcto de ${m1c}` }).fill('1');
    await page.getByRole('textbox', { name: `Horómetro de ${m1c}` }).fill('12');
    await page.getByRole('textbox', { name: `Correcto de MA-${tag}` }).fill('58');
    await page.getByRole('textbox', { name: `Dañado de MA-${tag}` }).fill('2');
    await page
      .getByRole('textbox', { name: `Observación del daño de MA-${tag}` })
      .fill('Marcos doblados por impacto');
    await expect(page.getByText(/^De AE\d{4}-\d{5} \(\d\d\/\d\d\/\d{4}\): 60$/)).toBeVisible();
    await page.getByRole('button', { name: 'Guardar y emitir' }).click();
    await expect(
      page.getByRole('heading', { name: /^Albarán de recogida AR\d{4}-\d{5}$/ }),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Asignación' }).click();
    await expect(page.getByRole('cell', { name: /^AE\d{4}-\d{5}$/ }).first()).toBeVisible();
    // Unidades 60, "Pendiente tras la recogida" 40.
    await expect(
      page.getByRole('row', { name: new RegExp(`^MA-${tag} AE\\d{4}-\\d{5} [\\d/]+ 60 40$`) }),
    ).toBeVisible();

    // §5 "Devoluciones" of the entrega, at both sizes.
    await page
      .getByRole('link', { name: /^AE\d{4}-\d{5}$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /^Albarán de entrega AE/ })).toBeVisible();
    await expect(page.getByText(/PALMA/).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Devoluciones' }).click();
    await expect(
      page.getByRole('row', {
        name: new RegExp(`^MA-${tag} Marco 2,00 × 0,73 m 100 60 40 AR\\d{4}-\\d{5}$`),
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('row', { name: new RegExp(`^${m1['codigoInterno'] ?? ''} .* 1 1 0 AR`) }),
    ).toBeVisible();
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await expectAccessibleScreen(page, testInfo, 'devoluciones de la entrega');
    }

    await page.goto(`/alquileres/${alquiler['_id']}`);
    await expect(page.getByText('Devuelto parcial').first()).toBeVisible();
    // The rental's "Albaranes" tab lists both, the entrega signed.
    await page.getByRole('tab', { name: 'Albaranes' }).click();
    const tab = page.getByRole('tabpanel', { name: 'Albaranes' });
    await expect(tab.getByRole('link', { name: /^AE\d{4}-\d{5}$/ })).toBeVisible();
    await expect(tab.getByRole('link', { name: /^AR\d{4}-\d{5}$/ })).toBeVisible();
    await expect(tab.getByText('Firmado')).toBeVisible();
    const stock = (await (await api.get(`/api/andamios/${marco['_id']}`)).json()) as {
      data: { stock: Record<string, number> };
    };
    expect(stock.data.stock).toMatchObject({ disponible: 458, alquilado: 40, enReparacion: 2 });

    // §5 list filters in the URL: this rental's albaranes waiting for a signature.
    await page.goto(`/albaranes?alquiler=${alquiler['_id']}&firma=pendiente&view=list`);
    await expect(page.getByRole('combobox', { name: 'Alquiler' })).toHaveValue(
      new RegExp(`^${alquiler['numero'] ?? ''} `),
    );
    await expect(page.getByRole('link', { name: /^AR\d{4}-\d{5}$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^AE\d{4}-\d{5}$/ })).toHaveCount(0);

    // "Facturar" on the recogida: the rental invoice form with its alquiler chosen and its days
    // up to today (finanzas.md §5 "Origen", `?alquilerId=&hasta=`); "Cargar líneas" brings the
    // client and the period's lines, and the draft is saved and shown.
    await page.getByRole('link', { name: /^AR\d{4}-\d{5}$/ }).click();
    await expect(
      page.getByRole('heading', { name: /^Albarán de recogida AR\d{4}-\d{5}$/ }),
    ).toBeVisible();
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    const [anio, mes, diaHoy] = hoy.split('-');
    const hoyTexto = `${diaHoy ?? ''}/${mes ?? ''}/${anio ?? ''}`;
    await page.getByRole('link', { name: 'Facturar' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/facturas/nueva\\?alquilerId=${alquiler['_id'] ?? ''}&hasta=${hoy}$`),
    );
    await expect(page.getByRole('heading', { name: 'Nueva factura' })).toBeVisible();
    await expect(page.getByLabel('Facturar hasta')).toHaveValue(hoy);
    await expect(page.getByRole('combobox', { name: 'Alquiler' })).toHaveValue(
      `${alquiler['numero'] ?? ''} · Obra ${tag} · ${hoyTexto}–${hoyTexto}`,
    );
    await page.getByRole('button', { name: 'Cargar líneas' }).click();
    await expect(page.getByRole('combobox', { name: 'Cliente', exact: true })).toHaveValue(
      `Construcciones ${tag}`,
    );
    await expect(page.getByLabel('Descripción de la línea 1')).toHaveValue(/\S/);
    await expect(page.getByLabel('Fecha de operación')).toHaveValue(hoy);
    // Each line loaded from the alquiler names its origin and period.
    await expect(
      page.getByText(`${alquiler['numero'] ?? ''} · ${hoyTexto}–${hoyTexto}`).first(),
    ).toBeVisible();
    const lineas = await page.getByLabel(/^Descripción de la línea \d+$/).count();
    expect(lineas).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await expect(page.getByRole('heading', { name: 'Borrador de factura' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(`Construcciones ${tag}`).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Líneas' }).getByRole('row')).toHaveCount(
      lineas + 1,
    );
    // The draft reserves the period: the alquiler has nothing left to invoice up to today.
    const pendientes = (await (
      await api.get(`/api/facturas/alquileres-pendientes?hasta=${hoy}`)
    ).json()) as { data: { origenId: string }[] };
    expect(pendientes.data.map((p) => p.origenId)).not.toContain(alquiler['_id']);
  });
});

test.describe('rutas de albaranes en transportes (escenario 16)', () => {
  test.use({ storageState: authFile('transportes'), system: 'transportes' });

  test('escenario 16: /transporte/albaranes reenvía a /albaranes', async ({ page }) => {
    await page.goto('/transporte/albaranes');
    await expect(page).toHaveURL(/\/albaranes$/);
    await expect(
      page.getByRole('heading', { name: 'Gestión de Albaranes - Transportes' }),
    ).toBeVisible();
  });

  test('escenario 16: /albaranes/{id} en transportes abre el albarán de transporte', async ({
    page,
  }) => {
    const id = '0b6f3c1e-4f9d-4a53-9a3c-2f1d6a5e7b99';
    await page.goto(`/albaranes/${id}`);
    await expect(page).toHaveURL(new RegExp(`/albaranes/transporte/ver/${id}$`));
  });
});

test.describe('rutas de albaranes del empleado (escenario 16)', () => {
  test.use({ storageState: authFile('empleado'), system: 'alquileres' });

  test('escenario 16: Esteban Empleado no crea albaranes de transporte', async ({ page }) => {
    await page.goto('/albaranes/transporte/crear');
    await expect(page.getByText('Acceso no autorizado')).toBeVisible();
  });
});

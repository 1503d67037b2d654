import type { Page } from '@playwright/test';
import { authFile } from '../support/auth-state.js';
import { uniqueLetters, uniqueNif, uniqueSuffix } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// logistica.md §3 (transport) and §5: a transport albarán through every state, with its PDF.

const firmar = async (page: Page) => {
  const caja = await page.getByRole('img', { name: 'Recuadro de firma' }).boundingBox();
  if (!caja) throw new Error('sin recuadro de firma');
  await page.mouse.move(caja.x + caja.width * 0.2, caja.y + caja.height * 0.5);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1)
    await page.mouse.move(
      caja.x + caja.width * (0.2 + i * 0.07),
      caja.y + caja.height * (i % 2 ? 0.3 : 0.7),
    );
  await page.mouse.up();
};

test.describe('albarán de transporte como administración', () => {
  test.use({ storageState: authFile('admin'), system: 'transportes' });

  test('pendiente → en ruta → pendiente → en ruta → entregado → anulado, con su PDF (y escenario 16: /albaranes/{id})', async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    const tag = uniqueLetters().slice(-8);
    const post = async (url: string, body: Record<string, unknown>) => {
      const r = await api.post(url, body);
      expect(r.status(), await r.text()).toBe(201);
      return ((await r.json()) as { data: Record<string, string> }).data;
    };
    const nombreCliente = `Àrids ${tag}`;
    await post('/api/clientes', {
      nombre: nombreCliente,
      documento: uniqueNif(),
      empresa: 'transporte',
    });
    const n = Number(uniqueSuffix().slice(-4)) % 9000;
    const matricula = `${1000 + n}${'BCDFGHJKLMNPRSTVWXYZ'[n % 20]}ZX`;
    await post('/api/camiones', {
      matricula,
      bastidor: `WDB96340811${String(n).padStart(6, '0')}`,
      tipo: 'rigido',
      marca: 'Mercedes-Benz',
      modelo: `Actros ${tag}`,
      fechaPrimeraMatriculacion: '2021-11-10',
      mmaKg: 32_000,
      taraKg: 12_000,
      itvProximaInicial: '2030-05-14',
      autorizacion: { tipo: 'MDP', numero: '99001122', visadoHasta: '2030-09-30' },
      tacografo: { tipo: 'digital', ultimaRevision: '2026-01-15' },
      seguro: {
        aseguradora: 'Mapfre',
        poliza: 'E2E-1',
        cobertura: 'todo_riesgo',
        vencimiento: '2030-01-31',
      },
      kmIniciales: 100_000,
    });

    await page.goto('/albaranes');
    await expect(
      page.getByRole('heading', { name: 'Gestión de Albaranes - Transportes' }),
    ).toBeVisible();
    // The header's link (an empty list offers the same one inside it).
    await page.getByRole('link', { name: 'Nuevo albarán de transporte' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nuevo albarán de transporte' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Buscar cliente por nombre o NIF…' }).fill(tag);
    const cliente = page.getByRole('combobox', { name: 'Cliente', exact: true });
    await expect(cliente.getByRole('option', { name: new RegExp(tag, 'i') })).toHaveCount(1);
    await cliente.selectOption({ index: 1 });
    // "El remitente es el cliente" unless switched off: then its name and NIF.
    await page.getByLabel('El remitente es el cliente').uncheck();
    await page.getByLabel('Remitente', { exact: true }).fill('Cantera Son Ferrer, S.A.');
    await page.getByLabel('NIF del remitente').fill('A07123458');
    await page.getByLabel('Destinatario', { exact: true }).fill('Obras Palma Centre, S.L.');
    await page.getByLabel('Nombre del lugar de origen').fill('Cantera Son Ferrer');
    await page.getByLabel('Nombre del lugar de destino').fill('Carrer de Blanquerna 12');
    // The live R10 checklist follows what is typed (the domain's rule, as the API's).
    const checklist = page.getByRole('list', { name: /Orden FOM\/2861\/2012, art\. 6/ });
    await expect(checklist.getByText('Peso: falta')).toBeAttached();
    await page.getByRole('textbox', { name: 'Buscar por matrícula…' }).fill(matricula.slice(0, 4));
    const camion = page.getByRole('combobox', { name: 'Camión' });
    await expect(camion.getByRole('option', { name: new RegExp(tag) })).toHaveCount(1);
    await camion.selectOption({
      label: (await camion.getByRole('option', { name: new RegExp(tag) }).textContent()) ?? '',
    });
    await page.getByLabel('Conductor', { exact: true }).fill('Antoni Bauzà Mas');
    await page.getByLabel('Descripción').fill('Grava 6/12 a granel');
    await page.getByLabel('Peso (kg)').fill('18500');
    await expect(checklist.getByText('Peso: completo')).toBeAttached();
    await expect(checklist.getByText('Matrícula: completo')).toBeAttached();
    await expect(checklist.getByText('Conductor: completo')).toBeAttached();
    // The demo's transporte empresa has no fiscal data yet (finanzas' emisor): an exempt carriage
    // (art. 2, paquetería) leaves pendiente without the transportista's NIF.
    await page.getByLabel('Transporte exento').check();
    await page.getByRole('combobox', { name: 'Motivo' }).selectOption({ label: 'Paquetería' });
    await page.getByLabel('Precio sin IVA (€)').fill('180');
    await page.getByRole('button', { name: 'Crear albarán' }).click();
    await expect(
      page.getByRole('heading', { name: /^Albarán de transporte AT\d{4}-\d{5}$/ }),
    ).toBeVisible();
    // The tab names the record first (issue 14).
    await expect(page).toHaveTitle(/^Albarán de transporte AT\d{4}-\d{5} · TVSistema$/);
    const badge = (texto: string) => page.locator('main .badge', { hasText: texto });
    await expect(badge('Pendiente')).toBeVisible();
    await expect(page.getByText('Cantera Son Ferrer, S.A. (A07123458)')).toBeVisible();
    // Escenario 16: in transportes the rental alias /albaranes/{id} opens the transport detail.
    const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.goto(`/albaranes/${id}`);
    await expect(page).toHaveURL(new RegExp(`/albaranes/transporte/ver/${id}$`));
    await expect(badge('Pendiente')).toBeVisible();

    await page.getByRole('button', { name: 'Iniciar ruta' }).click();
    await expect(badge('En ruta')).toBeVisible();
    await page.getByRole('button', { name: 'Volver a pendiente' }).click();
    await expect(badge('Pendiente')).toBeVisible();
    await page.getByRole('button', { name: 'Iniciar ruta' }).click();
    await expect(badge('En ruta')).toBeVisible();

    await page.getByRole('button', { name: 'Registrar entrega' }).click();
    const dialogo = page.getByRole('dialog', { name: /^Firma del receptor — AT/ });
    await expect(
      dialogo.getByText('Con mi firma confirmo la recepción de la mercancía descrita.'),
    ).toBeVisible();
    // §5: a white canvas of at least 600 × 200 CSS px; an empty one is not saved.
    const lienzo = dialogo.getByRole('img', { name: 'Recuadro de firma' });
    const caja = await lienzo.boundingBox();
    expect(caja?.width).toBeGreaterThanOrEqual(600);
    expect(caja?.height).toBeGreaterThanOrEqual(200);
    expect(await lienzo.evaluate((c) => getComputedStyle(c).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await dialogo.getByRole('button', { name: 'Guardar firma' }).click();
    await expect(dialogo.getByText('Dibuje su firma antes de guardar')).toBeVisible();
    // On a phone the canvas fits the screen's width instead.
    const escritorio = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => (await lienzo.boundingBox())?.width ?? 0)
      .toBeLessThanOrEqual(390);
    if (escritorio) await page.setViewportSize(escritorio);
    await expect
      .poll(async () => (await lienzo.boundingBox())?.width ?? 0)
      .toBeGreaterThanOrEqual(600);
    await dialogo.getByLabel('Nombre y apellidos').fill('Pere Amengual Roig');
    await dialogo.getByLabel('DNI/NIE').fill('43256789E');
    await firmar(page);
    await dialogo.getByRole('button', { name: 'Guardar firma' }).click();
    await expect(badge('Entregado')).toBeVisible();

    // "Descargar PDF": the menu of §5, with and without prices.
    for (const [variante, precios] of [
      ['Con precios', 'true'],
      ['Sin precios', 'false'],
    ] as const) {
      const descarga = page.waitForEvent('download');
      const peticion = page.waitForRequest((r) => r.url().endsWith(`/pdf?precios=${precios}`));
      await page.getByRole('button', { name: 'Descargar PDF' }).click();
      await page.getByRole('button', { name: variante }).click();
      await peticion;
      const pdf = await descarga;
      expect(pdf.suggestedFilename()).toMatch(/^albaran-AT\d{4}-\d{5}\.pdf$/);
    }

    await page.getByRole('tab', { name: 'Firma' }).click();
    await page.getByRole('button', { name: 'Verificar integridad' }).click();
    await expect(page.getByText('Contenido íntegro')).toBeVisible();

    // Delivered with a price and not invoiced: "Facturar" opens the transport invoice form with
    // it chosen (finanzas.md §5 `?albaranes=`).
    const numero = (await page.getByRole('heading', { level: 1 }).textContent())?.split(' ').at(-1);
    await page.getByRole('link', { name: 'Facturar' }).click();
    await expect(page).toHaveURL(new RegExp(`/facturas/transporte/nueva\\?albaranes=${id}$`));
    await expect(page.getByRole('heading', { name: 'Nueva factura de transporte' })).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: `Elegir el albarán ${numero ?? ''}` }),
    ).toBeChecked();
    // Its client comes with it: leaving the unsaved draft asks first.
    await expect(page.getByRole('combobox', { name: 'Cliente', exact: true })).toHaveValue(
      new RegExp(`^${nombreCliente}`),
    );
    await page.goBack();
    await page
      .getByRole('dialog', { name: 'Cambios sin guardar' })
      .getByRole('button', { name: 'Salir sin guardar' })
      .click();
    await expect(badge('Entregado')).toBeVisible();

    await page.getByRole('button', { name: 'Anular' }).click();
    await page.getByLabel('Motivo').fill('Albarán duplicado por error de tráfico');
    await page.getByRole('button', { name: 'Anular albarán' }).click();
    await expect(badge('Anulado')).toBeVisible();
  });
});

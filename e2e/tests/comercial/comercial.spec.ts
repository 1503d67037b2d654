import { readFile } from 'node:fs/promises';
import { authFile } from '../support/auth-state.js';
import { expectAccessibleScreen } from '../support/axe.js';
import { uniqueLetters } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// comercial.md §5 and §9: from quote to rental. One dense journey, and the denial.

const dia = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

test.describe('de presupuesto a alquiler como administración', () => {
  test.use({ storageState: authFile('admin'), system: 'alquileres' });

  test('presupuesto con máquina y andamio: enviar, PDF, aceptar, calendario y archivo', async ({
    page,
    api,
  }, testInfo) => {
    test.setTimeout(120_000);
    // A machine of its own, so the run never competes with the demo's bookings.
    const serie = `E2E-${uniqueLetters().slice(-8)}`;
    const creada = await api.post('/api/maquinaria', {
      tipo: 'compactador',
      marca: 'Bomag',
      modelo: 'BW 55 E',
      anio: 2022,
      numeroSerie: serie,
      tarifas: { dia: '45.00', semana: '180.00', mes: '520.00', fianza: '500.00' },
      pesoKg: '60.0',
    });
    expect(creada.status()).toBe(201);
    const { codigoInterno } = ((await creada.json()) as { data: { codigoInterno: string } }).data;
    const sufijo = uniqueLetters().slice(-8);
    const nombreCliente = `Construcciones ${sufijo}`;
    expect(
      (await api.post('/api/clientes', { nombre: nombreCliente, empresa: 'alquileres' })).status(),
    ).toBe(201);
    const codigoComponente = `M-${sufijo}`;
    const pieza = await api.post('/api/andamios', {
      codigo: codigoComponente,
      nombre: 'Marco 2,00 × 0,73 m',
      categoria: 'marco',
      pesoKg: '18.500',
      precios: { dia: '0.0500', mes: '1.2000' },
      stockInicial: 500,
    });
    expect(pieza.status()).toBe(201);
    const obra = `Obra E2E ${sufijo}`;

    await page.goto('/presupuestos');
    await expect(page.getByRole('heading', { name: 'Presupuestos' })).toBeVisible();
    // "Nuevo presupuesto" split "Desde plantilla…": its menu of active templates passes axe.
    const desdePlantilla = page.getByRole('button', { name: 'Desde plantilla…' });
    await desdePlantilla.focus();
    await page.keyboard.press('Enter');
    await expect(desdePlantilla).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Cargando plantillas…')).toHaveCount(0);
    await expectAccessibleScreen(page, testInfo, 'presupuestos, desde plantilla');
    await page.keyboard.press('Escape');
    await expect(desdePlantilla).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('link', { name: 'Nuevo presupuesto' }).click();
    await expect(page.getByRole('heading', { name: 'Nuevo presupuesto' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Buscar cliente por nombre o NIF…' }).fill(sufijo);
    const cliente = page.getByRole('combobox', { name: 'Cliente', exact: true });
    await expect(cliente.getByRole('option', { name: nombreCliente.toUpperCase() })).toHaveCount(1);
    await cliente.selectOption({ index: 1 });
    await page.getByRole('textbox', { name: 'Nombre de la obra' }).fill(obra);
    await page.getByLabel('Inicio previsto').fill(dia(60));
    await page.getByLabel('Fin previsto').fill(dia(69));

    await page.getByRole('textbox', { name: 'Buscar máquina…' }).fill(codigoInterno);
    const maquina = page.getByRole('combobox', { name: 'Máquina' });
    await expect(maquina.getByRole('option', { name: new RegExp(codigoInterno) })).toHaveCount(1);
    // The picker searched the new line's dates (the document's): the machine is free then.
    await maquina.selectOption({ label: `${codigoInterno} — Bomag BW 55 E · Disponible` });
    await page.getByRole('button', { name: 'Añadir máquina' }).click();
    await page.getByRole('textbox', { name: 'Buscar componente…' }).fill(codigoComponente);
    const componente = page.getByRole('combobox', { name: 'Componente' });
    await expect(
      componente.getByRole('option', { name: new RegExp(codigoComponente) }),
    ).toHaveCount(1);
    await componente.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Añadir andamio' }).click();
    await page.getByRole('textbox', { name: 'Cantidad de la línea 2' }).fill('50');
    // 10 días at 45 / 180 / 520: 1 semana + 3 días = 315,00.
    await expect(page.getByText('1 semana + 3 días').first()).toBeVisible();
    await page.getByRole('button', { name: 'Crear presupuesto' }).click();

    await expect(page.getByRole('heading', { name: 'Presupuesto (borrador)' })).toBeVisible();
    await page.getByRole('button', { name: 'Marcar como enviado' }).click();
    const titulo = page.getByRole('heading', { name: /^Presupuesto P\d{4}-\d{5}$/ });
    await expect(titulo).toBeVisible();
    const numero = ((await titulo.textContent()) ?? '').replace('Presupuesto ', '');

    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    const pdf = await descarga;
    expect(pdf.suggestedFilename()).toBe(`${numero}.pdf`);
    expect((await readFile((await pdf.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');

    // "Duplicar" (§3.1): the server copies the quote into a new borrador (its lines' 10 días
    // kept, from today), which opens with the message.
    const enviado = page.url();
    await page.getByRole('button', { name: 'Duplicar' }).click();
    await expect(page.getByRole('heading', { name: 'Presupuesto (borrador)' })).toBeVisible();
    await expect(page.getByText(`Presupuesto duplicado a partir de ${numero}`)).toBeVisible();
    await expect(page.getByText(obra)).toBeVisible();
    await expect(page.getByText('1 semana + 3 días').first()).toBeVisible();
    expect(page.url()).not.toBe(enviado);
    await page.goto(enviado);

    await page.getByRole('button', { name: 'Aceptar y crear alquiler' }).click();
    const modal = page.getByRole('dialog', { name: 'Aceptar presupuesto' });
    await modal.getByRole('button', { name: 'Aceptar y crear alquiler' }).click();
    const alquiler = page.getByRole('heading', { name: /^Alquiler A\d{4}-\d{5}$/ });
    await expect(alquiler).toBeVisible();
    const numeroAlquiler = ((await alquiler.textContent()) ?? '').replace('Alquiler ', '');
    await expect(page.getByText('Reservado', { exact: true })).toBeVisible();
    await expect(
      page.getByText(`Alquiler ${numeroAlquiler} creado a partir del presupuesto ${numero}`),
    ).toBeVisible();

    // The calendar shows the machine booked by the rental.
    const verCalendario = async () => {
      await page.goto('/alquileres?modo=calendario');
      await page.getByRole('textbox', { name: 'Buscar' }).fill(codigoInterno);
      // Four weeks: free days after the bar whatever the weekday of the run.
      await page.getByLabel('Semanas').selectOption('4');
      for (let i = 0; i < 9; i += 1)
        await page.getByRole('button', { name: 'Semana siguiente' }).click();
      await expect(page.getByRole('link', { name: numeroAlquiler })).toBeVisible();
    };
    await verCalendario();
    // A window with bars passes axe at both sizes (the tour's default window has none).
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await expectAccessibleScreen(page, testInfo, 'calendario con reservas');
    }
    // By keyboard: from the bar, Tab reaches the next free day, a link with only the design's
    // two parameters; Enter opens "Nuevo alquiler" of that machine from that day.
    const barra = page.getByRole('link', { name: numeroAlquiler });
    await barra.focus();
    await page.keyboard.press('Tab');
    const libre = page.locator(':focus');
    await expect(libre).toHaveAccessibleName(
      new RegExp(`^Nuevo alquiler de ${codigoInterno} desde el \\d{2}/\\d{2}/\\d{4}$`),
    );
    const href = (await libre.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/alquileres\/nuevo\?maquinaId=[0-9a-f-]{36}&desde=\d{4}-\d{2}-\d{2}$/);
    const desdeLibre = new URL(href, page.url()).searchParams.get('desde') ?? '';
    expect(desdeLibre > dia(69)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Nuevo alquiler' })).toBeVisible();
    await expect(page.getByLabel('Inicio previsto')).toHaveValue(desdeLibre);
    await expect(page.getByRole('combobox', { name: 'Máquina' })).toHaveValue(
      new URL(href, page.url()).searchParams.get('maquinaId') ?? '',
    );
    await expect(
      page.getByRole('combobox', { name: 'Máquina' }).locator('option:checked'),
    ).toHaveText(`${codigoInterno} — Bomag BW 55 E · Disponible`);
    await page.setViewportSize({ width: 1366, height: 768 });
    await verCalendario();
    await page.getByRole('link', { name: numeroAlquiler }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Alquiler ${numeroAlquiler}` })).toBeVisible();

    // Its archive: upload a PDF and download it back.
    await page.getByRole('link', { name: 'Archivos' }).click();
    await expect(
      page.getByRole('heading', { name: `Archivos del alquiler ${numeroAlquiler}` }),
    ).toBeVisible();
    // Into the "Contrato" folder (the splat of the URL), which then counts it.
    await page.getByRole('link', { name: 'Contrato 0 archivos' }).click();
    await expect(page).toHaveURL(/\/archivos\/contrato$/);
    await page.getByLabel('Arrastra archivos aquí o pulsa para seleccionarlos').setInputFiles({
      name: 'contrato-firmado.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% contrato\n'),
    });
    await expect(
      page.getByRole('cell', { name: 'contrato-firmado.pdf', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contrato 1 archivo', exact: true })).toBeVisible();
    const vuelta = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar contrato-firmado.pdf' }).click();
    expect((await vuelta).suggestedFilename()).toBe('contrato-firmado.pdf');

    // R21: the machine's 500,00 fianza is collected, the rental cancelled and 120,00 kept.
    await page.getByRole('link', { name: 'Volver al alquiler' }).click();
    await page.getByRole('button', { name: 'Registrar cobro de fianza' }).click();
    await page
      .getByRole('dialog', { name: 'Registrar cobro de fianza' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await expect(page.getByText('Cobrada · Transferencia')).toBeVisible();
    const id = /\/alquileres\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    const leido = await api.get(`/api/alquileres/${id}`);
    const { version } = ((await leido.json()) as { data: { version: number } }).data;
    const cancelado = await api.post(`/api/alquileres/${id}/cancelar`, {
      version,
      motivo: 'La obra se aplaza',
    });
    expect(cancelado.status()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Registrar devolución de fianza' }).click();
    const devolucion = page.getByRole('dialog', { name: 'Registrar devolución de fianza' });
    await devolucion.getByLabel('Importe retenido').fill('120,00');
    await expect(devolucion.getByLabel('Importe devuelto')).toHaveValue('380,00');
    await devolucion.getByLabel('Motivo de la retención').fill('Limpieza de la máquina');
    await devolucion.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Retenidos 120,00 €: Limpieza de la máquina')).toBeVisible();
    await expect(page.getByText('Retenida · Transferencia')).toBeVisible();
  });
});

test.describe('sin permiso de presupuestos', () => {
  test.use({ storageState: authFile('transportes'), system: 'transportes' });

  test('transportes no ve los presupuestos: acceso no autorizado', async ({ page }) => {
    await page.goto('/presupuestos');
    await expect(page.getByRole('heading', { name: 'Presupuestos' })).toHaveCount(0);
    await expect(page).not.toHaveURL(/\/presupuestos$/);
  });
});

import type { Page } from '@playwright/test';
import { authFile, savedAccessToken } from '../support/auth-state.js';
import { apiClient, uniqueLetters } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// inventario.md §5.4–5.6 and §3.3: scaffolding components and their stock. Few, dense journeys.

/** A count of the detail's stock bar ("Disponible", "En reparación"…). */
const stockCount = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Stock del componente' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

test.describe('andamios como administración', () => {
  test.use({ storageState: authFile('admin'), system: 'alquileres' });

  test('alta con stock inicial, envío a reparación y vuelta, y recuento con su ajuste', async ({
    page,
  }) => {
    const codigo = `T-${uniqueLetters().slice(-8)}`;

    await page.goto('/andamios');
    await expect(page.getByRole('heading', { name: 'Andamios' })).toBeVisible();
    await page.getByRole('link', { name: 'Nuevo componente' }).click();
    await expect(page.getByRole('heading', { name: 'Nuevo componente' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Código' }).fill(codigo);
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Marco 2,00 × 0,73 m');
    await page.getByRole('combobox', { name: 'Categoría' }).selectOption('marco');
    await page.getByRole('textbox', { name: 'Peso por unidad (kg)' }).fill('18,5');
    await page.getByRole('textbox', { name: 'por día' }).fill('0,05');
    await page.getByRole('textbox', { name: 'Stock inicial (uds.)' }).fill('120');
    await page.getByRole('button', { name: 'Crear componente' }).click();

    await expect(page).toHaveURL(/\/andamios\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Componente creado')).toBeVisible();
    await expect(page.getByRole('heading', { name: codigo })).toBeVisible();
    await expect(stockCount(page, 'Disponible')).toHaveText('120');

    // andamios.stock: 5 pieces to repair.
    await page.getByRole('button', { name: 'Enviar a reparación' }).click();
    let dialog = page.getByRole('dialog', { name: 'Enviar a reparación' });
    await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('5');
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Soldaduras abiertas');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByText('Piezas enviadas a reparación')).toBeVisible();
    await expect(stockCount(page, 'Disponible')).toHaveText('115');
    await expect(stockCount(page, 'En reparación')).toHaveText('5');

    // §3.3 `reparado`: 3 of them come back repaired.
    await page.getByRole('button', { name: 'Vuelta de reparación' }).click();
    dialog = page.getByRole('dialog', { name: 'Vuelta de reparación' });
    await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('3');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByText('Piezas de vuelta de reparación')).toBeVisible();
    await expect(stockCount(page, 'Disponible')).toHaveText('118');
    await expect(stockCount(page, 'En reparación')).toHaveText('2');

    // R8: the recount confirms the adjustment before sending it.
    await page.getByRole('button', { name: 'Recuento' }).click();
    dialog = page.getByRole('dialog', { name: 'Recuento' });
    await expect(dialog.getByText('Disponible según sistema: 118')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Contado' }).fill('115');
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Recuento trimestral');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await expect(dialog.getByText('Se registrará un ajuste de −3 uds.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Recuento registrado')).toBeVisible();
    await expect(stockCount(page, 'Disponible')).toHaveText('115');

    await page.getByRole('tab', { name: 'Movimientos' }).click();
    const vuelta = page.getByRole('row', { name: /Vuelta de reparación/ });
    await expect(vuelta.getByRole('cell').nth(2)).toHaveText('3');
    await expect(vuelta).toContainText('En reparación → Disponible');
    const ajuste = page.getByRole('row', { name: /Ajuste de inventario/ });
    await expect(ajuste).toContainText('−3');
    await expect(ajuste).toContainText('Recuento trimestral');
  });
});

test.describe('andamios como empleado', () => {
  test.use({ storageState: authFile('empleado'), system: 'alquileres' });

  test('envía piezas a reparación y las recibe de vuelta; no edita ni registra movimientos', async ({
    page,
    request,
    baseURL,
  }) => {
    // The component is admin's to create (andamios.edit).
    const admin = apiClient(
      request,
      savedAccessToken(authFile('admin'), new URL(baseURL ?? '').origin),
    );
    const codigo = `E-${uniqueLetters().slice(-8)}`;
    const response = await admin.post('/api/andamios', {
      codigo,
      nombre: 'Plataforma de acero 3,07 × 0,32 m',
      categoria: 'plataforma',
      pesoKg: '19',
      precios: { dia: '0.06' },
      stockInicial: 40,
    });
    expect(response.status(), await response.text()).toBe(201);
    const { _id: id } = ((await response.json()) as { data: { _id: string } }).data;

    await page.goto(`/andamios/${id}`);
    await expect(page.getByRole('heading', { name: codigo })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Registrar movimiento' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Recuento' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Enviar a reparación' }).click();
    let dialog = page.getByRole('dialog', { name: 'Enviar a reparación' });
    await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('2');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByText('Piezas enviadas a reparación')).toBeVisible();
    await expect(stockCount(page, 'Disponible')).toHaveText('38');
    await expect(stockCount(page, 'En reparación')).toHaveText('2');

    await page.getByRole('button', { name: 'Vuelta de reparación' }).click();
    dialog = page.getByRole('dialog', { name: 'Vuelta de reparación' });
    await dialog.getByRole('textbox', { name: 'Cantidad' }).fill('2');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByText('Piezas de vuelta de reparación')).toBeVisible();
    await expect(stockCount(page, 'Disponible')).toHaveText('40');
    await expect(stockCount(page, 'En reparación')).toHaveText('0');
  });
});

test.describe('andamios como alquileres', () => {
  test.use({ storageState: authFile('alquileres'), system: 'alquileres' });

  test('ve /andamios solo para consulta', async ({ page }) => {
    await page.goto('/andamios');
    await expect(page.getByRole('heading', { name: 'Andamios' })).toBeVisible();
    await expect(page.getByText('Piezas en propiedad')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nuevo componente' })).toHaveCount(0);
  });
});

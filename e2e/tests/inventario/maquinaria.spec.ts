import { authFile } from '../support/auth-state.js';
import { uniqueLetters } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// inventario.md §9 scenario 18: administración creates a machine in /maquinaria/nueva and lands on
// its detail; the yard (empleado) records its hour meter there but may not edit it; alquileres
// has no machinery screen at all (SPEC 6). Each journey ends with the axe check of fixtures.ts.

const MAQUINA_URL = /\/maquinaria\/([0-9a-f-]{36})$/;

test.describe.serial('18: alta de una máquina, horómetro y permisos', () => {
  let detalle = '';
  const serie = `TB216-${uniqueLetters()}`;

  test.describe(() => {
    test.use({ storageState: authFile('admin'), system: 'alquileres' });

    test('18 · administración da de alta la Takeuchi TB216 y ve «Máquina creada» y su ficha', async ({
      page,
    }) => {
      await page.goto('/maquinaria');
      await expect(page.getByRole('heading', { name: 'Maquinaria', level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Nueva máquina' }).first().click();
      await expect(page).toHaveURL(/\/maquinaria\/nueva$/);
      await expect(page.getByRole('heading', { name: 'Nueva máquina' })).toBeVisible();

      await page.getByLabel('Tipo').selectOption({ label: 'Miniexcavadora' });
      await page.getByLabel('Marca').fill('Takeuchi');
      await page.getByLabel('Modelo').fill('TB216');
      await page.getByLabel('Nº de serie').fill(serie);
      await page.getByLabel('Año').fill('2022');
      await page.getByLabel('Peso (kg)').fill('1.680,0');
      await page.getByLabel('Tarifa diaria (€)').fill('95');
      await page.getByLabel('Tarifa semanal (€)').fill('380');
      await page.getByLabel('Tarifa mensual (€)').fill('1100');
      await expect(page.getByText('15 días: 855,00 €')).toBeVisible();
      await page.getByRole('button', { name: 'Crear máquina' }).click();

      await expect(page.getByText('Guardado. Redirigiendo…')).toBeVisible();
      await expect(page).toHaveURL(MAQUINA_URL);
      await expect(page.getByText('Máquina creada')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: /^MEX-\d{3,}/ })).toBeVisible();
      await expect(page.getByText(/^Takeuchi TB216 · 0,0 h$/)).toBeVisible();
      detalle = new URL(page.url()).pathname;
    });
  });

  test.describe(() => {
    test.use({ storageState: authFile('empleado'), system: 'alquileres' });

    test('18 · empleado registra 10,0 h y no puede editar la máquina', async ({ page }) => {
      expect(detalle, 'la máquina del paso anterior').toMatch(/^\/maquinaria\//);
      await page.goto(detalle);
      await expect(page.getByText(/^Takeuchi TB216 · 0,0 h$/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Registrar horómetro' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Lectura (h)').fill('10,0');
      await dialog.getByRole('button', { name: 'Registrar lectura' }).click();
      await expect(page.getByText('Lectura registrada: 10,0 h')).toBeVisible();
      await expect(page.getByText(/^Takeuchi TB216 · 10,0 h$/)).toBeVisible();
      await page.getByRole('tab', { name: 'Horómetro' }).click();
      await expect(
        page.getByRole('table', { name: 'Lecturas del horómetro' }).getByText('10,0 h'),
      ).toBeVisible();

      await page.goto(`${detalle}/editar`);
      await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();
    });
  });

  test.describe(() => {
    test.use({ storageState: authFile('alquileres'), system: 'alquileres' });

    test('18 · alquileres no tiene la pantalla de maquinaria', async ({ page }) => {
      await page.goto('/maquinaria');
      await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();
    });
  });
});

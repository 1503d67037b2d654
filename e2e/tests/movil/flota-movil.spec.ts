import { authFile, savedAccessToken } from '../support/auth-state.js';
import { uniqueSuffix } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// flota-obras.md part A on a phone (the `movil` project: 390 × 844, touch): dispatch reaches the
// fleet from the folded menu, opens a vehicle's card and records an odometer reading. Ends with
// the accessibility gate of fixtures.ts.

test.describe('flota en un móvil', () => {
  test.use({ storageState: authFile('transportes'), system: 'transportes' });

  test('transportes llega a la flota, abre un vehículo y registra una lectura', async ({
    page,
  }) => {
    const n = uniqueSuffix();
    const numero = `${1000 + (Number(n.slice(-4)) % 9000)}`;
    const matricula = `${numero}${'BCDFGHJKLMNPRSTVWXYZ'[Number(n.slice(-2)) % 20]}MV`;
    const base = test.info().project.use.baseURL ?? '';
    const admin = savedAccessToken(authFile('admin'), new URL(base).origin);
    const creado = await page.request.post('/api/camiones', {
      headers: { authorization: `Bearer ${admin}` },
      data: {
        matricula,
        bastidor: `WDB96340810${n.slice(-6)}`,
        tipo: 'furgoneta',
        marca: 'Renault',
        modelo: 'Master',
        fechaPrimeraMatriculacion: '2025-02-15',
        mmaKg: 3500,
        taraKg: 2100,
        autorizacion: { tipo: 'MDL', numero: '33445566', visadoHasta: '2030-09-30' },
        tacografo: { tipo: 'no_lleva' },
        kmIniciales: 20_000,
      },
    });
    expect(creado.status(), await creado.text()).toBe(201);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Inventario' }).click();
    // Exact: the dashboard's "Vehículos" card ("Flota de vehículos") matches the words too.
    await page.getByRole('link', { name: 'Flota de Vehículos', exact: true }).click();
    await expect(page).toHaveURL(/\/transporte\/camiones$/);
    await page.getByRole('searchbox').fill(matricula);
    await page.getByRole('button', { name: new RegExp(`^Ver .*${numero}`) }).click();
    await expect(page.getByText('Renault Master · Furgoneta')).toBeVisible();

    await page.getByRole('tab', { name: 'Kilometraje' }).click();
    await page.getByRole('button', { name: 'Registrar lectura' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Km').fill('20400');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: '20.400 km' })).toBeVisible();
  });
});

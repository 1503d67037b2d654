import { ACCOUNTS } from '../support/accounts.js';
import { expectCurrentSystem } from '../support/app.js';
import { authFile, SIGNED_OUT } from '../support/auth-state.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/login.js';

test.describe('rutas protegidas', () => {
  test.describe('al iniciar sesión', () => {
    test.use({ storageState: SIGNED_OUT });

    test('un enlace abierto sin sesión vuelve a esa página tras iniciar sesión', async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.transportes, {
        from: '/transporte/camiones?vista=lista',
        system: 'transportes',
      });

      await expect(page).toHaveURL(/\/transporte\/camiones\?vista=lista$/);
      await expect(page.getByRole('heading', { name: 'Flota de Vehículos' })).toBeVisible();
      await expectCurrentSystem(page, 'transportes');
    });

    test('arquitecto@ (Trabajos Verticales) aterriza en su lista de obras', async ({ page }) => {
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await signIn(page, ACCOUNTS.arquitecto, { system: 'verticales' });

      // Owner decision (docs/decisions/0030, amending 0005): arquitecto views works.
      await expect(page).toHaveURL(/\/obras$/);
      await expect(page.getByRole('heading', { name: 'Gestión de Obras' })).toBeVisible();
      await expectCurrentSystem(page, 'verticales');
      expect(visited).not.toContain('/dashboard');
    });
  });

  test.describe(() => {
    test.use({ storageState: authFile('transportes'), system: 'transportes' });

    test('una ruta de otro sistema lleva al dashboard del sistema actual', async ({ page }) => {
      await page.goto('/clientes');

      await expect(page).toHaveURL(/\/dashboard$/);
      await expectCurrentSystem(page, 'transportes');
    });
  });

  test.describe(() => {
    test.use({ storageState: authFile('alquileres'), system: 'alquileres' });

    test('un rol sin permiso para la página ve "Acceso no autorizado"', async ({ page }) => {
      await page.goto('/conceptos');

      await expect(page).toHaveURL(/\/unauthorized\?returnTo=%2Fconceptos$/);
      await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();
    });
  });

  test.describe(() => {
    test.use({ storageState: authFile('admin'), system: 'alquileres' });

    test('otra pestaña abre una ruta de Transportes: se detecta el sistema y esta pestaña lo sigue', async ({
      page,
      context,
    }) => {
      await page.goto('/presupuestos');
      await expect(page.getByRole('heading', { name: 'Presupuestos' })).toBeVisible();
      await expectCurrentSystem(page, 'alquileres');

      // A new tab shares the sign-in but not the chosen system (session storage is per tab).
      const other = await context.newPage();
      await other.goto('/transporte/camiones');
      await expect(other.getByRole('heading', { name: 'Flota de Vehículos' })).toBeVisible();
      await expectCurrentSystem(other, 'transportes');

      // SPEC 4.2: the first tab takes the new system and leaves a page it does not allow.
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectCurrentSystem(page, 'transportes');
    });

    test('las rutas de la especificación: redirecciones, identificador inválido y 404', async ({
      page,
    }) => {
      // The stub details of SPEC 2.11 are real screens now (finanzas.md §5).
      await page.goto('/notas/N-1');
      await expect(page.getByText('Identificador de nota de abono inválido.')).toBeVisible();

      await page.goto('/proveedores/nuevo');
      await expect(page).toHaveURL(/\/proveedores\/new$/);

      await page.goto('/proveedores/abc/otra');
      await expect(page).toHaveURL(/\/proveedores$/);

      await page.goto('/no-existe');
      await expect(page).toHaveURL(/\/not-found$/);
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    });
  });
});

import { authFile } from '../support/auth-state.js';
import { uniqueLetters } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';

// inventario.md §9 scenario 18: administración creates a machine in /maquinaria/nueva and lands on
// its detail; the yard (empleado) records its hour meter there but may not edit it; alquileres
// has no machinery screen at all (SPEC 6). Issue 15's other machine journeys follow the same
// machine: administración uploads its CE declaration (§5.3 Documentos); the yard sends it to the
// workshop and back and sees the stay in its Ocupación (§3.1). Each journey ends with the axe
// check of fixtures.ts.

const MAQUINA_URL = /\/maquinaria\/([0-9a-f-]{36})$/;

/** A one-page PDF: the files service checks the content, not the name. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Today in Madrid as the screens print it (23/11/2026). */
const hoy = () =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

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
      await page.getByLabel('Tarifa diaria').fill('95');
      await page.getByLabel('Tarifa semanal').fill('380');
      await page.getByLabel('Tarifa mensual').fill('1100');
      await expect(page.getByText('15 días: 855,00 €')).toBeVisible();
      await page.getByRole('button', { name: 'Crear máquina' }).click();

      await expect(page.getByText('Guardado. Redirigiendo…')).toBeVisible();
      await expect(page).toHaveURL(MAQUINA_URL);
      await expect(page.getByText('Máquina creada')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: /^MEX-\d{3,}/ })).toBeVisible();
      await expect(page.getByText(/^Takeuchi TB216 · 0,0 h$/)).toBeVisible();
      detalle = new URL(page.url()).pathname;
    });

    test('administración le añade la declaración CE subiendo el documento', async ({ page }) => {
      expect(detalle, 'la máquina del paso anterior').toMatch(/^\/maquinaria\//);
      await page.goto(detalle);
      const avisos = page.getByRole('region', { name: 'Avisos' });
      await expect(avisos).toContainText('Falta la declaración CE de conformidad');

      await page.getByRole('tab', { name: 'Documentos' }).click();
      await expect(page.getByText('Sin documentos')).toBeVisible();
      await page.getByRole('button', { name: 'Añadir documento' }).click();
      const form = page.getByRole('form', { name: 'Añadir documento' });
      await form.getByLabel('Tipo').selectOption({ label: 'Declaración CE de conformidad' });
      await form.getByLabel('Fecha de emisión').fill('2022-03-15');
      await form.getByLabel(/^Archivo/).setInputFiles({
        name: 'declaracion-ce.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await form.getByRole('button', { name: 'Subir documento' }).click();

      const fila = page
        .getByRole('table', { name: 'Documentos' })
        .getByRole('row', { name: /Declaración CE de conformidad/ });
      await expect(fila).toContainText('15/03/2022');
      await expect(
        fila.getByRole('button', { name: 'Descargar Declaración CE de conformidad' }),
      ).toBeVisible();
      await expect(avisos).not.toContainText('Falta la declaración CE de conformidad');
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

    test('empleado la envía a taller, ve su ocupación y finaliza el mantenimiento', async ({
      page,
    }) => {
      expect(detalle, 'la máquina del paso anterior').toMatch(/^\/maquinaria\//);
      await page.goto(detalle);
      const titulo = page.getByRole('heading', { level: 1 });
      await expect(titulo).toContainText('Disponible');

      await page.getByRole('button', { name: 'Enviar a taller' }).click();
      let dialog = page.getByRole('dialog', { name: /^Enviar a taller/ });
      await dialog.getByLabel('Descripción').fill('Fuga en el latiguillo del brazo');
      await dialog.getByRole('button', { name: 'Enviar a taller' }).click();
      await expect(page.getByText('Máquina enviada a taller')).toBeVisible();
      await expect(titulo).toContainText('En taller');

      // §5.3 Ocupación: the open-ended maintenance, from today without an end.
      await page.getByRole('tab', { name: 'Ocupación' }).click();
      const fila = page
        .getByRole('table', { name: 'Ocupación' })
        .getByRole('row', { name: /Fuga en el latiguillo del brazo/ });
      const celdas = fila.getByRole('cell');
      await expect(celdas.nth(0)).toHaveText(hoy());
      await expect(celdas.nth(1)).toHaveText('Sin fecha de fin');
      await expect(celdas.nth(2)).toHaveText('Mantenimiento');
      await expect(celdas.nth(4)).toHaveText('En curso');

      await page.getByRole('button', { name: 'Finalizar mantenimiento' }).click();
      dialog = page.getByRole('dialog', { name: /^Finalizar mantenimiento/ });
      await dialog.getByLabel('Resultado').fill('Latiguillo sustituido y probado');
      await dialog.getByRole('button', { name: 'Finalizar' }).click();
      await expect(page.getByText('Mantenimiento finalizado')).toBeVisible();
      await expect(titulo).toContainText('Disponible');
      await expect(page.getByRole('button', { name: 'Finalizar mantenimiento' })).toHaveCount(0);
      // Finished today, it ends today: "Finalizado", not "Programado".
      await expect(celdas.nth(1)).toHaveText(hoy());
      await expect(celdas.nth(4)).toHaveText('Finalizado');
      // The bloqueo now ends today: the table shows the stay closed.
      await expect(celdas.nth(1)).toHaveText(hoy());
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

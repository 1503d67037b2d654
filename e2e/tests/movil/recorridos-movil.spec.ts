import { ACCOUNTS } from '../support/accounts.js';
import { authFile, SIGNED_OUT } from '../support/auth-state.js';
import { lookup, uniqueLetters, uniqueNif } from '../support/crm.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/login.js';

// Issue 14: the main journeys on a phone (the `movil` project: 390 × 844, touch). Each ends with
// the accessibility gate of fixtures.ts.

test.describe('en un móvil', () => {
  test.describe(() => {
    test.use({ storageState: SIGNED_OUT });

    test('inicia sesión y llega a Proveedores desde el menú plegado', async ({ page }) => {
      await signIn(page, ACCOUNTS.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.getByRole('button', { name: 'CRM' }).click();
      await page.getByRole('link', { name: 'Proveedores' }).click();
      await expect(page).toHaveURL(/\/proveedores$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    });
  });

  test.describe(() => {
    test.use({ storageState: authFile('admin'), system: 'alquileres' });

    test('busca un proveedor en la vista de lista, lo abre y lo edita', async ({ page, api }) => {
      const nombre = `Suministros Móvil ${uniqueLetters()}`;
      const created = await api.post('/api/proveedores', {
        nombre,
        documento: uniqueNif(),
        empresa: 'alquileres',
        contactos: [{ nombre: 'Ana Pons', telefono: '971000000', correo: 'ana@ejemplo.es' }],
      });
      expect(created.status(), await created.text()).toBe(201);

      await page.goto('/proveedores?view=list');
      await page.getByRole('searchbox', { name: 'Buscar' }).fill(nombre);
      await expect(page.getByText('Mostrando 1–1 de 1 proveedores')).toBeVisible();
      const ver = page.getByRole('button', { name: `Ver detalles de ${nombre}` });
      // Below 768 px the list shows cards: the actions are on screen, not 600 px to the right.
      await expect(ver).toBeInViewport();
      await ver.click();
      const detalle = page.getByRole('dialog', { name: 'Detalles del Proveedor' });
      await expect(detalle.getByRole('heading', { name: nombre })).toBeVisible();
      await expect(detalle.getByRole('link', { name: 'ana@ejemplo.es' })).toHaveAttribute(
        'href',
        'mailto:ana@ejemplo.es',
      );
      await detalle.getByRole('button', { name: 'Cerrar' }).first().click();

      await page.getByRole('link', { name: `Editar ${nombre}` }).click();
      await expect(page.getByLabel('Nombre/Razón social')).toHaveValue(nombre);
      await page.getByLabel('Nombre/Razón social').fill(`${nombre} Bis`);
      // The switch's own box is 32 × 16: its label is the tap target, 44 px high (WCAG 2.5.5 and 2.5.8; decision 0047's revision). A tap on the label's top edge
      // toggles it.
      // Its label reads "Activo" or "Inactivo" with the state.
      const activo = page.locator('#parte-activo');
      const etiqueta = page.locator('label[for="parte-activo"]');
      const caja = await etiqueta.boundingBox();
      expect(caja?.height ?? 0).toBeGreaterThanOrEqual(44);
      const antes = await activo.isChecked();
      await etiqueta.tap({ position: { x: 4, y: 3 } });
      await expect(activo).toBeChecked({ checked: !antes });
      await etiqueta.tap({ position: { x: 4, y: 3 } });
      await expect(activo).toBeChecked({ checked: antes });
      // Issue 14 (WCAG 2.4.11): Tab through the form; no field it reaches is under the action
      // bar that stays at the bottom of a phone's screen.
      const tapados: string[] = [];
      for (let paso = 0; paso < 60; paso += 1) {
        await page.keyboard.press('Tab');
        const estado = await page.evaluate(() => {
          const foco = document.activeElement as HTMLElement | null;
          const barra = document.querySelector('.resource-form-actions');
          if (!foco || !barra) return { fin: true, tapado: '' };
          if (barra.contains(foco)) return { fin: true, tapado: '' };
          const campo = foco.getBoundingClientRect();
          const tapado = campo.bottom > barra.getBoundingClientRect().top + 1;
          return { fin: false, tapado: tapado ? foco.id || foco.localName : '' };
        });
        if (estado.tapado) tapados.push(estado.tapado);
        if (estado.fin) break;
      }
      expect(tapados).toEqual([]);
      await page.getByRole('button', { name: 'Guardar Cambios' }).click();
      await expect(page).toHaveURL(/\/proveedores$/);
      // The list starts at the outcome of the save.
      await expect(page.getByText('Proveedor actualizado')).toBeFocused();
    });

    test('crea una calle desde el selector de dirección', async ({ page }) => {
      const calle = `CALLE MÓVIL ${uniqueLetters()}`;
      await page.goto('/proveedores/new');
      await expect(lookup(page, 'Ciudad')).toHaveValue('PALMA');
      await lookup(page, 'Calle').fill(calle.toLowerCase());
      await page.getByRole('option', { name: `Crear nuevo: ${calle.toLowerCase()}` }).click();
      const modal = page.getByRole('dialog', { name: 'Nueva calle' });
      await modal.getByRole('button', { name: 'Crear', exact: true }).click();
      await expect(modal).toHaveCount(0);
      await expect(lookup(page, 'Calle')).toHaveValue(calle);
    });
  });
});

// Issue 14: on a phone every button, tab, page link and menu entry of a signed-in screen is at
// least 44 px high (WCAG 2.5.5), and buttons 44 px wide. Profile, settings and the dashboard's
// buttons were 38 px, the pagination 38 px; fields 38 px, a modal's buttons 38 px and its close
// cross 32 × 32, the menu button 56 × 40, a checkbox row 24 px.
test.describe('objetivos táctiles en un móvil', () => {
  test.use({ storageState: authFile('admin'), system: 'alquileres' });

  test('botones, pestañas y enlaces de página miden al menos 44 px', async ({ page, api }) => {
    // Eleven suppliers, so the list of ten has its pagination.
    for (let n = 0; n < 11; n += 1) {
      const creado = await api.post('/api/proveedores', {
        nombre: `Táctil ${uniqueLetters()}`,
        documento: uniqueNif(),
        empresa: 'alquileres',
      });
      expect(creado.status(), await creado.text()).toBe(201);
    }
    // A machine, so the rental calendar has a row of days to book.
    const marca = uniqueLetters();
    const maquina = await api.post('/api/maquinaria', {
      tipo: 'dumper',
      marca: 'Ausa',
      modelo: `D150 ${marca}`,
      numeroSerie: `TACTIL-${marca}`,
      anio: 2020,
      pesoKg: '1500.0',
      tarifas: { dia: '60.00' },
    });
    expect(maquina.status(), await maquina.text()).toBe(201);
    const pequenos = async () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            [
              'main :is(.btn, .page-link, .nav-link, .dropdown-item, .form-check)',
              'main :is(.form-control, .form-select):not(textarea)',
              'nav :is(.nav-link, .navbar-toggler)',
              // A modal is outside <main> (a portal on <body>): its buttons, tabs, fields, cross.
              '.modal :is(.btn, .btn-close, .nav-link, .form-check)',
              '.modal :is(.form-control, .form-select):not(textarea)',
              // The rental calendar's days to book and its bars (28 px high before).
              '.comercial-calendario td a',
            ].join(', '),
          ),
        ]
          .filter((el) => el.offsetParent !== null)
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(
            ({ el, box }) =>
              box.height < 44 ||
              (el.matches('.btn, .page-link, .btn-close, .navbar-toggler') && box.width < 44),
          )
          .map(
            ({ el, box }) =>
              `${el.textContent?.trim() || el.getAttribute('aria-label')} (${Math.round(box.width)}×${Math.round(box.height)})`,
          ),
      );
    // The not-found page too: its two ways out were 38 px.
    for (const url of [
      '/dashboard',
      '/profile',
      '/settings',
      '/no-existe',
      '/alquileres?modo=calendario',
      '/proveedores?view=list&limit=10',
    ]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/^Cargando/)).toHaveCount(0);
      if (url.includes('calendario'))
        await expect(page.getByRole('link', { name: /^Nuevo alquiler de / }).first()).toBeVisible();
      expect(await pequenos(), url).toEqual([]);
    }
    await expect(page.getByRole('navigation', { name: 'Paginación' })).toBeVisible();
    // A supplier's detail is a modal: its close cross, tabs and "Ficha" too.
    await page
      .getByRole('button', { name: /^Ver detalles de / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await pequenos(), 'modal de detalle').toEqual([]);
  });
});

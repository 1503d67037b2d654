import { ACCOUNTS } from '../support/accounts.js';
import { SIGNED_OUT } from '../support/auth-state.js';
import { lookup, uniqueLetters } from '../support/crm.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/login.js';
import { apiDe, crearOperario, JPEG, PDF } from './obras-support.js';

// flota-obras.md §9 scenarios 13, 14, 16 and 18 in the browser: the arquitecto signs in, lands on
// /obras, creates a work for a new client with an address from the picker, sees the team rule
// refuse the start, fixes it, uploads the safety plan, starts the work, closes a daily report
// with a photo and downloads its PDF. The verticales role only views. Each journey ends with the
// axe check of fixtures.ts.

test.use({ storageState: SIGNED_OUT });

test('13, 14, 16: el arquitecto crea una obra, forma el equipo, la inicia y cierra un parte con foto', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = uniqueLetters();
  await signIn(page, ACCOUNTS.arquitecto, { system: 'verticales' });
  await expect(page).toHaveURL(/\/obras$/);
  await expect(page.getByRole('heading', { name: 'Gestión de Obras' })).toBeVisible();

  const api = await apiDe(page, request);
  const supervisor = await crearOperario(api, 'Rafel', `Serra ${tag}`, 3, 500);
  const caducado = await crearOperario(api, 'Tomeu', `Vich ${tag}`, 1, -40);
  const tecnico = await crearOperario(api, 'Marta', `Oliver ${tag}`, 2, 300);
  const calle = `CARRER DE LES OBRES ${tag}`;
  await api.post('/api/localizacion/calles', {
    nombre: calle,
    ciudadId: await (async () => {
      const response = await api.get('/api/localizacion/ciudades?nombre=PALMA');
      const { data } = (await response.json()) as { data: { _id: string; nombre: string }[] };
      return data.find((c) => c.nombre === 'PALMA')?._id ?? '';
    })(),
  });

  // 13: "Crear Obra" lands on the team tab.
  await page.getByRole('link', { name: 'Nueva Obra' }).first().click();
  await expect(page).toHaveURL(/\/obras\/crear$/);
  await expect(page.getByRole('heading', { name: 'Nueva Obra' })).toBeVisible();
  await page.getByLabel('Nombre de la obra').fill(`Rehabilitación de fachada ${tag}`);
  const cliente = `Comunidad Edificio ${tag}`;
  await page.getByLabel('Buscar cliente…').fill(cliente);
  await page.getByRole('button', { name: `Crear nuevo: ${cliente}` }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo Cliente' });
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByLabel('Cliente', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  await page.getByLabel('Tipo de trabajo').selectOption({ label: 'Fachadas' });
  await expect(lookup(page, 'Ciudad')).toHaveValue('PALMA');
  await lookup(page, 'Calle').fill(calle.toLowerCase());
  await page.getByRole('option', { name: calle, exact: true }).click();
  const hoy = new Date().toISOString().slice(0, 10);
  await page.getByLabel('Inicio previsto').fill(hoy);
  await page.getByLabel('Fin previsto').fill(hoy);
  await page.getByRole('button', { name: 'Crear Obra' }).click();
  await expect(page.getByText('Guardado. Redirigiendo…')).toBeVisible();
  await expect(page).toHaveURL(/\/obras\/[0-9a-f-]{36}\/editar\?tab=equipo$/);
  await expect(page.getByText('Obra creada')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Editar Obra OB\d{4}-\d{5}$/ })).toBeVisible();

  // 14: a team that breaks the rule is refused at the start.
  const anadir = async (nombre: string) => {
    await page.getByLabel('Añadir operario').fill(nombre);
    await page.getByRole('option', { name: new RegExp(`^${nombre} \\(`) }).click();
    await page.getByRole('button', { name: 'Añadir operario' }).click();
  };
  await anadir(supervisor);
  await anadir(caducado);
  await page.getByLabel(`Rol en la obra: ${supervisor}`).selectOption({ label: 'Supervisor' });
  await page.getByRole('button', { name: 'Guardar equipo' }).click();
  await expect(page.getByText('Equipo guardado')).toBeVisible();
  await expect(
    page.getByText('El equipo no cumple la regla: al menos 2 operarios aptos y uno de nivel 3'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Planificar' }).click();
  await expect(page.getByText('Planificada', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar obra' }).click();
  const iniciar = page.getByRole('dialog', { name: 'Iniciar obra' });
  await iniciar.getByRole('button', { name: 'Confirmar' }).click();
  await expect(iniciar.getByText('No se puede iniciar la obra')).toBeVisible();
  await expect(iniciar.getByText(/certificación caducada el/)).toBeVisible();
  await expect(
    iniciar.getByText('documentos: Falta el plan de seguridad y salud o la evaluación de riesgos'),
  ).toBeVisible();
  // Issue 14: the states on the way that the axe tour does not reach (the refusal, a draft with
  // its photo), besides the journey's last screen (fixtures.ts).
  await expectNoSeriousAxeViolations(page, testInfo, 'iniciar obra: rechazo');
  await iniciar.getByRole('button', { name: 'Cancelar' }).click();

  // The fix: a valid technician instead, the safety plan and the apertura.
  await page.getByRole('button', { name: `Quitar a ${caducado}` }).click();
  await anadir(tecnico);
  await page.getByRole('button', { name: 'Guardar equipo' }).click();
  await expect(page.getByText('Equipo guardado')).toBeVisible();
  await page.getByRole('tab', { name: 'Seguridad y documentos' }).click();
  await page.getByLabel('Fecha de la comunicación').fill(hoy);
  await page.getByLabel('Referencia').fill(`CA-${tag}`);
  await page.getByRole('button', { name: 'Guardar comunicación' }).click();
  await expect(page.getByText('Comunicación de apertura: Cumple')).toBeVisible();
  await page.getByLabel('Categoría').selectOption({ label: 'Plan de seguridad y salud' });
  await page
    .getByLabel('Archivo')
    .setInputFiles({ name: 'plan-seguridad.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Subir documento' }).click();
  await expect(page.getByText('Documento subido')).toBeVisible();
  await expect(
    page.getByText('Plan de seguridad y salud o evaluación de riesgos: Cumple'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar obra' }).click();
  await page
    .getByRole('dialog', { name: 'Iniciar obra' })
    .getByRole('button', { name: 'Confirmar' })
    .click();
  await expect(page.getByText('En curso', { exact: true })).toBeVisible();

  // 16: a daily report with a photo, closed with its number, and its PDF.
  await page.getByRole('tab', { name: 'Partes de trabajo' }).click();
  await page.getByRole('button', { name: 'Nuevo parte' }).click();
  const parte = page.getByRole('dialog', { name: 'Nuevo parte de trabajo' });
  await parte.getByLabel('Tareas realizadas').fill('Saneado de cornisas y sellado de juntas');
  await parte.getByLabel('Avance de la obra (%)').fill('20');
  await parte.getByRole('button', { name: 'Guardar borrador' }).click();
  const borrador = page.getByRole('dialog', { name: /^Parte de trabajo Borrador$/ });
  await expect(borrador.getByText('Parte guardado')).toBeVisible();
  await borrador
    .getByLabel('Añadir foto')
    .setInputFiles({ name: 'fachada.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await expect(borrador.getByText('Foto añadida')).toBeVisible();
  await expect(borrador.getByRole('img', { name: 'fachada.jpg' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, testInfo, 'parte en borrador con foto');
  await borrador.getByRole('button', { name: 'Cerrar parte' }).click();
  const cerrado = page.getByRole('dialog', { name: /^Parte de trabajo PT\d{4}-\d{5}$/ });
  await expect(cerrado.getByText('Parte cerrado')).toBeVisible();
  // A closed parte is a detail view: its footer closes it (the header's cross is "Cerrar" too).
  await cerrado.getByRole('button', { name: 'Cerrar' }).last().click();
  const fila = page.getByRole('row', { name: /PT\d{4}-\d{5}/ });
  await expect(fila.getByText('Cerrado')).toBeVisible();
  const descarga = page.waitForEvent('download');
  await fila.getByRole('button', { name: /^PDF/ }).click();
  expect((await descarga).suggestedFilename()).toMatch(/^parte-PT\d{4}-\d{5}\.pdf$/);

  // The client made from the picker is in the Clientes tab, the party list of Trabajos
  // Verticales (SPEC 2.11); its whole party form opens in a modal.
  await page.goto('/obras?vista=clientes&view=list');
  await expect(page.getByRole('heading', { name: 'Clientes - Trabajos Verticales' })).toBeVisible();
  await page.getByPlaceholder('Buscar por nombre o documento…').fill(tag);
  // The search reaches the URL after its debounce; a click on the row before that (it may be on
  // the unfiltered first page) would be undone by the search's own navigation, which keeps the
  // URL the screen last rendered: the modal's `cliente` went with it (seen in CI).
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(page.getByText('Mostrando 1–1 de 1 clientes')).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(cliente) })
    .getByRole('link', { name: /^Editar/ })
    .click();
  const editar = page.getByRole('dialog', { name: 'Editar Cliente' });
  await editar.getByLabel(/Nombre\/Razón social/).fill(`${cliente}, C.B.`);
  await editar.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Cliente actualizado')).toBeVisible();
  await expect(editar).toHaveCount(0);
  await expect(page).toHaveURL(/\/obras\?vista=clientes$/);
  await expect(page.getByText(`${cliente}, C.B.`)).toBeVisible();
});

test('13, 18: el rol verticales ve las obras pero no las crea; otras rutas vuelven a /obras', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.verticales, { system: 'verticales' });
  await expect(page).toHaveURL(/\/obras$/);
  await expect(page.getByRole('heading', { name: 'Gestión de Obras' })).toBeVisible();
  await expect(page.getByText('Cargando obras…')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Nueva Obra' })).toHaveCount(0);

  // The verticales clients: viewed, not created.
  await page.goto('/obras?vista=clientes');
  await expect(page.getByRole('heading', { name: 'Clientes - Trabajos Verticales' })).toBeVisible();
  await expect(page.getByText('Cargando clientes…')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Nuevo Cliente' })).toHaveCount(0);

  await page.goto('/obras/abc');
  await expect(page).toHaveURL(/\/obras$/);
  await page.goto('/obras/crear');
  await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();
});

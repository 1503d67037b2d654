import { describe, expect, it } from 'vitest';
import { LOCATION_ACTIONS, LOCATION_ENTITIES, MESSAGES } from './messages.js';

describe('MESSAGES (SPEC 8)', () => {
  it('keeps the identity fallbacks in the SDK wording', () => {
    expect(MESSAGES.identity.invalidState).toBe('Invalid state');
    expect(MESSAGES.identity.timeout).toBe('Timeout when executing fetch');
    expect(MESSAGES.identity.loginFailed).toBe('Login failed');
    expect(MESSAGES.identity.getAccessTokenFailed).toBe('Get access token failed');
    expect(MESSAGES.identity.httpError('https://idp/oauth/token')).toBe(
      'HTTP error. Unable to fetch https://idp/oauth/token',
    );
  });

  it('has the product messages', () => {
    expect(MESSAGES.product).toEqual({
      getAccessTokenUnavailable: 'getAccessTokenSilently no está disponible',
      loginUnavailable: 'loginWithRedirect no está disponible',
      logoutUnavailable: 'logout no está disponible',
      tokenProblem: 'Problema con el token de autenticación. Cerrando sesión...',
      useSystemOutsideProvider: 'useSystem debe ser usado dentro de un SystemProvider',
      useAuthContextOutsideProvider: 'useAuthContext debe ser usado dentro de un AuthProvider',
    });
  });

  it('has the selection messages', () => {
    const s = MESSAGES.selection;
    expect(s.noRoles).toBe('Tu usuario no tiene roles asignados. Contacta al administrador.');
    expect(s.availableSystemsFailed).toBe('Error obteniendo sistemas disponibles');
    expect(s.permissionsCheckFailed).toBe('Error verificando permisos de usuario');
    expect(s.noPermissionFor('Trabajos Verticales')).toBe(
      'No tienes permisos para acceder a Trabajos Verticales',
    );
    expect(s.selectFailed).toBe('Error al seleccionar el sistema. Por favor, inténtalo de nuevo.');
    expect(s.noPermissionForSystem('Transportes')).toBe(
      'No tienes permisos para acceder al sistema de Transportes',
    );
    expect(s.switchFailed).toBe('Error al cambiar');
    expect(s.loadFailed).toBe('Error cargando sistemas');
    expect(s.retry).toBe('Reintentar');
  });

  it('has the HTTP messages', () => {
    expect(MESSAGES.http).toEqual({
      unauthorized: 'Error de autenticación',
      tokenExpired: 'El token de autenticación ha expirado',
      noConnection: 'No hay conexión con el servidor. Verifique su red e intente nuevamente.',
    });
  });

  it('has the supplier messages', () => {
    expect(MESSAGES.proveedores).toEqual({
      listFailed: 'No se pudo cargar proveedores',
      noActiveSystem: 'No hay un sistema activo seleccionado',
      invalidData: 'Datos inválidos',
      createFailed: 'Ocurrió un error al guardar.',
      updateFailed: 'Ocurrió un error al guardar los cambios.',
      invalidId: 'Identificador de proveedor inválido.',
      loadFailed: 'No se pudo cargar la información del proveedor.',
      duplicateDocumento: 'Ya existe un proveedor con este documento en esta empresa',
    });
  });

  it('builds the location messages for every action and level', () => {
    const l = MESSAGES.localizacion;
    expect(LOCATION_ENTITIES.map((e) => l.actionFailed('cargar', e))).toEqual([
      'Error al cargar país',
      'Error al cargar provincia',
      'Error al cargar municipio',
      'Error al cargar ciudad',
      'Error al cargar calle',
      'Error al cargar código postal',
    ]);
    expect(LOCATION_ACTIONS.map((a) => l.actionFailed(a, 'provincia'))).toEqual([
      'Error al cargar provincia',
      'Error al crear provincia',
      'Error al actualizar provincia',
      'Error al eliminar provincia',
      'Error al obtener provincia',
    ]);
    expect(l.invalidId('codigoPostal')).toBe('ID de código postal inválido');
    expect(l.invalidId('pais')).toBe('ID de país inválido');
    expect(l.created('pais', 'ESPAÑA')).toBe('País "ESPAÑA" creado exitosamente');
    expect(l.created('codigoPostal', '07001')).toBe('Código postal "07001" creado exitosamente');
    expect(l.unknownError).toBe('Error desconocido');
  });

  it("confirms updates and deletions in the creation message's form", () => {
    const l = MESSAGES.localizacion;
    expect(l.updated('municipio', 'PALMA')).toBe('Municipio "PALMA" actualizado exitosamente');
    expect(l.deleted('codigoPostal', '07001')).toBe('Código postal "07001" eliminado exitosamente');
  });

  it('names the parent of a duplicate with the right gender', () => {
    const l = MESSAGES.localizacion;
    expect(l.duplicate('pais', 'ESPAÑA', null)).toBe('Ya existe un país "ESPAÑA"');
    expect(l.duplicate('provincia', 'BALEARES', 'pais')).toBe(
      'Ya existe una provincia "BALEARES" en este país',
    );
    expect(l.duplicate('municipio', 'PALMA', 'provincia')).toBe(
      'Ya existe un municipio "PALMA" en esta provincia',
    );
    expect(l.duplicate('ciudad', 'PALMA', 'municipio')).toBe(
      'Ya existe una ciudad "PALMA" en este municipio',
    );
    expect(l.duplicate('codigoPostal', '07001', 'ciudad')).toBe(
      'Ya existe un código postal "07001" en esta ciudad',
    );
  });

  it('says why a deletion is refused, with counts', () => {
    const l = MESSAGES.localizacion;
    expect(
      l.notDeletable(
        'provincia',
        'ILLES BALEARS',
        [
          { entidad: 'municipio', total: 67 },
          { entidad: 'ciudad', total: 67 },
        ],
        0,
      ),
    ).toBe('No se puede eliminar la provincia "ILLES BALEARS": tiene 67 municipios y 67 ciudades.');
    expect(l.notDeletable('calle', 'MAYOR', [], 3)).toBe(
      'No se puede eliminar la calle "MAYOR": está en uso en 3 direcciones.',
    );
    expect(
      l.notDeletable(
        'ciudad',
        'PALMA',
        [
          { entidad: 'calle', total: 1 },
          { entidad: 'codigoPostal', total: 21 },
        ],
        1,
      ),
    ).toBe(
      'No se puede eliminar la ciudad "PALMA": tiene 1 calle y 21 códigos postales, y está en uso en 1 dirección.',
    );
    expect(
      l.notDeletable(
        'municipio',
        'X',
        [
          { entidad: 'ciudad', total: 0 },
          { entidad: 'calle', total: 2 },
        ],
        0,
      ),
    ).toBe('No se puede eliminar el municipio "X": tiene 2 calles.');
  });

  it('has the validation messages of SPEC 5', () => {
    expect(MESSAGES.validation).toEqual({
      nameRequired: 'El nombre es obligatorio',
      nameTooShort: 'El nombre debe tener al menos 2 caracteres',
      nameTooLong: 'El nombre no puede exceder los 100 caracteres',
      countryFirst: 'Debe seleccionar un país primero',
      provinceFirst: 'Debe seleccionar una provincia primero',
      municipalityFirst: 'Debe seleccionar un municipio primero',
      cityFirst: 'Debe seleccionar una ciudad primero',
      postalCodeRequired: 'El código postal es obligatorio',
      postalCodeInvalid:
        'Debe tener al menos 3 caracteres y solo puede incluir letras, números, espacios o guiones',
      empresaRequired: 'La empresa es obligatoria',
      documentoInvalid: 'Documento inválido (5-30, A-Z, 0-9, -, .)',
    });
  });

  it('has the typeahead defaults and loading texts', () => {
    expect(MESSAGES.typeahead).toEqual({
      emptyLabel: 'No matches found.',
      searchText: 'Loading...',
    });
    expect(MESSAGES.loading).toEqual({
      default: 'Cargando...',
      authentication: 'Verificando autenticación...',
      user: 'Cargando datos del usuario...',
    });
  });
});

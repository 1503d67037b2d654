import { describe, expect, it } from 'vitest';
import { displayName, firstName, userInitial } from './display.js';

describe('displayName (SPEC 3)', () => {
  it.each([
    [{ name: 'Ana Administradora', email: 'admin@tvsistema.test' }, 'Ana'],
    [{ name: '  Tomás   Transportes ', email: 'x@y.z' }, 'Tomás'],
    [{ name: '', email: 'olga.operaciones@tvsistema.test' }, 'olga.operaciones'],
    [{ email: 'sinarroba' }, 'sinarroba'],
    [{ name: '   ', email: '@tvsistema.test' }, 'Usuario'],
    [{ name: 42, email: null }, 'Usuario'],
    [{}, 'Usuario'],
    [null, 'Usuario'],
    [undefined, 'Usuario'],
  ])('%j → %s', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});

describe('userInitial (SPEC 3)', () => {
  it.each([
    [{ name: 'ana Administradora', email: 'zeta@x.es' }, 'A'],
    [{ name: 'álvaro' }, 'Á'],
    [{ name: '', email: 'marcos@tvsistema.test' }, 'M'],
    [{ name: '  ', email: '  ' }, 'U'],
    [{ name: ['Ana'] }, 'U'],
    [null, 'U'],
  ])('%j → %s', (user, expected) => {
    expect(userInitial(user)).toBe(expected);
  });
});

describe('firstName (greeting, SPEC 1)', () => {
  it.each([
    [{ given_name: 'María José', name: 'María José Pérez' }, 'María José'],
    [{ given_name: '', name: 'Esteban Empleado' }, 'Esteban'],
    [{ name: 'Esteban Empleado' }, 'Esteban'],
    [{ email: 'esteban@tvsistema.test' }, 'Usuario'],
    [null, 'Usuario'],
  ])('%j → %s', (user, expected) => {
    expect(firstName(user)).toBe(expected);
  });
});

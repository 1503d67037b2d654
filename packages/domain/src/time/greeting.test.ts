import { describe, expect, it } from 'vitest';
import { formatLongDate, formatTime, greetingFor } from './greeting.js';

// Instants are written with Madrid's offset (CET +01:00 in November, CEST +02:00 in July), so the
// results do not depend on the machine's time zone.
describe('greetingFor (SPEC 1)', () => {
  it.each([
    ['00:00', 'Buenas noches'],
    ['04:59', 'Buenas noches'],
    ['05:00', 'Buenos días'],
    ['11:59', 'Buenos días'],
    ['12:00', 'Buenas tardes'],
    ['18:59', 'Buenas tardes'],
    ['19:00', 'Buenas noches'],
    ['23:59', 'Buenas noches'],
  ])('at %s in Madrid says "%s"', (time, greeting) => {
    expect(greetingFor(new Date(`2026-11-22T${time}:00+01:00`))).toBe(greeting);
    expect(greetingFor(new Date(`2026-07-15T${time}:59+02:00`))).toBe(greeting);
  });

  it('reads the hour in the time zone it is given', () => {
    const instant = new Date('2026-11-22T04:30:00Z'); // 05:30 in Madrid
    expect(greetingFor(instant)).toBe('Buenos días');
    expect(greetingFor(instant, { timeZone: 'UTC' })).toBe('Buenas noches');
  });
});

describe('formatLongDate (SPEC 1)', () => {
  it('writes the es-ES long date with weekday and a capital first letter', () => {
    expect(formatLongDate(new Date('2026-11-22T12:00:00+01:00'))).toBe(
      'Domingo, 22 de noviembre de 2026',
    );
    expect(formatLongDate(new Date('2026-01-01T09:00:00+01:00'))).toBe(
      'Jueves, 1 de enero de 2026',
    );
    expect(formatLongDate(new Date('2026-08-05T09:00:00+02:00'))).toBe(
      'Miércoles, 5 de agosto de 2026',
    );
  });

  it('uses Madrid by default and the time zone it is given', () => {
    const instant = new Date('2026-11-22T23:30:00Z'); // already Monday in Madrid
    expect(formatLongDate(instant)).toBe('Lunes, 23 de noviembre de 2026');
    expect(formatLongDate(instant, { timeZone: 'UTC' })).toBe('Domingo, 22 de noviembre de 2026');
  });
});

describe('formatTime', () => {
  it('writes HH:MM:SS on a 24-hour clock', () => {
    expect(formatTime(new Date('2026-11-22T09:05:03+01:00'))).toBe('09:05:03');
    expect(formatTime(new Date('2026-11-22T00:00:00+01:00'))).toBe('00:00:00');
    expect(formatTime(new Date('2026-11-22T23:59:59+01:00'))).toBe('23:59:59');
    expect(formatTime(new Date('2026-11-22T23:59:59Z'), { timeZone: 'UTC' })).toBe('23:59:59');
  });
});

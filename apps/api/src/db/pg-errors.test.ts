import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from './pg-errors.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable (issue 12.3)', () => {
  test.each([
    ['ECONNREFUSED', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', withCode('ECONNRESET', 'read ECONNRESET')],
    [
      '57P01 admin shutdown',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['57P02 crash shutdown', withCode('57P02')],
    ['57P03 cannot connect now', withCode('57P03', 'the database system is starting up')],
    ['08006 connection failure', withCode('08006')],
    ['08001 cannot connect', withCode('08001')],
    ['Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['wrapped by Drizzle', new Error('Failed query: select 1', { cause: withCode('57P01') })],
    ['inside an AggregateError', new AggregateError([withCode('ECONNREFUSED')], '')],
  ])('%s is an outage', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ['unique violation', withCode('23505')],
    ['bad UTF-8 (a NUL)', withCode('22021')],
    ['syntax error', withCode('42601')],
    ['a plain error', new Error('boom')],
    ['not an error', 'Connection terminated'],
    ['undefined', undefined],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'])('knows the socket error %s', (code) => {
    expect(isDatabaseUnreachable(withCode(code))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout expired',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('knows the driver saying "%s"', (message) => {
    expect(isDatabaseUnreachable(new Error(message))).toBe(true);
  });

  it.each(['08000', '08003', '08006', '08P01', '57P01', '57P02', '57P03'])('knows SQLSTATE %s', (code) => {
    expect(isDatabaseUnreachable(withCode(code))).toBe(true);
  });

  it('looks through the wrapper drizzle puts around the driver, and through each address tried', () => {
    const wrapped = new Error('Failed query: select 1', { cause: withCode('57P01', 'terminating connection') });
    expect(isDatabaseUnreachable(wrapped)).toBe(true);
    const everyAddress = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]);
    expect(isDatabaseUnreachable(everyAddress)).toBe(true);
  });

  it('leaves alone what the database refused for the statement itself, and everything else', () => {
    for (const code of ['23505', '23503', '22P02', '42P01', '57014', '53300', '40001'])
      expect(isDatabaseUnreachable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnreachable(new Error('Failed query: insert', { cause: withCode('23503') }))).toBe(false);
    expect(isDatabaseUnreachable(new Error('Cannot use a pool after calling end on the pool'))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  });
});

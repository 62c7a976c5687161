import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '@/lib/errors.ts';
import { registerErrorHandler } from '@/plugins/error-handler.ts';

/** A PostgreSQL or socket error as the driver raises it, wrapped by drizzle as a query would be. */
const driverError = (props: { code?: string; message: string }) => {
  const cause = Object.assign(new Error(props.message), props.code ? { code: props.code } : {});
  return new DrizzleQueryError('select 1', [], cause);
};

const cases: Array<[string, Error, RegExp]> = [
  [
    'nothing listens (ECONNREFUSED)',
    driverError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }),
    /not running/,
  ],
  ['the socket was reset', driverError({ code: 'ECONNRESET', message: 'read ECONNRESET' }), /lost/],
  ['the connection ended mid-query', driverError({ message: 'Connection terminated unexpectedly' }), /lost/],
  ['the pool waited too long', new Error('timeout exceeded when trying to connect'), /did not answer/],
  ['admin_shutdown (57P01)', driverError({ code: '57P01', message: 'terminating connection' }), /restarting/],
  [
    'cannot_connect_now (57P03)',
    driverError({ code: '57P03', message: 'the database system is starting up' }),
    /starting up/,
  ],
  ['statement timeout (57014)', driverError({ code: '57014', message: 'canceling statement' }), /too long/],
  ['disk_full (53100)', driverError({ code: '53100', message: 'could not extend file' }), /disk is full/],
  ['the database is known to be away', new DatabaseUnavailableError(), /unavailable/],
  [
    'the same, wrapped by drizzle',
    new DrizzleQueryError(
      'select 1',
      [],
      new DatabaseUnavailableError('The database is restarting. Please try again in a moment.'),
    ),
    /restarting/,
  ],
];

describe('the error handler and a database that is away', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    registerErrorHandler(app);
    cases.forEach(([, err], i) => {
      app.get(`/case/${i}`, async () => {
        throw err;
      });
    });
    app.get('/bug', async () => {
      throw new Error('a bug of ours');
    });
    app.get('/unique', async () => {
      throw driverError({ code: '23505', message: 'duplicate key' });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(cases.map(([name, , message], i) => [name, i, message] as const))(
    'answers 503 with a message when %s',
    async (_name, i, message) => {
      const res = await app.inject({ method: 'GET', url: `/case/${i}` });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(message);
      expect(res.headers['retry-after']).toBe('2');
    },
  );

  it('keeps any other error a 500 that hides its details', async () => {
    for (const url of ['/bug', '/unique']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
    }
  });
});

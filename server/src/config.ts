/**
 * The server's settings, from the environment. Every one has a default: `npm run server` needs none.
 *
 * | variable | default | |
 * |---|---|---|
 * | `PORT` | 8080 | `0` picks a free port |
 * | `HOST` | 127.0.0.1 | |
 * | `DATABASE_URL` | (none) | a PostgreSQL connection string; without it, PGlite |
 * | `WHIST_DATA_DIR` | (none) | PGlite's directory; without it, PGlite keeps tables in memory |
 * | `WHIST_PG_POOL` | 10 | PostgreSQL connections per process |
 * | `WHIST_RATE_LIMIT` | 20 | requests per second per token, bursts of twice that; 0 turns it off |
 * | `WHIST_ADDRESS_LIMIT` | 10 | tables opened and requests refused (401, 404) per second per address, bursts of 10 times that |
 * | `WHIST_ALLOW_SEED` | 1 | `0`: refuse client-chosen seeds |
 * | `WHIST_DEALS` | table | `crypto`: shuffle every hand afresh from the operating system's CSPRNG |
 * | `WHIST_COMPUTER_DELAY_MS` | 500 | the pause before a computer player's card |
 * | `WHIST_CORS_ORIGIN` | (none) | an origin allowed to call from a browser |
 *
 * @module
 */

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string | undefined;
  readonly poolSize: number;
  readonly bodyLimit: number;
  readonly tokenRate: number;
  readonly addressRate: number;
  readonly allowSeed: boolean;
  readonly deals: 'table' | 'crypto';
  /** The pause before a computer player's card, in milliseconds. */
  readonly computerDelayMs: number;
  readonly corsOrigin: string | undefined;
}

export const DEFAULTS: Config = {
  port: 8080,
  host: '127.0.0.1',
  databaseUrl: undefined,
  dataDir: undefined,
  poolSize: 10,
  bodyLimit: 16 * 1024,
  tokenRate: 20,
  addressRate: 10,
  allowSeed: true,
  deals: 'table',
  computerDelayMs: 500,
  corsOrigin: undefined,
};

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of 0 or more, got ${JSON.stringify(text)}`);
  return n;
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

function deals(value: string | undefined): Config['deals'] {
  if (value === undefined || value === '' || value === 'table') return 'table';
  if (value === 'crypto') return 'crypto';
  throw new Error(`WHIST_DEALS must be table or crypto, got ${JSON.stringify(value)}`);
}

/** Reads the configuration from environment variables. */
export function readConfig(env: NodeJS.ProcessEnv): Config {
  const port = number(env, 'PORT', DEFAULTS.port);
  if (!Number.isInteger(port) || port > 65535) throw new Error(`PORT must be a port number, got ${JSON.stringify(env.PORT)}`);
  return {
    port,
    host: text(env, 'HOST') ?? DEFAULTS.host,
    databaseUrl: text(env, 'DATABASE_URL'),
    dataDir: text(env, 'WHIST_DATA_DIR'),
    poolSize: Math.max(1, Math.floor(number(env, 'WHIST_PG_POOL', DEFAULTS.poolSize))),
    bodyLimit: DEFAULTS.bodyLimit,
    tokenRate: number(env, 'WHIST_RATE_LIMIT', DEFAULTS.tokenRate),
    addressRate: number(env, 'WHIST_ADDRESS_LIMIT', DEFAULTS.addressRate),
    allowSeed: env.WHIST_ALLOW_SEED !== '0',
    deals: deals(env.WHIST_DEALS),
    computerDelayMs: number(env, 'WHIST_COMPUTER_DELAY_MS', DEFAULTS.computerDelayMs),
    corsOrigin: text(env, 'WHIST_CORS_ORIGIN'),
  };
}

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.APP_URL).toBe('http://localhost:8000');
    expect(config.REVERB_PORT).toBe(3000);
    expect(config.CAPTCHA_PROVIDER).toBe('altcha');
    expect(config.PAYMENT_GATEWAY).toBe('test');
    expect(config.INSTANCE_DRIVER).toBe('simulated');
    expect(config.STORAGE_DIR).toBe('storage');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('points APP_URL at the port it listens on when only PORT is set', () => {
    expect(loadConfig({ PORT: '8101' }).APP_URL).toBe('http://localhost:8101');
    expect(loadConfig({ PORT: '8101', APP_URL: 'https://farm.example' }).APP_URL).toBe(
      'https://farm.example',
    );
  });

  it('renders pages on the server by default; SSR=false switches it off; the timeout is bounded', () => {
    expect(loadConfig({}).SSR).toBe(true);
    expect(loadConfig({}).SSR_TIMEOUT_MS).toBe(2000);
    expect(loadConfig({ SSR: 'false' }).SSR).toBe(false);
    expect(loadConfig({ SSR: '0', SSR_TIMEOUT_MS: '500' })).toMatchObject({
      SSR: false,
      SSR_TIMEOUT_MS: 500,
    });
    expect(() => loadConfig({ SSR: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ SSR_TIMEOUT_MS: '0' })).toThrow(ConfigError);
  });

  it('coerces numbers and flags from strings', () => {
    const config = loadConfig({ PORT: '9001', ZARINPAL_SANDBOX: 'true', REVERB_IN_PROCESS: '0' });
    expect(config.PORT).toBe(9001);
    expect(config.ZARINPAL_SANDBOX).toBe(true);
    expect(config.REVERB_IN_PROCESS).toBe(false);
  });

  it('runs a render node in process outside production unless told, and never by default in production', () => {
    expect(loadConfig({}).RENDER_NODE_IN_PROCESS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).RENDER_NODE_IN_PROCESS).toBe(true);
    expect(loadConfig({ RENDER_NODE_IN_PROCESS: 'false' }).RENDER_NODE_IN_PROCESS).toBe(false);
    const production = {
      NODE_ENV: 'production',
      REVERB_APP_KEY: 'a-production-key',
      REVERB_APP_SECRET: 'x'.repeat(40),
    };
    expect(loadConfig(production).RENDER_NODE_IN_PROCESS).toBe(false);
    expect(loadConfig({ ...production, RENDER_NODE_IN_PROCESS: 'true' }).RENDER_NODE_IN_PROCESS).toBe(true);
    expect(loadConfig({ BLENDER_PATH: '' }).BLENDER_PATH).toBeUndefined();
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8000);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['APP_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'http://localhost'],
    ['CAPTCHA_PROVIDER', 'hcaptcha'],
    ['APP_KEY', 'short'],
    ['NODE_ENV', 'staging'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', '-2'],
    ['WEB_CONCURRENCY', 'two'],
    ['WEB_CONCURRENCY', '1.5'],
    ['WEB_CONCURRENCY', '1000'],
  ])('refuses a bad %s and names it', (variable, value) => {
    const attempt = () => loadConfig({ [variable]: value });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const configError = error as ConfigError;
      expect(configError.code).toBe('RF_CONFIG_INVALID');
      expect(configError.problems.map((p) => p.variable)).toEqual([variable]);
      expect(configError.message).toContain(variable);
    }
  });

  it('runs several app processes only on PostgreSQL and Redis, saying why in both languages', () => {
    const pg = 'postgres://postgres@127.0.0.1:5432/test';
    const redis = 'redis://127.0.0.1:6379';
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '3', DATABASE_URL: pg, REDIS_URL: redis }).WEB_CONCURRENCY).toBe(3);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', REDIS_URL: redis })).toThrow(
      /WEB_CONCURRENCY: is 2 but DATABASE_URL is not set: the embedded PGlite database belongs to one process.*پایگاه/,
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: pg })).toThrow(
      /WEB_CONCURRENCY: is 2 but REDIS_URL is not set.*Redis لازم است/,
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(
      /WEB_CONCURRENCY: must be a whole number.*دست‌کم ۱/,
    );
    // One process keeps the embedded database.
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).DATABASE_URL).toBeUndefined();
  });

  it('requires the keys of the chosen providers', () => {
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/RECAPTCHA_SITE_KEY/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'zarinpal' })).toThrow(/ZARINPAL_MERCHANT_ID/);
    expect(() => loadConfig({ SMS_PROVIDER: 'kavenegar' })).toThrow(/SMS_API_KEY/);
  });

  it('refuses to turn the bot check off in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_PROVIDER: 'none' })).toThrow(
      /CAPTCHA_PROVIDER/,
    );
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_PROVIDER: 'none' }).CAPTCHA_PROVIDER).toBe('none');
  });

  it('keeps the browser tests’ clock hooks out of production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TESTING_HOOKS: 'true' })).toThrow(/TESTING_HOOKS/);
    expect(loadConfig({}).TESTING_HOOKS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TESTING_HOOKS: '1' }).TESTING_HOOKS).toBe(true);
  });

  it('refuses the default or a short realtime secret, and the default key, in production', () => {
    const production = { NODE_ENV: 'production' };
    const strong = { REVERB_APP_KEY: 'k3y-0f-this-deployment', REVERB_APP_SECRET: 'x'.repeat(32) };
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ ...production, ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.variable);
      }
    };
    expect(problems({})).toEqual(['REVERB_APP_KEY', 'REVERB_APP_SECRET']);
    expect(problems({ ...strong, REVERB_APP_SECRET: 'renderfarm-secret' })).toEqual(['REVERB_APP_SECRET']);
    expect(problems({ ...strong, REVERB_APP_SECRET: 'short-but-not-default' })).toEqual([
      'REVERB_APP_SECRET',
    ]);
    expect(problems({ ...strong, REVERB_APP_KEY: 'renderfarm-key' })).toEqual(['REVERB_APP_KEY']);
    expect(() => loadConfig({ ...production, REVERB_APP_KEY: 'renderfarm-key' })).toThrow(
      /REVERB_APP_SECRET: .*32/,
    );
    expect(problems(strong)).toEqual([]);
    // Development and tests keep the defaults, so a fresh checkout starts as it is.
    expect(loadConfig({}).REVERB_APP_SECRET).toBe('renderfarm-secret');
  });
});

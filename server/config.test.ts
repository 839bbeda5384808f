import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('METRICS_PORT', () => {
  it('is unset by default, and empty means unset', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
  });

  it('takes a port of its own', () => {
    expect(loadConfig({ METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(loadConfig({ PORT: '8080', METRICS_PORT: '3000' }).metricsPort).toBe(3000);
  });

  it('stops the start when it is not a port', () => {
    for (const value of ['0', '65536', '91.5', 'metrics', '-1']) {
      expect(() => loadConfig({ METRICS_PORT: value }), value).toThrow(
        'METRICS_PORT: must be a port number from 1 to 65535',
      );
    }
  });

  it('stops the start when it is the academy port', () => {
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow('METRICS_PORT: must differ from PORT (3000)');
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      'METRICS_PORT: must differ from PORT (8080)',
    );
  });
});

describe('CODE_SECRET', () => {
  it('is unset by default, and empty means unset', () => {
    expect(loadConfig({}).codeSecret).toBeUndefined();
    expect(loadConfig({ CODE_SECRET: '' }).codeSecret).toBeUndefined();
  });

  it('stops the start when it is too short to be a key', () => {
    expect(() => loadConfig({ CODE_SECRET: 'short' })).toThrow('CODE_SECRET: must be at least 32 characters');
    expect(loadConfig({ CODE_SECRET: 'k'.repeat(32) }).codeSecret).toBe('k'.repeat(32));
  });
});

describe('METRICS_HOST', () => {
  it('is loopback by default, whatever interface the academy listens on', () => {
    expect(loadConfig({}).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9100' }).metricsHost).toBe('127.0.0.1');
  });

  it('takes the private network interface a scraper on another machine reaches', () => {
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9100', METRICS_HOST: '10.0.0.11' }).metricsHost).toBe(
      '10.0.0.11',
    );
  });
});

describe('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_URL', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

  it('take card payments only when both keys are set', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toBeUndefined();
    expect(loadConfig(keys).stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', api: undefined });
  });

  it('reach a stand-in on this machine, and never another address', () => {
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.api).toEqual({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    });
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://localhost:9' }).stripe?.api?.host).toBe('localhost');
    for (const url of ['https://evil.example', 'http://10.0.0.1:80', 'http://127.0.0.1.evil.example', 'nonsense'])
      expect(loadConfig({ ...keys, STRIPE_API_URL: url }).stripe?.api, url).toBeUndefined();
  });
});

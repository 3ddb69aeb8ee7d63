import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/core/config.ts';

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4321,
      siteUrl: 'http://localhost:4321',
      openAlexUrl: 'https://api.openalex.org',
      rateLimitPerMinute: 120,
      syncBudgetMs: 10_000,
      contentDir: 'content',
      papersDb: 'data/papers.db',
    });
    expect(config.allowedOrigins).toEqual(['http://localhost:4321']);
  });

  it('adds extra allowed origins to the site origin and trims slashes', () => {
    const config = loadConfig({
      SITE_URL: 'https://hub.example/',
      ALLOWED_ORIGINS: 'https://a.example/, https://b.example',
    });
    expect(config.siteUrl).toBe('https://hub.example');
    expect(config.allowedOrigins).toEqual(['https://hub.example', 'https://a.example', 'https://b.example']);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: '99999', SITE_URL: 'ftp://x', PAPERS_SOURCE: 'cloud' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: '99999', SITE_URL: 'ftp://x', PAPERS_SOURCE: 'cloud' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="99999"');
      expect(message).toContain('SITE_URL="ftp://x"');
      expect(message).toContain('PAPERS_SOURCE="cloud"');
    }
  });

  it('takes a job lease of at least a second, and leaves it to the store when unset', () => {
    expect(loadConfig({}).jobLeaseMs).toBeUndefined();
    expect(loadConfig({ JOB_LEASE_MS: '3000' }).jobLeaseMs).toBe(3_000);
    expect(() => loadConfig({ JOB_LEASE_MS: '500' })).toThrowError(/JOB_LEASE_MS="500"/);
  });
});

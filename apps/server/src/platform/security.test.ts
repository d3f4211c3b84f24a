import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security';

describe('security headers computed once', () => {
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy() },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });

  it('carries the content security policy as configured', () => {
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('denies framing and asks for HTTPS for a year, subdomains included', () => {
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('leaves out the headers switched off', () => {
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('cannot be changed after it is computed', () => {
    expect(Object.isFrozen(headers)).toBe(true);
  });
});

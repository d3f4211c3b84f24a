import type { PublicConfig } from '@fnodesk/contracts';

/** A `GET public-config` answer of a deployment with default settings, changed by `overrides`. */
export function publicConfigFixture(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    googleClientId: null,
    version: '1.0.1',
    brandName: 'FNO Desk',
    channels: {
      email: 'support@fnodesk.local',
      phone: '',
      whatsappUrl: null,
      telegramUrl: null,
      youtubeUrl: null,
      blogUrl: null,
      twitterUrl: null,
    },
    demoFormUrl: null,
    ...overrides,
  };
}

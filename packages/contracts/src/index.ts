export * from './envelope';
export * from './feed';
export * from './health';
export * from './accounts';
export * from './billing';
export * from './market';
export * from './market-data';
export * from './site';

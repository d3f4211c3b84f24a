export * from './envelope';
export * from './feed';
export * from './health';

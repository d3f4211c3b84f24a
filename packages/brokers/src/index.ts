export * from './core/broker-adapter';

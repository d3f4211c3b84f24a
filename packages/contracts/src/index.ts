export * from './envelope';
export * from './feed';
export * from './health';
export * from './accounts';
export * from './billing';
export * from './brokers';
export * from './documents';
export * from './market';
export * from './market-data';
export * from './site';
export * from './data-operations';
export * from './text';
// Trading core (issue 30): trading API schemas, order events and the broker manifest.
export * from './trading';
export * from './broker-manifest';
export * from './recentring';
// QuikTrade terminal: portfolio risk, risk state and rules.
export * from './quiktrade';
// The QuikTrade plan matrix at order intake, shared by the server's gates and the terminal's controls.
export * from './trade-plan';

// The public configuration is the whole site's (brand, channels), not only the account screens'; it lives in lib/.
export { getPublicConfig, publicConfigQueryOptions, usePublicConfig } from '../../../lib/public-config';

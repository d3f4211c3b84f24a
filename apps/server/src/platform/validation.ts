import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from './errors';

/**
 * The zod validator compiler, made total: zod runs some checks (string length) on any value that has a `length`
 * property, so a crafted body such as `{"email": {"length": {"valueOf": 1}}}` makes parsing throw instead of
 * failing. Fastify answers a throwing validator with 500; here it is the 400 it should be.
 */
export const safeValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    try {
      return validate(data);
    } catch {
      return { error: new AppError('VALIDATION_FAILED', 'The request is not valid.') };
    }
  };
};

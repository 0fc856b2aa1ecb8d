import { z } from 'zod';
import { ZSandboxIdentity } from '@payrail/contract/identity';

/** The answer of GET /dev/identities; loaded with the request (get-sandbox-identities.ts), not with the page. */
export const sandboxIdentitiesSchema = z.array(ZSandboxIdentity);

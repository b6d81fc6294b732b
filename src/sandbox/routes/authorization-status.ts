import type { SandboxFeature } from '../context.js';
import type { AuthorizationStatus } from '../../contract/authorization-status.js';

/** GET /v1/authorizationStatus: any valid token, no scope (specification, Endpoints). */
export const authorizationStatusFeature: SandboxFeature = {
  name: 'authorization-status',
  register(app) {
    app.get('/v1/authorizationStatus', { config: { scope: null } }, async (request): Promise<AuthorizationStatus> => ({
      sourceSysRef: request.principal.sourceSysRef,
      tenantIds: request.principal.tenantId,
      scopes: request.principal.scopes.join(' '),
    }));
  },
};

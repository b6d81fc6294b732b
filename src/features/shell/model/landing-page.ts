import type { Role } from '../../../contract/user-claims';

/**
 * Where each role's work is: analysts classify goods, clerks and supervisors work on
 * declarations. A user with several roles lands on the declarations (the daily work).
 */
export function landingPageFor(roles: readonly Role[]): '/declarations' | '/classification' {
  return roles.includes('analyst') && !roles.includes('clerk') && !roles.includes('supervisor') ? '/classification' : '/declarations';
}

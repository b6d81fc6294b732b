import type { Role } from '../../../contract/user-claims.js';

/**
 * Console users of the sandbox's issuer (docs/architecture.md section 5, fixed): password = name;
 * each has the role of its name, and a second supervisor approves what the first one asks for
 * (nobody approves their own request, docs/approvals.md).
 */
export interface DemoUser {
  username: string;
  role: Role;
  displayName: string;
  tenantId: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'clerk', role: 'clerk', displayName: 'Clara Clerk', tenantId: 't-acc-001' },
  { username: 'supervisor', role: 'supervisor', displayName: 'Sam Supervisor', tenantId: 't-acc-001' },
  { username: 'analyst', role: 'analyst', displayName: 'Ana Analyst', tenantId: 't-acc-001' },
  { username: 'supervisor2', role: 'supervisor', displayName: 'Sue Supervisor', tenantId: 't-acc-001' },
];

export const findDemoUser = (username: string): DemoUser | undefined => DEMO_USERS.find((u) => u.username === username);

/** Sandbox only: the password of each demo user is its name. */
export function checkDemoCredentials(username: string, password: string): DemoUser | undefined {
  const user = findDemoUser(username.trim().toLowerCase());
  return user && password === user.username ? user : undefined;
}

/** Claims of a user as Entra ID puts them in ID and access tokens of an app with app roles. */
export function userClaims(user: DemoUser): { name: string; preferred_username: string; email: string; roles: string[]; tid: string } {
  const address = `${user.username}@sandbox.customs.test`;
  return { name: user.displayName, preferred_username: address, email: address, roles: [user.role], tid: user.tenantId };
}

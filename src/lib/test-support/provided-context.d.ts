// What the component tests' global set-up (src/bff/test-support/component-backend.ts) hands to every
// test file through Vitest's provide/inject: plain data only, it crosses from the main process to the workers.
import 'vitest';

/** Declarations made for the component tests, one per test that changes one (tests run in parallel). */
type ComponentFixture =
  | 'goods-item-save'
  | 'goods-item-failure'
  | 'goods-item-form'
  | 'submit'
  | 'invalidate'
  | 'invalidate-failure'
  | 'delay'
  | 'delay-failure'
  | 'receipt'
  | 'receipt-draft'
  | 'change-destination'
  | 'alert';

declare module 'vitest' {
  export interface ProvidedContext {
    componentBackend: {
      /** The BFF, started in process over the real sandbox; the console's api client is pointed at it. */
      bffUrl: string;
      sandboxUrl: string;
      /** For the sandbox's fault controls (PUT /_sandbox/faults). */
      sandboxAdminToken: string;
      /** The signed-in user's token, as the identity provider would issue it, and its roles (every action open). */
      userToken: string;
      userRoles: ('clerk' | 'supervisor')[];
      declarations: readonly { name: ComponentFixture; declarationId: string }[];
    };
  }
}

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { DetachedWindowAPI } from 'happy-dom';
import type { ReactElement } from 'react';
import { afterEach, expect, inject, onTestFinished, vi } from 'vitest';
import { declarationSchema, type Declaration } from '../../contract/declarations';
import { configureApiClient, request } from '../api-client';
import { ConsoleSession } from '../session/console-session';
import { ConsoleSessionContext } from '../session/session-context';
import { memoryStorage } from './memory-storage';

/**
 * Component tests that talk HTTP: the console's own api client against the real BFF and sandbox,
 * which the components project's global set-up starts once per run (src/bff/test-support/component-backend.ts
 * says why that and not MSW). A test renders a dialog or editor, drives it as a user would, and
 * reads what the service answered and what the console sent.
 */

type Backend = ReturnType<typeof inject<'componentBackend'>>;
type Fixture = Backend['declarations'][number]['name'];

const isDetachedWindowApi = (v: unknown): v is DetachedWindowAPI => typeof v === 'object' && v !== null && 'setURL' in v;

/**
 * Points the console at the BFF as production does: the page is on the BFF's origin, the api
 * client calls `/api` with the user's token. Its waits before a retry are skipped (no real time in tests).
 * Call once per test file (beforeAll).
 */
export function connectToBackend(): Backend {
  const backend = inject('componentBackend');
  const happyDom: unknown = Reflect.get(window, 'happyDOM');
  if (!isDetachedWindowApi(happyDom)) throw new Error('component tests that talk HTTP run in happy-dom');
  happyDom.setURL(`${backend.bffUrl}/declarations`);
  // The sandbox's fault controls are on another origin, which a browser would refuse without CORS.
  happyDom.settings.fetch.disableSameOriginPolicy = true;
  configureApiClient({ getAccessToken: async () => backend.userToken, sleep: async () => undefined });
  return backend;
}

/** A declaration made for this test by the global set-up, as the BFF reads it now. */
export async function fixtureDeclaration(name: Fixture): Promise<Declaration> {
  const fixture = inject('componentBackend').declarations.find((d) => d.name === name);
  if (!fixture) throw new Error(`no component fixture ${name}`);
  return readDeclaration(fixture.declarationId);
}

export const readDeclaration = (declarationId: string): Promise<Declaration> =>
  request(`/v1/declarations/${encodeURIComponent(declarationId)}`, { schema: declarationSchema });

/** The sandbox answers the next `count` calls under `pathPrefix` (of `method`) with `status` and a problem document. */
export async function injectFault(fault: { pathPrefix: string; method: string; status: number; count?: number }): Promise<void> {
  const { sandboxUrl, sandboxAdminToken } = inject('componentBackend');
  const res = await fetch(`${sandboxUrl}/_sandbox/faults`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sandboxAdminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ exactPath: true, ...fault }),
  });
  if (!res.ok) throw new Error(`fault injection: ${res.status}`);
}

const jsonOrText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export interface SentRequest {
  method: string;
  /** The path under /api, e.g. /v1/declarations/d-1/invalidate. */
  path: string;
  /** Parsed when JSON; undefined when there was none. */
  body: unknown;
  /** What came back. */
  status: number;
}

/**
 * Records the writes the console sends to the BFF (and what came back) while passing them on
 * unchanged. Call it inside a test: it stops recording when the test ends.
 */
export function recordWrites(): SentRequest[] {
  const sent: SentRequest[] = [];
  const realFetch = globalThis.fetch;
  const recording: typeof fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && url.pathname.startsWith('/api/')) {
      const body = typeof init?.body === 'string' ? jsonOrText(init.body) : undefined;
      sent.push({ method, path: url.pathname.slice('/api'.length), body, status: response.status });
    }
    return response;
  };
  globalThis.fetch = recording;
  onTestFinished(() => void (globalThis.fetch = realFetch));
  return sent;
}

const queryClientsOfTheTest = new Set<QueryClient>();

// Each test ends once the requests it started have been answered: unmounting first would cut them
// off mid-flight (happy-dom then reports "socket hang up"), which no user's page does to itself.
// Registered on import, so it runs before the set-up file's cleanup (after-hooks run last-in, first-out).
afterEach(async () => {
  for (const client of queryClientsOfTheTest) await vi.waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  queryClientsOfTheTest.clear();
});

/**
 * Renders a component as a signed-in page does: Mantine, a fresh query cache and the user's
 * console session (drafts in memory).
 */
export function renderSignedIn(ui: ReactElement): RenderResult & { user: UserEvent; queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClientsOfTheTest.add(queryClient);
  const session = new ConsoleSession({ tenantId: 't-acc-001', userId: 'clerk-ct' }, memoryStorage(), () => queryClient.clear());
  const rendered = render(
    // env="test": no transitions (happy-dom runs none), no portals.
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ConsoleSessionContext.Provider value={session}>{ui}</ConsoleSessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { user: userEvent.setup(), queryClient, ...rendered };
}

import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** Renders a component as the console does (inside Mantine's provider) with a user to drive it by keyboard and pointer. */
export function renderWithMantine(ui: ReactElement): RenderResult & { user: UserEvent } {
  return { user: userEvent.setup(), ...render(<MantineProvider>{ui}</MantineProvider>) };
}

/**
 * The same, inside a one-page router: for editors that guard against leaving with unsaved changes
 * (the guard asks the router). Resolves once the page is on screen (`ready`: a text it shows).
 */
export async function renderOnPage(ui: ReactElement, ready: string | RegExp): Promise<RenderResult & { user: UserEvent }> {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const rendered = renderWithMantine(<RouterProvider router={router} />);
  await screen.findAllByText(ready);
  return rendered;
}

import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** Renders a component as the console does (inside Mantine's provider) with a user to drive it by keyboard and pointer. */
export function renderWithMantine(ui: ReactElement): RenderResult & { user: UserEvent } {
  return { user: userEvent.setup(), ...render(<MantineProvider>{ui}</MantineProvider>) };
}

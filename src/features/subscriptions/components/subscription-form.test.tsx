import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import type { SubscriptionCreate } from '../../../contract/subscriptions';
import { ApiError } from '../../../lib/api-client';
import { renderOnPage } from '../../../lib/test-support/render-with-mantine';
import { emptyFormValues } from '../model/subscription-form-model';
import { SubscriptionForm } from './subscription-form';

const renderForm = (onSubmit: (body: SubscriptionCreate) => Promise<void>) =>
  renderOnPage(
    <SubscriptionForm defaultValues={emptyFormValues()} submitLabel="Create subscription" onSubmit={onSubmit} onCancel={() => undefined} />,
    'Create subscription',
  );

beforeAll(() => loadNamespaces('subscriptions'));

describe('the subscription form', () => {
  it('shows each missing entry next to its field, focuses the first, and sends nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { user } = await renderForm(onSubmit);
    await user.click(screen.getByRole('button', { name: 'Create subscription' }));
    const eventType = screen.getByRole('combobox', { name: /Event type/ });
    const destination = screen.getByRole('textbox', { name: /Destination URL/ });
    await waitFor(() => expect(document.activeElement).toBe(eventType));
    expect(eventType.getAttribute('aria-invalid')).toBe('true');
    expect(destination.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends what the user entered as the subscription's body", async () => {
    const onSubmit = vi.fn(async (_body: SubscriptionCreate) => undefined);
    const { user } = await renderForm(onSubmit);
    await user.type(screen.getByRole('combobox', { name: /Event type/ }), 'DeclarationStatusChanged');
    await user.type(screen.getByRole('textbox', { name: /Destination URL/ }), 'https://hooks.example.com/customs');
    await user.click(screen.getByRole('button', { name: 'Create subscription' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      eventType: 'DeclarationStatusChanged',
      destinationDescription: { destinationUrl: 'https://hooks.example.com/customs' },
    });
  });

  it("puts the service's refusal of a field next to that field and keeps what was typed", async () => {
    const refusal = new ApiError({
      status: 400,
      message: 'Bad Request',
      problem: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        'invalid-parameters': [{ name: 'destinationDescription.destinationUrl', reason: 'The destination must be reachable over HTTPS.' }],
      },
    });
    const { user } = await renderForm(async () => Promise.reject(refusal));
    await user.type(screen.getByRole('combobox', { name: /Event type/ }), 'DeclarationStatusChanged');
    const destination = screen.getByRole('textbox', { name: /Destination URL/ });
    await user.type(destination, 'https://hooks.example.com/customs');
    await user.click(screen.getByRole('button', { name: 'Create subscription' }));
    expect(await screen.findByText('The destination must be reachable over HTTPS.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(destination));
    expect(destination).toHaveProperty('value', 'https://hooks.example.com/customs');
  });
});

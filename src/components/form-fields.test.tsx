import { zodResolver } from '@hookform/resolvers/zod';
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithMantine } from '../lib/test-support/render-with-mantine';
import { NumberField } from './form-fields';

const schema = z.object({ grossMass: z.number({ error: 'Enter the gross mass as a number.' }).positive() });

function MassForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema) });
  return (
    <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate>
      <NumberField control={form.control} name="grossMass" label="Gross mass (kg)" required />
      <button type="submit">Save</button>
    </form>
  );
}

describe('a number field of a form', () => {
  it('sends the number as typed with either decimal mark when it reads one way', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithMantine(<MassForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /Gross mass/ }), '1.250,5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ grossMass: 1250.5 }, expect.anything());
  });

  it('sends nothing for a value that is no number: the error is at the field, which gets the focus', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithMantine(<MassForm onSubmit={onSubmit} />);
    const field = screen.getByRole('textbox', { name: /Gross mass/ });
    await user.type(field, '12 kg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Enter the gross mass as a number.')).toBeTruthy();
    expect(document.activeElement).toBe(field);
  });
});

import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../lib/test-support/render-with-mantine';
import { CountryPicker } from './picker';

function Origin({ initial, clearable = false }: { initial: string | null; clearable?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CountryPicker label="Origin" value={value} onChange={setValue} clearable={clearable} />
      <output aria-label="Chosen">{value ?? 'none'}</output>
    </>
  );
}

describe('the country picker', () => {
  it('picks the one match with Enter when typing leaves one, by name or by exact code', async () => {
    const { user } = renderWithMantine(<Origin initial={null} />);
    const input = screen.getByRole('combobox', { name: 'Origin' });
    await user.type(input, 'Portug{Enter}');
    expect(screen.getByLabelText('Chosen').textContent).toBe('PT');
    await user.clear(input);
    await user.type(input, 'de{Enter}');
    expect(screen.getByLabelText('Chosen').textContent).toBe('DE');
  });

  it('picks the one match with Enter after the text was pasted in one go', async () => {
    const { user } = renderWithMantine(<Origin initial={null} />);
    const input = screen.getByRole('combobox', { name: 'Origin' });
    await user.click(input);
    await user.paste('Portugal');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Chosen').textContent).toBe('PT');
  });

  it('is cleared from the keyboard by emptying its text and leaving it when clearable, and keeps its value when not', async () => {
    const clearable = renderWithMantine(<Origin initial="PT" clearable />);
    await clearable.user.clear(screen.getByRole('combobox', { name: 'Origin' }));
    await clearable.user.tab();
    expect(screen.getByLabelText('Chosen').textContent).toBe('none');
    clearable.unmount();

    const fixed = renderWithMantine(<Origin initial="PT" />);
    await fixed.user.clear(screen.getByRole('combobox', { name: 'Origin' }));
    await fixed.user.tab();
    expect(screen.getByLabelText('Chosen').textContent).toBe('PT');
  });
});

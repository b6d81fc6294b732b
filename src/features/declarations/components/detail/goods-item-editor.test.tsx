import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Declaration } from '../../../../contract/declarations';
import type { Role } from '../../../../contract/user-claims';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import { messageOf } from '../../../../lib/test-support/field-message';
import {
  connectToBackend,
  fixtureDeclaration,
  injectFault,
  readDeclaration,
  recordWrites,
  renderSignedIn,
} from '../../../../lib/test-support/component-backend';
import { GoodsItemDrawer } from './goods-item-drawer';

// A goods item changed as a clerk changes it on the declaration page: the drawer, its editor, the real BFF and sandbox.
let roles: Role[] = [];
beforeAll(async () => {
  roles = connectToBackend().userRoles;
  await loadNamespaces('declaration', 'classificationShared', 'actions');
});

const firstItem = (d: Declaration) => {
  const item = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems[0];
  if (!item) throw new Error(`declaration ${d.declarationId} has no goods item`);
  return item;
};

/** The drawer as the page holds it: open, told when the editor has unsaved changes. */
function ItemOnPage({ declaration, onClose }: { declaration: Declaration; onClose: () => void }) {
  const [dirty, setDirty] = useState(false);
  return (
    <GoodsItemDrawer
      opened
      dirty={dirty}
      onDirtyChange={setDirty}
      onClose={onClose}
      declarationId={declaration.declarationId}
      jurisdiction={declaration.jurisdiction}
      roles={roles}
      item={firstItem(declaration)}
      rules={{ invoiceCurrency: declaration.singleAdministrativeDocument.invoiceCurrency, excise: false }}
      editability={{ editable: true }}
      serviceErrors={{}}
      focusField={undefined}
      outcome={{ capture: () => undefined, start: () => undefined }}
    />
  );
}

async function openItem(name: Parameters<typeof fixtureDeclaration>[0]) {
  const declaration = await fixtureDeclaration(name);
  const onClose = vi.fn<() => void>();
  const { user } = renderSignedIn(<ItemOnPage declaration={declaration} onClose={onClose} />);
  const editor = await screen.findByRole('form', { name: 'Goods item 1' });
  const field = (label: RegExp) => within(editor).getByRole<HTMLInputElement>('textbox', { name: label });
  const save = () => user.click(within(editor).getByRole('button', { name: 'Save item' }));
  return { declaration, onClose, user, editor, field, save };
}

describe('the goods item editor', () => {
  it('shows each wrong or missing value at its field, focuses the first and sends nothing', async () => {
    const sent = recordWrites();
    const { user, field, save } = await openItem('goods-item-form');
    await user.clear(field(/^Goods description/));
    await user.clear(field(/^Gross mass/));
    await user.type(field(/^Gross mass/), 'heavy');
    await user.clear(field(/^Value currency/));
    await user.type(field(/^Value currency/), 'eur');
    await save();

    await waitFor(() => expect(document.activeElement).toBe(field(/^Goods description/)));
    expect(messageOf(field(/^Goods description/))).toContain('Enter the goods description.');
    expect(messageOf(field(/^Gross mass/))).toContain('Gross mass must be a number of zero or more.');
    expect(messageOf(field(/^Value currency/))).toContain('The currency is 3 capital letters (ISO 4217), e.g. EUR.');
    expect(field(/^Gross mass/).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('saves a valid change: only the changed fields, numbers read as the user writes them', async () => {
    const sent = recordWrites();
    const { declaration, user, field, save, onClose } = await openItem('goods-item-save');
    const item = firstItem(declaration);
    await user.clear(field(/^Gross mass/));
    await user.type(field(/^Gross mass/), '1,250.5');
    await user.clear(field(/^Goods description/));
    await user.paste('Laptops, refurbished');
    await save();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: `/v1/declarations/${declaration.declarationId}/items/${item.governmentAgencyGoodsItemId}`,
        body: { commodity: { description: 'Laptops, refurbished' }, goodsMeasure: { gmass: 1250.5 } },
        status: 202,
      },
    ]);
    // The service took the change in (202 is "accepted": it lands when the declaration is processed).
    await vi.waitFor(
      async () => {
        const after = firstItem(await readDeclaration(declaration.declarationId));
        expect([after.commodity?.description, after.goodsMeasure?.gmass, after.goodsMeasure?.nmass]).toEqual([
          'Laptops, refurbished',
          1250.5,
          item.goodsMeasure?.nmass,
        ]);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('keeps what was typed when the save fails, and shows the service’s problem', async () => {
    const { declaration, user, field, save, editor, onClose } = await openItem('goods-item-failure');
    const path = `/v1/declarations/${declaration.declarationId}/items/${firstItem(declaration).governmentAgencyGoodsItemId}`;
    await injectFault({ pathPrefix: path, method: 'PATCH', status: 409 });
    const sent = recordWrites();
    await user.clear(field(/^Net mass/));
    await user.type(field(/^Net mass/), '150');
    await save();

    const alert = await within(editor).findByRole('alert', { name: 'The change was not accepted' });
    expect(alert.textContent).toContain('The change was not accepted');
    expect(alert.textContent).toContain('Injected by the sandbox fault controls.');
    expect(field(/^Net mass/).value).toBe('150');
    expect(onClose).not.toHaveBeenCalled();
    expect(sent.map((s) => [s.status, s.body])).toEqual([[409, { goodsMeasure: { nmass: 150 } }]]);
  });

  it('asks before it discards unsaved changes, and closes at once when there are none', async () => {
    const { user, field, editor, onClose } = await openItem('goods-item-form');
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.type(field(/^Shipping marks/), 'FRAGILE');
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(field(/^Shipping marks/).value).toBe('FRAGILE');

    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }),
    );
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

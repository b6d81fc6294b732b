import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../../../lib/i18n/i18n';
import { messageOf } from '../../../../lib/test-support/field-message';
import { connectToBackend, recordWrites } from '../../../../lib/test-support/component-backend';
import { openAction } from './test-support/open-action';

// A change of destination (IE813) for an accepted outbound e-AD, over the real BFF and sandbox.
beforeAll(async () => {
  connectToBackend();
  await loadNamespaces('actions', 'declaration');
});

describe('Change destination (EMCS codes checked as typed, empty parts left out)', () => {
  it('asks for the destination type and a journey time in EMCS form at their fields, then sends only what was filled in', async () => {
    const sent = recordWrites();
    const { declaration, onAccepted, user, dialog } = await openAction('change-destination', 'Change destination');
    // Found afresh each time: a field shown with its error is a new element.
    const destinationType = () => within(dialog).getByRole('combobox', { name: /^Destination type/ });
    const journeyTime = () => within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Journey time/ });
    const send = () => user.click(within(dialog).getByRole('button', { name: 'Send change of destination' }));

    await send();
    await waitFor(() => expect(document.activeElement).toBe(destinationType()));
    expect([destinationType(), journeyTime()].map((f) => f.getAttribute('aria-invalid'))).toEqual(['true', 'true']);

    // The code typed exactly is picked with Enter ("Registered consignee" would also match "Temporary registered consignee").
    await user.type(destinationType(), '2{Enter}');
    // "5 days" is how a person says it; EMCS wants D05.
    await user.type(journeyTime(), '5 days');
    await send();
    await waitFor(() => expect(document.activeElement).toBe(journeyTime()));
    expect(messageOf(journeyTime())).toContain('H01 to H24 (hours) or D01 to D92 (days)');
    expect(sent).toEqual([]);

    await user.clear(journeyTime());
    await user.type(journeyTime(), 'D05');
    await send();
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith('changeDestination'));
    // The consignee, place of delivery, transport and invoice were left empty: none of them is sent.
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `/v1/declarations/${declaration.declarationId}/changeDestination`,
        body: { exciseGoodsShipment: { headerEadEsad: { destinationTypeCode: 2, journeyTime: 'D05' } } },
        status: 202,
      },
    ]);
  });
});

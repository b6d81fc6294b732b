import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Picker } from '../../../../components/picker';
import { peopleQueryOptions } from '../../../../lib/people-query';

interface Props {
  /** Names the picker for screen readers, e.g. "Assign LRN-1 to". */
  label: string;
  /** Shown on the button (default: Assign, in the console's language). */
  action?: string;
  /** The current owner, left out of the choices. */
  exclude?: string | undefined;
  disabled?: boolean;
  onPick: (sub: string) => void;
}

/** A supervisor's choice of person: the clerks and supervisors the console has seen sign in. */
export function PersonPicker({ label, action, exclude, disabled, onPick }: Props) {
  const { t } = useTranslation('declarations');
  const people = useQuery(peopleQueryOptions());
  const [sub, setSub] = useState<string | null>(null);
  const data = (people.data ?? [])
    .filter((p) => p.sub !== exclude && p.roles.some((r) => r === 'clerk' || r === 'supervisor'))
    .map((p) => ({ value: p.sub, label: p.name }));
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Picker
        label={label}
        size="xs"
        placeholder={people.isPending ? t('assignment.loadingPeople') : t('assignment.pickPerson')}
        data={data}
        value={sub}
        onChange={setSub}
        nothingFoundMessage={t('owner.nothingFound')}
        w={200}
      />
      <Button
        size="xs"
        variant="default"
        disabled={disabled || sub === null}
        onClick={() => {
          if (sub !== null) onPick(sub);
          setSub(null);
        }}
      >
        {action ?? t('assignment.assign')}
      </Button>
    </Group>
  );
}

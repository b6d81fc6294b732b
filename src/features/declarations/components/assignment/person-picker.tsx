import { Button, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Picker } from '../../../../components/picker';
import { peopleQueryOptions } from '../../../../lib/people-query';

interface Props {
  /** Names the picker for screen readers, e.g. "Assign LRN-1 to". */
  label: string;
  /** Shown on the button. */
  action?: string;
  /** The current owner, left out of the choices. */
  exclude?: string | undefined;
  disabled?: boolean;
  onPick: (sub: string) => void;
}

/** A supervisor's choice of person: the clerks and supervisors the console has seen sign in. */
export function PersonPicker({ label, action = 'Assign', exclude, disabled, onPick }: Props) {
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
        placeholder={people.isPending ? 'Loading people…' : 'Pick a person'}
        data={data}
        value={sub}
        onChange={setSub}
        nothingFoundMessage="No one by that name has signed in"
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
        {action}
      </Button>
    </Group>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n/use-translation';
import { OWNER_ME, OWNER_UNASSIGNED } from '../contract/assignments';
import { peopleQueryOptions } from '../lib/people-query';
import { Picker } from './picker';

interface OwnerFilterProps {
  value: string | undefined;
  onChange: (owner: string | undefined) => void;
  w?: number;
}

/** Whose declarations: me, nobody's, or a person the console has seen sign in (the owner is the console's own record). */
export function OwnerFilter({ value, onChange, w }: OwnerFilterProps) {
  const { t } = useTranslation('declarations');
  const people = useQuery(peopleQueryOptions());
  const data = [
    { value: OWNER_ME, label: t('owner.me') },
    { value: OWNER_UNASSIGNED, label: t('owner.unassigned') },
    ...(people.data ?? [])
      .filter((p) => p.roles.some((r) => r === 'clerk' || r === 'supervisor'))
      .map((p) => ({ value: p.sub, label: p.name })),
  ];
  // A person not (yet) in the list, e.g. from a shared link: still shown as chosen.
  if (value !== undefined && !data.some((d) => d.value === value)) data.push({ value, label: value });
  return (
    <Picker
      label={t('owner.label')}
      description={t('owner.description')}
      placeholder={t('owner.placeholder')}
      data={data}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      nothingFoundMessage={t('owner.nothingFound')}
      clearable
      w={w}
    />
  );
}

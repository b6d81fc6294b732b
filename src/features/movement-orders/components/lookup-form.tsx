import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** Open one movement order by id (the service offers no list or search). */
export function LookupForm({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('movementOrders');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = value.trim();
    if (!id) {
      setError(t('lookup.empty'));
      return;
    }
    onOpen(id);
  };

  return (
    <form onSubmit={submit} aria-label={t('lookup.label')} noValidate>
      <Group align="flex-end">
        <TextInput
          label={t('lookup.id')}
          description={t('lookup.example', { example: '5eed0000-0000-4000-8000-000000000003-1' })}
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(undefined);
          }}
          style={{ flex: 1, maxWidth: 560 }}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit">{t('lookup.open')}</Button>
      </Group>
    </form>
  );
}

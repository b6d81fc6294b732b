import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmarkPlus, IconX } from '@tabler/icons-react';
import { memo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import {
  activeView,
  addUserView,
  parseUserViews,
  READY_MADE_VIEWS,
  removeUserView,
  USER_VIEWS_STORAGE_KEY,
  type ReadyMadeView,
  type SavedView,
} from '../../model/search/saved-views';
import { activeFilterCount, type DeclarationFilters, type DeclarationsSearch } from '../../model/search/search-params';
import { useUserStorage } from '../../model/search/use-user-storage';

interface SavedViewsBarProps {
  search: DeclarationsSearch;
  onApply: (filters: DeclarationFilters) => void;
}

/** Ready-made worklists and the user's own named filters (kept in this browser, per user). Memoised: not rendered again when a page of rows arrives. */
export const SavedViewsBar = memo(function SavedViewsBar({ search, onApply }: SavedViewsBarProps) {
  const { t } = useTranslation('declarations');
  const [userViews, setUserViews] = useUserStorage(USER_VIEWS_STORAGE_KEY, parseUserViews);
  const current = activeView<ReadyMadeView | SavedView>([...READY_MADE_VIEWS, ...userViews], search);

  const viewButton = (view: ReadyMadeView | SavedView, name: string, description?: string) => (
    <Button
      key={view.id}
      size="xs"
      radius="xl"
      variant={current?.id === view.id ? 'filled' : 'default'}
      aria-pressed={current?.id === view.id}
      title={description}
      onClick={() => onApply(view.filters)}
    >
      {name}
    </Button>
  );

  return (
    <Stack gap={6}>
      <Group gap="xs" role="group" aria-label={t('views.label')}>
        <Text size="sm" fw={600} component="span">
          {t('views.heading')}
        </Text>
        <Button
          size="xs"
          radius="xl"
          variant={activeFilterCount(search) === 0 ? 'filled' : 'default'}
          aria-pressed={activeFilterCount(search) === 0}
          onClick={() => onApply({})}
        >
          {t('views.all')}
        </Button>
        {READY_MADE_VIEWS.map((view) =>
          viewButton(view, t(`views.readyMade.${view.id}.name`), t(`views.readyMade.${view.id}.description`)),
        )}
        {userViews.map((view) => (
          <Group key={view.id} gap={2} wrap="nowrap">
            {viewButton(view, view.name)}
            <Tooltip label={t('views.deleteTooltip', { name: view.name })}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('views.deleteLabel', { name: view.name })}
                onClick={() => setUserViews(removeUserView(userViews, view.id))}
              >
                <IconX size={14} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <SaveViewButton
          disabled={activeFilterCount(search) === 0}
          onSave={(name) => setUserViews(addUserView(userViews, name, search, crypto.randomUUID()))}
        />
      </Group>
    </Stack>
  );
});

function SaveViewButton({ disabled, onSave }: { disabled: boolean; onSave: (name: string) => void }) {
  const { t } = useTranslation('declarations');
  const [opened, { close, toggle }] = useDisclosure(false);
  const [name, setName] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) return;
    onSave(name);
    setName('');
    close();
  };
  return (
    <Popover opened={opened} onChange={(o) => (o ? undefined : close())} trapFocus returnFocus position="bottom-start" withArrow>
      <Popover.Target>
        <Button
          size="xs"
          radius="xl"
          variant="subtle"
          leftSection={<IconBookmarkPlus size={14} aria-hidden="true" />}
          onClick={toggle}
          disabled={disabled}
          title={disabled ? t('views.setFilterFirst') : undefined}
        >
          {t('views.save')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <TextInput
              label={t('views.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              maxLength={60}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={close}>
                {t('views.cancel')}
              </Button>
              <Button size="xs" type="submit">
                {t('views.saveView')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

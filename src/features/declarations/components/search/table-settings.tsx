import { Button, Popover } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { TablePreferences } from '../../model/search/table-preferences';
import type { TableSettingsPanel } from './table-settings-panel';

const loadPanel = () => import('./table-settings-panel').then((m) => m.TableSettingsPanel);

/**
 * Column chooser and density: remembered per user (ux-anchors 6.1, "column layout not remembered").
 * The panel's code is fetched on intent (hover or focus) and the popover opens once it is there,
 * so the focus trap always finds its controls; the first screen does not download it.
 */
export const TableSettings = memo(function TableSettings({
  preferences,
  onChange,
}: {
  preferences: TablePreferences;
  onChange: (next: TablePreferences) => void;
}) {
  const { t } = useTranslation('declarations');
  const [Panel, setPanel] = useState<typeof TableSettingsPanel | null>(null);
  const [opened, setOpened] = useState(false);
  // Controlled, so the popover opens only once the panel is there (Mantine leaves the target's click to us then).
  const change = (next: boolean) => {
    if (!next || Panel) return setOpened(next);
    void loadPanel().then((loaded) => {
      setPanel(() => loaded);
      setOpened(true);
    });
  };
  return (
    <Popover opened={opened} onChange={change} position="bottom-end" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconColumns size={14} aria-hidden="true" />}
          onClick={() => change(!opened)}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
        >
          {t('settings.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>{Panel && <Panel preferences={preferences} onChange={onChange} />}</Popover.Dropdown>
    </Popover>
  );
});

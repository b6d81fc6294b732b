import { Button, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { openFinder } from '../../model/search/finder-store';

/** The page's entry to the identifier finder (the same modal as Ctrl+K). */
export function FindDeclarationButton() {
  return (
    <Button
      variant="light"
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={<Kbd size="xs">Ctrl K</Kbd>}
      onClick={openFinder}
    >
      Find by any identifier
    </Button>
  );
}

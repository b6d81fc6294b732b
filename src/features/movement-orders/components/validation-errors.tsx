import { Alert, Code, List } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { MovementValidationError } from '../../../contract/movement-orders';

/** The service's validation errors: its codes and its English texts, as it writes them. */
export function ValidationErrors({ errors }: { errors: readonly MovementValidationError[] }) {
  const { t } = useTranslation('movementOrders');
  return (
    <Alert color="red" title={t('validationErrors', { count: String(errors.length) })}>
      <List spacing={4}>
        {errors.map((e, i) => (
          <List.Item key={`${e.errorCode}-${i}`}>
            <Code>{e.errorCode}</Code> <span lang="en">{e.errorMessage}</span>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

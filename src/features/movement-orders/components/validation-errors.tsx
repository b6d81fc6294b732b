import { Alert, Code, List } from '@mantine/core';
import type { MovementValidationError } from '../../../contract/movement-orders';

export function ValidationErrors({ errors }: { errors: readonly MovementValidationError[] }) {
  return (
    <Alert color="red" title={`Validation errors (${errors.length})`}>
      <List spacing={4}>
        {errors.map((e, i) => (
          <List.Item key={`${e.errorCode}-${i}`}>
            <Code>{e.errorCode}</Code> {e.errorMessage}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

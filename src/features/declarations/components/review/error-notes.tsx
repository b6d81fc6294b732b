import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { NOTE_TEXT_MAX, newErrorNoteSchema, type ErrorNote } from '../../../../contract/review';
import { ProblemAlert } from '../../../../components/problem-alert';
import { errorNotesQueryOptions, useAddErrorNote } from '../../api/review.queries';
import { formatDateTime } from '../../../../lib/format';

function NoteList({ notes, showCode }: { notes: readonly ErrorNote[]; showCode: boolean }) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {notes.map((n) => (
        <Card component="li" key={n.id} withBorder padding="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {showCode && (
              <Text span fw={700}>
                {n.errorCode}:{' '}
              </Text>
            )}
            {n.text}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {n.authorName}, <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** The team's notes on one error code, and a form to add one (the review desk). */
export function ErrorCodeNotes({ errorCode, canWrite }: { errorCode: string; canWrite: boolean }) {
  const { t } = useTranslation('review');
  const notes = useQuery(errorNotesQueryOptions([errorCode]));
  const add = useAddErrorNote();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const input = useRef<HTMLTextAreaElement>(null);

  const submit = () => {
    const parsed = newErrorNoteSchema.safeParse({ errorCode, text });
    if (!parsed.success) {
      setFieldError(parsed.error.issues.find((i) => i.path[0] === 'text')?.message ?? t('notes.check'));
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    add.mutate(parsed.data, { onSuccess: () => setText('') });
  };

  return (
    <section aria-labelledby={`notes-${errorCode}`}>
      <Title order={3} size="h4" id={`notes-${errorCode}`} mb="xs">
        {t('notes.heading', { code: errorCode })}
      </Title>
      {notes.isError && <ProblemAlert error={notes.error} title={t('notes.loadFailed')} onRetry={() => void notes.refetch()} />}
      {notes.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('notes.none')}
        </Text>
      )}
      {notes.data && <NoteList notes={notes.data} showCode={false} />}
      {canWrite && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs" mt="sm">
            <Textarea
              ref={input}
              label={t('notes.newNote', { code: errorCode })}
              description={t('notes.description')}
              autosize
              minRows={2}
              maxLength={NOTE_TEXT_MAX}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={fieldError}
            />
            {add.isError && <ProblemAlert error={add.error} title={t('notes.saveFailed')} />}
            <Group>
              <Button type="submit" loading={add.isPending}>
                {t('notes.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </section>
  );
}

/** The team's notes on the codes of one declaration's errors (the detail page's errors panel). */
export function DeclarationErrorNotes({ errorCodes }: { errorCodes: readonly string[] }) {
  const { t } = useTranslation('review');
  const codes = [...new Set(errorCodes)];
  const notes = useQuery(errorNotesQueryOptions(codes));
  if (!notes.data?.length) return null;
  return (
    <section aria-labelledby="declaration-error-notes">
      <Title order={3} size="h5" id="declaration-error-notes" mb="xs">
        {t('notes.declarationHeading', { count: notes.data.length })}
      </Title>
      <NoteList notes={notes.data} showCode />
    </section>
  );
}

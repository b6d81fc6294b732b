import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Alert, Anchor, Badge, Group, List, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ClassificationResult, Jurisdiction } from '../../../../contract/classification';
import { byScore, scorePercent } from '../../model/runs/option-score';
import { readRunNotes } from '../../model/runs/run-notes';
import { formatCode } from '../../../../lib/format';

/**
 * A completed run: the "description too thin" advice and the verification of the requested code
 * as callouts (read from the notes, see RUN_NOTE_PREFIXES), the other notes, options best first
 * with a 0–10 score bar, and the ruling references.
 */
export function RunResult({
  result,
  jurisdiction,
  verifiedCode,
}: {
  result: ClassificationResult;
  jurisdiction: Jurisdiction | undefined;
  verifiedCode: string | undefined;
}) {
  const { t } = useTranslation('classification');
  const options = byScore(result.options);
  const notes = readRunNotes(result.notes);
  return (
    <Stack gap="sm">
      {notes.thinAdvice !== undefined && (
        <Alert color="yellow" title={t('result.thinTitle')} data-testid="thin-description">
          <span lang="en">{notes.thinAdvice}</span> {t('result.thinAction')}
        </Alert>
      )}
      {notes.codeCheck && (
        <Alert
          // Outlined dark shades: a light alert's title in green or orange lacks 4.5:1 contrast.
          color={notes.codeCheck.supported ? 'teal.9' : 'red.9'}
          variant="outline"
          title={notes.codeCheck.supported ? t('result.supported') : t('result.notSupported')}
          data-testid="code-check"
        >
          <span lang="en">{notes.codeCheck.text}</span>
        </Alert>
      )}
      {notes.general.map((note) => (
        <Text size="sm" key={note} lang="en">
          {note}
        </Text>
      ))}
      <Title order={4} size="h5">
        {t('result.options')}
      </Title>
      {options.length === 0 && <Text c="dimmed">{t('result.noOptions')}</Text>}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="run-options">
        {options.map((o) => (
          <li key={o.code}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap="xs">
                <Text ff="monospace" fw={600}>
                  {formatCode(jurisdiction, o.code)}
                </Text>
                {verifiedCode && formatCode(jurisdiction, verifiedCode) === formatCode(jurisdiction, o.code) && (
                  <Badge variant="light">{t('result.yourCode')}</Badge>
                )}
              </Group>
              <Text size="sm" data-testid="option-score">
                {t('result.score', { score: o.score })}
              </Text>
            </Group>
            <Progress
              value={scorePercent(o.score)}
              color={o.score >= 7 ? 'green' : o.score >= 4 ? 'yellow' : 'red'}
              aria-label={t('result.scoreOf', { code: o.code, score: o.score })}
              my={4}
            />
            <Text size="sm" c="dimmed" lang="en">
              {o.explanation}
            </Text>
          </li>
        ))}
      </Stack>
      {result.rulingReferences.length > 0 && (
        <>
          <Title order={4} size="h5">
            {t('result.rulings')}
          </Title>
          <List size="sm" spacing={4}>
            {result.rulingReferences.map((r) => (
              <List.Item key={`${r.commodityCode}-${r.url}`}>
                <Anchor href={r.url} target="_blank" rel="noopener noreferrer">
                  <span lang="en">{r.text || r.url}</span>
                  <VisuallyHidden>{t('result.newTab')}</VisuallyHidden>
                </Anchor>{' '}
                <Text span ff="monospace" size="xs">
                  {formatCode(jurisdiction, r.commodityCode)}
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

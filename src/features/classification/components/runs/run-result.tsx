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
  const options = byScore(result.options);
  const notes = readRunNotes(result.notes);
  return (
    <Stack gap="sm">
      {notes.thinAdvice !== undefined && (
        <Alert color="yellow" title="Description too thin for a reliable code" data-testid="thin-description">
          {notes.thinAdvice} Edit the item's description and run the classification again.
        </Alert>
      )}
      {notes.codeCheck && (
        <Alert
          // Outlined dark shades: a light alert's title in green or orange lacks 4.5:1 contrast.
          color={notes.codeCheck.supported ? 'teal.9' : 'red.9'}
          variant="outline"
          title={notes.codeCheck.supported ? 'Your code is supported' : 'Your code is not supported'}
          data-testid="code-check"
        >
          {notes.codeCheck.text}
        </Alert>
      )}
      {notes.general.map((note) => (
        <Text size="sm" key={note}>
          {note}
        </Text>
      ))}
      <Title order={4} size="h5">
        Options
      </Title>
      {options.length === 0 && <Text c="dimmed">The engine proposed no code.</Text>}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="run-options">
        {options.map((o) => (
          <li key={o.code}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap="xs">
                <Text ff="monospace" fw={600}>
                  {formatCode(jurisdiction, o.code)}
                </Text>
                {verifiedCode && formatCode(jurisdiction, verifiedCode) === formatCode(jurisdiction, o.code) && (
                  <Badge variant="light">Your code</Badge>
                )}
              </Group>
              <Text size="sm" data-testid="option-score">
                Score {o.score.toFixed(1)} / 10
              </Text>
            </Group>
            <Progress
              value={scorePercent(o.score)}
              color={o.score >= 7 ? 'green' : o.score >= 4 ? 'yellow' : 'red'}
              aria-label={`Score of ${o.code}: ${o.score.toFixed(1)} of 10`}
              my={4}
            />
            <Text size="sm" c="dimmed">
              {o.explanation}
            </Text>
          </li>
        ))}
      </Stack>
      {result.rulingReferences.length > 0 && (
        <>
          <Title order={4} size="h5">
            Ruling references
          </Title>
          <List size="sm" spacing={4}>
            {result.rulingReferences.map((r) => (
              <List.Item key={`${r.commodityCode}-${r.url}`}>
                <Anchor href={r.url} target="_blank" rel="noopener noreferrer">
                  {r.text || r.url}
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
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

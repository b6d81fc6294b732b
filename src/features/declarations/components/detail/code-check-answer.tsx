import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { formatCommodityCode } from '../../../../contract/tariff';
import { tariffCodeQueryOptions } from '../../../../lib/tariff-queries';
import type { CodeCheckVerdict, CodeProposal } from '../../../../contract/code-checks';

/** The proposal's code with its nomenclature description, once read. */
function ProposalName({ proposal }: { proposal: CodeProposal }) {
  const description = useQuery(tariffCodeQueryOptions(proposal.code)).data?.node?.description;
  return (
    <>
      {formatCommodityCode(proposal.code)}
      {description ? ` ${description}` : ''}
    </>
  );
}

/**
 * The answer of "Check this code": the declared code among the proposals (and where), or not,
 * with the best proposal and, when the form can change, a button that takes it into the form.
 */
export function CodeCheckAnswer({
  shown,
  verdict,
  onUse,
}: {
  /** The declared code as checked, formatted. */
  shown: string;
  verdict: CodeCheckVerdict;
  onUse: ((code: string) => void) | undefined;
}) {
  const { t } = useTranslation('declaration');
  const [taken, setTaken] = useState<string>();
  if (verdict.among)
    return (
      <Alert color="teal.9" variant="outline" title={t('check.among', { code: shown })}>
        {t('check.rank', { rank: verdict.rank ?? 1, count: verdict.proposals.length })}
      </Alert>
    );
  const { better } = verdict;
  return (
    <Alert color="red.9" variant="outline" title={t('check.notAmong', { code: shown })}>
      {better ? (
        <Stack gap="xs">
          <Text size="sm">
            {t('check.proposes')} <ProposalName proposal={better} />{' '}
            {t('check.score', { score: better.score, explanation: better.explanation })}
          </Text>
          {onUse &&
            (taken === better.code ? (
              <Text size="sm">{t('check.taken')}</Text>
            ) : (
              <div>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    onUse(better.code);
                    setTaken(better.code);
                  }}
                >
                  {t('check.use', { code: formatCommodityCode(better.code) })}
                </Button>
              </div>
            ))}
        </Stack>
      ) : (
        t('check.noProposal')
      )}
    </Alert>
  );
}

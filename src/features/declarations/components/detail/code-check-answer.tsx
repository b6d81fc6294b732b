import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCommodityCode } from '../../../../contract/tariff';
import { tariffCodeQueryOptions } from '../../../../lib/tariff-queries';
import type { CodeCheckVerdict, CodeProposal } from '../../../../contract/code-checks';

const ordinal = (n: number) => (n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);

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
  const [taken, setTaken] = useState<string>();
  if (verdict.among)
    return (
      <Alert color="teal.9" variant="outline" title={`${shown} is among the proposals`}>
        The service ranks it {ordinal(verdict.rank ?? 1)} of {verdict.proposals.length}.
      </Alert>
    );
  const { better } = verdict;
  return (
    <Alert color="red.9" variant="outline" title={`${shown} is not among the proposals`}>
      {better ? (
        <Stack gap="xs">
          <Text size="sm">
            The service proposes <ProposalName proposal={better} /> (score {better.score.toFixed(1)}): {better.explanation}
          </Text>
          {onUse &&
            (taken === better.code ? (
              <Text size="sm">Taken into the form: save the item to send it.</Text>
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
                  Use {formatCommodityCode(better.code)}
                </Button>
              </div>
            ))}
        </Stack>
      ) : (
        'The service proposed no code for this description.'
      )}
    </Alert>
  );
}

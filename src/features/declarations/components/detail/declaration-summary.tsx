import type { Declaration } from '../../../../contract/declarations';
import { FieldList } from './field-list';
import { formatDateTime } from '../../../../lib/format';
import { CopyableIdentifier } from '../../../../components/copyable-identifier';

/** Identifiers, flow and dates: what clerks quote on the phone and search by. */
export function DeclarationSummary({ declaration: d }: { declaration: Declaration }) {
  return (
    <FieldList
      cols={4}
      entries={[
        { label: 'LRN', value: <CopyableIdentifier label="LRN" value={d.lrn} /> },
        { label: 'MRN', value: <CopyableIdentifier label="MRN" value={d.mrn} /> },
        { label: 'ARC', value: <CopyableIdentifier label="ARC" value={d.arc} /> },
        { label: 'UCR', value: <CopyableIdentifier label="UCR" value={d.ucr} /> },
        { label: 'External reference', value: <CopyableIdentifier label="external reference" value={d.externalReference} /> },
        { label: 'Customs shipment', value: d.customsShipmentReference },
        { label: 'Declaration ID', value: <CopyableIdentifier label="declaration ID" value={d.declarationId} /> },
        { label: 'Direction', value: d.direction === 'IN' ? 'Import (IN)' : 'Export (OUT)' },
        { label: 'Customs flow', value: d.customsFlow },
        { label: 'Flow step', value: `${d.customsFlowStep} (${d.customsFlowStepInstanceSeq} of ${d.customsFlowStepInstanceCount})` },
        { label: 'Jurisdiction', value: d.jurisdiction },
        { label: 'Storage location', value: d.storageLocation },
        { label: 'Ship from → to', value: [d.shipFrom, d.shipTo].map((c) => c ?? '?').join(' → ') },
        { label: 'Created', value: formatDateTime(d.creationDate) },
        { label: 'Declaration date', value: d.declarationDate ? formatDateTime(d.declarationDate) : 'Not accepted yet' },
        { label: 'Last updated', value: formatDateTime(d.lastUpdated) },
      ]}
    />
  );
}

import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { Declaration } from '../../../../contract/declarations';
import { FieldList } from './field-list';
import { formatDateTime } from '../../../../lib/format';
import { CopyableIdentifier } from '../../../../components/copyable-identifier';

/** Identifiers, flow and dates: what clerks quote on the phone and search by. */
export function DeclarationSummary({ declaration: d }: { declaration: Declaration }) {
  const { t } = useTranslation('declaration');
  return (
    <FieldList
      cols={4}
      entries={[
        { label: t('summary.lrn'), value: <CopyableIdentifier label={t('summary.lrn')} value={d.lrn} /> },
        { label: t('summary.mrn'), value: <CopyableIdentifier label={t('summary.mrn')} value={d.mrn} /> },
        { label: t('summary.arc'), value: <CopyableIdentifier label={t('summary.arc')} value={d.arc} /> },
        { label: t('summary.ucr'), value: <CopyableIdentifier label={t('summary.ucr')} value={d.ucr} /> },
        {
          label: t('summary.externalReference'),
          value: <CopyableIdentifier label={t('summary.externalReferenceCopy')} value={d.externalReference} />,
        },
        { label: t('summary.customsShipment'), value: d.customsShipmentReference },
        { label: t('summary.declarationId'), value: <CopyableIdentifier label={t('summary.declarationIdCopy')} value={d.declarationId} /> },
        { label: t('summary.direction'), value: d.direction === 'IN' ? t('summary.import') : t('summary.export') },
        { label: t('summary.customsFlow'), value: d.customsFlow },
        {
          label: t('summary.flowStep'),
          value: t('summary.flowStepValue', {
            step: d.customsFlowStep,
            seq: d.customsFlowStepInstanceSeq,
            total: d.customsFlowStepInstanceCount,
          }),
        },
        { label: t('summary.jurisdiction'), value: d.jurisdiction },
        { label: t('summary.storageLocation'), value: d.storageLocation },
        { label: t('summary.shipFromTo'), value: [d.shipFrom, d.shipTo].map((c) => c ?? '?').join(' → ') },
        { label: t('summary.created'), value: formatDateTime(d.creationDate) },
        { label: t('summary.declarationDate'), value: d.declarationDate ? formatDateTime(d.declarationDate) : t('summary.notAccepted') },
        { label: t('summary.lastUpdated'), value: formatDateTime(d.lastUpdated) },
      ]}
    />
  );
}

import { DECLARATION_STATUSES } from '../../../../contract/declarations';

/**
 * Suggestions for the free-entry filters. Flows, steps and storage locations are configured per
 * tenant at the service and it has no endpoint that lists them: these are the sandbox's demo
 * configuration (src/sandbox/declarations/README.md), and any other value can be typed in.
 */
export const STATUS_SUGGESTIONS: readonly string[] = DECLARATION_STATUSES;
export const FLOW_SUGGESTIONS: readonly string[] = ['GB', 'NL', 'BE', 'DE', 'FR', 'IE'].flatMap((j) => [
  `${j} Import`,
  `${j} Export`,
  `${j} Excise Dispatch`,
  `${j} Excise Receipt`,
]);
export const FLOW_STEP_SUGGESTIONS: readonly string[] = ['Import', 'H1 Import', 'Pre-lodge', 'Export', 'Exit', 'e-AD', 'e-AD Receipt'];
export const STORAGE_LOCATION_SUGGESTIONS: readonly string[] = [
  'GB-FXT-01',
  'GB-LHR-02',
  'NL-RTM-01',
  'NL-AMS-02',
  'BE-ANR-01',
  'DE-HAM-01',
  'DE-DUS-02',
  'FR-LEH-01',
  'IE-DUB-01',
];

export { PRIORITY_LABELS } from '../../../../components/tickets/labels';

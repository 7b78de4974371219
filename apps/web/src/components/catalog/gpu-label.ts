import type { PlanSummary } from '@server/modules/catalog/contracts';
import { keepModelTogether } from '../../lib/model-name';

/**
 * «2× RTX 4090» for multi-GPU machines, the bare model otherwise (a «1×» only adds noise); «RTX
 * 4090» never split across two lines.
 */
export function gpuLabel(plan: Pick<PlanSummary, 'gpu_count' | 'gpu_model'>): string {
  return keepModelTogether(plan.gpu_count > 1 ? `${plan.gpu_count}× ${plan.gpu_model}` : plan.gpu_model);
}

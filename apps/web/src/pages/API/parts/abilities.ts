/** Persian names of the abilities a token may have (docs/screens.md §8). */
export const ABILITY_LABELS: Record<string, string> = {
  read: 'خواندن',
  create: 'ساختن',
  update: 'ویرایش',
  delete: 'حذف',
};

export const abilityLabel = (ability: string) => ABILITY_LABELS[ability] ?? ability;
